import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { employees, protocolVersions, researchOrganisations, researchVersions } from '../../src/platform/db/schema/index.js';
import { call } from '../support/test-app.js';
import { makeCentre, makeOrganisation, makeResearch, makeUser, signIn } from '../support/factories.js';
import { auditOf, matrix, setupCastApp } from '../support/cast.js';

const { t, callers, world, db, as } = setupCastApp();

const UNKNOWN = '01900000-0000-7000-8000-000000000000';
let seq = 0;
const uniqueNumber = () => `S-${Date.now() % 100000}-${++seq}`;

const create = (token: string, body: Record<string, unknown>) => call(t.app, 'POST', '/ResearchOrganisations', { token, body });
const update = (token: string, id: string, body: Record<string, unknown>) =>
  call(t.app, 'PUT', `/ResearchOrganisations/${id}`, { token, body });

async function makeVersion(researchId: string, major: number, minor = 0, startedDate = '2026-01-01') {
  const [row] = await db()
    .insert(researchVersions)
    .values({ researchId, majorIndex: major, minorIndex: minor, startedDate, status: 'Working' })
    .returning();
  return row!;
}
async function makeProtocolVersion(researchId: string, number = '1.0') {
  const [row] = await db()
    .insert(protocolVersions)
    .values({ researchId, protocolVersionNumber: number, protocolVersionDate: '2025-12-01' })
    .returning();
  return row!;
}

describe('POST /ResearchOrganisations', () => {
  it('creates a site with its number, and audits it with the research', async () => {
    const org = await makeOrganisation(db());
    const number = uniqueNumber();
    const res = await create(as('editor'), {
      researchId: world.research.id,
      organisationId: org.id,
      organisationTypeString: 'Site',
      researchOrganisationNumber: ` ${number} `,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBeTruthy();
    expect(res.body.data).toMatchObject({
      organisationTypeString: 'Site',
      researchOrganisationNumber: number,
      organisation: { id: org.id, shortName: org.shortName, address: org.address },
      research: { id: world.research.id },
    });
    const [audit] = await auditOf(db(), res.body.data.id, 'research_organisation.create');
    expect(audit).toMatchObject({ userId: callers.editor.userId, researchId: world.research.id, before: null });
    expect(audit!.after).toMatchObject({ organisationId: org.id, organisationType: 'Site', number, deletedAt: null });
  });

  it('derives the numbers of the other types: A-01, Q-01, K-01, T-01, then the next, never reusing one', async () => {
    const research = await makeResearch(db());
    const made: Record<string, string> = {};
    for (const type of ['Admin', 'Qa', 'Kio', 'TestSite', 'Admin'] as const) {
      const res = await create(as('admin'), {
        researchId: research.id,
        organisationId: (await makeOrganisation(db())).id,
        organisationTypeString: type,
      });
      expect(res.status).toBe(200);
      made[res.body.data.researchOrganisationNumber] = res.body.data.id;
    }
    expect(Object.keys(made).sort()).toEqual(['A-01', 'A-02', 'K-01', 'Q-01', 'T-01']);
    expect((await call(t.app, 'DELETE', `/ResearchOrganisations/${made['A-02']}`, { token: as('admin') })).status).toBe(200);
    const next = await create(as('admin'), {
      researchId: research.id,
      organisationId: (await makeOrganisation(db())).id,
      organisationTypeString: 'Admin',
    });
    expect(next.body.data.researchOrganisationNumber).toBe('A-03');
  });

  it('takes a number given for a non-site type as it is', async () => {
    const research = await makeResearch(db());
    const res = await create(as('admin'), {
      researchId: research.id,
      organisationId: (await makeOrganisation(db())).id,
      organisationTypeString: 'Qa',
      researchOrganisationNumber: 'QA-MAIN',
    });
    expect(res.body.data.researchOrganisationNumber).toBe('QA-MAIN');
  });

  it('a site needs its number: 400 names researchOrganisationNumber', async () => {
    for (const researchOrganisationNumber of [undefined, null]) {
      const res = await create(as('admin'), {
        researchId: world.research.id,
        organisationId: (await makeOrganisation(db())).id,
        organisationTypeString: 'Site',
        researchOrganisationNumber,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'required', path: 'researchOrganisationNumber' });
    }
  });

  it('409 names researchOrganisationNumber when the research already has it', async () => {
    const number = uniqueNumber();
    await makeCentre(db(), { researchId: world.research.id, type: 'Site', number });
    const res = await create(as('admin'), {
      researchId: world.research.id,
      organisationId: (await makeOrganisation(db())).id,
      organisationTypeString: 'Site',
      researchOrganisationNumber: number,
    });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'centre_number_taken', path: 'researchOrganisationNumber' });
    expect(res.body.errors[0].message).toContain(number);
    // The same number in another research is fine.
    const other = await makeResearch(db());
    const elsewhere = await create(as('admin'), {
      researchId: other.id,
      organisationId: (await makeOrganisation(db())).id,
      organisationTypeString: 'Site',
      researchOrganisationNumber: number,
    });
    expect(elsewhere.status).toBe(200);
  });

  it('the sponsor (admin organisation) is not also a site of its research, nor a site its admin', async () => {
    const research = await makeResearch(db());
    const sponsor = await makeOrganisation(db());
    const hospital = await makeOrganisation(db());
    expect(
      (await create(as('admin'), { researchId: research.id, organisationId: sponsor.id, organisationTypeString: 'Admin' }))
        .status,
    ).toBe(200);
    const asSite = await create(as('admin'), {
      researchId: research.id,
      organisationId: sponsor.id,
      organisationTypeString: 'Site',
      researchOrganisationNumber: '101',
    });
    expect(asSite.status).toBe(409);
    expect(asSite.body.errors[0]).toMatchObject({ code: 'sponsor_not_site', path: 'organisationId' });
    // A test site of the sponsor is allowed (the sponsor may try its own study).
    expect(
      (await create(as('admin'), { researchId: research.id, organisationId: sponsor.id, organisationTypeString: 'TestSite' }))
        .status,
    ).toBe(200);
    expect(
      (
        await create(as('admin'), {
          researchId: research.id,
          organisationId: hospital.id,
          organisationTypeString: 'Site',
          researchOrganisationNumber: '102',
        })
      ).status,
    ).toBe(200);
    const asAdmin = await create(as('admin'), {
      researchId: research.id,
      organisationId: hospital.id,
      organisationTypeString: 'Admin',
    });
    expect(asAdmin.status).toBe(409);
    expect(asAdmin.body.errors[0]).toMatchObject({ code: 'site_not_sponsor', path: 'organisationId' });
  });

  it('404 names an unknown research or organisation', async () => {
    const noResearch = await create(as('admin'), { researchId: UNKNOWN, organisationId: UNKNOWN, organisationTypeString: 'Qa' });
    expect(noResearch.status).toBe(404);
    expect(noResearch.body.errors[0].path).toBe('researchId');
    const noOrg = await create(as('admin'), {
      researchId: world.research.id,
      organisationId: UNKNOWN,
      organisationTypeString: 'Qa',
    });
    expect(noOrg.status).toBe(404);
    expect(noOrg.body.errors[0].path).toBe('organisationId');
  });

  it.each([
    [{ organisationTypeString: undefined }, 'organisationTypeString', 'required'],
    [{ organisationTypeString: 'Sponsor' }, 'organisationTypeString', 'validation'],
    [{ organisationId: undefined }, 'organisationId', 'required'],
    [{ organisationId: 'nope' }, 'organisationId', 'validation'],
    [{ researchId: undefined }, 'researchId', 'required'],
    [{ researchOrganisationNumber: '' }, 'researchOrganisationNumber', 'validation'],
    [{ researchOrganisationNumber: 'x'.repeat(51) }, 'researchOrganisationNumber', 'validation'],
  ])('400 for %o names %s', async (over, path, code) => {
    const body = {
      researchId: world.research.id,
      organisationId: world.cast.Site.organisationId,
      organisationTypeString: 'Site',
      researchOrganisationNumber: uniqueNumber(),
      ...over,
    };
    const res = await create(as('admin'), body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code, path });
  });

  it('an admin-centre manager of another research cannot create centres in this one', async () => {
    const research = await makeResearch(db());
    const adminCentre = await makeCentre(db(), { researchId: research.id, type: 'Admin' });
    const manager = await makeUser(db(), { centre: adminCentre, employeeType: 'Manager' });
    const token = await signIn(t.app, manager.user.email);
    const body = { organisationId: (await makeOrganisation(db())).id, organisationTypeString: 'Qa' };
    expect((await create(token, { ...body, researchId: world.research.id })).status).toBe(403);
    expect((await create(token, { ...body, researchId: research.id })).status).toBe(200);
  });

  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))(
    'role matrix: %s (%s) gets %i',
    async (_l, caller, expected) => {
      const res = await create(as(caller), {
        researchId: world.research.id,
        organisationId: (await makeOrganisation(db())).id,
        organisationTypeString: 'Site',
        researchOrganisationNumber: uniqueNumber(),
      });
      expect(res.status).toBe(expected);
    },
  );
});

describe('GET /ResearchOrganisations with a type', () => {
  it('lists only centres of that type (the site pickers)', async () => {
    const res = await call(t.app, 'GET', `/ResearchOrganisations?researchId=${world.research.id}&organisationTypeString=Qa`, {
      token: as('admin'),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { organisationTypeString: string }) => c.organisationTypeString)).toEqual(
      Array(res.body.totalCount).fill('Qa'),
    );
    expect(res.body.data.map((c: { id: string }) => c.id)).toContain(world.cast.Qa.centreId);
    const bad = await call(t.app, 'GET', `/ResearchOrganisations?researchId=${world.research.id}&organisationTypeString=Lab`, {
      token: as('admin'),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('organisationTypeString');
  });
});

describe('PUT /ResearchOrganisations/{id}', () => {
  it('changes the number and the organisation, and audits before and after', async () => {
    const centre = await makeCentre(db(), { researchId: world.research.id, type: 'Site', number: uniqueNumber() });
    const org = await makeOrganisation(db());
    const number = uniqueNumber();
    const res = await update(as('admin'), centre.id, { researchOrganisationNumber: number, organisationId: org.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ researchOrganisationNumber: number, organisation: { id: org.id } });
    const [audit] = await auditOf(db(), centre.id, 'research_organisation.update');
    expect(audit).toMatchObject({ researchId: world.research.id });
    expect(audit!.before).toMatchObject({ number: centre.number, organisationId: centre.organisationId });
    expect(audit!.after).toMatchObject({ number, organisationId: org.id });
    // The trailing-slash form the web client may send.
    expect((await call(t.app, 'PUT', `/ResearchOrganisations/${centre.id}/`, { token: as('admin'), body: {} })).status).toBe(200);
    // Nothing changed: nothing audited.
    expect(await auditOf(db(), centre.id, 'research_organisation.update')).toHaveLength(1);
  });

  it('a new type must offer the roles of the centre’s employees', async () => {
    const centre = await makeCentre(db(), { researchId: world.research.id, type: 'Site', number: uniqueNumber() });
    await makeUser(db(), { centre, employeeType: 'PrincipalInvestigator' });
    const toKio = await update(as('admin'), centre.id, { organisationTypeString: 'Kio' });
    expect(toKio.status).toBe(409);
    expect(toKio.body.errors[0]).toMatchObject({ code: 'centre_roles_not_offered', path: 'organisationTypeString' });
    // The type and the roles by the names users read (in English too: messages.test.ts).
    expect(toKio.body.errors[0].message).toBe(
      'У сотрудников центра есть роли, недоступные для типа «КИО»: Главный исследователь',
    );
    const toTestSite = await update(as('admin'), centre.id, {
      organisationTypeString: 'TestSite',
      researchOrganisationNumber: uniqueNumber(),
    });
    expect(toTestSite.status).toBe(200);
    expect(toTestSite.body.data.organisationTypeString).toBe('TestSite');
  });

  it('turning into a non-site type derives a number; into a site needs one', async () => {
    const research = await makeResearch(db());
    const centre = await makeCentre(db(), { researchId: research.id, type: 'Site', number: '7' });
    const toQa = await update(as('admin'), centre.id, { organisationTypeString: 'Qa' });
    expect(toQa.body.data).toMatchObject({ organisationTypeString: 'Qa', researchOrganisationNumber: 'Q-01' });
    const back = await update(as('admin'), centre.id, { organisationTypeString: 'Site' });
    expect(back.status).toBe(400);
    expect(back.body.errors[0]).toMatchObject({ code: 'required', path: 'researchOrganisationNumber' });
    const withNumber = await update(as('admin'), centre.id, { organisationTypeString: 'Site', researchOrganisationNumber: '7' });
    expect(withNumber.body.data).toMatchObject({ organisationTypeString: 'Site', researchOrganisationNumber: '7' });
  });

  it('409 for a number taken in the research, 404 for an unknown organisation or centre, 400 for a bad type', async () => {
    const taken = await makeCentre(db(), { researchId: world.research.id, type: 'Site', number: uniqueNumber() });
    const centre = await makeCentre(db(), { researchId: world.research.id, type: 'Site', number: uniqueNumber() });
    const dup = await update(as('admin'), centre.id, { researchOrganisationNumber: taken.number });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toMatchObject({ code: 'centre_number_taken', path: 'researchOrganisationNumber' });
    const noOrg = await update(as('admin'), centre.id, { organisationId: UNKNOWN });
    expect(noOrg.status).toBe(404);
    expect(noOrg.body.errors[0].path).toBe('organisationId');
    const noCentre = await update(as('admin'), UNKNOWN, {});
    expect(noCentre.status).toBe(404);
    expect(noCentre.body.errors[0].path).toBe('id');
    const badType = await update(as('admin'), centre.id, { organisationTypeString: 'admin' });
    expect(badType.status).toBe(400);
    expect(badType.body.errors[0].path).toBe('organisationTypeString');
  });

  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))(
    'role matrix: %s (%s) gets %i',
    async (_l, caller, expected) => {
      const centre = await makeCentre(db(), { researchId: world.research.id, type: 'Site', number: uniqueNumber() });
      expect((await update(as(caller), centre.id, { researchOrganisationNumber: uniqueNumber() })).status).toBe(expected);
    },
  );
});

describe('DELETE /ResearchOrganisations/{id}', () => {
  it('is refused while the centre has employees (blocked ones too), then soft deletes and audits', async () => {
    const centre = await makeCentre(db(), { researchId: world.research.id, type: 'Site', number: uniqueNumber() });
    const worker = await makeUser(db(), { centre });
    await db().update(employees).set({ hasAccess: false }).where(eq(employees.id, worker.employeeId!));
    const refused = await call(t.app, 'DELETE', `/ResearchOrganisations/${centre.id}`, { token: as('admin') });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ code: 'centre_has_employees', path: 'id' });
    expect(refused.body.errors[0].message).toContain('(1)');
    expect((await call(t.app, 'DELETE', `/Employees/${worker.employeeId}`, { token: as('admin') })).status).toBe(200);
    const res = await call(t.app, 'DELETE', `/ResearchOrganisations/${centre.id}`, { token: as('admin') });
    expect(res.status).toBe(200);
    expect((await call(t.app, 'GET', `/ResearchOrganisations/${centre.id}`, { token: as('admin') })).status).toBe(404);
    const [row] = await db().select().from(researchOrganisations).where(eq(researchOrganisations.id, centre.id));
    expect(row!.deletedAt).not.toBeNull();
    const [audit] = await auditOf(db(), centre.id, 'research_organisation.delete');
    expect(audit).toMatchObject({ researchId: world.research.id });
    expect(audit!.before).toMatchObject({ deletedAt: null });
    expect(audit!.after).toMatchObject({ deletedAt: expect.any(String) });
    expect((await call(t.app, 'DELETE', `/ResearchOrganisations/${centre.id}`, { token: as('admin') })).status).toBe(404);
  });

  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))(
    'role matrix: %s (%s) gets %i',
    async (_l, caller, expected) => {
      const centre = await makeCentre(db(), { researchId: world.research.id, type: 'Kio', number: uniqueNumber() });
      expect((await call(t.app, 'DELETE', `/ResearchOrganisations/${centre.id}`, { token: as(caller) })).status).toBe(expected);
    },
  );
});

describe('ResearchOrganisationVersions', () => {
  const add = (token: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/ResearchOrganisationVersions', { token, body });

  it('assigns versions to a centre; the list is newest first and marks the current one', async () => {
    const centre = await makeCentre(db(), { researchId: world.research.id, type: 'Site', number: uniqueNumber() });
    const v1 = await makeVersion(world.research.id, 1);
    const v2 = await makeVersion(world.research.id, 1, 1);
    const v3 = await makeVersion(world.research.id, 2);
    const pv = await makeProtocolVersion(world.research.id, '3.1');
    const first = await add(as('manager'), {
      researchOrganisationId: centre.id,
      researchVersionId: v1.id,
      protocolVersionId: pv.id,
      startedDate: '2026-01-10',
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      researchOrganisationId: centre.id,
      startedDate: '2026-01-10',
      researchVersion: { id: v1.id, index: '1.0', status: 'Working' },
      protocolVersion: { id: pv.id, protocolVersionNumber: '3.1', protocolVersionDate: '2025-12-01' },
      isCurrent: true,
    });
    const [audit] = await auditOf(db(), first.body.data.id, 'research_organisation_version.create');
    expect(audit).toMatchObject({ researchId: world.research.id, userId: callers.manager.userId });
    expect(audit!.after).toMatchObject({ researchVersionId: v1.id, startedDate: '2026-01-10', researchVersionIndex: '1.0' });
    await add(as('admin'), {
      researchOrganisationId: centre.id,
      researchVersionId: v2.id,
      protocolVersionId: pv.id,
      startedDate: '2026-02-01',
    });
    await add(as('admin'), {
      researchOrganisationId: centre.id,
      researchVersionId: v3.id,
      protocolVersionId: pv.id,
      startedDate: '2999-01-01',
    });
    const list = await call(t.app, 'GET', `/ResearchOrganisationVersions?researchOrganisationId=${centre.id}`, {
      token: as('sitePi'),
    });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, pageSize: 10, totalCount: 3 });
    expect(list.body.data.map((v: { researchVersion: { index: string } }) => v.researchVersion.index)).toEqual([
      '2.0',
      '1.1',
      '1.0',
    ]);
    expect(list.body.data.map((v: { isCurrent: boolean }) => v.isCurrent)).toEqual([false, true, false]);
    const page2 = await call(
      t.app,
      'GET',
      `/ResearchOrganisationVersions?researchOrganisationId=${centre.id}&pageSize=2&page=2`,
      {
        token: as('admin'),
      },
    );
    expect(page2.body.data).toHaveLength(1);
  });

  it('refuses a version twice, a date before the latest, and versions of another research', async () => {
    const centre = await makeCentre(db(), { researchId: world.research.id, type: 'Site', number: uniqueNumber() });
    const v1 = await makeVersion(world.research.id, 5);
    const v2 = await makeVersion(world.research.id, 6);
    const pv = await makeProtocolVersion(world.research.id);
    const other = await makeResearch(db());
    const foreignV = await makeVersion(other.id, 1);
    const foreignPv = await makeProtocolVersion(other.id);
    const base = {
      researchOrganisationId: centre.id,
      researchVersionId: v1.id,
      protocolVersionId: pv.id,
      startedDate: '2026-03-01',
    };
    expect((await add(as('admin'), base)).status).toBe(200);
    const twice = await add(as('admin'), { ...base, startedDate: '2026-04-01' });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0]).toMatchObject({ code: 'centre_version_exists', path: 'researchVersionId' });
    expect(twice.body.errors[0].message).toContain('5.0');
    const earlier = await add(as('admin'), { ...base, researchVersionId: v2.id, startedDate: '2026-02-28' });
    expect(earlier.status).toBe(400);
    expect(earlier.body.errors[0]).toMatchObject({ code: 'version_date_before_previous', path: 'startedDate' });
    const foreign = await add(as('admin'), { ...base, researchVersionId: foreignV.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0]).toMatchObject({ code: 'foreign_research', path: 'researchVersionId' });
    const foreignProtocol = await add(as('admin'), { ...base, researchVersionId: v2.id, protocolVersionId: foreignPv.id });
    expect(foreignProtocol.status).toBe(400);
    expect(foreignProtocol.body.errors[0]).toMatchObject({ code: 'foreign_research', path: 'protocolVersionId' });
    for (const path of ['researchVersionId', 'protocolVersionId', 'researchOrganisationId']) {
      const res = await add(as('admin'), { ...base, researchVersionId: v2.id, [path]: UNKNOWN });
      expect(res.status).toBe(404);
      expect(res.body.errors[0].path).toBe(path);
    }
  });

  it.each([
    [{ startedDate: undefined }, 'startedDate', 'required'],
    [{ startedDate: '01.03.2026' }, 'startedDate', 'validation'],
    [{ researchVersionId: undefined }, 'researchVersionId', 'required'],
    [{ protocolVersionId: undefined }, 'protocolVersionId', 'required'],
    [{ researchOrganisationId: 'x' }, 'researchOrganisationId', 'validation'],
  ])('400 for %o names %s (date, research version and protocol version required)', async (over, path, code) => {
    const res = await add(as('admin'), {
      researchOrganisationId: world.cast.Site.centreId,
      researchVersionId: UNKNOWN,
      protocolVersionId: UNKNOWN,
      startedDate: '2026-01-01',
      ...over,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code, path });
  });

  it('400 names a missing researchOrganisationId on the list', async () => {
    const res = await call(t.app, 'GET', '/ResearchOrganisationVersions', { token: as('admin') });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'required', path: 'researchOrganisationId' });
  });

  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))(
    'POST role matrix: %s (%s) gets %i',
    async (_l, caller, expected) => {
      const centre = await makeCentre(db(), { researchId: world.research.id, type: 'Site', number: uniqueNumber() });
      const v = await makeVersion(world.research.id, 100 + ++seq);
      const pv = await makeProtocolVersion(world.research.id);
      const res = await add(as(caller), {
        researchOrganisationId: centre.id,
        researchVersionId: v.id,
        protocolVersionId: pv.id,
        startedDate: '2026-01-01',
      });
      expect(res.status).toBe(expected);
    },
  );

  it.each(matrix({ outsider: 403 }, 200))('GET role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    const res = await call(t.app, 'GET', `/ResearchOrganisationVersions?researchOrganisationId=${world.cast.Site.centreId}`, {
      token: as(caller),
    });
    expect(res.status).toBe(expected);
  });
});
