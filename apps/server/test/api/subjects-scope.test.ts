import { beforeAll, describe, expect, it } from 'vitest';
import { SUBJECT_STATUSES, type SubjectStatus } from '@edc/domain';
import { call, expectError } from '../support/test-app.js';
import { matrix } from '../support/cast.js';
import { makeCentre, makeResearch, PASSWORD } from '../support/factories.js';
import {
  daysAgo,
  makeEmployee,
  makeSubject,
  makeSubjectVisit,
  subjectsApi,
  setupSubjectApp,
} from '../support/subject-factories.js';

const { t, w, as } = setupSubjectApp();
/** Subjects of centre 1 (the world's site), centre 2 (a second site) and the test site, made directly. */
let c1: Awaited<ReturnType<typeof makeSubject>>[];
let c2: Awaited<ReturnType<typeof makeSubject>>[];
let testSite: Awaited<ReturnType<typeof makeSubject>>[];

/** Screening numbers chosen so that text order, creation order and centre differ. */
const C1 = [
  ['SCR-003', 'Screened', null],
  ['SCR-010', 'Randomised', 'RND-20'],
  ['scr-001', 'Started', null],
  ['SCR-007', 'Randomised', 'RND-05'],
  ['SCR-5%', 'Failed', null],
] as const;
const C2 = [
  ['SCR-002', 'Randomised', 'RND-10'],
  ['SCR-008', 'End', 'RND-01'],
  ['SCR-004', 'Screened', null],
] as const;

beforeAll(async () => {
  const make = async (
    centreId: string,
    centreNumber: string,
    rows: readonly (readonly [string, SubjectStatus, string | null])[],
  ) => {
    const out = [];
    for (const [screeningNumber, status, randomizationNumber] of rows) {
      out.push(
        await makeSubject(t.database.db, {
          researchId: w.researchId,
          centreId,
          centreNumber,
          status,
          screeningNumber,
          randomizationNumber,
        }),
      );
    }
    return out;
  };
  c1 = await make(w.world.cast.Site.centreId, '01', C1);
  c2 = await make(w.site2Centre.id, '02', C2);
  testSite = await make(w.world.cast.TestSite.centreId, '09', [['TS-001', 'Screened', null]]);
  await makeSubjectVisit(t.database.db, { subjectId: c1[0]!.id, visitId: w.schedule.screening.id, date: daysAgo(40) });
  // A deleted subject is in no list and no count.
  await makeSubject(t.database.db, {
    researchId: w.researchId,
    centreId: w.world.cast.Site.centreId,
    status: 'Screened',
    screeningNumber: 'GONE',
  }).then((s) => subjectsApi(t.app, w.callers.sitePi.token).ok('DELETE', `/Subjects/${s.id}`));
});
const db = () => t.database.db;
const ids = (body: { data: { id: string }[] }) => body.data.map((s) => s.id);
const numbers = (body: { data: { screeningNumber: string }[] }) => body.data.map((s) => s.screeningNumber);
const list = (token: string, query = '') => call(t.app, 'GET', `/Subjects?PageSize=50${query}`, { token });
const counts = (token: string, query = '') => call(t.app, 'GET', `/Subjects/StatusCounts${query ? `?${query}` : ''}`, { token });

describe('scoping', () => {
  it('a site user sees only the subjects of their own centre, in lists and counts', async () => {
    const mine = await list(w.site2.token);
    expect(mine.status).toBe(200);
    expect(new Set(ids(mine.body))).toEqual(new Set(c2.map((s) => s.id)));
    expect(mine.body.totalCount).toBe(3);
    const n = (await counts(w.site2.token)).body.data;
    expect(n).toMatchObject({ total: 3, counts: { Randomised: 1, End: 1, Screened: 1, Started: 0, Failed: 0 } });
    expect((await list(as('testSitePi'))).body.totalCount).toBe(1);
  });

  it('a site user of centre 2 gets 404 for every call about a centre-1 subject', async () => {
    const s = c1[0]!;
    const token = w.site2.token;
    const v = (await call(t.app, 'GET', `/SubjectsVisit?subjectId=${s.id}`, { token: as('qa') })).body.data[0];
    const calls: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['id', 'GET', `/Subjects/${s.id}`],
      ['id', 'GET', `/Subjects/${s.id}/List`],
      ['subjectId', 'GET', `/SubjectsVisit?subjectId=${s.id}`],
      ['id', 'PUT', `/Subjects/${s.id}/`, { version: 1, fullName: 'x' }],
      [
        'id',
        'POST',
        `/Subjects/${s.id}/Randomise`,
        { version: 1, randomizationDate: daysAgo(1), randomizationGroup: 'A', randomizationNumber: 'Z' },
      ],
      ['id', 'POST', `/Subjects/${s.id}/Failure`, { version: 1, endDate: daysAgo(1), endReason: 'x' }],
      ['id', 'POST', `/Subjects/${s.id}/End`, { version: 1, endDate: daysAgo(1) }],
      ['id', 'POST', `/Subjects/${s.id}/EndAheadSchedule`, { version: 1, endDate: daysAgo(1), endReason: 'x' }],
      ['id', 'POST', `/Subjects/${s.id}/Sign`, { version: 1, password: PASSWORD }],
      ['id', 'DELETE', `/Subjects/${s.id}`],
      ['subjectId', 'POST', '/SubjectsVisit', { subjectId: s.id, visitId: w.schedule.period.id, date: daysAgo(1) }],
      ['id', 'POST', `/SubjectsVisit/${v.id}/ChangeDate?date=${daysAgo(2)}`],
    ];
    for (const [path, method, url, body] of calls) {
      const res = await call(t.app, method, url, { token, body });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.errors[0].path, `${method} ${url}`).toBe(path);
    }
  });

  it('a site user filtering by another centre finds nothing there', async () => {
    const q = `&researchOrganisationId=${w.world.cast.Site.centreId}`;
    expect((await list(w.site2.token, q)).body).toMatchObject({ data: [], totalCount: 0 });
    expect((await counts(w.site2.token, q.slice(1))).body.data.total).toBe(0);
  });

  it.each(['qa', 'kio', 'manager'] as const)('%s sees every centre and filters by one', async (caller) => {
    const all = await list(as(caller));
    expect(all.body.totalCount).toBe(C1.length + C2.length + 1);
    const one = await list(as(caller), `&researchOrganisationId=${w.site2Centre.id}`);
    expect(new Set(ids(one.body))).toEqual(new Set(c2.map((s) => s.id)));
    expect((await counts(as(caller), `researchOrganisationId=${w.site2Centre.id}`)).body.data.total).toBe(3);
    expect((await counts(as(caller))).body.data.total).toBe(9);
  });

  it('Admin and Editor roles name the research (any research); without one and without an employee: 400', async () => {
    expectError(await list(as('admin')), 400, 'research_required', 'researchId');
    expectError(await counts(as('editor')), 400, 'research_required', 'researchId');
    expect((await list(as('editor'), `&researchId=${w.researchId}`)).body.totalCount).toBe(9);
    const other = await makeResearch(db());
    const centre = await makeCentre(db(), { researchId: other.id, type: 'Site' });
    await makeSubject(db(), { researchId: other.id, centreId: centre.id });
    expect((await list(as('admin'), `&researchId=${other.id}`)).body.totalCount).toBe(1);
    expectError(await list(as('admin'), `&researchId=01900000-0000-7000-8000-000000000000`), 404, 'not_found', 'researchId');
  });

  it('an employee naming another research gets 403; an unknown or foreign centre filter 404', async () => {
    const other = await makeResearch(db());
    const foreignCentre = await makeCentre(db(), { researchId: other.id, type: 'Site' });
    expectError(await list(as('qa'), `&researchId=${other.id}`), 403, 'no_research_access', 'researchId');
    expect((await list(as('qa'), `&researchId=${w.researchId}`)).status).toBe(200);
    expectError(await list(as('qa'), `&researchOrganisationId=${foreignCentre.id}`), 404, 'not_found', 'researchOrganisationId');
    expectError(
      await list(as('admin'), `&researchId=${w.researchId}&researchOrganisationId=${foreignCentre.id}`),
      404,
      'not_found',
      'researchOrganisationId',
    );
  });

  it.each(matrix({ outsider: 403, admin: 400, editor: 400 }, 200))(
    'role matrix (GET /Subjects): %s (%s) gets %i',
    async (_l, caller, expected) => {
      expect((await list(as(caller))).status).toBe(expected);
      expect((await counts(as(caller))).status).toBe(expected);
    },
  );

  it('401 without a session', async () => {
    expect((await call(t.app, 'GET', '/Subjects')).status).toBe(401);
  });
});

describe('blinding', () => {
  it.each([
    ['an unblinded site nurse', () => w.unblinded.token, true],
    ['user role Admin', () => as('admin'), true],
    ['an admin-centre manager', () => as('manager'), true],
    ['a site principal investigator', () => as('sitePi'), false],
    ['a QA specialist', () => as('qa'), false],
    ['a monitor', () => as('kio'), false],
    ['user role Editor', () => as('editor'), false],
  ] as const)('%s: randomisation group shown = %s', async (_label, token, sees) => {
    const subject = c1[1]!;
    const one = await call(t.app, 'GET', `/Subjects/${subject.id}`, { token: token() });
    expect(one.status).toBe(200);
    const rows = await list(
      token(),
      `&researchId=${w.researchId}&researchOrganisationId=${w.world.cast.Site.centreId}&statusList=Randomised`,
    );
    const row = rows.body.data.find((s: { id: string }) => s.id === subject.id);
    if (sees) {
      expect(one.body.data.randomizationGroup).toBe('A');
      expect(row.randomizationGroup).toBe('A');
    } else {
      expect(one.body.data).not.toHaveProperty('randomizationGroup');
      expect(row).not.toHaveProperty('randomizationGroup');
      expect(JSON.stringify(rows.body)).not.toContain('"randomizationGroup"');
    }
    expect(one.body.data.randomizationNumber).toBe('RND-20');
  });

  it('a sponsor-role employee of the admin centre stays blinded', async () => {
    const sponsor = await makeEmployee(
      t.app,
      db(),
      { id: w.world.cast.Admin.centreId, organisationId: w.world.cast.Admin.organisationId },
      'Manager',
      {
        userRole: 'Sponsor',
      },
    );
    const one = await call(t.app, 'GET', `/Subjects/${c1[1]!.id}`, { token: sponsor.token });
    expect(one.status).toBe(200);
    expect(one.body.data).not.toHaveProperty('randomizationGroup');
  });

  it('a blinded investigator who randomises is not told the group back', async () => {
    const site = subjectsApi(t.app, as('sitePi'));
    const s = await site.create();
    await site.visit(s.id, w.schedule.screening.id);
    const res = await site.randomise(s.id, { randomizationGroup: 'B' });
    expect(res.status).toBe('Randomised');
    expect(res).not.toHaveProperty('randomizationGroup');
    const unblinded = await call(t.app, 'GET', `/Subjects/${s.id}`, { token: w.unblinded.token });
    expect(unblinded.body.data.randomizationGroup).toBe('B');
    await site.ok('DELETE', `/Subjects/${s.id}`);
  });
});

describe('paging', () => {
  it('pages with Page and PageSize (10, 25, 50), from 1, with the total', async () => {
    const first = await call(t.app, 'GET', '/Subjects?Page=1&PageSize=10', { token: as('qa') });
    expect(first.body).toMatchObject({ page: 1, pageSize: 10, totalCount: 9 });
    expect(first.body.data).toHaveLength(9);
    const beyond = await call(t.app, 'GET', '/Subjects?Page=2&PageSize=10', { token: as('qa') });
    expect(beyond.body).toMatchObject({ page: 2, pageSize: 10, totalCount: 9, data: [] });
    const lower = await call(t.app, 'GET', '/Subjects?page=1&pageSize=25', { token: as('qa') });
    expect(lower.body).toMatchObject({ page: 1, pageSize: 25 });
    const byDefault = await call(t.app, 'GET', '/Subjects', { token: as('qa') });
    expect(byDefault.body).toMatchObject({ page: 1, pageSize: 10 });
  });

  it('walks a longer list in pages of 10 without gaps or repeats, sorted across pages', async () => {
    const research = await makeResearch(db());
    const centre = await makeCentre(db(), { researchId: research.id, type: 'Site', number: 'P' });
    for (let i = 0; i < 23; i++) {
      await makeSubject(db(), {
        researchId: research.id,
        centreId: centre.id,
        screeningNumber: `P-${String(i).padStart(2, '0')}`,
      });
    }
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const res = await call(t.app, 'GET', `/Subjects?researchId=${research.id}&Page=${page}&PageSize=10&sortByScrNumber=desc`, {
        token: as('admin'),
      });
      expect(res.body).toMatchObject({ page, pageSize: 10, totalCount: 23 });
      pages.push(numbers(res.body));
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
    expect(pages.flat()).toEqual(Array.from({ length: 23 }, (_, i) => `P-${String(22 - i).padStart(2, '0')}`));
  });

  it.each([
    ['PageSize=7', 'PageSize'],
    ['PageSize=100', 'PageSize'],
    ['Page=0', 'Page'],
    ['Page=x', 'Page'],
  ])('refuses %s with 400 naming it', async (q, path) => {
    expectError(await call(t.app, 'GET', `/Subjects?${q}`, { token: as('qa') }), 400, 'validation', path);
  });
});

describe('sorting', () => {
  const sorted = (values: string[], dir: 'asc' | 'desc') =>
    [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0) * (dir === 'asc' ? 1 : -1));
  const all = () => [...c1, ...c2, ...testSite];

  it.each(['asc', 'desc'] as const)('by screening number %s', async (dir) => {
    const res = await list(as('qa'), `&sortByScrNumber=${dir}`);
    expect(numbers(res.body)).toEqual(sorted(numbers(res.body), dir));
    expect(res.body.data).toHaveLength(9);
  });

  it.each(['asc', 'desc'] as const)('by randomisation number %s, the unrandomised last either way', async (dir) => {
    const res = await list(as('qa'), `&sortByRandNumber=${dir}`);
    const values = res.body.data.map((s: { randomizationNumber: string | null }) => s.randomizationNumber);
    const set = values.filter((v: string | null) => v !== null);
    expect(set).toEqual(sorted(set, dir));
    expect(values.slice(set.length).every((v: string | null) => v === null)).toBe(true);
    expect(set).toEqual(dir === 'asc' ? ['RND-01', 'RND-05', 'RND-10', 'RND-20'] : ['RND-20', 'RND-10', 'RND-05', 'RND-01']);
  });

  it.each(['asc', 'desc'] as const)('by identification number %s', async (dir) => {
    const res = await list(as('qa'), `&sortByIdentNumber=${dir}`);
    const values = res.body.data.map((s: { identificationNumber: string }) => s.identificationNumber);
    expect(values).toEqual(sorted(values, dir));
    expect(values[dir === 'asc' ? 0 : values.length - 1]).toMatch(/^01-/);
  });

  it('with no sort (or an empty one), in enrolment order', async () => {
    const expected = all().map((s) => s.id);
    expect(ids((await list(as('qa'))).body)).toEqual(expected);
    expect(ids((await list(as('qa'), '&sortByScrNumber=&sortByRandNumber=')).body)).toEqual(expected);
  });

  it('refuses an unknown direction with 400 naming it', async () => {
    expectError(await list(as('qa'), '&sortByScrNumber=up'), 400, 'validation', 'sortByScrNumber');
  });
});

describe('filters', () => {
  it.each([
    ['screeningNumber=scr-00', ['SCR-003', 'scr-001', 'SCR-007', 'SCR-002', 'SCR-008', 'SCR-004']],
    ['screeningNumber=5%25', ['SCR-5%']],
    ['screeningNumber=_', []],
    ['randomisationNumber=rnd-0', ['SCR-007', 'SCR-008']],
    ['identificationNumber=02-', ['SCR-002', 'SCR-008', 'SCR-004']],
    ['screeningNumber=', ['SCR-003', 'SCR-010', 'scr-001', 'SCR-007', 'SCR-5%', 'SCR-002', 'SCR-008', 'SCR-004', 'TS-001']],
  ])('%s (contains, case-insensitive)', async (q, expected) => {
    const res = await list(as('qa'), `&${q}`);
    expect(new Set(numbers(res.body))).toEqual(new Set(expected));
    expect(res.body.totalCount).toBe(expected.length);
  });

  it('statusList: one status, several (repeated), none', async () => {
    const one = await list(as('qa'), '&statusList=Randomised');
    expect(new Set(numbers(one.body))).toEqual(new Set(['SCR-010', 'SCR-007', 'SCR-002']));
    const two = await list(as('qa'), '&statusList=Screened&statusList=Failed');
    expect(new Set(numbers(two.body))).toEqual(new Set(['SCR-003', 'SCR-5%', 'SCR-004', 'TS-001']));
    expect((await list(as('qa'), '&statusList=Deleted')).body.totalCount).toBe(0);
  });

  it('refuses an unknown status with 400', async () => {
    const res = await list(as('qa'), '&statusList=Gone');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toMatch(/^statusList/);
  });

  it('filters combine', async () => {
    const res = await list(
      as('qa'),
      `&statusList=Randomised&researchOrganisationId=${w.world.cast.Site.centreId}&sortByRandNumber=asc`,
    );
    expect(numbers(res.body)).toEqual(['SCR-007', 'SCR-010']);
  });

  it('each row carries its subject visits for the matrix', async () => {
    const res = await list(as('qa'), '&screeningNumber=SCR-003');
    expect(res.body.data[0].subjectVisitList).toEqual([
      expect.objectContaining({
        visitId: w.schedule.screening.id,
        date: daysAgo(40),
        formCompletedStatus: 'Empty',
        repeatIndex: 0,
      }),
    ]);
  });
});

describe('GET /Subjects/StatusCounts', () => {
  it('counts every status but Deleted, over the filters, ignoring a status filter', async () => {
    const res = await counts(as('qa'), 'statusList=Randomised');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data.counts).sort()).toEqual(SUBJECT_STATUSES.filter((s) => s !== 'Deleted').sort());
    expect(res.body.data).toEqual({
      total: 9,
      counts: { Started: 1, Screened: 3, Randomised: 3, Failed: 1, End: 1, EndAheadSchedule: 0 },
    });
    const filtered = await counts(as('kio'), 'screeningNumber=SCR-00');
    expect(filtered.body.data.total).toBe(6);
  });
});
