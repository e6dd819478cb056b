import { describe, expect, it } from 'vitest';
import { auditActions } from './design-support.js';
import { expectError, setupQaApp, type QaStudy } from './qa-support.js';

const { t, admin, as, qaStudy } = setupQaApp();

type Status = 'New' | 'Updated' | 'ResolutionProposed' | 'Closed';
type Who = 'qa' | 'designer' | 'stranger';

/** Raises a note on the study's visit and takes it to `status` the way people would. */
async function noteIn(s: QaStudy, status: Status) {
  const note = await s.qa.ok('POST', '/QaItemNotes', { qaVisitId: s.qaVisit.id, qaItemNoteMessage: 'Проверьте окно визита' });
  if (status === 'Updated') await admin.ok('POST', '/QaNotes', { qaItemNoteId: note.id, data: 'Исправлено' });
  if (status === 'ResolutionProposed') await admin.ok('POST', `/QaItemNotes/${note.id}/Resolve`);
  if (status === 'Closed') await s.qa.ok('POST', `/QaItemNotes/${note.id}/Close`);
  return note.id as string;
}

/**
 * Every state × action × role over HTTP: the status the note is left in, 'gone' for a deletion, or the
 * refusal's HTTP status. The designer is the Admin role user; the stranger a monitor of another research.
 */
const EXPECTED: Record<Status, Record<string, Record<Who, Status | 'gone' | 403 | 409>>> = {
  New: {
    Comment: { qa: 'New', designer: 'Updated', stranger: 403 },
    Resolve: { qa: 403, designer: 'ResolutionProposed', stranger: 403 },
    Close: { qa: 'Closed', designer: 403, stranger: 403 },
    Delete: { qa: 'gone', designer: 403, stranger: 403 },
  },
  Updated: {
    Comment: { qa: 'New', designer: 'Updated', stranger: 403 },
    Resolve: { qa: 403, designer: 409, stranger: 403 },
    Close: { qa: 'Closed', designer: 403, stranger: 403 },
    Delete: { qa: 'gone', designer: 403, stranger: 403 },
  },
  ResolutionProposed: {
    Comment: { qa: 'New', designer: 'ResolutionProposed', stranger: 403 },
    Resolve: { qa: 403, designer: 409, stranger: 403 },
    Close: { qa: 'Closed', designer: 403, stranger: 403 },
    Delete: { qa: 'gone', designer: 403, stranger: 403 },
  },
  Closed: {
    Comment: { qa: 409, designer: 409, stranger: 403 },
    Resolve: { qa: 403, designer: 409, stranger: 403 },
    Close: { qa: 409, designer: 403, stranger: 403 },
    Delete: { qa: 'gone', designer: 403, stranger: 403 },
  },
};

describe('QA note state machine over HTTP', () => {
  let study: QaStudy;
  const cases = Object.entries(EXPECTED).flatMap(([status, actions]) =>
    Object.entries(actions).flatMap(([action, roles]) =>
      Object.entries(roles).map(([who, expected]) => [status as Status, action, who as Who, expected] as const),
    ),
  );

  it.each(cases)('%s × %s × %s → %s', async (status, action, who, expected) => {
    study ??= await qaStudy();
    const id = await noteIn(study, status);
    const api = who === 'qa' ? study.qa : who === 'designer' ? admin : as('kio');
    const res =
      action === 'Comment'
        ? await api.send('POST', '/QaNotes', { qaItemNoteId: id, data: 'Ответ' })
        : action === 'Delete'
          ? await api.send('DELETE', `/QaItemNotes/${id}`)
          : await api.send('POST', `/QaItemNotes/${id}/${action}`);
    if (typeof expected === 'number') {
      expect(res.status, JSON.stringify(res.body)).toBe(expected);
      // Nothing changed.
      expect((await study.qa.ok('GET', `/QaItemNotes/${id}`)).status).toBe(status);
      return;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (expected === 'gone') {
      expect((await study.qa.send('GET', `/QaItemNotes/${id}`)).status).toBe(404);
      expect(await auditActions(t.database.db, id)).toContain('qa_item_note.delete');
    } else {
      const after = await study.qa.ok('GET', `/QaItemNotes/${id}`);
      expect(after.status).toBe(expected);
      if (action === 'Comment') expect(after.qaNoteList.at(-1).data).toBe('Ответ');
    }
  });

  it('names the closed note in the refusal, in the caller’s language', async () => {
    const s = await qaStudy();
    const id = await noteIn(s, 'Closed');
    const err = expectError(
      await admin.send('POST', '/QaNotes', { qaItemNoteId: id, data: 'late' }),
      409,
      'qa_note_closed',
      'status',
    );
    expect(err.message).toBe('Замечание ОКК закрыто: действие невозможно');
  });
});

describe('POST /QaItemNotes: what a note is on', () => {
  it('puts a note on a field and on a rule of the form, lists and filters them, offers each caller its actions', async () => {
    const s = await qaStudy();
    const [form] = s.qaForms;
    const field = s.tree.formFields[1];
    const onField = await s.qa.ok('POST', '/QaItemNotes', {
      qaVisitId: s.qaVisit.id,
      qaFormId: form.id,
      formFieldId: field.id,
      qaItemNoteMessage: 'Вопрос сформулирован неоднозначно',
    });
    expect(onField).toMatchObject({
      status: 'New',
      qaForm: { id: form.id, formId: s.tree.form.id },
      formField: { id: field.id, formSectionId: s.tree.section.id },
      actions: ['Comment', 'Close', 'Delete'],
    });
    expect(onField.qaNoteList).toHaveLength(1);
    expect((await admin.ok('GET', `/QaItemNotes/${onField.id}`)).actions).toEqual(['Comment', 'Resolve']);
    await s.qa.ok('POST', '/QaItemNotes', { qaVisitId: s.qaVisit.id, qaItemNoteMessage: 'На визит' });
    const page = await s.qa.send('GET', `/QaItemNotes?researchVersionId=${s.version.id}&qaFormId=${form.id}`);
    expect(page.body).toMatchObject({ totalCount: 1, page: 1 });
    const all = await s.qa.send('GET', `/QaItemNotes?researchVersionId=${s.version.id}&statusList=New&pageSize=1`);
    expect(all.body).toMatchObject({ totalCount: 2, pageSize: 1 });
    expect(all.body.data).toHaveLength(1);
    expect((await s.qa.send('GET', `/QaItemNotes?researchVersionId=${s.version.id}&statusList=Closed`)).body.totalCount).toBe(0);
  });

  it('refuses bad input naming the field, and leaves nothing behind', async () => {
    const s = await qaStudy();
    const [form, other] = s.qaForms;
    const add = (body: object) => s.qa.send('POST', '/QaItemNotes', { qaVisitId: s.qaVisit.id, qaItemNoteMessage: 'x', ...body });
    expectError(await add({ qaItemNoteMessage: '  ' }), 400, 'validation', 'qaItemNoteMessage');
    expectError(await add({ formFieldId: s.tree.formFields[0].id }), 400, 'required', 'qaFormId');
    expectError(await add({ qaFormId: other.id, formFieldId: s.tree.formFields[0].id }), 400, 'qa_note_target', 'formFieldId');
    expectError(await add({ qaVisitId: '01900000-0000-7000-8000-000000000000' }), 404, 'not_found', 'qaVisitId');
    expectError(await add({ qaFormId: 'not-a-uuid' }), 400, 'validation', 'qaFormId');
    expect(form).toBeDefined();
    expect((await s.qa.send('GET', `/QaItemNotes?researchVersionId=${s.version.id}`)).body.totalCount).toBe(0);
  });

  it('lets only QA raise notes, and only while the version is under validation', async () => {
    const s = await qaStudy();
    const body = { qaVisitId: s.qaVisit.id, qaItemNoteMessage: 'x' };
    expectError(await admin.send('POST', '/QaItemNotes', body), 403, 'forbidden');
    expectError(await as('qa').send('POST', '/QaItemNotes', body), 403, 'forbidden');
    await admin.ok('POST', `/ResearchVersions/${s.version.id}/BackToDesigned`);
    expectError(await s.qa.send('POST', '/QaItemNotes', body), 409, 'qa_version_not_validating', 'qaVisitId');
  });
});
