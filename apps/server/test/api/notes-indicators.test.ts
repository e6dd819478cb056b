import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectError } from '../support/test-app.js';
import { setupNotesApp } from './notes-support.js';

/**
 * The note indicators of data-entry replies (a field's count and most urgent status, its section's, its
 * form's, its visit's), over the notes the caller sees; and bad input to the notes endpoints (400 naming
 * the field).
 */
const { t, api, as, newForm, raise } = setupNotesApp();

let f: Awaited<ReturnType<typeof newForm>>;
let other: Awaited<ReturnType<typeof newForm>>;
beforeAll(async () => {
  f = await newForm();
  // number: a closed QA note and a new one; text: a DM note answered; date: a KIO note; select: a comment.
  const closed = await raise('QaNote', f.fields.number.id);
  await api(as('qa')).ok('POST', `/ItemNote/${closed.id}/Close`, {});
  await raise('QaNote', f.fields.number.id);
  const dm = await raise('DmNote', f.fields.text.id);
  await api(as('sitePi')).ok('POST', `/ItemNote/${dm.id}/Answer`, { note: 'Значение верно' });
  await raise('KioNote', f.fields.date.id);
  await raise('Comment', f.fields.select.id);
  // Another subject with a QA note only.
  other = await newForm();
  await raise('QaNote', other.fields.text.id);
});

const fieldOf = (form: any, id: string) =>
  form.subjectFormSectionList.flatMap((s: any) => s.subjectFormFieldList).find((x: any) => x.id === id);

describe('indicators on the data-entry replies', () => {
  it('GET /SubjectsForm/{id}: per field the count and the most urgent status, per section and form the most urgent', async () => {
    const form = await api(as('qa')).ok('GET', `/SubjectsForm/${f.form.id}`);
    expect(fieldOf(form, f.fields.number.id)).toMatchObject({ noteCount: 2, noteStatus: 'New' });
    expect(fieldOf(form, f.fields.text.id)).toMatchObject({ noteCount: 1, noteStatus: 'ResolutionProposed' });
    expect(fieldOf(form, f.fields.date.id)).toMatchObject({ noteCount: 1, noteStatus: 'New' });
    expect(fieldOf(form, f.fields.select.id)).toMatchObject({ noteCount: 1, noteStatus: 'NotApplicable' });
    expect(fieldOf(form, f.fields.time.id)).toMatchObject({ noteCount: 0, noteStatus: null });
    expect(form.subjectFormSectionList.map((s: any) => s.noteStatus)).toEqual(['New', null]);
    expect(form.noteStatus).toBe('New');
  });

  it('counts for a monitor only the KIO notes', async () => {
    const form = await api(as('kio')).ok('GET', `/SubjectsForm/${f.form.id}`);
    expect(fieldOf(form, f.fields.number.id)).toMatchObject({ noteCount: 0, noteStatus: null });
    expect(fieldOf(form, f.fields.text.id)).toMatchObject({ noteCount: 0, noteStatus: null });
    expect(fieldOf(form, f.fields.date.id)).toMatchObject({ noteCount: 1, noteStatus: 'New' });
    const page = await api(as('kio')).ok('GET', `/SubjectsVisit/${other.sv.id}`);
    expect(page.noteStatus).toBeNull();
    expect(page.subjectFormList[0].noteStatus).toBeNull();
  });

  it('on the visit page, the visit lists, the forms list, one field and a section’s reply', async () => {
    const page = await api(as('qa')).ok('GET', `/SubjectsVisit/${f.sv.id}`);
    expect(page.noteStatus).toBe('New');
    expect(page.subjectFormList[0].noteStatus).toBe('New');
    const visits = await api(as('sitePi')).ok('GET', `/SubjectsVisit?subjectId=${f.subject.id}`);
    expect(visits.find((v: any) => v.id === f.sv.id).noteStatus).toBe('New');
    const byStatus = await api(as('sitePi')).ok('GET', `/Subjects/${f.subject.id}/List`);
    expect(byStatus.find((v: any) => v.id === f.sv.id).noteStatus).toBe('New');
    const list = await api(as('qa')).ok('GET', `/SubjectsForm?subjectVisitId=${f.sv.id}`);
    expect(list[0].noteStatus).toBe('New');
    const field = await api(as('qa')).ok('GET', `/SubjectsFormField/${f.fields.text.id}`);
    expect(field).toMatchObject({ noteCount: 1, noteStatus: 'ResolutionProposed' });
    const section = await api(as('sitePi')).ok('POST', `/SubjectsFormSection/${f.second.id}/Comment`, {
      comment: 'ok',
      version: f.second.version,
    });
    expect(section.noteStatus).toBeNull();
  });
});

describe('bad input is a 400 naming the field', () => {
  const add = (body: unknown) => api(as('qa')).send('POST', '/ItemNote/AddQaItemNote', body);
  it.each([
    ['no note', () => ({ subjectFormFieldId: f.fields.number.id }), 'required', 'note'],
    ['a blank note', () => ({ subjectFormFieldId: f.fields.number.id, note: '   ' }), 'validation', 'note'],
    ['a note with NUL', () => ({ subjectFormFieldId: f.fields.number.id, note: 'a\u0000b' }), 'text_nul', 'note'],
    ['a lone surrogate', () => ({ subjectFormFieldId: f.fields.number.id, note: 'a\ud800b' }), 'text_lone_surrogate', 'note'],
    ['a note too long', () => ({ subjectFormFieldId: f.fields.number.id, note: 'x'.repeat(4001) }), 'validation', 'note'],
    ['no field', () => ({ note: 'x' }), 'required', 'subjectFormFieldId'],
    ['a field that is no id', () => ({ subjectFormFieldId: 'field-1', note: 'x' }), 'validation', 'subjectFormFieldId'],
  ] as const)('adding with %s', async (_, body, code, path) => {
    expectError(await add(body()), 400, code, path);
  });

  it('answers, comments, closings, lists and reads name theirs', async () => {
    const n = await raise('QaNote', f.fields.extra.id);
    const site = api(as('sitePi'));
    expectError(await site.send('POST', `/ItemNote/${n.id}/Answer`, {}), 400, 'required', 'note');
    expectError(
      await site.send('POST', `/ItemNote/${n.id}/Answer`, { note: 'x', itemData: { data: '1', currentItemDataId: null } }),
      400,
      'required',
      'itemData.reasonForChange',
    );
    expectError(await site.send('POST', `/ItemNote/${n.id}/AnswerComment`, { note: '' }), 400, 'validation', 'note');
    expectError(await api(as('qa')).send('POST', `/ItemNote/${n.id}/Close`, { status: 'New' }), 400, 'validation', 'status');
    expectError(await api(as('qa')).send('GET', '/ItemNote/note-1'), 400, 'validation', 'id');
    expectError(await api(as('qa')).send('GET', '/ItemNote/History'), 400, 'required', 'subjectFormFieldId');
    expectError(await api(as('qa')).send('GET', '/ItemNote/FilteredList?noteTypeList=Query'), 400, 'validation');
    expectError(await api(as('qa')).send('GET', '/ItemNote/FilteredList?pageSize=500'), 400, 'validation', 'pageSize');
    expectError(await api(as('qa')).send('GET', '/ItemNote/FilteredList?forEmployee=you'), 400, 'validation', 'forEmployee');
    expectError(await api(as('qa')).send('GET', '/Statistic/ItemNoteStatistic/x'), 400, 'validation', 'researchId');
    // Nothing was written by any of them.
    expect((await api(as('qa')).ok('GET', `/ItemNote/${n.id}`)).entries).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    expect((await call(t.app, 'GET', '/ItemNote/FilteredList')).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/ItemNote/AddQaItemNote', { body: { subjectFormFieldId: f.fields.text.id, note: 'x' } }))
        .status,
    ).toBe(401);
  });
});
