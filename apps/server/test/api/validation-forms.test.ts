import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subjectFormLogs, subjectFormSections } from '../../src/platform/db/schema/index.js';
import { expectError } from '../support/test-app.js';
import { setupValidationApp } from './validation-support.js';

const v = setupValidationApp();
const { callAs, completedForm, formLog, audits, addNote, setNoteStatus, extra, api, as, pi } = v;

const formAction = (who: Parameters<typeof callAs>[0], action: string, subjectFormId: string) =>
  callAs(who).send('POST', `/SubjectsForm/${action}`, { subjectFormId });
const sectionFlags = async (subjectFormId: string) =>
  (await v.db().select().from(subjectFormSections).where(eq(subjectFormSections.subjectFormId, subjectFormId))).map((s) => ({
    qa: s.qaValidate,
    dm: s.dmValidate,
  }));

describe('POST /SubjectsForm/{Qa|Dm|Kio}Validate and Revert*', () => {
  it('moves a complete form through QA, DM and KIO, logging each step, with dates set and cleared', async () => {
    const { form } = await completedForm();
    expect(await formLog(form.id)).toEqual(['Created', 'Complete']);

    const qa = (await formAction('qa', 'QaValidate', form.id)).body.data;
    expect(qa).toMatchObject({ qaValidate: true, dmValidate: false, kioValidate: false });
    expect(Date.now() - new Date(qa.qaValidateDate).getTime()).toBeLessThan(60_000);
    expect(qa.subjectFormSectionList.every((s: any) => s.qaValidate && !s.dmValidate)).toBe(true);
    expect(qa.subjectFormLogList[0].status).toBe('QaValidated');

    const dm = (await formAction('dm', 'DmValidate', form.id)).body.data;
    expect(dm).toMatchObject({ qaValidate: true, dmValidate: true });
    expect(await sectionFlags(form.id)).toEqual([
      { qa: true, dm: true },
      { qa: true, dm: true },
    ]);
    const kio = (await formAction('kio', 'KioValidate', form.id)).body.data;
    expect(kio.kioValidate).toBe(true);
    expect(kio.kioValidateDate).not.toBeNull();

    // QA and DM cannot revert once the monitor has validated; the monitor can.
    expectError(await formAction('qa', 'RevertQaValidate', form.id), 409, 'form_kio_validated');
    expectError(await formAction('dm', 'RevertDmValidate', form.id), 409, 'form_kio_validated');
    const unkio = (await formAction('kio', 'RevertKioValidate', form.id)).body.data;
    expect(unkio).toMatchObject({ kioValidate: false, kioValidateDate: null, qaValidate: true });

    const unqa = (await formAction('qa', 'RevertQaValidate', form.id)).body.data;
    expect(unqa).toMatchObject({ qaValidate: false, qaValidateDate: null, dmValidate: true });
    expect(await sectionFlags(form.id)).toEqual([
      { qa: false, dm: true },
      { qa: false, dm: true },
    ]);
    await formAction('dm', 'RevertDmValidate', form.id);
    expect(await formLog(form.id)).toEqual([
      'Created',
      'Complete',
      'QaValidated',
      'QaAndDmValidated',
      'KioValidated',
      'RevertKioValidate',
      'RevertQaValidate',
      'RevertDmValidate',
    ]);
  });

  it('DM first gives DmValidated, then QA QaAndDmValidated; each log row carries the user and role', async () => {
    const { form } = await completedForm();
    await formAction('dm', 'DmValidate', form.id);
    await formAction('qa', 'QaValidate', form.id);
    expect(await formLog(form.id)).toEqual(['Created', 'Complete', 'DmValidated', 'QaAndDmValidated']);
    const rows = await v.db().select().from(subjectFormLogs).where(eq(subjectFormLogs.subjectFormId, form.id));
    const types = rows.filter((r) => r.status !== 'Created' && r.status !== 'Complete').map((r) => r.employeeType);
    expect(types.sort()).toEqual(['DataManager', 'SpecialistQa']);
    expect(rows.every((r) => r.createdBy && r.employeeId)).toBe(true);
  });

  it('refuses an incomplete form, a second validation, a revert of nothing, KIO before QA and DM', async () => {
    const { form } = await completedForm({ complete: false });
    expectError(await formAction('qa', 'QaValidate', form.id), 409, 'subject_form_not_complete');
    expectError(await formAction('kio', 'KioValidate', form.id), 409, 'subject_form_not_complete');
    const done = await completedForm();
    expectError(await formAction('qa', 'RevertQaValidate', done.form.id), 409, 'not_validated');
    expectError(await formAction('kio', 'RevertKioValidate', done.form.id), 409, 'not_validated');
    expectError(await formAction('kio', 'KioValidate', done.form.id), 409, 'kio_needs_qa_dm');
    await formAction('qa', 'QaValidate', done.form.id);
    expectError(await formAction('qa', 'QaValidate', done.form.id), 409, 'already_validated');
    expectError(await formAction('kio', 'KioValidate', done.form.id), 409, 'kio_needs_qa_dm');
    await formAction('dm', 'DmValidate', done.form.id);
    await formAction('kio', 'KioValidate', done.form.id);
    expectError(await formAction('kio', 'KioValidate', done.form.id), 409, 'already_validated');
    // Nothing was written by the refusals.
    expect(await formLog(done.form.id)).toEqual(['Created', 'Complete', 'QaValidated', 'QaAndDmValidated', 'KioValidated']);
  });

  it('open notes the caller sees block a validation; closed ones and site comments do not; KIO sees only KIO notes', async () => {
    const { form } = await completedForm();
    const dmNote = await addNote(form, 1, 'DmNote', 'ResolutionProposed');
    await addNote(form, 0, 'Comment', 'New');
    await addNote(form, 0, 'QaNote', 'Closed');
    // QA sees the data manager's open note too.
    expectError(await formAction('qa', 'QaValidate', form.id), 409, 'open_notes');
    await setNoteStatus(dmNote.id, 'NotApplicable');
    await formAction('qa', 'QaValidate', form.id);
    const auto = await addNote(form, 0, 'Auto', 'Updated');
    expectError(await formAction('dm', 'DmValidate', form.id), 409, 'open_notes');
    await setNoteStatus(auto.id, 'Closed');
    await formAction('dm', 'DmValidate', form.id);
    // The monitor does not see a QA note: it does not stop KIO; a KIO note does.
    await addNote(form, 0, 'QaNote', 'New');
    const kioNote = await addNote(form, 1, 'KioNote', 'New');
    expectError(await formAction('kio', 'KioValidate', form.id), 409, 'open_notes');
    await setNoteStatus(kioNote.id, 'Closed');
    expect((await formAction('kio', 'KioValidate', form.id)).body.data.kioValidate).toBe(true);
    // A revert is never stopped by notes.
    expect((await formAction('kio', 'RevertKioValidate', form.id)).status).toBe(200);
  });

  it('audits each change with the subject, the role and the sections it changed', async () => {
    const { form, subject, main, second } = await completedForm();
    await formAction('qa', 'QaValidate', form.id);
    await formAction('qa', 'RevertQaValidate', form.id);
    const [validated] = await audits(form.id, 'subject_form.qa_validate');
    expect(validated).toMatchObject({ subjectId: subject.id, employeeType: 'SpecialistQa', entityType: 'subject_form' });
    expect(validated!.before).toMatchObject({ qaValidate: false, formId: v.d.form.id });
    expect((validated!.after as any).qaValidate).toBe(true);
    expect((validated!.after as any).sections.map((s: any) => [s.id, s.qaValidate])).toEqual([
      [main.id, true],
      [second.id, true],
    ]);
    const [reverted] = await audits(form.id, 'subject_form.revert_qa_validate');
    expect((reverted!.after as any).sections.map((s: any) => s.qaValidate)).toEqual([false, false]);
    // Both records are in the subject's audit trail.
    const trail = await api(as('qa')).ok('GET', `/Subjects/${subject.id}/AuditTrail?page=1&pageSize=50`);
    const actions = (trail.data ?? trail).map((r: any) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['subject_form.qa_validate', 'subject_form.revert_qa_validate']));
  });

  it('validates a signed visit (validation follows the signature)', async () => {
    const { form, sv } = await completedForm();
    await pi().ok('POST', `/SubjectsVisit/${sv.id}/Sign`, { password: 'correct-horse-2026' });
    expect((await formAction('qa', 'QaValidate', form.id)).body.data.qaValidate).toBe(true);
  });
});

describe('who validates forms', () => {
  it('QA at the QA endpoints, DM at the DM ones, KIO at the KIO ones; others 403; another research 404', async () => {
    const { form } = await completedForm();
    expectError(await formAction('dm', 'QaValidate', form.id), 403, 'forbidden');
    expectError(await formAction('qa', 'DmValidate', form.id), 403, 'forbidden');
    expectError(await formAction('kio', 'QaValidate', form.id), 403, 'forbidden');
    expectError(await formAction('qa', 'KioValidate', form.id), 403, 'forbidden');
    for (const token of [as('sitePi'), extra.nurse.token, as('admin'), as('manager')]) {
      expectError(await api(token).send('POST', '/SubjectsForm/QaValidate', { subjectFormId: form.id }), 403, 'forbidden');
    }
    // Another centre's site: the form does not exist for it.
    expectError(
      await api(v.w.site2.token).send('POST', '/SubjectsForm/QaValidate', { subjectFormId: form.id }),
      404,
      'not_found',
      'subjectFormId',
    );
    expectError(await formAction('otherQa', 'QaValidate', form.id), 404, 'not_found', 'subjectFormId');
    expectError(await api(as('outsider')).send('POST', '/SubjectsForm/QaValidate', { subjectFormId: form.id }), 403, 'forbidden');
    expect(await formLog(form.id)).toEqual(['Created', 'Complete']);
  });

  it('bad input is a 400 naming the field; unknown ids 404', async () => {
    expectError(await callAs('qa').send('POST', '/SubjectsForm/QaValidate', {}), 400, 'required', 'subjectFormId');
    expectError(
      await callAs('qa').send('POST', '/SubjectsForm/QaValidate', { subjectFormId: 'x' }),
      400,
      'validation',
      'subjectFormId',
    );
    expectError(
      await callAs('qa').send('POST', '/SubjectsForm/QaValidateList', { subjectFormIdList: [] }),
      400,
      'validation',
      'subjectFormIdList',
    );
    expectError(
      await callAs('qa').send('POST', '/SubjectsForm/QaValidate', { subjectFormId: '01900000-0000-7000-8000-000000000000' }),
      404,
      'not_found',
      'subjectFormId',
    );
  });
});

describe('POST /SubjectsForm/QaValidateList and /DmValidateList', () => {
  it('validates every listed form that may be, skips the others and gives what it validated', async () => {
    const a = await completedForm();
    const b = await completedForm();
    const open = await completedForm({ complete: false });
    await formAction('qa', 'QaValidate', b.form.id);
    const done = (
      await callAs('qa').send('POST', '/SubjectsForm/QaValidateList', {
        subjectFormIdList: [a.form.id, b.form.id, open.form.id, a.form.id],
      })
    ).body.data;
    expect(done.map((f: any) => [f.id, f.qaValidate])).toEqual([[a.form.id, true]]);
    expect(await formLog(a.form.id)).toEqual(['Created', 'Complete', 'QaValidated']);
    expect(await formLog(b.form.id)).toEqual(['Created', 'Complete', 'QaValidated']);
    expect(await formLog(open.form.id)).toEqual(['Created']);
    const dm = (await callAs('dm').send('POST', '/SubjectsForm/DmValidateList', { subjectFormIdList: [a.form.id, b.form.id] }))
      .body.data;
    expect(dm.map((f: any) => f.dmValidate)).toEqual([true, true]);
    expect(await formLog(a.form.id)).toEqual(['Created', 'Complete', 'QaValidated', 'QaAndDmValidated']);
  });

  it("fails as a whole on a form outside the caller's view (404 naming its index) and on the wrong side (403)", async () => {
    const a = await completedForm();
    const res = await callAs('qa').send('POST', '/SubjectsForm/QaValidateList', {
      subjectFormIdList: [a.form.id, '01900000-0000-7000-8000-000000000000'],
    });
    expectError(res, 404, 'not_found', 'subjectFormIdList.1');
    expect(await formLog(a.form.id)).toEqual(['Created', 'Complete']);
    expectError(
      await callAs('dm').send('POST', '/SubjectsForm/QaValidateList', { subjectFormIdList: [a.form.id] }),
      403,
      'forbidden',
    );
    expectError(
      await callAs('otherQa').send('POST', '/SubjectsForm/QaValidateList', { subjectFormIdList: [a.form.id] }),
      404,
      'not_found',
      'subjectFormIdList.0',
    );
    expectError(await pi().send('POST', '/SubjectsForm/QaValidateList', { subjectFormIdList: [a.form.id] }), 403, 'forbidden');
  });
});
