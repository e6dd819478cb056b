import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectError } from '../support/test-app.js';
import { makeResearch } from '../support/factories.js';
import { makeEmployee, makeSubject, setupSubjectApp } from '../support/subject-factories.js';

// GET /Statistic/SubjectStatistic/{researchId} and /Statistic/MonitoringVisitsStatistic/{researchId} on a
// world whose counts are set here (docs/reports.md, "Statistics").
const { t, w, db, as } = setupSubjectApp();
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const stat = (path: string, token: string, query = '') =>
  call(t.app, 'GET', `/Statistic/${path}/${w.researchId}${query}`, { token });

beforeAll(async () => {
  const site1 = { researchId: w.researchId, centreId: w.site.id };
  const site2 = { researchId: w.researchId, centreId: w.site2Centre.id };
  for (const status of ['Started', 'Screened', 'Screened', 'Randomised', 'Failed', 'End', 'EndAheadSchedule'] as const) {
    await makeSubject(db(), { ...site1, status });
  }
  await makeSubject(db(), { ...site2, status: 'Randomised' });
  await makeSubject(db(), { ...site2, status: 'Deleted' });
  const plan = async (start: number, end: number, confirm: boolean, monitors = [w.world.cast.Kio.employeeId]) => {
    const res = await call(t.app, 'POST', '/MonitoringVisits', {
      token: as('admin'),
      body: {
        startDate: at(start),
        endDate: at(end),
        researchOrganisationId: w.world.cast.Kio.centreId,
        monitorList: monitors,
        siteId: w.site.id,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (confirm) await call(t.app, 'POST', `/MonitoringVisits/${res.body.data.id}/Confirm`, { token: as('admin') });
  };
  await plan(-2, 48, true); // in progress, confirmed
  await plan(24, 48, false); // not started
  await plan(-48, -24, false); // finished
});

describe('GET /Statistic/SubjectStatistic/{researchId}', () => {
  it('counts the live subjects by status for the research and for one site', async () => {
    const all = await stat('SubjectStatistic', as('admin'));
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data).toEqual({
      researchId: w.researchId,
      subjectCount: 8,
      startedSubjectCount: 1,
      screenedSubjectCount: 2,
      randomisedSubjectCount: 2,
      failedSubjectCount: 1,
      endAheadScheduleSubjectCount: 1,
      endSubjectCount: 1,
    });
    const site2 = await stat('SubjectStatistic', as('qa'), `?researchOrganisationId=${w.site2Centre.id}`);
    expect(site2.body.data).toMatchObject({ subjectCount: 1, randomisedSubjectCount: 1, screenedSubjectCount: 0 });
  });

  it('keeps a site user to their own centre', async () => {
    const own = await stat('SubjectStatistic', w.site2.token);
    expect(own.body.data).toMatchObject({ subjectCount: 1, randomisedSubjectCount: 1 });
    const other = await stat('SubjectStatistic', w.site2.token, `?researchOrganisationId=${w.site.id}`);
    expect(other.body.data.subjectCount).toBe(0);
  });

  it('refuses another research to a non-administrator (403), reads it for an administrator, and names a malformed id (400)', async () => {
    const other = await makeResearch(db());
    expectError(
      await call(t.app, 'GET', `/Statistic/SubjectStatistic/${other.id}`, { token: as('qa') }),
      403,
      'no_research_access',
    );
    expect((await call(t.app, 'GET', `/Statistic/SubjectStatistic/${other.id}`, { token: as('admin') })).status).toBe(200);
    expect((await call(t.app, 'GET', '/Statistic/SubjectStatistic/not-an-id', { token: as('admin') })).status).toBe(400);
  });
});

describe('GET /Statistic/MonitoringVisitsStatistic/{researchId}', () => {
  it('counts the visits by confirmation and time state for planners and for the monitor on the teams', async () => {
    const expected = {
      researchId: w.researchId,
      total: 3,
      confirmed: 1,
      unconfirmed: 2,
      notStarted: 1,
      inProgress: 1,
      finished: 1,
    };
    expect((await stat('MonitoringVisitsStatistic', as('admin'))).body.data).toEqual(expected);
    expect((await stat('MonitoringVisitsStatistic', as('kio'))).body.data).toEqual(expected);
  });

  it('gives a monitor on no team zero and site users 403', async () => {
    const kio = { id: w.world.cast.Kio.centreId, organisationId: w.world.cast.Kio.organisationId };
    const stranger = await makeEmployee(t.app, db(), kio, 'Monitor');
    expect((await stat('MonitoringVisitsStatistic', stranger.token)).body.data).toMatchObject({ total: 0, inProgress: 0 });
    expectError(await stat('MonitoringVisitsStatistic', as('sitePi')), 403, 'forbidden');
  });
});
