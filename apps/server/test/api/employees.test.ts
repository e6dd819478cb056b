import { beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_TYPES } from '@edc/domain';
import { call } from '../support/test-app.js';
import { makeCentre, makeResearch, makeUser, signIn } from '../support/factories.js';
import { auditOf, CALLER_LABELS, matrix, setupCastApp } from '../support/cast.js';

const { t, callers, world, db, as } = setupCastApp();
let site: { id: string; organisationId: string };
beforeAll(async () => {
  site = { id: world.cast.Site.centreId, organisationId: world.cast.Site.organisationId };
});

const UNKNOWN = '01900000-0000-7000-8000-000000000000';
const me = async (token: string) => (await call(t.app, 'GET', '/Users/me', { token })).body.data;
const SITE_KEYS = ['subject_matrix', 'subjects_edit', 'journals'];

/** A fresh employee of a centre (current for its user, a verified member of the centre's organisation), signed in. */
async function employee(centre = site, employeeType: 'PrincipalInvestigator' | 'CoResearcher' = 'CoResearcher') {
  const u = await makeUser(db(), { centre, employeeType });
  return {
    id: u.employeeId!,
    userId: u.user.id,
    organisationUserId: u.organisationUserId!,
    token: await signIn(t.app, u.user.email),
  };
}

/** A second research with its own admin centre and manager: their centers_settings must not reach the world's. */
async function otherResearch() {
  const research = await makeResearch(db());
  const adminCentre = await makeCentre(db(), { researchId: research.id, type: 'Admin' });
  const siteCentre = await makeCentre(db(), { researchId: research.id, type: 'Site' });
  const manager = await makeUser(db(), { centre: adminCentre, employeeType: 'Manager' });
  return { research, siteCentre, managerToken: await signIn(t.app, manager.user.email) };
}

describe('GET /Employees', () => {
  it("lists a centre's employees, paged, with a search", async () => {
    const extra = await employee();
    const res = await call(t.app, 'GET', `/Employees?researchOrganisationId=${site.id}&pageSize=1`, { token: as('sitePi') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 1, totalCount: 2 });
    expect(res.body.data[0]).toMatchObject({
      researchOrganisation: { id: site.id, organisationTypeString: 'Site', research: { id: world.research.id } },
    });
    const email = (await me(extra.token)).user.email;
    const found = await call(t.app, 'GET', `/Employees?researchOrganisationId=${site.id}&search=${encodeURIComponent(email)}`, {
      token: as('sitePi'),
    });
    expect(found.body.data.map((e: { id: string }) => e.id)).toEqual([extra.id]);
  });

  it("without a centre: every employee for the role's centers_settings, else the current research's", async () => {
    const other = await otherResearch();
    const all = await call(t.app, 'GET', '/Employees?pageSize=100', { token: as('editor') });
    const researches = new Set(
      all.body.data.map((e: { researchOrganisation: { research: { id: string } } }) => e.researchOrganisation.research.id),
    );
    expect(researches).toEqual(new Set([world.research.id, other.research.id]));
    const mine = await call(t.app, 'GET', '/Employees?pageSize=100', { token: as('kio') });
    expect(mine.status).toBe(200);
    expect(
      mine.body.data.every(
        (e: { researchOrganisation: { research: { id: string } } }) => e.researchOrganisation.research.id === world.research.id,
      ),
    ).toBe(true);
    expect(mine.body.totalCount).toBeGreaterThanOrEqual(5);
    expect((await call(t.app, 'GET', '/Employees', { token: as('outsider') })).status).toBe(403);
  });

  it("an admin-centre manager of another research cannot list this one's", async () => {
    const other = await otherResearch();
    expect((await call(t.app, 'GET', `/Employees?researchOrganisationId=${site.id}`, { token: other.managerToken })).status).toBe(
      403,
    );
    expect(
      (await call(t.app, 'GET', `/Employees?researchOrganisationId=${other.siteCentre.id}`, { token: other.managerToken }))
        .status,
    ).toBe(200);
  });

  it('404 names an unknown centre; 400 a malformed one', async () => {
    const unknown = await call(t.app, 'GET', `/Employees?researchOrganisationId=${UNKNOWN}`, { token: as('admin') });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].path).toBe('researchOrganisationId');
    const bad = await call(t.app, 'GET', '/Employees?researchOrganisationId=abc', { token: as('admin') });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('researchOrganisationId');
  });

  it.each(matrix({ outsider: 403 }, 200))('role matrix (a site centre): %s (%s) gets %i', async (_l, caller, expected) => {
    expect((await call(t.app, 'GET', `/Employees?researchOrganisationId=${site.id}`, { token: as(caller) })).status).toBe(
      expected,
    );
  });
});

describe('GET /Employees/Candidates', () => {
  const candidates = (token: string, query: string) => call(t.app, 'GET', `/Employees/Candidates?${query}`, { token });

  it("offers the centre organisation's verified members who are not its employees, searched and paged", async () => {
    const free = await makeUser(db(), { organisationId: site.organisationId });
    const other = await makeUser(db(), { organisationId: site.organisationId });
    const unverified = await makeUser(db(), { organisationId: site.organisationId, verified: false });
    const employed = await employee();
    const res = await candidates(as('editor'), `researchOrganisationId=${site.id}&pageSize=100`);
    expect(res.status).toBe(200);
    const ids = res.body.data.map((m: { user: { id: string } }) => m.user.id);
    expect(ids).toEqual(expect.arrayContaining([free.user.id, other.user.id]));
    expect(ids).not.toContain(unverified.user.id);
    expect(ids).not.toContain(employed.userId);
    expect(res.body.totalCount).toBe(ids.length);
    expect(res.body.data.every((m: { organisation: { id: string } }) => m.organisation.id === site.organisationId)).toBe(true);

    const found = await candidates(
      as('editor'),
      `researchOrganisationId=${site.id}&search=${encodeURIComponent(free.user.email)}`,
    );
    expect(found.body).toMatchObject({ totalCount: 1, data: [{ user: { id: free.user.id, email: free.user.email } }] });
    const page = await candidates(as('editor'), `researchOrganisationId=${site.id}&pageSize=1&page=2`);
    expect(page.body).toMatchObject({ page: 2, pageSize: 1, totalCount: ids.length });
    expect(page.body.data).toHaveLength(1);

    // Once removed from the centre, a member is offered again.
    await call(t.app, 'DELETE', `/Employees/${employed.id}`, { token: as('editor') });
    const again = await candidates(as('editor'), `researchOrganisationId=${site.id}&pageSize=100`);
    expect(again.body.data.map((m: { user: { id: string } }) => m.user.id)).toContain(employed.userId);
  });

  it("needs centers_settings in the centre's research: a site PI and another research's manager are refused", async () => {
    expect((await candidates(as('sitePi'), `researchOrganisationId=${site.id}`)).status).toBe(403);
    const other = await otherResearch();
    expect((await candidates(other.managerToken, `researchOrganisationId=${site.id}`)).status).toBe(403);
    expect((await candidates(other.managerToken, `researchOrganisationId=${other.siteCentre.id}`)).status).toBe(200);
  });

  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))(
    'role matrix: %s (%s) gets %i',
    async (_l, caller, expected) => {
      expect((await candidates(as(caller), `researchOrganisationId=${site.id}`)).status).toBe(expected);
    },
  );

  it('400 names a missing or malformed centre; 404 an unknown one', async () => {
    const missing = await candidates(as('editor'), 'search=x');
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('researchOrganisationId');
    expect((await candidates(as('editor'), 'researchOrganisationId=nope')).status).toBe(400);
    const unknown = await candidates(as('editor'), `researchOrganisationId=${UNKNOWN}`);
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(unknown.body)).toContain('researchOrganisationId');
  });
});

describe('GET /Employees/EmployeeTypeList', () => {
  it.each([
    ['Admin', ['HeadOfOrganisation', 'Manager']],
    ['Qa', ['HeadOfQa', 'SpecialistQa', 'DataManager']],
    ['Kio', ['Monitor']],
  ] as const)('offers the %s centre its roles', async (type, roles) => {
    const res = await call(t.app, 'GET', `/Employees/EmployeeTypeList?researchOrganisationId=${world.cast[type].centreId}`, {
      token: as('manager'),
    });
    expect(res.body.data).toEqual(roles);
  });

  it('offers a site the site roles (no manager, no QA roles); with no centre every role', async () => {
    const siteRoles = (
      await call(t.app, 'GET', `/Employees/EmployeeTypeList?researchOrganisationId=${site.id}`, { token: as('admin') })
    ).body.data;
    expect(siteRoles).toContain('PrincipalInvestigator');
    expect(siteRoles).not.toContain('Manager');
    expect(siteRoles).not.toContain('SpecialistQa');
    expect((await call(t.app, 'GET', '/Employees/EmployeeTypeList', { token: as('admin') })).body.data).toEqual([
      ...EMPLOYEE_TYPES,
    ]);
  });

  it('404 names an unknown centre; 401 without a session', async () => {
    const res = await call(t.app, 'GET', `/Employees/EmployeeTypeList?researchOrganisationId=${UNKNOWN}`, { token: as('admin') });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].path).toBe('researchOrganisationId');
    expect((await call(t.app, 'GET', '/Employees/EmployeeTypeList')).status).toBe(401);
  });

  it.each(matrix({}, 200))('role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    expect(
      (await call(t.app, 'GET', `/Employees/EmployeeTypeList?researchOrganisationId=${site.id}`, { token: as(caller) })).status,
    ).toBe(expected);
  });
});

describe('POST /Employees', () => {
  it('adds an employee, audited with the research', async () => {
    const u = await makeUser(db());
    const res = await call(t.app, 'POST', '/Employees', {
      token: as('manager'),
      body: { researchOrganisationId: site.id, employeeTypeString: 'Nurse', userId: u.user.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      employeeType: 'Nurse',
      hasAccess: true,
      user: { id: u.user.id },
      researchOrganisation: { id: site.id },
    });
    const [audit] = await auditOf(db(), res.body.data.id, 'employee.create');
    expect(audit!.researchId).toBe(world.research.id);
    expect(audit!.userId).toBe(callers.manager.userId);
    expect(audit!.before).toBeNull();
    expect(audit!.after).toMatchObject({
      userId: u.user.id,
      researchOrganisationId: site.id,
      employeeType: 'Nurse',
      hasAccess: true,
    });
  });

  it('refuses a role not offered for the centre type with 400 naming employeeTypeString', async () => {
    const u = await makeUser(db());
    const res = await call(t.app, 'POST', '/Employees', {
      token: as('admin'),
      body: { researchOrganisationId: site.id, employeeTypeString: 'Monitor', userId: u.user.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'role_not_offered', path: 'employeeTypeString' });
    expect(res.body.errors[0].message).toContain('Monitor');
  });

  it('refuses the same user in the same role twice with 409', async () => {
    const res = await call(t.app, 'POST', '/Employees', {
      token: as('admin'),
      body: { researchOrganisationId: site.id, employeeTypeString: 'PrincipalInvestigator', userId: callers.sitePi.userId },
    });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'already_employee', path: 'userId' });
  });

  it('404 names an unknown user or centre', async () => {
    const user = await call(t.app, 'POST', '/Employees', {
      token: as('admin'),
      body: { researchOrganisationId: site.id, employeeTypeString: 'Nurse', userId: UNKNOWN },
    });
    expect(user.status).toBe(404);
    expect(user.body.errors[0].path).toBe('userId');
    const centre = await call(t.app, 'POST', '/Employees', {
      token: as('admin'),
      body: { researchOrganisationId: UNKNOWN, employeeTypeString: 'Nurse', userId: callers.kio.userId },
    });
    expect(centre.status).toBe(404);
    expect(centre.body.errors[0].path).toBe('researchOrganisationId');
  });

  it.each([
    [{ employeeTypeString: 'Nurse', userId: UNKNOWN }, 'researchOrganisationId', 'required'],
    [{ researchOrganisationId: UNKNOWN, userId: UNKNOWN }, 'employeeTypeString', 'required'],
    [{ researchOrganisationId: UNKNOWN, employeeTypeString: 'Nurse' }, 'userId', 'required'],
    [{ researchOrganisationId: UNKNOWN, employeeTypeString: 'Wizard', userId: UNKNOWN }, 'employeeTypeString', 'validation'],
  ])('refuses %j with 400 naming %s', async (body, path, code) => {
    const res = await call(t.app, 'POST', '/Employees', { token: as('admin'), body });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path, code });
  });

  it("an admin-centre manager of another research cannot add to this one's centres", async () => {
    const other = await otherResearch();
    const u = await makeUser(db());
    const body = { employeeTypeString: 'Nurse', userId: u.user.id };
    expect(
      (await call(t.app, 'POST', '/Employees', { token: other.managerToken, body: { ...body, researchOrganisationId: site.id } }))
        .status,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'POST', '/Employees', {
          token: other.managerToken,
          body: { ...body, researchOrganisationId: other.siteCentre.id },
        })
      ).status,
    ).toBe(200);
  });

  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))(
    'role matrix: %s (%s) gets %i',
    async (_l, caller, expected) => {
      const u = await makeUser(db());
      const res = await call(t.app, 'POST', '/Employees', {
        token: as(caller),
        body: { researchOrganisationId: site.id, employeeTypeString: 'CoResearcher', userId: u.user.id },
      });
      expect(res.status).toBe(expected);
    },
  );
});

describe('DELETE /Employees/{id}', () => {
  it('soft-deletes the employee and clears it as its user’s current one', async () => {
    const e = await employee();
    expect((await me(e.token)).currentEmployeeId).toBe(e.id);
    const res = await call(t.app, 'DELETE', `/Employees/${e.id}`, { token: as('editor') });
    expect(res.status).toBe(200);
    expect(await me(e.token)).toMatchObject({ currentEmployeeId: null, employees: [] });
    const [audit] = await auditOf(db(), e.id, 'employee.delete');
    expect(audit!.researchId).toBe(world.research.id);
    expect(audit!.before).toMatchObject({ deletedAt: null, hasAccess: true });
    expect(audit!.after).toMatchObject({ deletedAt: expect.any(String), currentCleared: true });
    expect((await call(t.app, 'DELETE', `/Employees/${e.id}`, { token: as('editor') })).status).toBe(404);
  });

  it('400 names a malformed id', async () => {
    expect((await call(t.app, 'DELETE', '/Employees/nope', { token: as('admin') })).body.errors[0].path).toBe('id');
  });

  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))(
    'role matrix: %s (%s) gets %i',
    async (_l, caller, expected) => {
      const e = await employee();
      expect((await call(t.app, 'DELETE', `/Employees/${e.id}`, { token: as(caller) })).status).toBe(expected);
    },
  );
});

describe('POST /Employees/{id}/ToggleAccess', () => {
  it('blocks and reopens; a blocked current employee gives no context and cannot be made current', async () => {
    const e = await employee(site, 'PrincipalInvestigator');
    const before = await me(e.token);
    expect(before.currentEmployeeId).toBe(e.id);
    expect(before.permissions).toEqual(expect.arrayContaining(SITE_KEYS));

    const blocked = await call(t.app, 'POST', `/Employees/${e.id}/ToggleAccess`, { token: as('manager') });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data.hasAccess).toBe(false);
    const after = await me(e.token);
    expect(after.currentEmployeeId).toBeNull();
    for (const key of SITE_KEYS) expect(after.permissions).not.toContain(key);
    expect(after.homePath).toBe('/pageAtWork');

    const refused = await call(t.app, 'POST', `/Employees/${e.id}/SetCurrent`, { token: e.token });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ code: 'employee_blocked', path: 'id' });
    // Nor does the blocked employee open its research.
    expect((await call(t.app, 'GET', `/Researches/${world.research.id}`, { token: e.token })).status).toBe(404);

    await call(t.app, 'POST', `/Employees/${e.id}/ToggleAccess`, { token: as('manager') });
    expect((await me(e.token)).currentEmployeeId).toBe(e.id);
    const audits = await auditOf(db(), e.id, 'employee.toggle_access');
    expect(
      audits.map((a) => [(a.before as { hasAccess: boolean }).hasAccess, (a.after as { hasAccess: boolean }).hasAccess]),
    ).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it('404 for an unknown employee', async () => {
    expect((await call(t.app, 'POST', `/Employees/${UNKNOWN}/ToggleAccess`, { token: as('admin') })).status).toBe(404);
  });

  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))(
    'role matrix: %s (%s) gets %i',
    async (_l, caller, expected) => {
      const e = await employee();
      expect((await call(t.app, 'POST', `/Employees/${e.id}/ToggleAccess`, { token: as(caller) })).status).toBe(expected);
    },
  );
});

describe('POST /Employees/{id}/SetCurrent', () => {
  it('makes one’s own employee current, with one’s verified membership of its organisation; audited', async () => {
    const e = await employee();
    // A second employee in the Qa centre, with a verified membership of the Qa organisation.
    const qaCentre = world.cast.Qa.centreId;
    const second = await call(t.app, 'POST', '/Employees', {
      token: as('admin'),
      body: { researchOrganisationId: qaCentre, employeeTypeString: 'DataManager', userId: e.userId },
    });
    const membership = await call(t.app, 'POST', '/OrganisationUsers', {
      token: as('admin'),
      body: { userId: e.userId, organisationId: world.cast.Qa.organisationId },
    });
    const res = await call(t.app, 'POST', `/Employees/${second.body.data.id}/SetCurrent`, { token: e.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: second.body.data.id, employeeType: 'DataManager' });
    const now = await me(e.token);
    expect(now).toMatchObject({ currentEmployeeId: second.body.data.id, currentOrganisationUserId: membership.body.data.id });
    expect(now.permissions).toContain('qa_validation_visits');
    const [audit] = await auditOf(db(), e.userId, 'user.set_current_employee');
    expect(audit!.before).toEqual({ currentEmployeeId: e.id, currentOrganisationUserId: e.organisationUserId });
    expect(audit!.after).toEqual({ currentEmployeeId: second.body.data.id, currentOrganisationUserId: membership.body.data.id });
    expect(audit!.researchId).toBe(world.research.id);
  });

  it('keeps the current organisation when the user is not a verified member of the centre’s', async () => {
    const e = await employee();
    const kio = await call(t.app, 'POST', '/Employees', {
      token: as('admin'),
      body: { researchOrganisationId: world.cast.Kio.centreId, employeeTypeString: 'Monitor', userId: e.userId },
    });
    expect((await call(t.app, 'POST', `/Employees/${kio.body.data.id}/SetCurrent`, { token: e.token })).status).toBe(200);
    expect(await me(e.token)).toMatchObject({
      currentEmployeeId: kio.body.data.id,
      currentOrganisationUserId: e.organisationUserId,
    });
  });

  it('404 for an unknown employee', async () => {
    expect((await call(t.app, 'POST', `/Employees/${UNKNOWN}/SetCurrent`, { token: as('sitePi') })).status).toBe(404);
  });

  it.each((['manager', 'sitePi', 'testSitePi', 'qa', 'kio'] as const).map((c) => [CALLER_LABELS[c], c]))(
    'role matrix, one’s own employee: %s gets 200',
    async (_l, caller) => {
      const { employees } = await me(as(caller));
      expect((await call(t.app, 'POST', `/Employees/${employees[0].id}/SetCurrent`, { token: as(caller) })).status).toBe(200);
    },
  );

  it.each(matrix({}, 403))('role matrix, someone else’s employee: %s (%s) gets %i', async (_l, caller, expected) => {
    const e = await employee();
    expect((await call(t.app, 'POST', `/Employees/${e.id}/SetCurrent`, { token: as(caller) })).status).toBe(expected);
  });
});
