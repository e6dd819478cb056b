import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { NoteType } from '@edc/domain';
import { itemNoteEntries, subjectForms, subjectFormSections } from '../../src/platform/db/schema/index.js';
import { expectError } from '../support/test-app.js';
import { ADD_PATH, setupNotesApp } from './notes-support.js';

/**
 * Spec section 4 and 6 as a matrix: note type × the caller's organisation type × action (add, answer,
 * comment, close), and the statuses each action moves a note through.
 */
const { w, extra, api, as, newForm, raise, insertNote, noteRow, entriesOf, audits, tokens, db } = setupNotesApp();

type Who = 'qa' | 'headQa' | 'dm' | 'kio' | 'sitePi' | 'co' | 'nurse' | 'testSitePi' | 'manager' | 'admin' | 'outsider';
const token = (who: Who) =>
  who === 'dm'
    ? tokens.dm()
    : who === 'headQa'
      ? tokens.headQa()
      : who === 'co'
        ? extra.co.token
        : who === 'nurse'
          ? extra.nurse.token
          : as(who);

let form: Awaited<ReturnType<typeof newForm>>;
beforeAll(async () => {
  form = await newForm();
});

describe('add: the path type must be the caller’s own (spec section 6)', () => {
  const own: Partial<Record<Who, Exclude<NoteType, 'Auto'>>> = {
    qa: 'QaNote',
    headQa: 'QaNote',
    dm: 'DmNote',
    kio: 'KioNote',
    sitePi: 'Comment',
    co: 'Comment',
  };
  const TYPES = Object.keys(ADD_PATH) as Exclude<NoteType, 'Auto'>[];
  const rows: [Who, Exclude<NoteType, 'Auto'>, number, string][] = [];
  for (const who of ['qa', 'headQa', 'dm', 'kio', 'sitePi', 'co'] as Who[]) {
    for (const type of TYPES) rows.push([who, type, own[who] === type ? 200 : 403, own[who] === type ? '' : 'note_wrong_type']);
  }
  for (const type of TYPES) {
    rows.push(['manager', type, 403, 'forbidden']);
    rows.push(['admin', type, 403, 'forbidden']);
    // The nurse raises comments, but only the form's writers comment on it.
    rows.push(['nurse', type, 403, type === 'Comment' ? 'forbidden' : 'note_wrong_type']);
    rows.push(['testSitePi', type, 404, 'not_found']);
    rows.push(['outsider', type, 403, 'forbidden']);
  }
  it.each(rows)('%s raising a %s: %i %s', async (who, type, status, code) => {
    const res = await api(token(who)).send('POST', ADD_PATH[type], {
      subjectFormFieldId: form.fields.number.id,
      note: 'Проверьте',
    });
    if (status === 200) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const n = res.body.data;
      expect(n).toMatchObject({
        type,
        status: type === 'Comment' ? 'NotApplicable' : 'New',
        subjectFormFieldId: form.fields.number.id,
      });
      expect(n.entries).toHaveLength(1);
      expect(n.entries[0]).toMatchObject({ kind: 'Note', data: 'Проверьте', itemDataId: null });
      expect(n.createdBy.fullName).not.toBe('');
    } else {
      expectError(res, status, code, status === 404 ? 'subjectFormFieldId' : undefined);
    }
  });

  it('a QA note while the section is not QA-validated, a DM note while not DM-validated, a KIO note while the form is not KIO-validated (409)', async () => {
    const f = await newForm();
    const field = f.fields.text.id;
    await db().update(subjectFormSections).set({ qaValidate: true }).where(eq(subjectFormSections.id, f.main.id));
    expectError(
      await api(as('qa')).send('POST', ADD_PATH.QaNote, { subjectFormFieldId: field, note: 'x' }),
      409,
      'section_qa_validated',
    );
    expect((await api(tokens.dm()).send('POST', ADD_PATH.DmNote, { subjectFormFieldId: field, note: 'x' })).status).toBe(200);
    await db().update(subjectFormSections).set({ dmValidate: true }).where(eq(subjectFormSections.id, f.main.id));
    expectError(
      await api(tokens.dm()).send('POST', ADD_PATH.DmNote, { subjectFormFieldId: field, note: 'x' }),
      409,
      'section_dm_validated',
    );
    // The other section is not validated: QA still queries it.
    expect((await api(as('qa')).send('POST', ADD_PATH.QaNote, { subjectFormFieldId: f.fields.extra.id, note: 'x' })).status).toBe(
      200,
    );
    expect((await api(as('kio')).send('POST', ADD_PATH.KioNote, { subjectFormFieldId: field, note: 'x' })).status).toBe(200);
    await db().update(subjectForms).set({ kioValidate: true }).where(eq(subjectForms.id, f.form.id));
    expectError(
      await api(as('kio')).send('POST', ADD_PATH.KioNote, { subjectFormFieldId: field, note: 'x' }),
      409,
      'form_kio_validated',
    );
  });

  it('writes the note, its entry and one audit record in the subject’s chain, with the role', async () => {
    const n = await raise('QaNote', form.fields.text.id, 'Уточните');
    const row = await noteRow(n.id);
    expect(row).toMatchObject({
      type: 'QaNote',
      status: 'New',
      subjectId: form.subject.id,
      subjectFormId: form.form.id,
      subjectFormSectionId: form.main.id,
      formFieldId: form.fields.text.formFieldId,
      researchOrganisationId: w.site.id,
      note: 'Уточните',
      entryCount: 1,
      createdByEmployeeType: 'SpecialistQa',
    });
    const [audit, ...more] = await audits(n.id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      action: 'item_note.add',
      entityType: 'item_note',
      subjectId: form.subject.id,
      employeeType: 'SpecialistQa',
    });
    expect(audit!.chain).toBe(`subject:${form.subject.id}`);
    expect(audit!.before).toBeNull();
    expect(audit!.after).toMatchObject({
      type: 'QaNote',
      status: 'New',
      subjectFormFieldId: form.fields.text.id,
      formFieldId: form.fields.text.formFieldId,
      formId: form.form.form.id,
      role: 'SpecialistQa',
      entry: { kind: 'Note', text: 'Уточните' },
    });
  });
});

describe('the subject’s audit trail keeps to the notes the reader sees', () => {
  it('a monitor reads the records of KIO notes only; QA reads every note’s', async () => {
    const f = await newForm();
    const qaNote = await raise('QaNote', f.fields.text.id, 'Вопрос ОКК');
    const kioNote = await raise('KioNote', f.fields.text.id, 'Вопрос КИО');
    const trail = async (who: 'kio' | 'qa') =>
      (await api(as(who)).ok('GET', `/Subjects/${f.subject.id}/AuditTrail?pageSize=100`)) as { entityId: string }[];
    const seenByKio = (await trail('kio')).map((r) => r.entityId);
    expect(seenByKio).toContain(kioNote.id);
    expect(seenByKio).not.toContain(qaNote.id);
    const seenByQa = (await trail('qa')).map((r) => r.entityId);
    expect(seenByQa).toEqual(expect.arrayContaining([kioNote.id, qaNote.id]));
  });
});

describe('close: by the note type’s closers while open (spec section 4)', () => {
  // QaNote and DmNote: QA (its specialists and data managers); KioNote: monitors; Auto: site, QA, KIO;
  // Comment: nobody. A monitor sees KIO notes only (404 for the others).
  const rows: [NoteType, Who, number][] = [
    ['QaNote', 'qa', 200],
    ['QaNote', 'dm', 200],
    ['QaNote', 'sitePi', 403],
    ['QaNote', 'kio', 404],
    ['QaNote', 'manager', 403],
    ['DmNote', 'dm', 200],
    ['DmNote', 'qa', 200],
    ['DmNote', 'sitePi', 403],
    ['DmNote', 'kio', 404],
    ['KioNote', 'kio', 200],
    ['KioNote', 'qa', 403],
    ['KioNote', 'dm', 403],
    ['KioNote', 'sitePi', 403],
    ['Auto', 'sitePi', 200],
    ['Auto', 'qa', 200],
    ['Auto', 'kio', 404],
    ['Auto', 'testSitePi', 404],
    ['Comment', 'sitePi', 403],
    ['Comment', 'qa', 403],
  ];
  it.each(rows)('a %s closed by %s: %i', async (type, who, status) => {
    const n = type === 'Auto' ? await insertNote(form.fields.date.id) : await raise(type, form.fields.date.id);
    const res = await api(token(who)).send('POST', `/ItemNote/${n.id}/Close`, { note: 'Закрыто' });
    if (status !== 200) {
      // A comment starts NotApplicable: no one closes it, whoever asks.
      expectError(res, status, status === 404 ? 'not_found' : 'forbidden');
      return;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'Closed', canClose: false, canAnswer: false });
    expect(res.body.data.closeAt).not.toBeNull();
    expect(res.body.data.entries.at(-1)).toMatchObject({ kind: 'Close', data: 'Закрыто', status: 'Closed' });
    expectError(await api(token(who)).send('POST', `/ItemNote/${n.id}/Close`, {}), 409, 'note_not_open');
  });

  it('closes NotApplicable when asked, without a last word', async () => {
    const n = await raise('QaNote', form.fields.date.id);
    const closed = await api(as('qa')).ok('POST', `/ItemNote/${n.id}/Close`, { status: 'NotApplicable' });
    expect(closed.status).toBe('NotApplicable');
    expect(closed.entries.at(-1)).toMatchObject({ kind: 'Close', data: null, status: 'NotApplicable' });
    expect((await noteRow(n.id)).lastEntry).toBe(n.entries[0].data);
  });
});

describe('answer: site users who write the form, while New or Updated (spec section 4)', () => {
  const rows: [NoteType, Who, number, string][] = [
    ['QaNote', 'sitePi', 200, ''],
    ['QaNote', 'co', 200, ''],
    ['QaNote', 'nurse', 403, 'forbidden'],
    ['QaNote', 'qa', 403, 'forbidden'],
    ['QaNote', 'testSitePi', 404, 'not_found'],
    ['DmNote', 'sitePi', 200, ''],
    ['DmNote', 'dm', 403, 'forbidden'],
    ['KioNote', 'sitePi', 200, ''],
    ['KioNote', 'kio', 403, 'forbidden'],
    ['Auto', 'sitePi', 200, ''],
    ['Comment', 'sitePi', 409, 'note_not_answerable'],
  ];
  it.each(rows)('a %s answered by %s: %i %s', async (type, who, status, code) => {
    const n = type === 'Auto' ? await insertNote(form.fields.time.id) : await raise(type, form.fields.time.id);
    const res = await api(token(who)).send('POST', `/ItemNote/${n.id}/Answer`, { note: 'Значение верно' });
    if (status !== 200) {
      expectError(res, status, code);
      expect((await noteRow(n.id)).status).toBe(n.status);
      return;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.itemData).toBeNull();
    expect(res.body.data.itemNote).toMatchObject({ status: 'ResolutionProposed', canAnswer: false });
    expect(res.body.data.itemNote.entries.at(-1)).toMatchObject({
      kind: 'Answer',
      data: 'Значение верно',
      status: 'ResolutionProposed',
    });
    expectError(await api(token(who)).send('POST', `/ItemNote/${n.id}/Answer`, { note: 'Ещё' }), 409, 'note_not_answerable');
  });
});

describe('comment: whoever raises notes and sees the note, while open', () => {
  const rows: [NoteType, Who, number][] = [
    ['QaNote', 'qa', 200],
    ['QaNote', 'dm', 200],
    ['QaNote', 'sitePi', 200],
    ['QaNote', 'kio', 404],
    ['QaNote', 'manager', 403],
    ['KioNote', 'kio', 200],
    ['KioNote', 'sitePi', 200],
    ['Comment', 'sitePi', 409],
  ];
  it.each(rows)('a %s commented by %s: %i', async (type, who, status) => {
    const n = await raise(type as Exclude<NoteType, 'Auto'>, form.fields.checkbox.id);
    const res = await api(token(who)).send('POST', `/ItemNote/${n.id}/AnswerComment`, { note: 'Комментарий' });
    if (status !== 200) {
      expectError(res, status, status === 409 ? 'note_not_open' : status === 404 ? 'not_found' : 'forbidden');
      return;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // A comment on a New note leaves it New.
    expect(res.body.data).toMatchObject({ status: 'New' });
    expect(res.body.data.entries.at(-1)).toMatchObject({ kind: 'Comment', data: 'Комментарий', status: 'New' });
  });
});

describe('status moves of a query', () => {
  it('New → answered ResolutionProposed → QA comments Updated → answered again → closed, each step an entry and an audit record', async () => {
    const n = await raise('QaNote', form.fields.select.id, 'Почему «Нет»?');
    const step = (who: Who, path: string, body: object) => api(token(who)).ok('POST', `/ItemNote/${n.id}/${path}`, body);
    expect((await step('sitePi', 'Answer', { note: 'Значение верно' })).itemNote.status).toBe('ResolutionProposed');
    // The site's own comment on its proposal does not reopen it.
    expect((await step('sitePi', 'AnswerComment', { note: 'См. карту' })).status).toBe('ResolutionProposed');
    // QA's comment sends it back to the site.
    const back = await step('qa', 'AnswerComment', { note: 'Не согласна' });
    expect(back).toMatchObject({ status: 'Updated', canClose: true, canComment: true, canAnswer: false });
    const again = (await step('sitePi', 'Answer', { note: 'Исправлено в карте' })).itemNote;
    expect(again).toMatchObject({ status: 'ResolutionProposed', canAnswer: false, canComment: true, canClose: false });
    const closed = await step('qa', 'Close', {});
    expect(closed.status).toBe('Closed');
    expect(closed.entries.map((e: any) => [e.kind, e.status])).toEqual([
      ['Note', 'New'],
      ['Answer', 'ResolutionProposed'],
      ['Comment', 'ResolutionProposed'],
      ['Comment', 'Updated'],
      ['Answer', 'ResolutionProposed'],
      ['Close', 'Closed'],
    ]);
    expect((await entriesOf(n.id)).length).toBe(6);
    const row = await noteRow(n.id);
    expect(row).toMatchObject({ entryCount: 6, lastEntry: 'Исправлено в карте', status: 'Closed' });
    expect(row.closeAt).not.toBeNull();
    expect((await audits(n.id)).map((a) => a.action)).toEqual([
      'item_note.add',
      'item_note.answer',
      'item_note.comment',
      'item_note.comment',
      'item_note.answer',
      'item_note.close',
    ]);
    const close = (await audits(n.id, 'item_note.close'))[0]!;
    expect(close.before).toMatchObject({ status: 'ResolutionProposed' });
    expect(close.after).toMatchObject({ status: 'Closed', role: 'SpecialistQa' });
  });

  it('entries are append-only: the database refuses to change or remove one', async () => {
    const n = await raise('DmNote', form.fields.select.id);
    await expect(db().update(itemNoteEntries).set({ data: 'x' }).where(eq(itemNoteEntries.itemNoteId, n.id))).rejects.toThrow();
    await expect(db().delete(itemNoteEntries).where(eq(itemNoteEntries.itemNoteId, n.id))).rejects.toThrow();
    expect((await entriesOf(n.id))[0]!.data).toBe(n.entries[0].data);
  });
});
