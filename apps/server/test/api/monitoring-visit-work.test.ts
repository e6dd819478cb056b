import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, expectError } from '../support/test-app.js';
import { makeUser, signIn } from '../support/factories.js';
import { makeEmployee, makeSubject, makeSubjectVisit } from '../support/subject-factories.js';
import { setupEntryApp } from './data-entry-support.js';

// The monitor's subject grid of a monitoring visit (GET /Subjects/MonitoringVisit/{id}) and the spec's
// work-day window on the subject visit page's writes (docs/monitoring-visits.md).
const { t, w, d, db, as, newForm } = setupEntryApp();
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

afterEach(() => {
  vi.useRealTimers();
});

async function plan(over: Record<string, unknown>, confirm = true) {
  const res = await call(t.app, 'POST', '/MonitoringVisits', {
    token: as('admin'),
    body: {
      startDate: at(-72),
      endDate: at(72),
      researchOrganisationId: w.world.cast.Kio.centreId,
      monitorList: [w.world.cast.Kio.employeeId],
      workDayStart: '08:00:00',
      workDayEnd: '21:00:00',
      ...over,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = res.body.data.id as string;
  if (confirm) expect((await call(t.app, 'POST', `/MonitoringVisits/${id}/Confirm`, { token: as('admin') })).status).toBe(200);
  return id;
}

const grid = (id: string, token: string, query = '') => call(t.app, 'GET', `/Subjects/MonitoringVisit/${id}${query}`, { token });

describe('GET /Subjects/MonitoringVisit/{id}', () => {
  let chosenVisit: string; // covers one visit of subject a (site 1) and one of subject b (site 2)
  let siteVisit: string; // covers every visit of site 2
  let a: { id: string };
  let b: { id: string };
  let aVisits: string[];
  let bVisit: string;
  let otherMonitor: string;

  beforeAll(async () => {
    a = await makeSubject(db(), { researchId: w.researchId, centreId: w.site.id, status: 'Randomised' });
    b = await makeSubject(db(), { researchId: w.researchId, centreId: w.site2Centre.id, status: 'Screened' });
    aVisits = [
      (await makeSubjectVisit(db(), { subjectId: a.id, visitId: w.schedule.screening.id })).id,
      (await makeSubjectVisit(db(), { subjectId: a.id, visitId: w.schedule.period.id })).id,
    ];
    bVisit = (await makeSubjectVisit(db(), { subjectId: b.id, visitId: w.schedule.screening.id })).id;
    for (let i = 0; i < 3; i++) await makeSubject(db(), { researchId: w.researchId, centreId: w.site2Centre.id });
    chosenVisit = await plan({ subjectVisitIdList: [aVisits[0], bVisit] });
    siteVisit = await plan({ siteId: w.site2Centre.id }, false);
    const kio = { id: w.world.cast.Kio.centreId, organisationId: w.world.cast.Kio.organisationId };
    otherMonitor = (await makeEmployee(t.app, db(), kio, 'Monitor')).token;
  });

  it('gives the subjects of the chosen visits with only the chosen visit cells', async () => {
    const res = await grid(chosenVisit, as('kio'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totalCount).toBe(2);
    const rowA = res.body.data.find((s: any) => s.id === a.id);
    expect(rowA.subjectVisitList.map((v: any) => v.id)).toEqual([aVisits[0]]);
    expect(res.body.data.find((s: any) => s.id === b.id).subjectVisitList.map((v: any) => v.id)).toEqual([bVisit]);
  });

  it('filters by centre and pages', async () => {
    const one = await grid(chosenVisit, as('kio'), `?researchOrganisationId=${w.site2Centre.id}`);
    expect(one.body.data.map((s: any) => s.id)).toEqual([b.id]);
    const site = await grid(siteVisit, as('admin'), '?Page=2&PageSize=10');
    expect(site.status).toBe(200);
    expect(site.body).toMatchObject({ page: 2, totalCount: 4, data: [] });
    const first = await grid(siteVisit, as('admin'), '?page=1&pageSize=10');
    expect(first.body.data).toHaveLength(4);
    expect(first.body.data.every((s: any) => s.researchOrganisationId === w.site2Centre.id)).toBe(true);
    // A site visit filtered by another centre finds nothing; an unknown centre is 404 naming the filter.
    expect((await grid(siteVisit, as('admin'), `?researchOrganisationId=${w.site.id}`)).body.totalCount).toBe(0);
    expectError(
      await grid(siteVisit, as('admin'), `?researchOrganisationId=${d.form.id}`),
      404,
      'not_found',
      'researchOrganisationId',
    );
  });

  it('is seen by the team and the planners only: a monitor not on the team gets 404, a site user 403', async () => {
    expectError(await grid(chosenVisit, otherMonitor), 404, 'not_found', 'id');
    expect((await grid(chosenVisit, as('manager'))).status).toBe(200);
    expectError(await grid(chosenVisit, as('sitePi')), 403, 'forbidden');
    expectError(await grid(chosenVisit, as('kio'), '?PageSize=7'), 400, 'validation');
  });

  it('gives blinded monitors no randomisation group', async () => {
    const rowA = (await grid(chosenVisit, as('kio'))).body.data.find((s: any) => s.id === a.id);
    const admin = (await grid(chosenVisit, as('admin'))).body.data.find((s: any) => s.id === a.id);
    expect(admin.randomizationGroup).toBe('A');
    expect(rowA.randomizationGroup ?? null).toBeNull();
  });
});

describe('the work-day window on the subject visit page', () => {
  /**
   * Yesterday at hh:mm:ss UTC: in the past, so the sessions signed in at the real time stay fresh. The day is
   * taken from the real clock once: read under a faked clock it would slide a day back at every call.
   */
  const yesterday = new Date(Date.now() - 24 * HOUR).toISOString().slice(0, 10);
  const yesterdayAt = (time: string) => new Date(`${yesterday}T${time}Z`);
  const clock = (instant: Date) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(instant);
  };

  it('refuses a site user’s save at 07:59 and takes it at 08:00, while a confirmed visit covers the subject visit', async () => {
    const { sv, fields } = await newForm();
    await plan({ subjectVisitIdList: [sv.id] });
    const save = (data: string, token = as('sitePi')) =>
      call(t.app, 'POST', '/ItemData', { token, body: { subjectFormFieldId: fields.extra.id, data } });
    clock(yesterdayAt('07:59:00'));
    const refused = expectError(await save('early'), 403, 'monitoring_work_day_window', 'subjectVisitId');
    expect(refused.message).toBe('Визит доступен для работы с 08:00 до 21:00.');
    clock(yesterdayAt('08:00:00'));
    expect((await save('on time')).status).toBe(200);
    clock(yesterdayAt('21:00:00'));
    expectError(await save('late'), 403, 'monitoring_work_day_window');
  });

  it('refuses the page’s other writes out of hours too: a form added, a section commented, a form and the visit validated', async () => {
    const { sv, form, main } = await newForm();
    await plan({ subjectVisitIdList: [sv.id] });
    const comment = () =>
      call(t.app, 'POST', `/SubjectsFormSection/${main.id}/Comment`, {
        token: as('sitePi'),
        body: { comment: 'ok', version: main.version },
      });
    clock(yesterdayAt('07:59:00'));
    const writes = [
      () => call(t.app, 'POST', '/SubjectsForm', { token: as('sitePi'), body: { formId: d.form.id, subjectVisitId: sv.id } }),
      comment,
      () => call(t.app, 'POST', '/SubjectsForm/QaValidate', { token: as('qa'), body: { subjectFormId: form.id } }),
      () => call(t.app, 'POST', `/SubjectsVisit/${sv.id}/QaValidate`, { token: as('qa'), body: {} }),
    ];
    for (const write of writes) expectError(await write(), 403, 'monitoring_work_day_window', 'subjectVisitId');
    clock(yesterdayAt('08:00:00'));
    const res = await comment();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('does not apply to an unconfirmed visit', async () => {
    const { sv, fields } = await newForm();
    await plan({ subjectVisitIdList: [sv.id] }, false);
    clock(yesterdayAt('07:59:00'));
    const res = await call(t.app, 'POST', '/ItemData', {
      token: as('sitePi'),
      body: { subjectFormFieldId: fields.extra.id, data: 'x' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('lets a user with user role Editor work at 07:59', async () => {
    const editorPi = await makeUser(db(), { userRole: 'Editor', centre: w.site, employeeType: 'PrincipalInvestigator' });
    const token = await signIn(t.app, editorPi.user.email);
    const { sv, fields } = await newForm();
    await plan({ siteId: w.site.id });
    expect(sv.id).toBeTruthy();
    clock(yesterdayAt('07:59:00'));
    const res = await call(t.app, 'POST', '/ItemData', { token, body: { subjectFormFieldId: fields.extra.id, data: 'editor' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The same moment refuses the site PI on that site-wide visit.
    expectError(
      await call(t.app, 'POST', '/ItemData', { token: as('sitePi'), body: { subjectFormFieldId: fields.extra.id, data: 'pi' } }),
      403,
      'monitoring_work_day_window',
    );
  });
});
