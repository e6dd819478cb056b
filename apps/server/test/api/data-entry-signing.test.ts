import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { DEFAULT_SIGNATURE_MEANING } from '@edc/domain';
import { auditLog, itemData, signatures, subjectVisits } from '../../src/platform/db/schema/index.js';
import { PASSWORD } from '../support/factories.js';
import { expectError } from '../support/test-app.js';
import { daysAgo, makeSubject, makeSubjectVisit, subjectVersion, today } from '../support/subject-factories.js';
import { setupEntryApp } from './data-entry-support.js';
import { designApi, uniq } from './design-support.js';

const { t, w, extra, api, pi, as, newForm, newVisit, db } = setupEntryApp();

const auditOf = (entityId: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));

/** A visit whose one form is filled and complete. */
async function completedVisit() {
  const f = await newForm();
  const ok = api(as('sitePi')).ok;
  await ok('POST', '/ItemData', { subjectFormFieldId: f.fields.number.id, data: '120' });
  for (const s of [f.main, f.second]) {
    await ok('POST', `/SubjectsFormSection/${s.id}/ChangeStatus`, { status: 'NotApplicable', version: 1 });
    await ok('POST', `/SubjectsFormSection/${s.id}/Complete`, { version: 2 });
  }
  await ok('POST', `/SubjectsForm/${f.form.id}/Complete`, { version: f.form.version });
  return f;
}

describe('POST /SubjectsVisit/{id}/Complete: ending the visit', () => {
  it('by a principal investigator or co-researcher only; a message when a section has no status; completes the forms', async () => {
    const { sv, form } = await newForm();
    expectError(await api(extra.nurse.token).send('POST', `/SubjectsVisit/${sv.id}/Complete`, {}), 403, 'visit_sign_forbidden');
    expectError(await api(as('qa')).send('POST', `/SubjectsVisit/${sv.id}/Complete`, {}), 403, 'forbidden');
    expectError(await api(w.site2.token).send('POST', `/SubjectsVisit/${sv.id}/Complete`, {}), 404, 'not_found', 'id');
    expectError(
      await pi().send('POST', `/SubjectsVisit/${sv.id}/Complete`, {}),
      400,
      'visit_complete_message_required',
      'completeMessage',
    );
    const page = await api(extra.co.token).ok('POST', `/SubjectsVisit/${sv.id}/Complete`, { completeMessage: 'Пациент выбыл' });
    expect(page).toMatchObject({ completeMessage: 'Пациент выбыл', formCompletedStatus: 'Completed' });
    expect(page.completedAt).toEqual(expect.any(String));
    expect(page.subjectFormList[0]).toMatchObject({ id: form.id, isComplete: true });
    expect(await auditOf(sv.id, 'subject_visit.complete')).toHaveLength(1);
    expect(await auditOf(form.id, 'subject_form.complete')).toHaveLength(1);
    expectError(
      await pi().send('POST', `/SubjectsVisit/${sv.id}/Complete`, { completeMessage: 'x' }),
      409,
      'visit_already_completed',
    );
  });
});

describe('GET /SubjectsVisit/{id}: required forms for the sign warning', () => {
  it('flags required forms and lists those of the visit with no subject form yet, for the subject and for readers', async () => {
    // On the unscheduled visit: required forms (one repeating, one for women only) and an optional one.
    const design = designApi(t.app, w.callers.admin.token);
    const type = await design.formType();
    const field = await design.field(type.id);
    const form = async (over: Record<string, unknown>) => {
      const f = await design.form(w.schedule.unscheduled.id, type.id, { title: uniq('Req'), ...over });
      await design.formField((await design.section(f.id)).id, field.id);
      return f;
    };
    const required = await form({ isRequired: true });
    const repeating = await form({ isRequired: true, repeating: true });
    const women = await form({ isRequired: true, genderString: 'Female' });
    const optional = await form({});
    const { subject } = await newVisit();
    const sv = await makeSubjectVisit(db(), { subjectId: subject.id, visitId: w.schedule.unscheduled.id, date: daysAgo(3) });
    const page = () => pi().ok('GET', `/SubjectsVisit/${sv.id}`);
    const missing = (p: any) => p.missingRequiredFormList.map((f: any) => f.id).sort();

    const first = await page();
    const flags = Object.fromEntries(first.availableFormList.map((f: any) => [f.id, f.isRequired]));
    expect(flags).toEqual({ [required.id]: true, [repeating.id]: true, [optional.id]: false });
    expect(missing(first)).toEqual([required.id, repeating.id].sort());
    expect(first.missingRequiredFormList.find((f: any) => f.id === required.id)).toMatchObject({ title: required.title });
    // A reader who adds nothing still sees what is missing.
    const qa = await api(as('qa')).ok('GET', `/SubjectsVisit/${sv.id}`);
    expect(qa.availableFormList).toEqual([]);
    expect(missing(qa)).toEqual(missing(first));

    await pi().ok('POST', '/SubjectsForm', { formId: required.id, subjectVisitId: sv.id });
    expect(missing(await page())).toEqual([repeating.id]);
    await pi().ok('POST', '/SubjectsForm', { formId: repeating.id, subjectVisitId: sv.id });
    const done = await page();
    expect(done.missingRequiredFormList).toEqual([]);
    expect(done.availableFormList.find((f: any) => f.id === repeating.id)?.isRequired).toBe(true);
    expect(done.availableFormList.map((f: any) => f.id)).not.toContain(women.id);
  });
});

describe('POST /SubjectsVisit/{id}/Sign', () => {
  it('needs forms, all complete', async () => {
    const { sv } = await newVisit();
    expectError(await pi().send('POST', `/SubjectsVisit/${sv.id}/Sign`, { password: PASSWORD }), 409, 'visit_no_forms');
    const f = await newForm();
    expectError(await pi().send('POST', `/SubjectsVisit/${f.sv.id}/Sign`, { password: PASSWORD }), 409, 'visit_forms_incomplete');
  });

  it('is refused to other roles (403) and other sites (404)', async () => {
    const { sv } = await completedVisit();
    expectError(
      await api(extra.nurse.token).send('POST', `/SubjectsVisit/${sv.id}/Sign`, { password: PASSWORD }),
      403,
      'visit_sign_forbidden',
    );
    expectError(await api(as('qa')).send('POST', `/SubjectsVisit/${sv.id}/Sign`, { password: PASSWORD }), 403, 'forbidden');
    expectError(await api(as('kio')).send('POST', `/SubjectsVisit/${sv.id}/Sign`, { password: PASSWORD }), 403, 'forbidden');
    expectError(
      await api(w.site2.token).send('POST', `/SubjectsVisit/${sv.id}/Sign`, { password: PASSWORD }),
      404,
      'not_found',
      'id',
    );
    expect((await api(extra.nurse.token).ok('GET', `/SubjectsVisit/${sv.id}`)).canSign).toBe(false);
  });

  it('a wrong password refuses the signature, is audited as a failed signature, and keeps the session', async () => {
    const { sv } = await completedVisit();
    const res = await pi().send('POST', `/SubjectsVisit/${sv.id}/Sign`, { password: 'wrong-password' });
    expectError(res, 400, 'password_incorrect', 'password');
    expect(await auditOf(sv.id, 'subject_visit.sign_failed')).toHaveLength(1);
    expect(await db().select().from(signatures).where(eq(signatures.subjectVisitId, sv.id))).toEqual([]);
    const page = await pi().ok('GET', `/SubjectsVisit/${sv.id}`);
    expect(page).toMatchObject({ signDate: null, signature: null, canSign: true });
  });

  it('signs with the printed name, meaning, date and the hash of the values; then nothing changes', async () => {
    const { sv, fields } = await completedVisit();
    const page = await pi().ok('POST', `/SubjectsVisit/${sv.id}/Sign`, { password: PASSWORD });
    expect(page.signDate).toBe(today());
    expect(page.signature).toMatchObject({
      meaning: DEFAULT_SIGNATURE_MEANING,
      employeeType: 'PrincipalInvestigator',
      signDate: today(),
      changedSinceSigning: false,
    });
    expect(page.signature.printedName).toMatch(/^User .+ Test$/);
    expect(page.signature.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(page).toMatchObject({ canSign: false, canAddForms: false });
    expect(await auditOf(sv.id, 'subject_visit.sign')).toHaveLength(1);
    expectError(await pi().send('POST', `/SubjectsVisit/${sv.id}/Sign`, { password: PASSWORD }), 409, 'visit_already_signed');
    const current = await pi().ok('GET', `/ItemData?subjectFormFieldId=${fields.number.id}`);
    expectError(
      await pi().send('POST', '/ItemData/WithReason', {
        subjectFormFieldId: fields.number.id,
        data: '121',
        currentItemDataId: current[0].id,
        reasonForChange: 'r',
      }),
      409,
      'visit_signed',
    );
    // A value changed behind the application's back shows on the signature.
    await db().insert(itemData).values({ subjectFormFieldId: fields.number.id, data: '999' });
    expect((await pi().ok('GET', `/SubjectsVisit/${sv.id}`)).signature.changedSinceSigning).toBe(true);
  });

  it('takes a sign date not in the future and not before the visit, and a meaning', async () => {
    const { sv } = await completedVisit();
    expectError(
      await pi().send('POST', `/SubjectsVisit/${sv.id}/Sign`, { password: PASSWORD, signDate: daysAgo(30) }),
      400,
      'date_too_early',
      'signDate',
    );
    const page = await api(extra.co.token).ok('POST', `/SubjectsVisit/${sv.id}/Sign`, {
      password: PASSWORD,
      signDate: daysAgo(1),
      meaning: 'Автор',
    });
    expect(page.signature).toMatchObject({ signDate: daysAgo(1), meaning: 'Автор', employeeType: 'CoResearcher' });
    const [row] = await db().select().from(subjectVisits).where(eq(subjectVisits.id, sv.id));
    expect(row!.signDate).toBe(daysAgo(1));
  });
});

describe('POST /Subjects/{id}/Sign with a password', () => {
  it('refuses a wrong password (audited), signs with the right one and writes a signature row', async () => {
    const s = await makeSubject(db(), { researchId: w.researchId, centreId: w.site.id, status: 'End', endDate: daysAgo(2) });
    await makeSubjectVisit(db(), { subjectId: s.id, visitId: w.schedule.unscheduled.id, status: 'KioValidated' });
    const version = await subjectVersion(db(), s.id);
    expectError(await pi().send('POST', `/Subjects/${s.id}/Sign`, { version }), 400, 'required', 'password');
    expectError(
      await pi().send('POST', `/Subjects/${s.id}/Sign`, { version, password: 'nope' }),
      400,
      'password_incorrect',
      'password',
    );
    expect(await auditOf(s.id, 'subject.sign_failed')).toHaveLength(1);
    const signed = await pi().ok('POST', `/Subjects/${s.id}/Sign`, { version, password: PASSWORD });
    expect(signed.isSigned).toBe(true);
    const rows = await db()
      .select()
      .from(signatures)
      .where(and(eq(signatures.subjectId, s.id), isNull(signatures.subjectVisitId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ meaning: DEFAULT_SIGNATURE_MEANING, signDate: signed.signDate });
    const [audit] = await auditOf(s.id, 'subject.sign');
    expect((audit!.after as any).signature.contentHash).toBe(rows[0]!.contentHash);
  });
});

describe('GET /Subjects/{id}/AuditTrail', () => {
  it('pages the subject trail for its readers, filters by form and field, never shows the randomisation group', async () => {
    const { subject, form, fields } = await newForm();
    const ok = api(as('sitePi')).ok;
    const first = await ok('POST', '/ItemData', { subjectFormFieldId: fields.number.id, data: '1' });
    await ok('POST', '/ItemData/WithReason', {
      subjectFormFieldId: fields.number.id,
      data: '2',
      currentItemDataId: first.itemData.id,
      reasonForChange: 'Ошибка ввода',
    });
    await ok('POST', '/ItemData', { subjectFormFieldId: fields.text.id, data: 'AB1' });
    const all = await api(as('qa')).send('GET', `/Subjects/${subject.id}/AuditTrail?page=1&pageSize=50`);
    expect(all.status).toBe(200);
    const actions = all.body.data.map((r: any) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'subject.create',
        'subject_visit.create',
        'subject_form.create',
        'item_data.add',
        'item_data.change',
      ]),
    );
    expect(all.body.data[0].seq).toBeGreaterThan(all.body.data.at(-1).seq);
    const byField = await ok('GET', `/Subjects/${subject.id}/AuditTrail?formFieldId=${fields.number.formFieldId}`);
    expect(byField.map((r: any) => r.action)).toEqual(['item_data.change', 'item_data.add']);
    expect(byField[0]).toMatchObject({ reason: 'Ошибка ввода', employeeType: 'PrincipalInvestigator' });
    const byForm = await ok('GET', `/Subjects/${subject.id}/AuditTrail?formId=${form.form.id}&pageSize=2&page=2`);
    expect(byForm).toHaveLength(2);
    const paged = await api(as('sitePi')).send('GET', `/Subjects/${subject.id}/AuditTrail?formId=${form.form.id}&pageSize=2`);
    expect(paged.body.totalCount).toBe(4);
    expectError(await api(w.site2.token).send('GET', `/Subjects/${subject.id}/AuditTrail`), 404, 'not_found', 'id');
    expectError(await api(as('outsider')).send('GET', `/Subjects/${subject.id}/AuditTrail`), 403, 'forbidden');
    // A randomised subject: the group is in the audit table, never in this trail.
    const r = await api(as('sitePi')).ok('POST', `/Subjects/${subject.id}/Randomise`, {
      version: await subjectVersion(db(), subject.id),
      randomizationDate: daysAgo(1),
      randomizationGroup: 'B',
      randomizationNumber: `R-${subject.id.slice(-6)}`,
    });
    expect(r.status).toBe('Randomised');
    const trail = await api(as('admin')).send('GET', `/Subjects/${subject.id}/AuditTrail?researchId=${w.researchId}`);
    expect(trail.status).toBe(200);
    expect(JSON.stringify(trail.body)).not.toContain('randomizationGroup');
    expect(trail.body.data.map((x: any) => x.action)).toContain('subject.randomise');
  });
});
