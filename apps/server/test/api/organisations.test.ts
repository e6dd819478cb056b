import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organisationUsers, users } from '../../src/platform/db/schema/index.js';
import { call } from '../support/test-app.js';
import { makeOrganisation, makeUser, signIn } from '../support/factories.js';
import { auditOf, CALLERS, matrix, setupCastApp, type CallerName } from '../support/cast.js';

const { t, callers, world, otherOrganisation, db, as } = setupCastApp();
let ownOrganisation: Record<CallerName, string>;
beforeAll(async () => {
  const c = world.cast;
  ownOrganisation = {
    admin: c.Admin.organisationId,
    editor: c.Admin.organisationId,
    manager: c.Admin.organisationId,
    sitePi: c.Site.organisationId,
    testSitePi: c.TestSite.organisationId,
    qa: c.Qa.organisationId,
    kio: c.Kio.organisationId,
    outsider: otherOrganisation.id,
  };
});

const ids = (body: { data: { id: string }[] }) => body.data.map((x) => x.id);
const UNKNOWN = '01900000-0000-7000-8000-000000000000';
let seq = 0;
const uniqueName = (prefix: string) => `${prefix} ${Date.now()}-${++seq}`;

describe('GET /Organisations', () => {
  it.each(CALLERS.map((c) => [c, c === 'admin' || c === 'editor']))(
    '%s gets 200; sees every organisation: %s',
    async (caller, seesAll) => {
      const res = await call(t.app, 'GET', '/Organisations?pageSize=100', { token: as(caller as CallerName) });
      expect(res.status).toBe(200);
      if (seesAll) {
        expect(ids(res.body)).toEqual(expect.arrayContaining(Object.values(ownOrganisation)));
      } else {
        expect(ids(res.body)).toEqual([ownOrganisation[caller as CallerName]]);
        expect(res.body.totalCount).toBe(1);
      }
    },
  );

  it('pages and searches name and short name case-insensitively', async () => {
    const tag = uniqueName('Zebra');
    const a = await makeOrganisation(db(), { shortName: `${tag} A`, name: 'First' });
    const b = await makeOrganisation(db(), { shortName: `${tag} B`, name: 'Second' });
    const res = await call(t.app, 'GET', `/Organisations?search=${encodeURIComponent(tag.toUpperCase())}&pageSize=1`, {
      token: as('editor'),
    });
    expect(res.body).toMatchObject({ page: 1, pageSize: 1, totalCount: 2 });
    expect(ids(res.body)).toEqual([a.id]);
    const page2 = await call(t.app, 'GET', `/Organisations?search=${encodeURIComponent(tag)}&pageSize=1&page=2`, {
      token: as('editor'),
    });
    expect(ids(page2.body)).toEqual([b.id]);
    expect((await call(t.app, 'GET', '/Organisations?search=second', { token: as('editor') })).body.data).toContainEqual(
      expect.objectContaining({ id: b.id }),
    );
  });

  it('an unverified membership shows nothing', async () => {
    const u = await makeUser(db(), { organisationId: world.cast.Site.organisationId, verified: false });
    const token = await signIn(t.app, u.user.email);
    expect((await call(t.app, 'GET', '/Organisations', { token })).body.totalCount).toBe(0);
    expect((await call(t.app, 'GET', `/Organisations/${world.cast.Site.organisationId}`, { token })).status).toBe(404);
  });

  it('400 names a bad page size; 401 without a session', async () => {
    expect((await call(t.app, 'GET', '/Organisations?pageSize=500', { token: as('admin') })).body.errors[0].path).toBe(
      'pageSize',
    );
    expect((await call(t.app, 'GET', '/Organisations')).status).toBe(401);
  });
});

describe('GET /Organisations/Short (public)', () => {
  it('answers without a session: up to 10 short names containing the text, those starting with it first', async () => {
    const tag = uniqueName('Lookup');
    for (let i = 0; i < 11; i++) await makeOrganisation(db(), { shortName: `x ${tag} ${String(i).padStart(2, '0')}` });
    const starting = await makeOrganisation(db(), { shortName: `${tag} main` });
    const res = await call(t.app, 'GET', `/Organisations/Short?search=${encodeURIComponent(tag.toLowerCase())}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.data[0]).toEqual({ id: starting.id, shortName: starting.shortName });
    expect(Object.keys(res.body.data[1]).sort()).toEqual(['id', 'shortName']);
  });

  it.each(matrix({}, 200))('role matrix: %s (%s) gets %i', async (_label, caller, expected) => {
    expect((await call(t.app, 'GET', '/Organisations/Short?search=org', { token: as(caller) })).status).toBe(expected);
  });

  it('400 names a search that is too long', async () => {
    const res = await call(t.app, 'GET', `/Organisations/Short?search=${'x'.repeat(201)}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('search');
  });
});

describe('GET /Organisations/{id}', () => {
  it('returns the organisation with its members, verified or not, to its Admin member; a plain member sees only their own', async () => {
    const org = world.cast.Site.organisationId;
    const pending = await makeUser(db(), { organisationId: org, verified: false });
    const siteAdmin = await makeUser(db(), { organisationId: org, organisationRole: 'Admin' });
    const res = await call(t.app, 'GET', `/Organisations/${org}`, { token: await signIn(t.app, siteAdmin.user.email) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: org, name: expect.any(String), address: expect.any(String) });
    const members = (body: typeof res.body) =>
      body.data.organisationUserList.map((m: { user: { id: string }; isVerify: boolean }) => [m.user.id, m.isVerify]);
    expect(members(res.body)).toEqual(
      expect.arrayContaining([
        [callers.sitePi.userId, true],
        [pending.user.id, false],
        [siteAdmin.user.id, true],
      ]),
    );
    const editor = await call(t.app, 'GET', `/Organisations/${org}`, { token: as('editor') });
    expect(members(editor.body)).toEqual(members(res.body));
    const plain = await call(t.app, 'GET', `/Organisations/${org}`, { token: as('sitePi') });
    expect(members(plain.body)).toEqual([[callers.sitePi.userId, true]]);
  });

  it.each(matrix({ admin: 200, editor: 200, sitePi: 200 }, 404))(
    'role matrix (a site organisation): %s (%s) gets %i',
    async (_l, caller, expected) => {
      expect((await call(t.app, 'GET', `/Organisations/${world.cast.Site.organisationId}`, { token: as(caller) })).status).toBe(
        expected,
      );
    },
  );

  it('404 names the id of an unknown organisation; 400 a malformed one', async () => {
    const res = await call(t.app, 'GET', `/Organisations/${UNKNOWN}`, { token: as('admin') });
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toMatchObject({ code: 'not_found', path: 'id' });
    expect((await call(t.app, 'GET', '/Organisations/xyz', { token: as('admin') })).body.errors[0].path).toBe('id');
  });
});

describe('POST /Organisations', () => {
  it('creates an organisation and audits it', async () => {
    const body = { name: 'ООО «Новая клиника»', shortName: uniqueName('Новая клиника'), address: 'Тверь, ул. Советская, 1' };
    const res = await call(t.app, 'POST', '/Organisations', { token: as('editor'), body });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(body);
    const [audit] = await auditOf(db(), res.body.data.id, 'organisation.create');
    expect(audit!.userId).toBe(callers.editor.userId);
    expect(audit!.before).toBeNull();
    expect(audit!.after).toMatchObject(body);
  });

  it('refuses a short name in use, whatever its letter case, with 409 naming shortName', async () => {
    const existing = await makeOrganisation(db());
    const res = await call(t.app, 'POST', '/Organisations', {
      token: as('admin'),
      body: { name: 'X', shortName: existing.shortName.toUpperCase(), address: 'Y' },
      lang: 'en',
    });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'organisation_exists', path: 'shortName' });
    expect(res.body.errors[0].message).toContain(existing.shortName.toUpperCase());
  });

  it.each([
    [{ shortName: 'A', address: 'B' }, 'name'],
    [{ name: 'A', address: 'B' }, 'shortName'],
    [{ name: 'A', shortName: 'B' }, 'address'],
    [{ name: 'A', shortName: '  ', address: 'B' }, 'shortName'],
  ])('refuses %j with 400 naming %s', async (body, path) => {
    const res = await call(t.app, 'POST', '/Organisations', { token: as('admin'), body });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe(path);
  });

  it.each(matrix({ admin: 200, editor: 200 }, 403))('role matrix: %s (%s) gets %i', async (_label, caller, expected) => {
    const body = { name: 'Matrix', shortName: uniqueName(`Matrix ${caller}`), address: 'Somewhere' };
    expect((await call(t.app, 'POST', '/Organisations', { token: as(caller), body })).status).toBe(expected);
  });
});

describe('PUT /Organisations/{id}', () => {
  it("lets the organisation's verified Admin or Editor member edit it, not a plain or unverified member", async () => {
    const org = await makeOrganisation(db());
    const member = async (organisationRole: 'Admin' | 'Editor' | 'User', verified = true) =>
      signIn(t.app, (await makeUser(db(), { organisationId: org.id, organisationRole, verified })).user.email);
    const put = async (token: string, address: string) =>
      (await call(t.app, 'PUT', `/Organisations/${org.id}`, { token, body: { address } })).status;
    expect(await put(await member('Admin'), 'By admin')).toBe(200);
    expect(await put(await member('Editor'), 'By editor')).toBe(200);
    expect(await put(await member('User'), 'By user')).toBe(403);
    expect(await put(await member('Admin', false), 'By unverified admin')).toBe(403);
    const audits = await auditOf(db(), org.id, 'organisation.update');
    expect(audits.map((a) => [(a.before as { address: string }).address, (a.after as { address: string }).address])).toEqual([
      [org.address, 'By admin'],
      ['By admin', 'By editor'],
    ]);
  });

  it('refuses a short name held by another organisation with 409; its own (another case) is fine', async () => {
    const [a, b] = [await makeOrganisation(db()), await makeOrganisation(db())];
    const clash = await call(t.app, 'PUT', `/Organisations/${a.id}`, { token: as('admin'), body: { shortName: b.shortName } });
    expect(clash.status).toBe(409);
    expect(clash.body.errors[0]).toMatchObject({ code: 'organisation_exists', path: 'shortName' });
    const own = await call(t.app, 'PUT', `/Organisations/${a.id}/`, {
      token: as('admin'),
      body: { shortName: a.shortName.toUpperCase() },
    });
    expect(own.status).toBe(200);
    expect(own.body.data.shortName).toBe(a.shortName.toUpperCase());
  });

  it('400 names a bad field; 404 an unknown organisation', async () => {
    const org = world.cast.Admin.organisationId;
    expect(
      (await call(t.app, 'PUT', `/Organisations/${org}`, { token: as('admin'), body: { name: '' } })).body.errors[0].path,
    ).toBe('name');
    const unknown = await call(t.app, 'PUT', `/Organisations/${UNKNOWN}`, { token: as('admin'), body: { name: 'X' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].path).toBe('id');
  });

  it.each(matrix({ admin: 200, editor: 200 }, 403))(
    'role matrix (the admin organisation): %s (%s) gets %i',
    async (_l, caller, expected) => {
      const res = await call(t.app, 'PUT', `/Organisations/${world.cast.Admin.organisationId}`, {
        token: as(caller),
        body: { address: `Address set by ${caller}` },
      });
      expect(res.status).toBe(expected);
    },
  );
});

describe('DELETE /Organisations/{id}', () => {
  it('soft-deletes it with its memberships, clearing them as anyone’s current one', async () => {
    const org = await makeOrganisation(db());
    const member = await makeUser(db(), { organisationId: org.id });
    const token = await signIn(t.app, member.user.email);
    const res = await call(t.app, 'DELETE', `/Organisations/${org.id}`, { token: as('editor') });
    expect(res.status).toBe(200);
    expect((await call(t.app, 'GET', `/Organisations/${org.id}`, { token: as('admin') })).status).toBe(404);
    expect((await call(t.app, 'GET', `/Organisations/Short?search=${encodeURIComponent(org.shortName)}`)).body.data).toEqual([]);
    const me = await call(t.app, 'GET', '/Users/me', { token });
    expect(me.body.data).toMatchObject({ currentOrganisationUserId: null, organisationUsers: [] });
    const [row] = await db().select().from(organisationUsers).where(eq(organisationUsers.id, member.organisationUserId!));
    expect(row!.deletedAt).not.toBeNull();
    const [audit] = await auditOf(db(), org.id, 'organisation.delete');
    expect(audit!.before).toMatchObject({ shortName: org.shortName });
    expect(audit!.after).toMatchObject({ shortName: org.shortName, deletedAt: expect.any(String) });
    const [membershipAudit] = await auditOf(db(), member.organisationUserId!, 'organisation_user.delete');
    expect(membershipAudit!.after).toMatchObject({ currentCleared: true, deletedAt: expect.any(String) });
    // The short name is free again.
    const again = await call(t.app, 'POST', '/Organisations', {
      token: as('admin'),
      body: { name: 'Again', shortName: org.shortName, address: 'Here' },
    });
    expect(again.status).toBe(200);
  });

  it('refuses an organisation that is still a centre of a research with 409', async () => {
    const res = await call(t.app, 'DELETE', `/Organisations/${world.cast.Site.organisationId}`, {
      token: as('admin'),
      lang: 'en',
    });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'organisation_in_use', path: 'id' });
    expect(res.body.errors[0].message).toContain(world.research.grlsProtocolNumber);
    const [u] = await db().select().from(users).where(eq(users.id, callers.sitePi.userId));
    expect(u!.currentOrganisationUserId).not.toBeNull();
  });

  it('404 for an unknown organisation', async () => {
    expect((await call(t.app, 'DELETE', `/Organisations/${UNKNOWN}`, { token: as('admin') })).status).toBe(404);
  });

  it.each(matrix({ admin: 200, editor: 200 }, 403))('role matrix: %s (%s) gets %i', async (_label, caller, expected) => {
    const org = await makeOrganisation(db());
    expect((await call(t.app, 'DELETE', `/Organisations/${org.id}`, { token: as(caller) })).status).toBe(expected);
  });
});
