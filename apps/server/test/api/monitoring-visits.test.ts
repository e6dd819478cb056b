import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_MESSAGES, type ErrorCode } from '@edc/domain';
import { users } from '../../src/platform/db/schema/index.js';
import { call, expectError } from '../support/test-app.js';
import { auditOf, matrix, type CallerName } from '../support/cast.js';
import { makeCentre, makeResearch, makeUser, signIn } from '../support/factories.js';
import { makeEmployee, makeSubject, makeSubjectVisit, makeVisit, setupSubjectApp } from '../support/subject-factories.js';

// Monitoring visits (docs/monitoring-visits.md): planning by monitoring_visits_settings, monitors seeing
// only their teams, the spec's validation messages, and the monitoring visits of one subject visit.
const { t, w, db, as } = setupSubjectApp();
const UNKNOWN = '01900000-0000-7000-8000-000000000000';
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

let kioCentre: string;
let monitor: string; // the cast's KIO monitor (employee id)
let otherMonitor: { token: string; employeeId: string };
let english: string; // an English-speaking Editor
let foreignKio: string; // the KIO centre of another research
let foreignSubjectVisit: string;
let siteVisits: { a1: string; a2: string; b1: string }; // a: site 1, b: site 2

beforeAll(async () => {
  kioCentre = w.world.cast.Kio.centreId;
  monitor = w.world.cast.Kio.employeeId;
  const kio = { id: kioCentre, organisationId: w.world.cast.Kio.organisationId };
  otherMonitor = await makeEmployee(t.app, db(), kio, 'Monitor');
  const en = await makeUser(db(), { userRole: 'Editor' });
  await db().update(users).set({ language: 'en' }).where(eq(users.id, en.user.id));
  english = await signIn(t.app, en.user.email);
  const a = await makeSubject(db(), { researchId: w.researchId, centreId: w.site.id, status: 'Screened' });
  const b = await makeSubject(db(), { researchId: w.researchId, centreId: w.site2Centre.id, status: 'Screened' });
  siteVisits = {
    a1: (await makeSubjectVisit(db(), { subjectId: a.id, visitId: w.schedule.screening.id })).id,
    a2: (await makeSubjectVisit(db(), { subjectId: a.id, visitId: w.schedule.period.id })).id,
    b1: (await makeSubjectVisit(db(), { subjectId: b.id, visitId: w.schedule.screening.id })).id,
  };
  const other = await makeResearch(db());
  foreignKio = (await makeCentre(db(), { researchId: other.id, type: 'Kio' })).id;
  const otherSite = await makeCentre(db(), { researchId: other.id, type: 'Site' });
  const otherSubject = await makeSubject(db(), { researchId: other.id, centreId: otherSite.id });
  const otherVisit = await makeVisit(db(), other.id, { visitType: 'Screening' });
  foreignSubjectVisit = (await makeSubjectVisit(db(), { subjectId: otherSubject.id, visitId: otherVisit.id })).id;
});
/** User roles Admin and Editor have no current research: they name one. */
const inResearch = (c: CallerName) => (c === 'admin' || c === 'editor' ? `&researchId=${w.researchId}` : '');
const plan = (over: Record<string, unknown> = {}) => ({
  startDate: at(-1),
  endDate: at(48),
  researchOrganisationId: kioCentre,
  monitorList: [monitor],
  workDayStart: '08:00:00',
  workDayEnd: '21:00:00',
  subjectVisitIdList: [siteVisits.a1],
  ...over,
});
const post = (token: string, body: object) => call(t.app, 'POST', '/MonitoringVisits', { token, body });
async function create(over: Record<string, unknown> = {}, token = as('admin')) {
  const res = await post(token, plan(over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('POST /MonitoringVisits', () => {
  it('plans an unconfirmed visit with its team, chosen visits and default work hours; audited', async () => {
    const { workDayStart: _s, workDayEnd: _e, ...withoutHours } = plan();
    const res = await post(as('admin'), withoutHours);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Сохранено');
    const v = res.body.data;
    expect(v).toMatchObject({
      researchId: w.researchId,
      confirmed: false,
      timeState: 'inProgress',
      workDayStart: '08:00:00',
      workDayEnd: '21:00:00',
      siteId: null,
      site: null,
      subjectVisitIdList: [siteVisits.a1],
      version: 1,
      researchOrganisation: { id: kioCentre },
    });
    expect(v.researchOrganisation.name).toMatch(/^Organisation /);
    expect(v.monitorList).toEqual([
      expect.objectContaining({ id: monitor, userId: w.world.cast.Kio.userId, employeeType: 'Monitor' }),
    ]);
    expect(v.monitorList[0].fullName).toMatch(/^User .+ Test$/);
    const [audit] = await auditOf(db(), v.id, 'monitoring_visit.create');
    expect(audit!.researchId).toBe(w.researchId);
    expect(audit!.after).toMatchObject({ monitorList: [monitor], subjectVisitIdList: [siteVisits.a1], confirmed: false });
  });

  it('takes a site instead of chosen visits, and work hours as HH:mm', async () => {
    const v = await create({ subjectVisitIdList: [], siteId: w.site.id, workDayStart: '09:30', workDayEnd: '18:00' });
    expect(v).toMatchObject({ siteId: w.site.id, site: { id: w.site.id }, subjectVisitIdList: [], workDayStart: '09:30:00' });
  });

  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))('%s → %i', async (_label, who, status) => {
    const res = await post(as(who), plan());
    expect(res.status, JSON.stringify(res.body)).toBe(status);
  });

  it('answers 401 without a session', async () => {
    expect((await call(t.app, 'POST', '/MonitoringVisits', { body: plan() })).status).toBe(401);
  });
});

describe('validation (spec operations section 5)', () => {
  const cases: [string, Record<string, unknown>, ErrorCode, string][] = [
    ['start required', { startDate: undefined }, 'required', 'startDate'],
    ['end required', { endDate: null }, 'required', 'endDate'],
    ['a real start date-time', { startDate: '2026-02-30T10:00:00Z' }, 'monitoring_date_invalid', 'startDate'],
    ['end after start', { endDate: at(-2) }, 'monitoring_end_before_start', 'endDate'],
    ['organisation required', { researchOrganisationId: undefined }, 'required', 'researchOrganisationId'],
    ['at least one employee', { monitorList: [] }, 'monitoring_monitors_required', 'monitorList'],
    ['work hours from required', { workDayStart: '' }, 'required', 'workDayStart'],
    ['work hours to required', { workDayEnd: null }, 'required', 'workDayEnd'],
    ['work hours as times', { workDayStart: '8 am' }, 'monitoring_time_invalid', 'workDayStart'],
    ['from before to', { workDayStart: '21:00:00', workDayEnd: '08:00:00' }, 'monitoring_work_hours_order', 'workDayEnd'],
    ['visits or a site', { subjectVisitIdList: [] }, 'monitoring_visits_required', 'subjectVisitIdList'],
    ['not both', { siteId: UNKNOWN }, 'monitoring_visits_or_site', 'siteId'],
    ['a known organisation', { researchOrganisationId: UNKNOWN }, 'unknown_reference', 'researchOrganisationId'],
    ['a KIO organisation', { researchOrganisationId: 'siteCentre' }, 'monitoring_organisation_not_kio', 'researchOrganisationId'],
    ['employees of that centre', { monitorList: ['siteEmployee'] }, 'monitoring_monitor_not_in_centre', 'monitorList'],
    ['a site centre of the research', { subjectVisitIdList: [], siteId: 'kioCentre' }, 'monitoring_site_not_site', 'siteId'],
    ['known subject visits', { subjectVisitIdList: [UNKNOWN] }, 'unknown_reference', 'subjectVisitIdList'],
    ['subject visits of the research', { subjectVisitIdList: ['foreignSubjectVisit'] }, 'foreign_research', 'subjectVisitIdList'],
  ];
  // Values known only once the world exists.
  const resolve = (over: Record<string, unknown>) => {
    const named: Record<string, unknown> = {
      foreignKio,
      siteEmployee: w.world.cast.Site.employeeId,
      kioCentre,
      siteCentre: w.site.id,
      foreignSubjectVisit,
    };
    const map = (v: unknown): unknown => (Array.isArray(v) ? v.map(map) : typeof v === 'string' && v in named ? named[v] : v);
    return Object.fromEntries(Object.entries(over).map(([k, v]) => [k, map(v)]));
  };

  it.each(cases)('%s', async (_label, over, code, path) => {
    const body = { ...plan(), ...resolve(over) };
    const err = expectError(await post(as('admin'), body), 400, code, path);
    expect(err.message).toBe(ERROR_MESSAGES[code].ru.replace('{field}', path));
  });

  it('answers in English for an English-speaking user', async () => {
    const end = expectError(await post(english, plan({ endDate: at(-2) })), 400, 'monitoring_end_before_start', 'endDate');
    expect(end.message).toBe('The end date must be after the start date');
    const visits = expectError(await post(english, plan({ subjectVisitIdList: [] })), 400, 'monitoring_visits_required');
    expect(visits.message).toBe('Choose visits');
    const ru = expectError(await post(as('admin'), plan({ subjectVisitIdList: [] })), 400, 'monitoring_visits_required');
    expect(ru.message).toBe('Выберите визиты');
    const ruEnd = expectError(await post(as('admin'), plan({ endDate: at(-2) })), 400, 'monitoring_end_before_start');
    expect(ruEnd.message).toBe('Дата окончания должна быть после даты начала');
  });

  it('malformed ids name the field; no 500', async () => {
    expectError(await post(as('admin'), plan({ monitorList: ['x'] })), 400, 'validation', 'monitorList.0');
    expectError(await post(as('admin'), plan({ siteId: 42 })), 400, 'validation', 'siteId');
    const res = await call(t.app, 'POST', '/MonitoringVisits', { token: as('admin'), body: 'not json' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('an admin-centre manager plans only in their own research', async () => {
    expectError(
      await post(as('manager'), plan({ researchOrganisationId: foreignKio })),
      400,
      'foreign_research',
      'researchOrganisationId',
    );
  });
});

describe('reading', () => {
  let mine: string; // on the cast monitor's team
  let theirs: string; // on the other monitor's team only
  beforeAll(async () => {
    mine = (await create({ startDate: at(1000), endDate: at(1010) })).id;
    theirs = (await create({ startDate: at(1001), endDate: at(1011), monitorList: [otherMonitor.employeeId] })).id;
  });

  it('planners see every visit of the research, newest start first, paged', async () => {
    for (const who of ['admin', 'editor', 'manager'] as const) {
      const res = await call(t.app, 'GET', `/MonitoringVisits?page=1&pageSize=10${inResearch(who)}`, { token: as(who) });
      expect(res.status).toBe(200);
      expect(res.body.data.slice(0, 2).map((v: { id: string }) => v.id)).toEqual([theirs, mine]);
      expect(res.body.totalCount).toBeGreaterThanOrEqual(2);
    }
    const page2 = await call(t.app, 'GET', `/MonitoringVisits?Page=2&PageSize=10${inResearch('admin')}`, { token: as('admin') });
    expect(page2.body.page).toBe(2);
  });

  it('a monitor sees only the visits whose team they are on', async () => {
    const mineList = await call(t.app, 'GET', '/MonitoringVisits', { token: as('kio') });
    const ids = mineList.body.data.map((v: { id: string }) => v.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    for (const v of mineList.body.data) expect(v.monitorList.map((m: { id: string }) => m.id)).toContain(monitor);
    const theirList = await call(t.app, 'GET', '/MonitoringVisits', { token: otherMonitor.token });
    expect(theirList.body.data.map((v: { id: string }) => v.id)).toEqual([theirs]);
    expect(theirList.body.totalCount).toBe(1);
    expect((await call(t.app, 'GET', `/MonitoringVisits/${mine}`, { token: as('kio') })).status).toBe(200);
    expectError(await call(t.app, 'GET', `/MonitoringVisits/${theirs}`, { token: as('kio') }), 404, 'not_found', 'id');
  });

  it.each(matrix({ admin: 200, editor: 200, manager: 200, kio: 200 }, 403))('list: %s → %i', async (_l, who, status) => {
    expect((await call(t.app, 'GET', `/MonitoringVisits?page=1${inResearch(who)}`, { token: as(who) })).status).toBe(status);
  });

  it.each(matrix({ admin: 200, editor: 200, manager: 200, kio: 200 }, 403))('one: %s → %i', async (_l, who, status) => {
    expect((await call(t.app, 'GET', `/MonitoringVisits/${mine}`, { token: as(who) })).status).toBe(status);
  });

  it('filters by confirmation; unknown ids and other researches are 404', async () => {
    const res = await call(t.app, 'GET', `/MonitoringVisits?confirmed=true${inResearch('admin')}`, { token: as('admin') });
    expect(res.status).toBe(200);
    for (const v of res.body.data) expect(v.confirmed).toBe(true);
    expectError(await call(t.app, 'GET', `/MonitoringVisits/${UNKNOWN}`, { token: as('admin') }), 404, 'not_found');
    expectError(await call(t.app, 'GET', '/MonitoringVisits', { token: as('admin') }), 400, 'research_required', 'researchId');
    expectError(await call(t.app, 'GET', '/MonitoringVisits?researchId=' + UNKNOWN, { token: as('admin') }), 404, 'not_found');
    expectError(
      await call(t.app, 'GET', '/MonitoringVisits?researchId=' + UNKNOWN, { token: as('manager') }),
      403,
      'no_research_access',
    );
  });
});

describe('PUT, Confirm, DELETE', () => {
  it('edits the whole plan, bumping the version; audited with before and after', async () => {
    const v = await create({ startDate: at(2), endDate: at(30) });
    const res = await call(t.app, 'PUT', `/MonitoringVisits/${v.id}/`, {
      token: as('editor'),
      body: plan({
        version: 1,
        startDate: at(3),
        monitorList: [monitor, otherMonitor.employeeId],
        subjectVisitIdList: [siteVisits.a2],
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ version: 2, subjectVisitIdList: [siteVisits.a2], timeState: 'notStarted' });
    expect(res.body.data.monitorList).toHaveLength(2);
    const [audit] = await auditOf(db(), v.id, 'monitoring_visit.update');
    expect(audit!.before).toMatchObject({ version: 1, subjectVisitIdList: [siteVisits.a1] });
    expect(audit!.after).toMatchObject({ version: 2, subjectVisitIdList: [siteVisits.a2] });
    // The same plan again changes nothing.
    const again = await call(t.app, 'PUT', `/MonitoringVisits/${v.id}`, {
      token: as('editor'),
      body: plan({
        version: 2,
        startDate: res.body.data.startDate,
        endDate: res.body.data.endDate,
        monitorList: [otherMonitor.employeeId, monitor],
        subjectVisitIdList: [siteVisits.a2],
      }),
    });
    expect(again.body.data.version).toBe(2);
    expect(await auditOf(db(), v.id, 'monitoring_visit.update')).toHaveLength(1);
    expectError(
      await call(t.app, 'PUT', `/MonitoringVisits/${v.id}/`, { token: as('editor'), body: plan({ version: 1 }) }),
      409,
      'conflict',
      'version',
    );
    expectError(
      await call(t.app, 'PUT', `/MonitoringVisits/${v.id}/`, {
        token: as('editor'),
        body: plan({ version: 2, endDate: at(-5) }),
      }),
      400,
      'monitoring_end_before_start',
    );
  });

  it('refuses editing, confirming and deleting once the visit has ended', async () => {
    const v = await create({ startDate: at(-72), endDate: at(-24) });
    expect(v.timeState).toBe('finished');
    for (const [method, url, body] of [
      ['PUT', `/MonitoringVisits/${v.id}/`, plan({ version: 1 })],
      ['POST', `/MonitoringVisits/${v.id}/Confirm`, undefined],
      ['DELETE', `/MonitoringVisits/${v.id}`, undefined],
    ] as const) {
      const err = expectError(await call(t.app, method, url, { token: as('admin'), body }), 409, 'monitoring_visit_ended');
      expect(err.message).toBe('Визит прошел: изменить его нельзя');
    }
    const en = await call(t.app, 'PUT', `/MonitoringVisits/${v.id}/`, { token: english, body: plan({ version: 1 }) });
    expect(en.body.errors[0].message).toBe('The monitoring visit has ended and cannot be changed');
  });

  it('confirms once (audited); confirming again changes nothing', async () => {
    const v = await create();
    const res = await call(t.app, 'POST', `/MonitoringVisits/${v.id}/Confirm`, { token: as('manager') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ confirmed: true, version: 2 });
    const again = await call(t.app, 'POST', `/MonitoringVisits/${v.id}/Confirm`, { token: as('manager') });
    expect(again.body.data.version).toBe(2);
    const audits = await auditOf(db(), v.id, 'monitoring_visit.confirm');
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toMatchObject({ confirmed: false });
    expect(audits[0]!.after).toMatchObject({ confirmed: true });
  });

  it('deletes softly (audited): the visit leaves lists and answers 404', async () => {
    const v = await create({ startDate: at(500), endDate: at(501) });
    const res = await call(t.app, 'DELETE', `/MonitoringVisits/${v.id}`, { token: as('admin') });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Удалено');
    expectError(await call(t.app, 'GET', `/MonitoringVisits/${v.id}`, { token: as('admin') }), 404, 'not_found');
    const list = await call(t.app, 'GET', `/MonitoringVisits?pageSize=50${inResearch('admin')}`, { token: as('admin') });
    expect(list.body.data.map((x: { id: string }) => x.id)).not.toContain(v.id);
    const [audit] = await auditOf(db(), v.id, 'monitoring_visit.delete');
    expect(audit!.before).toMatchObject({ id: v.id });
    expectError(await call(t.app, 'DELETE', `/MonitoringVisits/${v.id}`, { token: as('admin') }), 404, 'not_found');
  });

  it('the monitor on the team sees but does not plan (403); others get 404 or 403', async () => {
    const v = await create();
    const send = (token: string, method: 'PUT' | 'POST' | 'DELETE', url: string) =>
      call(t.app, method, url, { token, body: method === 'PUT' ? plan({ version: 1 }) : undefined });
    for (const [method, url] of [
      ['PUT', `/MonitoringVisits/${v.id}/`],
      ['POST', `/MonitoringVisits/${v.id}/Confirm`],
      ['DELETE', `/MonitoringVisits/${v.id}`],
    ] as const) {
      expect((await send(as('kio'), method, url)).status).toBe(403);
      expect((await send(otherMonitor.token, method, url)).status).toBe(404);
      for (const who of ['sitePi', 'testSitePi', 'qa', 'outsider'] as const)
        expect((await send(as(who), method, url)).status).toBe(403);
      expect((await send(as('admin'), method, url.replace(v.id, UNKNOWN))).status).toBe(404);
    }
  });
});

describe('GET /SubjectsVisit/{id}/MonitoringVisits', () => {
  let chosen: string; // chose a1 explicitly, on the cast monitor's team
  let bySite: string; // covers every visit of site 1, the other monitor's team
  beforeAll(async () => {
    chosen = (await create({ startDate: at(-5), endDate: at(-2), subjectVisitIdList: [siteVisits.a1] })).id;
    bySite = (
      await create({
        startDate: at(2000),
        endDate: at(2001),
        subjectVisitIdList: [],
        siteId: w.site.id,
        monitorList: [otherMonitor.employeeId],
      })
    ).id;
  });
  const tab = (svId: string, token: string) => call(t.app, 'GET', `/SubjectsVisit/${svId}/MonitoringVisits`, { token });
  const ids = (res: { body: any }) => res.body.data.map((v: { id: string }) => v.id) as string[];

  it('lists the visits that chose it and those covering its site, newest start first, with time state and names', async () => {
    const res = await tab(siteVisits.a1, as('admin'));
    expect(res.status).toBe(200);
    const list = ids(res);
    expect(list).toContain(chosen);
    expect(list).toContain(bySite);
    expect(list.indexOf(bySite)).toBeLessThan(list.indexOf(chosen));
    const c = res.body.data.find((v: { id: string }) => v.id === chosen);
    expect(c).toMatchObject({ timeState: 'finished', confirmed: false, researchOrganisation: { id: kioCentre } });
    expect(c.subjectVisitIdList).toBeUndefined();
    expect(c.monitorList[0].fullName).toBeTruthy();
    const s = res.body.data.find((v: { id: string }) => v.id === bySite);
    expect(s).toMatchObject({ timeState: 'notStarted', siteId: w.site.id });
    // a2 is covered by the site only; site 2's visit by neither.
    expect(ids(await tab(siteVisits.a2, as('admin')))).toContain(bySite);
    expect(ids(await tab(siteVisits.a2, as('admin')))).not.toContain(chosen);
    const b = ids(await tab(siteVisits.b1, as('admin')));
    expect(b).not.toContain(bySite);
    expect(b).not.toContain(chosen);
  });

  it('a monitor sees only their teams', async () => {
    const mine = ids(await tab(siteVisits.a1, as('kio')));
    expect(mine).toContain(chosen);
    expect(mine).not.toContain(bySite);
    const theirs = ids(await tab(siteVisits.a1, otherMonitor.token));
    expect(theirs).toContain(bySite);
    expect(theirs).not.toContain(chosen);
  });

  it.each(matrix({ admin: 200, editor: 200, manager: 200, sitePi: 200, qa: 200, kio: 200, testSitePi: 404 }, 403))(
    '%s → %i',
    async (_l, who, status) => {
      const res = await tab(siteVisits.a1, as(who));
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (status === 200 && who !== 'kio') expect(ids(res)).toEqual(expect.arrayContaining([chosen, bySite]));
    },
  );

  it('404 for another site’s user and for unknown visits', async () => {
    expectError(await tab(siteVisits.a1, w.site2.token), 404, 'not_found', 'id');
    expectError(await tab(UNKNOWN, as('admin')), 404, 'not_found', 'id');
    expect((await tab(siteVisits.b1, w.site2.token)).status).toBe(200);
  });
});
