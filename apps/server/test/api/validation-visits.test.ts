import { describe, expect, it } from 'vitest';
import { expectError } from '../support/test-app.js';
import { setupValidationApp } from './validation-support.js';

const v = setupValidationApp();
const { callAs, completedForm, addCompletedForm, formLog, addNote, visitStatus, extra, api, as, pi, tokens, w, newVisit } = v;

const visitAction = (who: 'qa' | 'dm' | 'kio', id: string, side: 'Qa' | 'Dm' | 'Kio', body: Record<string, unknown> = {}) =>
  callAs(who).send('POST', `/SubjectsVisit/${id}/${side}Validate`, body);
/** The visit's cell in the subject matrix (GET /Subjects), as QA sees it. */
const matrixCell = async (screeningNumber: string, subjectVisitId: string) => {
  const rows = await callAs('qa').ok('GET', `/Subjects?page=1&pageSize=50&screeningNumber=${screeningNumber}`);
  return rows[0].subjectVisitList.find((c: any) => c.id === subjectVisitId).formCompletedStatus;
};

describe("the visit's formCompletedStatus follows its forms", () => {
  it('goes Empty, Started, Completed, QaValidated, QaAndDmValidated, KioValidated and back, in the matrix too', async () => {
    const { subject, sv } = await newVisit();
    const status = async () => {
      const page = await callAs('qa').ok('GET', `/SubjectsVisit/${sv.id}`);
      expect(await matrixCell(subject.screeningNumber, sv.id)).toBe(page.formCompletedStatus);
      return page.formCompletedStatus;
    };
    expect(await status()).toBe('Empty');
    const added = await pi().ok('POST', '/SubjectsForm', { formId: v.d.form.id, subjectVisitId: sv.id });
    expect(await status()).toBe('Started');
    const form = await v.finish(added);
    expect(await status()).toBe('Completed');
    expect((await visitStatus(sv.id)).startValidatingDate).toBeNull();

    await callAs('qa').ok('POST', '/SubjectsForm/QaValidate', { subjectFormId: form.id });
    expect(await status()).toBe('QaValidated');
    expect((await visitStatus(sv.id)).startValidatingDate).not.toBeNull();
    await callAs('dm').ok('POST', '/SubjectsForm/DmValidate', { subjectFormId: form.id });
    expect(await status()).toBe('QaAndDmValidated');
    await callAs('kio').ok('POST', '/SubjectsForm/KioValidate', { subjectFormId: form.id });
    expect(await status()).toBe('KioValidated');

    // A second form, QA-validated only, holds the visit at its own stage.
    const second = await addCompletedForm(sv.id);
    expect(await status()).toBe('Completed');
    await callAs('qa').ok('POST', '/SubjectsForm/QaValidate', { subjectFormId: second.id });
    expect(await status()).toBe('QaValidated');
    await callAs('kio').ok('POST', '/SubjectsForm/RevertKioValidate', { subjectFormId: form.id });
    await callAs('qa').ok('POST', '/SubjectsForm/RevertQaValidate', { subjectFormId: form.id });
    // One form DM-validated only, the other QA-validated only: neither side has the whole visit.
    expect(await status()).toBe('Completed');
    await callAs('dm').ok('POST', '/SubjectsForm/DmValidate', { subjectFormId: second.id });
    expect(await status()).toBe('DmValidated');
    // The first validation's date stays.
    expect((await visitStatus(sv.id)).startValidatingDate).not.toBeNull();
  });
});

describe('POST /SubjectsVisit/{id}/QaValidate, /DmValidate, /KioValidate', () => {
  it('without a list validates every form that may be validated and skips the others', async () => {
    const { sv, form } = await completedForm();
    const second = await addCompletedForm(sv.id);
    const open = await pi().ok('POST', '/SubjectsForm', { formId: v.d.repeating.id, subjectVisitId: sv.id });
    const noted = await addCompletedForm(sv.id);
    await addNote(noted, 0, 'QaNote');
    const page = (await visitAction('qa', sv.id, 'Qa')).body.data;
    const flags = Object.fromEntries(page.subjectFormList.map((f: any) => [f.id, f.qaValidate]));
    expect(flags).toEqual({ [form.id]: true, [second.id]: true, [open.id]: false, [noted.id]: false });
    expect(page.formCompletedStatus).toBe('Started');
    // KIO skips forms QA and DM have not both validated.
    await visitAction('dm', sv.id, 'Dm');
    const kio = (await visitAction('kio', sv.id, 'Kio')).body.data;
    const kioFlags = Object.fromEntries(kio.subjectFormList.map((f: any) => [f.id, f.kioValidate]));
    expect(kioFlags).toEqual({ [form.id]: true, [second.id]: true, [open.id]: false, [noted.id]: false });
    // The QA note is open for the data manager too (every note type but comments is seen by DM).
    expect(await formLog(noted.id)).toEqual(['Created', 'Complete']);
  });

  it('selective validation: validates and reverts the listed forms, leaves forms already so, all or nothing', async () => {
    const { sv, form } = await completedForm();
    const second = await addCompletedForm(sv.id);
    const third = await addCompletedForm(sv.id);
    await callAs('qa').ok('POST', '/SubjectsForm/QaValidate', { subjectFormId: third.id });
    const page = (
      await visitAction('qa', sv.id, 'Qa', {
        validateSubjectFormList: [
          { subjectFormId: form.id, validate: true },
          { subjectFormId: second.id, validate: false },
          { subjectFormId: third.id, validate: false },
        ],
      })
    ).body.data;
    const flags = Object.fromEntries(page.subjectFormList.map((f: any) => [f.id, f.qaValidate]));
    expect(flags).toEqual({ [form.id]: true, [second.id]: false, [third.id]: false });
    expect(await formLog(second.id)).toEqual(['Created', 'Complete']);
    expect(await formLog(third.id)).toEqual(['Created', 'Complete', 'QaValidated', 'RevertQaValidate']);

    // One refusal (an open note on the second form) fails the whole selection: nothing changes.
    await addNote(second, 0, 'DmNote', 'New');
    const refused = await visitAction('qa', sv.id, 'Qa', {
      validateSubjectFormList: [
        { subjectFormId: form.id, validate: false },
        { subjectFormId: second.id, validate: true },
      ],
    });
    expectError(refused, 409, 'open_notes', 'validateSubjectFormList.1');
    expect((await callAs('qa').ok('GET', `/SubjectsForm/${form.id}`)).qaValidate).toBe(true);

    // KIO selective: KIO needs QA and DM.
    expectError(
      await visitAction('kio', sv.id, 'Kio', { validateSubjectFormList: [{ subjectFormId: form.id, validate: true }] }),
      409,
      'kio_needs_qa_dm',
      'validateSubjectFormList.0',
    );
  });

  it('a form of another visit is 404 naming the entry; a form listed twice differently is 400', async () => {
    const { sv, form } = await completedForm();
    const other = await completedForm();
    expectError(
      await visitAction('qa', sv.id, 'Qa', {
        validateSubjectFormList: [
          { subjectFormId: form.id, validate: true },
          { subjectFormId: other.form.id, validate: true },
        ],
      }),
      404,
      'not_found',
      'validateSubjectFormList.1.subjectFormId',
    );
    expectError(
      await visitAction('qa', sv.id, 'Qa', {
        validateSubjectFormList: [
          { subjectFormId: form.id, validate: true },
          { subjectFormId: form.id, validate: false },
        ],
      }),
      400,
      'validation',
      'validateSubjectFormList.1.validate',
    );
    expectError(
      await visitAction('qa', sv.id, 'Qa', { validateSubjectFormList: [{ subjectFormId: form.id }] }),
      400,
      'required',
      'validateSubjectFormList.0.validate',
    );
    expect(await formLog(form.id)).toEqual(['Created', 'Complete']);
  });

  it('validates a signed visit; site users 403, another centre or research 404, the wrong side 403', async () => {
    const { sv } = await completedForm();
    await pi().ok('POST', `/SubjectsVisit/${sv.id}/Sign`, { password: 'correct-horse-2026' });
    for (const token of [as('sitePi'), extra.nurse.token, as('admin')]) {
      expectError(await api(token).send('POST', `/SubjectsVisit/${sv.id}/QaValidate`, {}), 403, 'forbidden');
    }
    expectError(await api(w.site2.token).send('POST', `/SubjectsVisit/${sv.id}/QaValidate`, {}), 404, 'not_found', 'id');
    expectError(await api(tokens.otherQa()).send('POST', `/SubjectsVisit/${sv.id}/QaValidate`, {}), 404, 'not_found', 'id');
    expectError(await visitAction('dm', sv.id, 'Qa'), 403, 'forbidden');
    expectError(await visitAction('qa', sv.id, 'Kio'), 403, 'forbidden');
    const page = (await visitAction('qa', sv.id, 'Qa')).body.data;
    expect(page).toMatchObject({ formCompletedStatus: 'QaValidated' });
    expect(page.signDate).not.toBeNull();
  });
});
