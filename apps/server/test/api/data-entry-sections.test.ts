import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, subjectFormSections, subjectVisits } from '../../src/platform/db/schema/index.js';
import { call, expectError } from '../support/test-app.js';
import { setupEntryApp } from './data-entry-support.js';

const { t, w, d, extra, api, pi, as, newForm, db } = setupEntryApp();

const status = (id: string, body: Record<string, unknown>, token = as('sitePi')) =>
  api(token).send('POST', `/SubjectsFormSection/${id}/ChangeStatus`, body);
const complete = (id: string, body: Record<string, unknown>, token = as('sitePi'), lang?: 'ru' | 'en') =>
  call(t.app, 'POST', `/SubjectsFormSection/${id}/Complete`, { token, body, lang });
const auditActions = async (entityId: string) =>
  (await db().select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.seq)).map((r) => r.action);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

describe('POST /SubjectsFormSection/{id}/ChangeStatus and /Comment', () => {
  it('NotCompleted needs a message; a stale version is 409; each change is logged and audited once', async () => {
    const { main } = await newForm();
    expectError(await status(main.id, { status: 'NotCompleted', version: 1 }), 400, 'section_not_complete_message', 'message');
    const s = (await status(main.id, { status: 'NotCompleted', message: 'Пациент не явился', version: 1 })).body.data;
    expect(s).toMatchObject({ status: 'NotCompleted', statusMessage: 'Пациент не явился', version: 2, isComplete: false });
    expectError(await status(main.id, { status: 'Completed', version: 1 }), 409, 'conflict', 'version');
    const s2 = (await status(main.id, { status: 'NotApplicable', version: 2 })).body.data;
    expect(s2).toMatchObject({ status: 'NotApplicable', statusMessage: null, version: 3 });
    expect(s2.subjectFormSectionStatusLogList.map((l: any) => l.status)).toEqual(['NotApplicable', 'NotCompleted']);
    expect(await auditActions(main.id)).toEqual(['subject_form_section.change_status', 'subject_form_section.change_status']);
    const c = await api(as('sitePi')).ok('POST', `/SubjectsFormSection/${main.id}/Comment`, {
      comment: 'см. источник',
      version: 3,
    });
    expect(c).toMatchObject({ comment: 'см. источник', version: 4 });
    expectError(
      await api(as('sitePi')).send('POST', `/SubjectsFormSection/${main.id}/Comment`, { comment: 'x', version: 3 }),
      409,
      'conflict',
      'version',
    );
  });

  it('is refused to a role outside employeeTypesList, QA and KIO (403)', async () => {
    const { main } = await newForm();
    for (const token of [extra.nurse.token, as('qa'), as('kio')]) {
      expectError(await status(main.id, { status: 'Completed', version: 1 }, token), 403, 'forbidden');
    }
  });
});

describe('POST /SubjectsFormSection/{id}/Complete', () => {
  it('needs a status, the required visible fields filled (a select default counts), and confirms once', async () => {
    const { main, fields } = await newForm();
    expectError(await complete(main.id, { version: 1 }), 409, 'section_no_status');
    await status(main.id, { status: 'Completed', version: 1 });
    const missing = expectError(await complete(main.id, { version: 2 }), 400, 'section_required_missing', fields.number.id);
    expect(missing.message).toContain('Q number');
    await api(as('sitePi')).ok('POST', '/ItemData', { subjectFormFieldId: fields.number.id, data: '120' });
    const done = (await complete(main.id, { version: 2, date: null })).body.data;
    expect(done).toMatchObject({ isComplete: true, version: 3 });
    expect(done.completeBy.employeeType).toBe('PrincipalInvestigator');
    expectError(await complete(main.id, { version: 3 }), 409, 'section_already_complete');
  });

  it('takes a time inside the window only: "Дата не может быть раньше {date}" in both languages', async () => {
    const { second } = await newForm();
    await status(second.id, { status: 'NotApplicable', version: 1 });
    const early = await complete(second.id, { version: 2, date: hoursAgo(3 * 24 + 1) });
    expect(expectError(early, 400, 'date_too_early', 'date').message).toMatch(
      /^Дата не может быть раньше \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/,
    );
    // A user reading English (the saved language wins over Accept-Language).
    const en = await complete(second.id, { version: 2, date: hoursAgo(3 * 24 + 1) }, w.english.token);
    expect(en.body.errors[0].message).toMatch(/^The date cannot be earlier than \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expectError(
      await complete(second.id, { version: 2, date: new Date(Date.now() + 3_600_000).toISOString() }),
      400,
      'date_too_late',
      'date',
    );
    const ok = (await complete(second.id, { version: 2, date: hoursAgo(48) })).body.data;
    expect(new Date(ok.completeDate).getTime()).toBeCloseTo(Date.now() - 48 * 3_600_000, -5);
  });

  it('not before the newest value of the section', async () => {
    const { main, fields } = await newForm();
    await api(as('sitePi')).ok('POST', '/ItemData', { subjectFormFieldId: fields.number.id, data: '1' });
    await status(main.id, { status: 'Completed', version: 1 });
    expectError(await complete(main.id, { version: 2, date: hoursAgo(2) }), 400, 'date_too_early', 'date');
  });

  it('after confirmation a status change needs a reason, and none is possible once validated', async () => {
    const { second } = await newForm();
    await status(second.id, { status: 'NotApplicable', version: 1 });
    await complete(second.id, { version: 2 });
    expectError(
      await status(second.id, { status: 'NotCompleted', message: 'm', version: 3 }),
      400,
      'reason_required',
      'reasonForChange',
    );
    const changed = (
      await status(second.id, { status: 'NotCompleted', message: 'm', reasonForChange: 'Ошибка ввода', version: 3 })
    ).body.data;
    expect(changed).toMatchObject({ status: 'NotCompleted', isComplete: true, version: 4 });
    expect(changed.subjectFormSectionStatusLogList[0]).toMatchObject({ reasonForChange: 'Ошибка ввода', isComplete: true });
    await db().update(subjectFormSections).set({ dmValidate: true }).where(eq(subjectFormSections.id, second.id));
    expectError(await status(second.id, { status: 'NotApplicable', reasonForChange: 'r', version: 4 }), 409, 'section_validated');
  });
});

describe('POST /SubjectsForm/{id}/Complete', () => {
  it('needs every section confirmed; logs Complete; keeps the visit status in step', async () => {
    const { form, main, second, fields, sv } = await newForm();
    expectError(await api(as('sitePi')).send('POST', `/SubjectsForm/${form.id}/Complete`, {}), 400, 'required', 'version');
    expectError(
      await api(as('sitePi')).send('POST', `/SubjectsForm/${form.id}/Complete`, { version: form.version }),
      409,
      'form_sections_incomplete',
    );
    await api(as('sitePi')).ok('POST', '/ItemData', { subjectFormFieldId: fields.number.id, data: '1' });
    await status(main.id, { status: 'Completed', version: 1 });
    await complete(main.id, { version: 2 });
    await status(second.id, { status: 'NotApplicable', version: 1 });
    await complete(second.id, { version: 2 });
    expectError(
      await api(as('sitePi')).send('POST', `/SubjectsForm/${form.id}/Complete`, { version: 99 }),
      409,
      'conflict',
      'version',
    );
    const done = await api(as('sitePi')).ok('POST', `/SubjectsForm/${form.id}/Complete`, { version: form.version });
    expect(done).toMatchObject({ isComplete: true, progress: 100, completedSectionCount: 2 });
    expect(done.subjectFormLogList.map((l: any) => l.status)).toEqual(['Complete', 'Created']);
    expectError(
      await api(as('sitePi')).send('POST', `/SubjectsForm/${form.id}/Complete`, { version: done.version }),
      409,
      'form_already_complete',
    );
    const visitStatus = async () =>
      (await db().select().from(subjectVisits).where(eq(subjectVisits.id, sv.id)))[0]!.formCompletedStatus;
    expect(await visitStatus()).toBe('Completed');
    const page = await pi().ok('GET', `/SubjectsVisit/${sv.id}`);
    expect(page).toMatchObject({ formCompletedStatus: 'Completed', canSign: true });
    const matrix = await pi().ok('GET', `/Subjects/${sv.subjectId}`);
    expect(matrix.subjectVisitList.find((v: any) => v.id === sv.id).formCompletedStatus).toBe('Completed');
    // Another form makes the visit Started again.
    await api(as('sitePi')).ok('POST', '/SubjectsForm', { formId: d.repeating.id, subjectVisitId: sv.id });
    expect(await visitStatus()).toBe('Started');
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, form.id), eq(auditLog.action, 'subject_form.complete')));
    expect(audits).toHaveLength(1);
  });
});
