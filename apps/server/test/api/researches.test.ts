import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { researches, researchOrganisations } from '../../src/platform/db/schema/index.js';
import { call } from '../support/test-app.js';
import { makeCentre, makeResearch, makeUser, signIn } from '../support/factories.js';
import { CALLERS, matrix, setupCastApp, type CallerName } from '../support/cast.js';

const { t, world, db, as } = setupCastApp();
let other: Awaited<ReturnType<typeof makeResearch>>;
beforeAll(async () => {
  other = await makeResearch(t.database.db, { grlsProtocolNumber: `OTHER-${Date.now()}` });
});

const ids = (body: { data: { id: string }[] }) => body.data.map((x) => x.id);
const UNKNOWN = '01900000-0000-7000-8000-000000000000';

describe('GET /Researches', () => {
  it.each(CALLERS.map((c) => [c, c === 'admin' || c === 'editor' ? 'all' : c === 'outsider' ? 'none' : 'the world']))(
    '%s gets 200 and sees %s',
    async (caller, sees) => {
      const res = await call(t.app, 'GET', '/Researches?pageSize=100', { token: as(caller as CallerName) });
      expect(res.status).toBe(200);
      if (sees === 'all') expect(ids(res.body)).toEqual(expect.arrayContaining([world.research.id, other.id]));
      if (sees === 'the world') expect(ids(res.body)).toEqual([world.research.id]);
      if (sees === 'none') expect(res.body).toMatchObject({ data: [], totalCount: 0 });
    },
  );

  it('returns the research fields, pages and searches', async () => {
    const res = await call(t.app, 'GET', `/Researches?search=${world.research.grlsProtocolNumber.toLowerCase()}`, {
      token: as('admin'),
    });
    expect(res.body).toMatchObject({ page: 1, pageSize: 10, totalCount: 1 });
    expect(res.body.data[0]).toMatchObject({
      id: world.research.id,
      grlsProtocolNumber: world.research.grlsProtocolNumber,
      mnn: 'Testol',
      groupList: ['A', 'B'],
      pointList: [],
      statusString: 'Current',
      withIwrs: true,
      totalPeriods: 1,
      grlsStartDate: null,
    });
    const paged = await call(t.app, 'GET', '/Researches?pageSize=1&page=2', { token: as('admin') });
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.totalCount).toBeGreaterThanOrEqual(2);
  });

  it('dates are YYYY-MM-DD; deleted researches are not listed', async () => {
    const dated = await makeResearch(db(), { grlsStartDate: '2026-03-01', protocolVersionDate: '2025-12-31' });
    const res = await call(t.app, 'GET', `/Researches/${dated.id}`, { token: as('admin') });
    expect(res.body.data).toMatchObject({ grlsStartDate: '2026-03-01', protocolVersionDate: '2025-12-31' });
    await db().update(researches).set({ deletedAt: new Date() }).where(eq(researches.id, dated.id));
    expect((await call(t.app, 'GET', `/Researches/${dated.id}`, { token: as('admin') })).status).toBe(404);
    expect(ids((await call(t.app, 'GET', '/Researches?pageSize=100', { token: as('admin') })).body)).not.toContain(dated.id);
  });

  it('an employee of a deleted centre no longer sees the research', async () => {
    const research = await makeResearch(db());
    const centre = await makeCentre(db(), { researchId: research.id, type: 'Site' });
    const u = await makeUser(db(), { centre });
    const token = await signIn(t.app, u.user.email);
    expect(ids((await call(t.app, 'GET', '/Researches', { token })).body)).toEqual([research.id]);
    await db().update(researchOrganisations).set({ deletedAt: new Date() }).where(eq(researchOrganisations.id, centre.id));
    expect((await call(t.app, 'GET', '/Researches', { token })).body.totalCount).toBe(0);
  });

  it('400 names bad paging', async () => {
    expect((await call(t.app, 'GET', '/Researches?page=-1', { token: as('admin') })).body.errors[0].path).toBe('page');
  });
});

describe('GET /Researches/{id}', () => {
  it.each(matrix({ outsider: 404 }, 200))('role matrix (the world research): %s (%s) gets %i', async (_l, caller, expected) => {
    expect((await call(t.app, 'GET', `/Researches/${world.research.id}`, { token: as(caller) })).status).toBe(expected);
  });

  it.each(matrix({ admin: 200, editor: 200 }, 404))(
    'role matrix (a research nobody works in): %s (%s) gets %i',
    async (_l, caller, expected) => {
      expect((await call(t.app, 'GET', `/Researches/${other.id}`, { token: as(caller) })).status).toBe(expected);
    },
  );

  it('404 names an unknown id; 400 a malformed one', async () => {
    const res = await call(t.app, 'GET', `/Researches/${UNKNOWN}`, { token: as('admin') });
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toMatchObject({ code: 'not_found', path: 'id' });
    expect((await call(t.app, 'GET', '/Researches/42', { token: as('admin') })).body.errors[0].path).toBe('id');
  });
});
