import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, subjectVisits } from '../../src/platform/db/schema/index.js';
import { expectError } from '../support/test-app.js';
import { daysAgo, makeSubject, makeSubjectVisit } from '../support/subject-factories.js';
import { setupEntryApp } from './data-entry-support.js';
import { designApi } from './design-support.js';

const { t, w, d, extra, api, pi, as, newVisit, newForm, db } = setupEntryApp();

describe('GET /SubjectsVisit/{id}: the visit page', () => {
  it('shows the visit, its subject, no forms yet, the forms the caller may add and what it may do', async () => {
    const { subject, sv } = await newVisit();
    const page = await pi().ok('GET', `/SubjectsVisit/${sv.id}`);
    expect(page).toMatchObject({
      id: sv.id,
      subjectId: subject.id,
      formCompletedStatus: 'Empty',
      signature: null,
      canSign: false,
    });
    expect(page.subject).toMatchObject({ id: subject.id, gender: 'Male' });
    expect(page.subjectFormList).toEqual([]);
    expect(page.linkedSubjectFormList).toEqual([]);
    const titles = page.availableFormList.map((f: any) => f.id);
    expect(titles).toContain(d.form.id);
    expect(titles).toContain(d.repeating.id);
    expect(titles).not.toContain(d.women.id);
    expect(page.canAddForms).toBe(true);
  });

  it('is read by QA and KIO (nothing to add), 404 for another site, 403 for an outsider', async () => {
    const { sv } = await newVisit();
    const qa = await api(as('qa')).ok('GET', `/SubjectsVisit/${sv.id}`);
    expect(qa.canAddForms).toBe(false);
    expect(qa.availableFormList).toEqual([]);
    expect((await api(as('kio')).send('GET', `/SubjectsVisit/${sv.id}`)).status).toBe(200);
    expectError(await api(w.site2.token).send('GET', `/SubjectsVisit/${sv.id}`), 404, 'not_found', 'id');
    expectError(await api(as('outsider')).send('GET', `/SubjectsVisit/${sv.id}`), 403, 'forbidden');
  });
});

describe('POST /SubjectsForm', () => {
  it('creates the form with its sections and fields, child fields hidden, and marks the visit Started', async () => {
    const { form, fields, sv, main, second } = await newForm();
    expect(form.form.id).toBe(d.form.id);
    expect(form.repeatedIndex).toBe(0);
    expect(form.subjectFormSectionList).toHaveLength(2);
    expect(main.subjectFormFieldList).toHaveLength(10);
    expect(second.subjectFormFieldList).toHaveLength(1);
    expect(fields.child.isHidden).toBe(true);
    expect(fields.child.parentSubjectFormFieldId).toBe(fields.select.id);
    expect(fields.select.isHidden).toBe(false);
    expect(form.subjectFormLogList.map((l: any) => l.status)).toEqual(['Created']);
    expect(form.progress).toBe(0);
    expect(form.canEdit).toBe(true);
    const [row] = await db().select().from(subjectVisits).where(eq(subjectVisits.id, sv.id));
    expect(row!.formCompletedStatus).toBe('Started');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, form.id), eq(auditLog.action, 'subject_form.create')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.employeeType).toBe('PrincipalInvestigator');
  });

  it('adds a non-repeating form once (409), a repeating one with the next repeatedIndex', async () => {
    const { sv } = await newVisit();
    await pi().ok('POST', '/SubjectsForm', { formId: d.form.id, subjectVisitId: sv.id });
    expectError(
      await pi().send('POST', '/SubjectsForm', { formId: d.form.id, subjectVisitId: sv.id }),
      409,
      'form_already_added',
    );
    const a = await pi().ok('POST', '/SubjectsForm', { formId: d.repeating.id, subjectVisitId: sv.id });
    const b = await pi().ok('POST', '/SubjectsForm', { formId: d.repeating.id, subjectVisitId: sv.id });
    expect([a.repeatedIndex, b.repeatedIndex]).toEqual([0, 1]);
    const page = await pi().ok('GET', `/SubjectsVisit/${sv.id}`);
    expect(page.subjectFormList.map((f: any) => [f.form.id, f.repeatedIndex])).toEqual(
      expect.arrayContaining([
        [d.repeating.id, 0],
        [d.repeating.id, 1],
      ]),
    );
    expect(page.availableFormList.map((f: any) => f.id)).not.toContain(d.form.id);
    expect(page.availableFormList.map((f: any) => f.id)).toContain(d.repeating.id);
  });

  it('refuses a form of the other gender, of another visit, and an unknown form', async () => {
    const { sv } = await newVisit();
    expectError(
      await pi().send('POST', '/SubjectsForm', { formId: d.women.id, subjectVisitId: sv.id }),
      400,
      'form_other_gender',
      'formId',
    );
    const other = await newVisit();
    const s2 = await pi().ok('POST', '/SubjectsVisit', {
      subjectId: other.subject.id,
      visitId: w.schedule.unscheduled.id,
      date: other.sv.date,
    });
    expectError(
      await pi().send('POST', '/SubjectsForm', { formId: d.form.id, subjectVisitId: s2.id }),
      400,
      'form_not_in_visit',
      'formId',
    );
    expectError(
      await pi().send('POST', '/SubjectsForm', { formId: '01900000-0000-7000-8000-000000000000', subjectVisitId: sv.id }),
      404,
      'not_found',
      'formId',
    );
  });

  it('is refused to a role outside employeeTypesList (403), to QA and KIO (403), to site 02 (404)', async () => {
    const { sv } = await newVisit();
    const body = { formId: d.form.id, subjectVisitId: sv.id };
    expectError(await api(extra.nurse.token).send('POST', '/SubjectsForm', body), 403, 'forbidden');
    expectError(await api(as('qa')).send('POST', '/SubjectsForm', body), 403, 'forbidden');
    expectError(await api(as('kio')).send('POST', '/SubjectsForm', body), 403, 'forbidden');
    expectError(await api(w.site2.token).send('POST', '/SubjectsForm', body), 404, 'not_found', 'subjectVisitId');
    expect((await api(extra.co.token).send('POST', '/SubjectsForm', body)).status).toBe(200);
  });

  it('gives canEdit false to a role outside employeeTypesList and to QA', async () => {
    const { form } = await newForm();
    expect((await api(extra.nurse.token).ok('GET', `/SubjectsForm/${form.id}`)).canEdit).toBe(false);
    expect((await api(as('qa')).ok('GET', `/SubjectsForm/${form.id}`)).canEdit).toBe(false);
    expect((await api(extra.co.token).ok('GET', `/SubjectsForm/${form.id}`)).canEdit).toBe(true);
  });

  it('site 02 gets 404 on site 01 subject forms, sections, fields and values', async () => {
    const { form, fields, main } = await newForm();
    const s2 = api(w.site2.token);
    expectError(await s2.send('GET', `/SubjectsForm/${form.id}`), 404, 'not_found', 'id');
    expectError(await s2.send('GET', `/SubjectsFormField/${fields.text.id}`), 404, 'not_found', 'id');
    expectError(await s2.send('GET', `/ItemData?subjectFormFieldId=${fields.text.id}`), 404, 'not_found', 'subjectFormFieldId');
    expectError(
      await s2.send('POST', '/ItemData', { subjectFormFieldId: fields.text.id, data: 'AB1' }),
      404,
      'not_found',
      'subjectFormFieldId',
    );
    expectError(
      await s2.send('POST', `/SubjectsFormSection/${main.id}/Comment`, { comment: 'x', version: main.version }),
      404,
      'not_found',
      'id',
    );
  });

  it('no new forms after the visit is signed (409 visit_signed)', async () => {
    const subject = await makeSubject(db(), { researchId: w.researchId, centreId: w.site.id, status: 'Screened' });
    const sv = await makeSubjectVisit(db(), { subjectId: subject.id, visitId: w.schedule.screening.id, signDate: '2026-01-01' });
    expectError(await pi().send('POST', '/SubjectsForm', { formId: d.form.id, subjectVisitId: sv.id }), 409, 'visit_signed');
    expect((await pi().ok('GET', `/SubjectsVisit/${sv.id}`)).canAddForms).toBe(false);
  });
});

describe('GET /SubjectsForm and /SubjectsFormField', () => {
  it('lists the visit forms with progress, and gives a field with its attributes and value', async () => {
    const { sv, fields } = await newForm();
    const list = await pi().ok('GET', `/SubjectsForm?subjectVisitId=${sv.id}`);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ sectionCount: 2, completedSectionCount: 0, progress: 0 });
    const field = await pi().ok('GET', `/SubjectsFormField/${fields.number.id}`);
    expect(field.formField).toMatchObject({ isRequired: true, clinicalSignificance: true });
    expect(field.formField.field.fieldType).toBe('Number');
    expect(field.itemData).toBeNull();
    expect(field.contextSubjectFormList).toEqual([]);
  });

  it('gives each form the points of its sections (distinct, in section order) on the page, the list and the form', async () => {
    // On the unscheduled visit: a form whose two sections share a point, eight points in all; one with none.
    const design = designApi(t.app, w.callers.admin.token);
    const type = await design.formType();
    const field = await design.field(type.id);
    const pointed = await design.form(w.schedule.unscheduled.id, type.id);
    const s1 = await design.section(pointed.id, { pointList: ['T1', 'T2', 'T3', 'T4'] });
    const s2 = await design.section(pointed.id, { pointList: ['T3', 'T5', 'T6', 'T7', 'T8'] });
    for (const s of [s1, s2]) await design.formField(s.id, field.id);
    const plain = await design.form(w.schedule.unscheduled.id, type.id);
    await design.formField((await design.section(plain.id)).id, field.id);
    const { subject } = await newVisit();
    const sv = await makeSubjectVisit(db(), { subjectId: subject.id, visitId: w.schedule.unscheduled.id, date: daysAgo(3) });
    const created = await pi().ok('POST', '/SubjectsForm', { formId: pointed.id, subjectVisitId: sv.id });
    await pi().ok('POST', '/SubjectsForm', { formId: plain.id, subjectVisitId: sv.id });
    const points = ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8'];
    expect(created.pointList).toEqual(points);
    const byForm = (list: any[]) => Object.fromEntries(list.map((b) => [b.form.id, b.pointList]));
    const page = await pi().ok('GET', `/SubjectsVisit/${sv.id}`);
    expect(byForm(page.subjectFormList)).toEqual({ [pointed.id]: points, [plain.id]: [] });
    const list = await pi().ok('GET', `/SubjectsForm?subjectVisitId=${sv.id}`);
    expect(byForm(list)).toEqual({ [pointed.id]: points, [plain.id]: [] });
    const filtered = await pi().ok('GET', `/SubjectsForm?subjectVisitId=${sv.id}&pointList=T5`);
    expect(byForm(filtered)).toEqual({ [pointed.id]: points });
  });

  it('lists the linked visits: the subject’s other visits holding the same form, by date', async () => {
    const design = designApi(t.app, w.callers.admin.token);
    const type = await design.formType();
    const field = await design.field(type.id);
    const log = await design.form(w.schedule.unscheduled.id, type.id);
    await design.formField((await design.section(log.id)).id, field.id);
    const { subject, sv: screening } = await newVisit();
    const visit = (date: string, repeatIndex: number) =>
      makeSubjectVisit(db(), { subjectId: subject.id, visitId: w.schedule.unscheduled.id, date, repeatIndex });
    const [first, second, empty] = [await visit(daysAgo(4), 0), await visit(daysAgo(2), 1), await visit(daysAgo(1), 2)];
    const a = await pi().ok('POST', '/SubjectsForm', { formId: log.id, subjectVisitId: second.id });
    const b = await pi().ok('POST', '/SubjectsForm', { formId: log.id, subjectVisitId: first.id });
    expect(a.linkedSubjectVisitList).toEqual([]);
    expect(b.linkedSubjectVisitList).toEqual([{ id: second.id, date: daysAgo(2), title: expect.any(String), repeatIndex: 1 }]);
    const again = await pi().ok('GET', `/SubjectsForm/${a.id}`);
    expect(again.linkedSubjectVisitList.map((v: any) => v.id)).toEqual([first.id]);
    // A visit without the form, the screening visit, another subject: never linked.
    expect(again.linkedSubjectVisitList.map((v: any) => v.id)).not.toContain(empty.id);
    expect(again.linkedSubjectVisitList.map((v: any) => v.id)).not.toContain(screening.id);
  });

  it('LinkData proposes nothing for a field without a data link', async () => {
    const { fields } = await newForm();
    expect(await pi().ok('GET', `/SubjectsFormField/${fields.text.id}/LinkData`)).toEqual({ value: null, source: '' });
  });
});

void t;
