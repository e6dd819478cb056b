import { describe, expect, it } from 'vitest';
import { expectError } from '../support/test-app.js';
import { formContext } from '../../src/modules/data-entry/data-entry.context.js';
import { lockForm } from '../../src/modules/data-entry/field-context.js';
import { revertValidationForChange } from '../../src/modules/data-entry/validation.service.js';
import { setupValidationApp } from './validation-support.js';

const v = setupValidationApp();
const { callAs, completedForm, formLog, audits, addNote, setNoteStatus, extra, api, as, pi, tokens, w } = v;

const sectionAction = (who: 'qa' | 'dm' | 'kio', id: string, side: 'Qa' | 'Dm', validate?: boolean) =>
  callAs(who).send('POST', `/SubjectsFormSection/${id}/${side}Validate`, validate === undefined ? {} : { validate });
const getForm = (id: string) => callAs('qa').ok('GET', `/SubjectsForm/${id}`);

describe('POST /SubjectsFormSection/{id}/QaValidate and /DmValidate', () => {
  it('validates confirmed sections; the last one validates the complete form; a revert reverts the form', async () => {
    const { form, main, second } = await completedForm();
    const s1 = (await sectionAction('qa', main.id, 'Qa')).body.data;
    expect(s1).toMatchObject({ id: main.id, qaValidate: true, dmValidate: false, version: main.version + 1 });
    expect((await getForm(form.id)).qaValidate).toBe(false);
    await sectionAction('qa', second.id, 'Qa', true);
    const validated = await getForm(form.id);
    expect(validated.qaValidate).toBe(true);
    expect(validated.qaValidateDate).not.toBeNull();
    expect(await formLog(form.id)).toEqual(['Created', 'Complete', 'QaValidated']);

    await sectionAction('dm', main.id, 'Dm');
    await sectionAction('dm', second.id, 'Dm');
    expect(await formLog(form.id)).toEqual(['Created', 'Complete', 'QaValidated', 'QaAndDmValidated']);

    const reverted = (await sectionAction('qa', main.id, 'Qa', false)).body.data;
    expect(reverted).toMatchObject({ qaValidate: false, dmValidate: true });
    const after = await getForm(form.id);
    expect(after).toMatchObject({ qaValidate: false, qaValidateDate: null, dmValidate: true });
    expect(after.subjectFormSectionList.map((s: any) => s.qaValidate)).toEqual([false, true]);
    expect((await formLog(form.id)).at(-1)).toBe('RevertQaValidate');
  });

  it('audits the section change and the form change it caused, with the role', async () => {
    const { form, main, second, subject } = await completedForm();
    await sectionAction('dm', main.id, 'Dm');
    await sectionAction('dm', second.id, 'Dm');
    const [rec] = await audits(main.id, 'subject_form_section.dm_validate');
    expect(rec).toMatchObject({ subjectId: subject.id, employeeType: 'DataManager', entityType: 'subject_form_section' });
    expect(rec!.before).toMatchObject({ dmValidate: false, subjectFormId: form.id, formId: v.d.form.id });
    expect(rec!.after).toMatchObject({ dmValidate: true, qaValidate: false });
    const [formRec] = await audits(form.id, 'subject_form.dm_validate');
    expect(formRec!.after).toMatchObject({ dmValidate: true, cause: 'sections_validated' });
    await sectionAction('dm', second.id, 'Dm', false);
    expect(await audits(second.id, 'subject_form_section.revert_dm_validate')).toHaveLength(1);
    expect(await audits(form.id, 'subject_form.revert_dm_validate')).toHaveLength(1);
  });

  it('refuses an unconfirmed section, twice, a revert of nothing, open notes, and a revert once KIO validated', async () => {
    const open = await completedForm({ complete: false });
    // A section not confirmed yet: a fresh form's.
    const fresh = await pi().ok('POST', '/SubjectsForm', { formId: v.d.repeating.id, subjectVisitId: open.sv.id });
    expectError(await sectionAction('qa', fresh.subjectFormSectionList[0].id, 'Qa'), 409, 'section_not_complete');
    // Sections of a form not yet complete may be validated; the form is not.
    await sectionAction('qa', open.main.id, 'Qa');
    expectError(await sectionAction('qa', open.main.id, 'Qa'), 409, 'already_validated');
    expectError(await sectionAction('dm', open.main.id, 'Dm', false), 409, 'not_validated');
    const note = await addNote(open.form, 1, 'QaNote', 'Updated');
    expectError(await sectionAction('qa', open.second.id, 'Qa'), 409, 'open_notes');
    // A note of another section does not stop this one.
    await sectionAction('dm', open.main.id, 'Dm');
    await setNoteStatus(note.id, 'Closed');
    await sectionAction('qa', open.second.id, 'Qa');
    expect((await getForm(open.form.id)).qaValidate).toBe(false);

    const { form, main } = await completedForm();
    await callAs('qa').ok('POST', '/SubjectsForm/QaValidate', { subjectFormId: form.id });
    await callAs('dm').ok('POST', '/SubjectsForm/DmValidate', { subjectFormId: form.id });
    await callAs('kio').ok('POST', '/SubjectsForm/KioValidate', { subjectFormId: form.id });
    expectError(await sectionAction('qa', main.id, 'Qa', false), 409, 'form_kio_validated');
  });

  it('completing a form whose sections are all validated validates it (the invariant holds)', async () => {
    const { form, main, second } = await completedForm({ complete: false });
    await sectionAction('qa', main.id, 'Qa');
    await sectionAction('qa', second.id, 'Qa');
    await sectionAction('dm', main.id, 'Dm');
    const current = await getForm(form.id);
    expect(current).toMatchObject({ isComplete: false, qaValidate: false });
    await pi().ok('POST', `/SubjectsForm/${form.id}/Complete`, { version: current.version });
    const done = await getForm(form.id);
    expect(done).toMatchObject({ isComplete: true, qaValidate: true, dmValidate: false });
    expect(await formLog(form.id)).toEqual(['Created', 'Complete', 'QaValidated']);
    expect((await audits(form.id, 'subject_form.qa_validate'))[0]!.after).toMatchObject({ cause: 'sections_validated' });
  });

  it('only QA at the QA endpoint and DM at the DM one; site users 403, another centre and research 404; bad input 400', async () => {
    const { main } = await completedForm();
    expectError(await sectionAction('dm', main.id, 'Qa'), 403, 'forbidden');
    expectError(await sectionAction('qa', main.id, 'Dm'), 403, 'forbidden');
    expectError(await sectionAction('kio', main.id, 'Qa'), 403, 'forbidden');
    for (const token of [as('sitePi'), extra.nurse.token, as('editor')]) {
      expectError(await api(token).send('POST', `/SubjectsFormSection/${main.id}/QaValidate`, {}), 403, 'forbidden');
    }
    expectError(await api(w.site2.token).send('POST', `/SubjectsFormSection/${main.id}/QaValidate`, {}), 404, 'not_found', 'id');
    expectError(
      await api(tokens.otherQa()).send('POST', `/SubjectsFormSection/${main.id}/QaValidate`, {}),
      404,
      'not_found',
      'id',
    );
    expectError(
      await callAs('qa').send('POST', `/SubjectsFormSection/${main.id}/QaValidate`, { validate: 'yes' }),
      400,
      'validation',
      'validate',
    );
    expectError(await callAs('qa').send('POST', '/SubjectsFormSection/nope/QaValidate', {}), 400, 'validation', 'id');
  });
});

describe('a validated section takes no changes', () => {
  it('refuses values, status changes and QA change-data (409 section_validated) until reverted', async () => {
    const { form, main } = await completedForm();
    await sectionAction('dm', main.id, 'Dm');
    const field = (await getForm(form.id)).subjectFormSectionList[0].subjectFormFieldList.find(
      (f: any) => f.formFieldId === v.d.ff.text.id,
    );
    const change = { subjectFormFieldId: field.id, data: 'AB1', reasonForChange: 'Ошибка ввода', currentItemDataId: null };
    expectError(await pi().send('POST', '/ItemData/WithReason', change), 409, 'section_validated');
    expectError(await api(as('qa')).send('POST', '/ItemData/WithReason', change), 409, 'section_validated');
    const section = (await getForm(form.id)).subjectFormSectionList[0];
    expectError(
      await pi().send('POST', `/SubjectsFormSection/${main.id}/ChangeStatus`, {
        status: 'NotCompleted',
        message: 'x',
        reasonForChange: 'y',
        version: section.version,
      }),
      409,
      'section_validated',
    );
    await sectionAction('dm', main.id, 'Dm', false);
    expect((await pi().send('POST', '/ItemData/WithReason', change)).status).toBe(200);
  });
});

describe('revertValidationForChange (a site answer that changes a validated value)', () => {
  /** As the notes module calls it: the site PI's answer, in a transaction holding the form's lock. */
  const revert = async (subjectFormId: string, sectionId: string, reason = 'Ответ на замечание') => {
    const pi = w.world.cast.Site;
    const employee = {
      id: pi.employeeId,
      employeeType: 'PrincipalInvestigator',
      researchOrganisationId: pi.centreId,
      organisationId: pi.organisationId,
      organisationType: 'Site',
      researchId: w.researchId,
    };
    const caller = {
      audit: { userId: pi.userId, employeeId: pi.employeeId, employeeType: 'PrincipalInvestigator' },
      lang: 'ru',
      timeZone: 'UTC',
      actor: { userId: pi.userId, userRole: 'User', permissions: new Set(['subjects_edit']), employee },
    } as any;
    await v.t.database.db.transaction(async (tx) => {
      await lockForm(tx, subjectFormId);
      const ctx = await formContext(tx, subjectFormId, caller, 'id');
      await revertValidationForChange(tx, caller, ctx, sectionId, reason);
    });
  };

  it("reverts the section's QA and DM validation and the form's, logged and audited with the reason", async () => {
    const { form, main, second, sv } = await completedForm();
    await callAs('qa').ok('POST', '/SubjectsForm/QaValidate', { subjectFormId: form.id });
    await callAs('dm').ok('POST', '/SubjectsForm/DmValidate', { subjectFormId: form.id });
    expect((await v.visitStatus(sv.id)).formCompletedStatus).toBe('QaAndDmValidated');
    await revert(form.id, main.id);
    const after = await getForm(form.id);
    expect(after).toMatchObject({ qaValidate: false, dmValidate: false });
    expect(after.subjectFormSectionList.map((s: any) => [s.id, s.qaValidate, s.dmValidate])).toEqual([
      [main.id, false, false],
      [second.id, true, true],
    ]);
    expect((await formLog(form.id)).slice(-2)).toEqual(['RevertQaValidate', 'RevertDmValidate']);
    const [rec] = await audits(main.id, 'subject_form_section.revert_qa_validate');
    expect(rec).toMatchObject({ reason: 'Ответ на замечание', employeeType: 'PrincipalInvestigator' });
    expect((await audits(form.id, 'subject_form.revert_dm_validate'))[0]).toMatchObject({ reason: 'Ответ на замечание' });
    expect((await v.visitStatus(sv.id)).formCompletedStatus).toBe('Completed');
    // Nothing to revert: nothing written.
    await revert(form.id, main.id);
    expect(await formLog(form.id)).toHaveLength(6);
  });

  it('is refused (409 form_kio_validated) once the monitor validated the form', async () => {
    const { form, main } = await completedForm();
    for (const [who, action] of [
      ['qa', 'QaValidate'],
      ['dm', 'DmValidate'],
      ['kio', 'KioValidate'],
    ] as const) {
      await callAs(who).ok('POST', `/SubjectsForm/${action}`, { subjectFormId: form.id });
    }
    await expect(revert(form.id, main.id)).rejects.toMatchObject({ status: 409, code: 'form_kio_validated' });
    expect((await getForm(form.id)).qaValidate).toBe(true);
  });
});
