import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { researchOrganisations } from '../../src/platform/db/schema/index.js';
import { call } from '../support/test-app.js';
import { makeCentre, makeResearch, makeUser, signIn } from '../support/factories.js';
import { matrix, setupCastApp } from '../support/cast.js';

const { t, world, db, as } = setupCastApp();

const UNKNOWN = '01900000-0000-7000-8000-000000000000';

describe('GET /ResearchOrganisations', () => {
  it("lists a research's centres, paged, with a search over number and organisation", async () => {
    const res = await call(t.app, 'GET', `/ResearchOrganisations?researchId=${world.research.id}`, { token: as('kio') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 10, totalCount: 5 });
    const types = res.body.data.map((c: { organisationTypeString: string }) => c.organisationTypeString).sort();
    expect(types).toEqual(['Admin', 'Kio', 'Qa', 'Site', 'TestSite']);
    const site = res.body.data.find((c: { id: string }) => c.id === world.cast.Site.centreId);
    expect(site).toMatchObject({
      researchOrganisationNumber: expect.any(String),
      organisation: { id: world.cast.Site.organisationId, shortName: expect.any(String), address: expect.any(String) },
      research: { id: world.research.id, grlsProtocolNumber: world.research.grlsProtocolNumber, withIwrs: true },
    });
    const found = await call(
      t.app,
      'GET',
      `/ResearchOrganisations?researchId=${world.research.id}&search=${encodeURIComponent(site.organisation.shortName.toUpperCase())}`,
      { token: as('kio') },
    );
    expect(found.body.data.map((c: { id: string }) => c.id)).toEqual([site.id]);
    const page = await call(t.app, 'GET', `/ResearchOrganisations?researchId=${world.research.id}&pageSize=2&page=3`, {
      token: as('kio'),
    });
    expect(page.body.data).toHaveLength(1);
  });

  it('leaves out deleted centres', async () => {
    const research = await makeResearch(db());
    const gone = await makeCentre(db(), { researchId: research.id, type: 'Site' });
    await makeCentre(db(), { researchId: research.id, type: 'Site' });
    await db().update(researchOrganisations).set({ deletedAt: new Date() }).where(eq(researchOrganisations.id, gone.id));
    const res = await call(t.app, 'GET', `/ResearchOrganisations?researchId=${research.id}`, { token: as('editor') });
    expect(res.body.totalCount).toBe(1);
    expect((await call(t.app, 'GET', `/ResearchOrganisations/${gone.id}`, { token: as('editor') })).status).toBe(404);
  });

  it("an admin-centre manager of another research cannot list this one's centres", async () => {
    const research = await makeResearch(db());
    const adminCentre = await makeCentre(db(), { researchId: research.id, type: 'Admin' });
    const manager = await makeUser(db(), { centre: adminCentre, employeeType: 'Manager' });
    const token = await signIn(t.app, manager.user.email);
    expect((await call(t.app, 'GET', `/ResearchOrganisations?researchId=${world.research.id}`, { token })).status).toBe(403);
    expect((await call(t.app, 'GET', `/ResearchOrganisations/${world.cast.Site.centreId}`, { token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/ResearchOrganisations?researchId=${research.id}`, { token })).status).toBe(200);
  });

  it('400 names a missing researchId; 404 an unknown research', async () => {
    const missing = await call(t.app, 'GET', '/ResearchOrganisations', { token: as('admin') });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ code: 'required', path: 'researchId' });
    const unknown = await call(t.app, 'GET', `/ResearchOrganisations?researchId=${UNKNOWN}`, { token: as('admin') });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].path).toBe('researchId');
  });

  it.each(matrix({ outsider: 403 }, 200))('role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    expect(
      (await call(t.app, 'GET', `/ResearchOrganisations?researchId=${world.research.id}`, { token: as(caller) })).status,
    ).toBe(expected);
  });
});

describe('GET /ResearchOrganisations/{id}', () => {
  it('returns the centre', async () => {
    const res = await call(t.app, 'GET', `/ResearchOrganisations/${world.cast.Qa.centreId}`, { token: as('sitePi') });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: world.cast.Qa.centreId, organisationTypeString: 'Qa' });
  });

  it('404 names an unknown id; 400 a malformed one', async () => {
    const res = await call(t.app, 'GET', `/ResearchOrganisations/${UNKNOWN}`, { token: as('admin') });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].path).toBe('id');
    expect((await call(t.app, 'GET', '/ResearchOrganisations/x', { token: as('admin') })).status).toBe(400);
  });

  it.each(matrix({ outsider: 404 }, 200))('role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    expect((await call(t.app, 'GET', `/ResearchOrganisations/${world.cast.Site.centreId}`, { token: as(caller) })).status).toBe(
      expected,
    );
  });
});
