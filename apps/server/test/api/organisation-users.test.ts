import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/test-app.js';
import { makeOrganisation, makeUser, signIn } from '../support/factories.js';
import { auditOf, matrix, setupCastApp } from '../support/cast.js';

const { t, callers, world, db, as } = setupCastApp();
let adminOrg: string;
beforeAll(async () => {
  adminOrg = world.cast.Admin.organisationId;
});

const UNKNOWN = '01900000-0000-7000-8000-000000000000';
const me = async (token: string) => (await call(t.app, 'GET', '/Users/me', { token })).body.data;

/** A fresh member of an organisation (made current for its user), and that user signed in. */
async function member(organisationId: string, opts: { verified?: boolean; organisationRole?: 'Admin' | 'Editor' | 'User' } = {}) {
  const u = await makeUser(db(), { organisationId, ...opts });
  return { id: u.organisationUserId!, userId: u.user.id, token: await signIn(t.app, u.user.email) };
}

describe('GET /OrganisationUsers', () => {
  it('lists one organisation’s members, paged, with a search', async () => {
    const org = await makeOrganisation(db());
    const boss = await member(org.id, { organisationRole: 'Admin' });
    const a = await member(org.id);
    await member(org.id, { verified: false });
    const res = await call(t.app, 'GET', `/OrganisationUsers?organisationId=${org.id}&pageSize=2`, { token: boss.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 2, totalCount: 3 });
    expect(res.body.data[0]).toMatchObject({ organisation: { id: org.id }, user: { id: expect.any(String) } });
    const u = await me(a.token);
    const search = await call(
      t.app,
      'GET',
      `/OrganisationUsers?organisationId=${org.id}&search=${encodeURIComponent(u.user.email)}`,
      {
        token: boss.token,
      },
    );
    expect(search.body.data.map((m: { id: string }) => m.id)).toEqual([a.id]);
  });

  it('a site user cannot list another organisation’s users, nor their own as a plain member', async () => {
    const other = await call(t.app, 'GET', `/OrganisationUsers?organisationId=${adminOrg}`, { token: as('sitePi') });
    expect(other.status).toBe(403);
    const own = await call(t.app, 'GET', `/OrganisationUsers?organisationId=${world.cast.Site.organisationId}`, {
      token: as('sitePi'),
    });
    expect(own.status).toBe(403);
    // The site organisation's own admin lists it, but still not the admin organisation.
    const siteAdmin = await member(world.cast.Site.organisationId, { organisationRole: 'Admin' });
    const listed = await call(t.app, 'GET', `/OrganisationUsers?organisationId=${world.cast.Site.organisationId}`, {
      token: siteAdmin.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((m: { user: { id: string } }) => m.user.id)).toContain(callers.sitePi.userId);
    expect((await call(t.app, 'GET', `/OrganisationUsers?organisationId=${adminOrg}`, { token: siteAdmin.token })).status).toBe(
      403,
    );
  });

  it('400 names a missing or malformed organisationId; 404 an unknown one', async () => {
    const missing = await call(t.app, 'GET', '/OrganisationUsers', { token: as('admin') });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ code: 'required', path: 'organisationId' });
    expect((await call(t.app, 'GET', '/OrganisationUsers?organisationId=1', { token: as('admin') })).body.errors[0].path).toBe(
      'organisationId',
    );
    const unknown = await call(t.app, 'GET', `/OrganisationUsers?organisationId=${UNKNOWN}`, { token: as('admin') });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].path).toBe('organisationId');
  });

  it.each(matrix({ admin: 200, editor: 200 }, 403))(
    'role matrix (the admin organisation): %s (%s) gets %i',
    async (_l, caller, expected) => {
      expect((await call(t.app, 'GET', `/OrganisationUsers?organisationId=${adminOrg}`, { token: as(caller) })).status).toBe(
        expected,
      );
    },
  );
});

describe('POST /OrganisationUsers', () => {
  it('an organisation admin adds a user, verified at once, and it is audited', async () => {
    const org = await makeOrganisation(db());
    const boss = await member(org.id, { organisationRole: 'Admin' });
    const newcomer = await makeUser(db());
    const res = await call(t.app, 'POST', '/OrganisationUsers', {
      token: boss.token,
      body: { userId: newcomer.user.id, organisationId: org.id, userRoleString: 'Editor' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isVerify: true, userRoleString: 'Editor', user: { id: newcomer.user.id } });
    const [audit] = await auditOf(db(), res.body.data.id, 'organisation_user.create');
    expect(audit!.before).toBeNull();
    expect(audit!.after).toMatchObject({ userId: newcomer.user.id, organisationId: org.id, userRole: 'Editor', isVerify: true });
    // ...but not to an organisation it does not administer.
    const elsewhere = await call(t.app, 'POST', '/OrganisationUsers', {
      token: boss.token,
      body: { userId: newcomer.user.id, organisationId: adminOrg },
    });
    expect(elsewhere.status).toBe(403);
  });

  it('refuses a second membership with 409 naming userId', async () => {
    const res = await call(t.app, 'POST', '/OrganisationUsers', {
      token: as('admin'),
      body: { userId: callers.sitePi.userId, organisationId: world.cast.Site.organisationId },
    });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'already_member', path: 'userId' });
  });

  it('404 names an unknown user or organisation', async () => {
    const user = await call(t.app, 'POST', '/OrganisationUsers', {
      token: as('admin'),
      body: { userId: UNKNOWN, organisationId: adminOrg },
    });
    expect(user.status).toBe(404);
    expect(user.body.errors[0].path).toBe('userId');
    const org = await call(t.app, 'POST', '/OrganisationUsers', {
      token: as('admin'),
      body: { userId: callers.kio.userId, organisationId: UNKNOWN },
    });
    expect(org.status).toBe(404);
    expect(org.body.errors[0].path).toBe('organisationId');
  });

  it.each([
    [{ organisationId: UNKNOWN }, 'userId'],
    [{ userId: UNKNOWN }, 'organisationId'],
    [{ userId: UNKNOWN, organisationId: UNKNOWN, userRoleString: 'Boss' }, 'userRoleString'],
  ])('refuses %j with 400 naming %s', async (body, path) => {
    const res = await call(t.app, 'POST', '/OrganisationUsers', { token: as('admin'), body });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe(path);
  });

  it.each(matrix({ admin: 200 }, 403))(
    'role matrix (into the admin organisation): %s (%s) gets %i',
    async (_l, caller, expected) => {
      const newcomer = await makeUser(db());
      const res = await call(t.app, 'POST', '/OrganisationUsers', {
        token: as(caller),
        body: { userId: newcomer.user.id, organisationId: adminOrg },
      });
      expect(res.status).toBe(expected);
    },
  );
});

describe('PUT /OrganisationUsers/{id}', () => {
  it('changes the role, audited with before and after', async () => {
    const m = await member(adminOrg);
    const res = await call(t.app, 'PUT', `/OrganisationUsers/${m.id}`, {
      token: as('admin'),
      body: { userRoleString: 'Sponsor' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.userRoleString).toBe('Sponsor');
    const [audit] = await auditOf(db(), m.id, 'organisation_user.update');
    expect(audit!.before).toMatchObject({ userRole: 'User' });
    expect(audit!.after).toMatchObject({ userRole: 'Sponsor' });
  });

  it('400 names a bad role; 404 an unknown membership', async () => {
    const m = await member(adminOrg);
    const bad = await call(t.app, 'PUT', `/OrganisationUsers/${m.id}`, { token: as('admin'), body: { userRoleString: 'King' } });
    expect(bad.body.errors[0].path).toBe('userRoleString');
    const missing = await call(t.app, 'PUT', `/OrganisationUsers/${m.id}`, { token: as('admin'), body: {} });
    expect(missing.body.errors[0]).toMatchObject({ code: 'required', path: 'userRoleString' });
    const unknown = await call(t.app, 'PUT', `/OrganisationUsers/${UNKNOWN}`, {
      token: as('admin'),
      body: { userRoleString: 'User' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].path).toBe('id');
  });

  it.each(matrix({ admin: 200 }, 403))('role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    const m = await member(adminOrg);
    const res = await call(t.app, 'PUT', `/OrganisationUsers/${m.id}`, { token: as(caller), body: { userRoleString: 'Editor' } });
    expect(res.status).toBe(expected);
  });
});

describe('PUT /OrganisationUsers/{id}/Verify', () => {
  it('verifies a pending membership, audited with before and after', async () => {
    const m = await member(adminOrg, { verified: false });
    const res = await call(t.app, 'PUT', `/OrganisationUsers/${m.id}/Verify`, { token: as('admin') });
    expect(res.status).toBe(200);
    expect(res.body.data.isVerify).toBe(true);
    const [audit] = await auditOf(db(), m.id, 'organisation_user.verify');
    expect(audit!.before).toMatchObject({ isVerify: false });
    expect(audit!.after).toMatchObject({ isVerify: true });
  });

  it('404 for an unknown membership', async () => {
    expect((await call(t.app, 'PUT', `/OrganisationUsers/${UNKNOWN}/Verify`, { token: as('admin') })).status).toBe(404);
  });

  it.each(matrix({ admin: 200 }, 403))('role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    const m = await member(adminOrg, { verified: false });
    expect((await call(t.app, 'PUT', `/OrganisationUsers/${m.id}/Verify`, { token: as(caller) })).status).toBe(expected);
  });
});

describe('DELETE /OrganisationUsers/{id}', () => {
  it('soft-deletes the membership and clears it as the member’s current one', async () => {
    const m = await member(adminOrg);
    expect((await me(m.token)).currentOrganisationUserId).toBe(m.id);
    const res = await call(t.app, 'DELETE', `/OrganisationUsers/${m.id}`, { token: as('admin') });
    expect(res.status).toBe(200);
    expect(await me(m.token)).toMatchObject({ currentOrganisationUserId: null, organisationUsers: [] });
    const [audit] = await auditOf(db(), m.id, 'organisation_user.delete');
    expect(audit!.before).toMatchObject({ deletedAt: null });
    expect(audit!.after).toMatchObject({ deletedAt: expect.any(String), currentCleared: true });
    expect((await call(t.app, 'DELETE', `/OrganisationUsers/${m.id}`, { token: as('admin') })).status).toBe(404);
  });

  it.each(matrix({ admin: 200 }, 403))('role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    const m = await member(adminOrg);
    expect((await call(t.app, 'DELETE', `/OrganisationUsers/${m.id}`, { token: as(caller) })).status).toBe(expected);
  });
});

describe('POST /OrganisationUsers/{id}/SetCurrent', () => {
  it.each(matrix({}, 200))('role matrix, one’s own membership: %s (%s) gets %i', async (_l, caller, expected) => {
    const { organisationUsers } = await me(as(caller));
    const res = await call(t.app, 'POST', `/OrganisationUsers/${organisationUsers[0].id}/SetCurrent`, { token: as(caller) });
    expect(res.status).toBe(expected);
  });

  it.each(matrix({}, 403))('role matrix, someone else’s membership: %s (%s) gets %i', async (_l, caller, expected) => {
    const m = await member(adminOrg);
    expect((await call(t.app, 'POST', `/OrganisationUsers/${m.id}/SetCurrent`, { token: as(caller) })).status).toBe(expected);
  });

  it('switches organisation, clearing a current employee of another organisation, audited', async () => {
    const siteCentre = { id: world.cast.Site.centreId, organisationId: world.cast.Site.organisationId };
    const u = await makeUser(db(), { centre: siteCentre });
    const token = await signIn(t.app, u.user.email);
    const other = await makeOrganisation(db());
    const joined = await call(t.app, 'POST', '/OrganisationUsers', {
      token: as('admin'),
      body: { userId: u.user.id, organisationId: other.id },
    });
    // The same organisation as the employee's centre: the employee stays.
    expect((await call(t.app, 'POST', `/OrganisationUsers/${u.organisationUserId}/SetCurrent`, { token })).status).toBe(200);
    expect((await me(token)).currentEmployeeId).toBe(u.employeeId);
    const res = await call(t.app, 'POST', `/OrganisationUsers/${joined.body.data.id}/SetCurrent`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.organisation.id).toBe(other.id);
    expect(await me(token)).toMatchObject({ currentOrganisationUserId: joined.body.data.id, currentEmployeeId: null });
    const [audit] = await auditOf(db(), u.user.id, 'user.set_current_organisation_user');
    expect(audit!.before).toEqual({ currentOrganisationUserId: u.organisationUserId, currentEmployeeId: u.employeeId });
    expect(audit!.after).toEqual({ currentOrganisationUserId: joined.body.data.id, currentEmployeeId: null });
  });

  it('an unverified membership cannot be made current (403 organisation_user_unverified)', async () => {
    const m = await member(adminOrg, { verified: false });
    const res = await call(t.app, 'POST', `/OrganisationUsers/${m.id}/SetCurrent`, { token: m.token });
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toMatchObject({ code: 'organisation_user_unverified', path: 'id' });
    expect(res.body.errors[0].message).toBe('Членство в организации ещё не подтверждено');
    expect((await me(m.token)).currentOrganisationUserId).toBeNull(); // an unverified membership gives no context
  });

  it('404 for an unknown membership, 400 for a malformed id', async () => {
    expect((await call(t.app, 'POST', `/OrganisationUsers/${UNKNOWN}/SetCurrent`, { token: as('kio') })).status).toBe(404);
    expect((await call(t.app, 'POST', '/OrganisationUsers/1/SetCurrent', { token: as('kio') })).status).toBe(400);
  });
});
