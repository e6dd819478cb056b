import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../src/platform/db/schema/index.js';
import { call } from '../support/test-app.js';
import { makeUser, PASSWORD, signIn } from '../support/factories.js';
import { auditOf, matrix, setupCastApp, type CallerName } from '../support/cast.js';

const { t, callers, db, as } = setupCastApp();

/** A fresh signed-in user, to be read, changed or deleted. */
async function freshUser(over: Parameters<typeof makeUser>[1] = {}) {
  const u = await makeUser(db(), over);
  return { ...u.user, token: await signIn(t.app, u.user.email) };
}

describe('GET /Users', () => {
  it('pages live users, 10 by default, with totalCount', async () => {
    for (let i = 0; i < 5; i++) await makeUser(db());
    const first = await call(t.app, 'GET', '/Users', { token: as('admin') });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 10 });
    expect(first.body.data).toHaveLength(10);
    expect(first.body.totalCount).toBeGreaterThanOrEqual(10);
    expect(first.body.data[0]).not.toHaveProperty('passwordHash');
    const second = await call(t.app, 'GET', '/Users?page=2&pageSize=5', { token: as('admin') });
    expect(second.body).toMatchObject({ page: 2, pageSize: 5, totalCount: first.body.totalCount });
    const ids = new Set(first.body.data.slice(0, 5).map((u: { id: string }) => u.id));
    expect(second.body.data.some((u: { id: string }) => ids.has(u.id))).toBe(false);
  });

  it('searches name and e-mail case-insensitively, treating % and _ literally', async () => {
    const u = await freshUser({ email: `Searchable.${Date.now()}@example.test` });
    const byEmail = await call(t.app, 'GET', `/Users?search=${encodeURIComponent(u.email.toUpperCase())}`, {
      token: as('admin'),
    });
    expect(byEmail.body.data.map((x: { id: string }) => x.id)).toEqual([u.id]);
    expect(byEmail.body.totalCount).toBe(1);
    const byName = await call(t.app, 'GET', `/Users?search=${encodeURIComponent(u.lastName.slice(5).toLowerCase())}`, {
      token: as('admin'),
    });
    expect(byName.body.data.map((x: { id: string }) => x.id)).toContain(u.id);
    const wildcard = await call(t.app, 'GET', '/Users?search=%25', { token: as('admin') });
    expect(wildcard.body.totalCount).toBe(0);
  });

  it.each([
    ['pageSize=0', 'pageSize'],
    ['pageSize=101', 'pageSize'],
    ['page=abc', 'page'],
    ['page=0', 'page'],
  ])('refuses %s with 400 naming %s', async (query, path) => {
    const res = await call(t.app, 'GET', `/Users?${query}`, { token: as('admin') });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe(path);
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'GET', '/Users')).status).toBe(401);
  });

  it.each(matrix({ admin: 200 }, 403))('role matrix: %s (%s) gets %i', async (_label, caller, expected) => {
    expect((await call(t.app, 'GET', '/Users', { token: as(caller as CallerName) })).status).toBe(expected);
  });
});

describe('GET /Users/{id}', () => {
  it.each(matrix({}, 200))('everyone reads their own record: %s (%s) gets %i', async (_label, caller, expected) => {
    const res = await call(t.app, 'GET', `/Users/${callers[caller].userId}`, { token: as(caller) });
    expect(res.status).toBe(expected);
    expect(res.body.data.id).toBe(callers[caller].userId);
  });

  it.each(matrix({ admin: 200 }, 404))("someone else's record: %s (%s) gets %i", async (_label, caller, expected) => {
    const other = await makeUser(db());
    expect((await call(t.app, 'GET', `/Users/${other.user.id}`, { token: as(caller) })).status).toBe(expected);
  });

  it('404 names the id for an unknown user, 400 for a malformed one', async () => {
    const unknown = await call(t.app, 'GET', '/Users/01900000-0000-7000-8000-000000000000', { token: as('admin') });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'not_found', path: 'id' });
    const malformed = await call(t.app, 'GET', '/Users/not-a-uuid', { token: as('admin') });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].path).toBe('id');
  });

  it('GET /Users/me still answers', async () => {
    const me = await call(t.app, 'GET', '/Users/me', { token: as('sitePi') });
    expect(me.status).toBe(200);
    expect(me.body.data.user.id).toBe(callers.sitePi.userId);
  });
});

describe('POST /Users', () => {
  it('creates a user without a password and mails a set-password link that works', async () => {
    const email = `invited-${Date.now()}@example.test`;
    const res = await call(t.app, 'POST', '/Users', {
      token: as('admin'),
      body: { email, firstName: 'Инна', lastName: 'Приглашённая', patronymic: 'Олеговна', userRole: 'Editor' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Сохранено');
    expect(res.body.data).toMatchObject({ email, firstName: 'Инна', userRole: 'Editor', patronymic: 'Олеговна' });
    // No password yet: signing in fails.
    expect((await call(t.app, 'POST', '/Auth/SignIn', { body: { email, password: PASSWORD } })).status).toBe(401);
    const link = t.mailer.lastTo(email)!.links![0]!;
    expect(link).toMatch(/^http:\/\/edc\.test\/setPasswordWCreds\/[\w-]+$/);
    const set = await call(t.app, 'POST', `/Auth/${link.split('/').pop()}/SetPasswordWithCredentials`, {
      body: { email, password: 'invited-pass-1' },
    });
    expect(set.status).toBe(200);
    await signIn(t.app, email, 'invited-pass-1');

    const [audit] = await auditOf(db(), res.body.data.id, 'user.create');
    expect(audit!.userId).toBe(callers.admin.userId);
    expect(audit!.before).toBeNull();
    expect(audit!.after).toMatchObject({ email, userRole: 'Editor' });
    expect(JSON.stringify(audit!.after)).not.toMatch(/password/i);
  });

  it('mails the invitation in the language asked for', async () => {
    const email = `english-${Date.now()}@example.test`;
    const res = await call(t.app, 'POST', '/Users', {
      token: as('admin'),
      body: { email, firstName: 'Ann', lastName: 'English', language: 'en' },
    });
    expect(res.body.data).toMatchObject({ language: 'en', userRole: 'User' });
    expect(t.mailer.lastTo(email)!.subject).toBe('Your EDC account');
  });

  it('refuses a taken e-mail, whatever its letter case, with 409 naming email', async () => {
    const u = await makeUser(db());
    const res = await call(t.app, 'POST', '/Users', {
      token: as('admin'),
      body: { email: u.user.email.toUpperCase(), firstName: 'A', lastName: 'B' },
    });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'email_taken', path: 'email' });
  });

  it.each([
    [{ firstName: 'A', lastName: 'B' }, 'email', 'required'],
    [{ email: 'x@example.test', lastName: 'B' }, 'firstName', 'required'],
    [{ email: 'x@example.test', firstName: 'A' }, 'lastName', 'required'],
    [{ email: 'not-an-email', firstName: 'A', lastName: 'B' }, 'email', 'validation'],
    [{ email: 'x@example.test', firstName: ' ', lastName: 'B' }, 'firstName', 'validation'],
    [{ email: 'x@example.test', firstName: 'A', lastName: 'B', userRole: 'God' }, 'userRole', 'validation'],
  ])('refuses %j with 400 naming %s', async (body, path, code) => {
    const res = await call(t.app, 'POST', '/Users', { token: as('admin'), body });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code, path });
  });

  it.each(matrix({ admin: 200 }, 403))('role matrix: %s (%s) gets %i', async (_label, caller, expected) => {
    const email = `matrix-${caller}-${Date.now()}@example.test`;
    const res = await call(t.app, 'POST', '/Users', { token: as(caller), body: { email, firstName: 'M', lastName: 'X' } });
    expect(res.status).toBe(expected);
  });
});

describe('PUT /Users/{id}/', () => {
  it('lets a user change their own names and language, with the audit before and after', async () => {
    const u = await freshUser();
    const res = await call(t.app, 'PUT', `/Users/${u.id}/`, {
      token: u.token,
      body: { firstName: 'Новое', lastName: 'Имя', patronymic: 'Отчество', language: 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Saved'); // the reply already speaks the new language
    expect(res.body.data).toMatchObject({ firstName: 'Новое', lastName: 'Имя', patronymic: 'Отчество', language: 'en' });
    const [audit] = await auditOf(db(), u.id, 'user.update');
    expect(audit!.before).toMatchObject({ firstName: 'Test', lastName: u.lastName, patronymic: null, language: 'ru' });
    expect(audit!.after).toMatchObject({ firstName: 'Новое', lastName: 'Имя', patronymic: 'Отчество', language: 'en' });
    // Without the trailing slash too.
    expect(
      (await call(t.app, 'PUT', `/Users/${u.id}`, { token: u.token, body: { patronymic: null } })).body.data.patronymic,
    ).toBe(null);
  });

  it('refuses a user changing their own e-mail or role (403 naming the field), but accepts them sent back unchanged', async () => {
    const u = await freshUser();
    const email = await call(t.app, 'PUT', `/Users/${u.id}/`, { token: u.token, body: { email: 'new@example.test' } });
    expect(email.status).toBe(403);
    expect(email.body.errors[0]).toMatchObject({ code: 'field_not_editable', path: 'email' });
    const role = await call(t.app, 'PUT', `/Users/${u.id}/`, { token: u.token, body: { userRole: 'Admin' } });
    expect(role.status).toBe(403);
    expect(role.body.errors[0]).toMatchObject({ code: 'field_not_editable', path: 'userRole' });
    const same = await call(t.app, 'PUT', `/Users/${u.id}/`, {
      token: u.token,
      body: { email: u.email, userRole: 'User', firstName: 'Same' },
    });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ email: u.email, userRole: 'User', firstName: 'Same' });
  });

  it('lets users_settings change e-mail and role; a taken e-mail is 409', async () => {
    const u = await freshUser();
    const email = `renamed-${Date.now()}@example.test`;
    const res = await call(t.app, 'PUT', `/Users/${u.id}/`, { token: as('admin'), body: { email, userRole: 'Sponsor' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email, userRole: 'Sponsor' });
    const [audit] = await auditOf(db(), u.id, 'user.update');
    expect(audit!.before).toMatchObject({ email: u.email, userRole: 'User' });
    expect(audit!.after).toMatchObject({ email, userRole: 'Sponsor' });
    const other = await makeUser(db());
    const clash = await call(t.app, 'PUT', `/Users/${u.id}/`, { token: as('admin'), body: { email: other.user.email } });
    expect(clash.status).toBe(409);
    expect(clash.body.errors[0]).toMatchObject({ code: 'email_taken', path: 'email' });
  });

  it.each([
    [{ firstName: '' }, 'firstName'],
    [{ language: 'de' }, 'language'],
    [{ email: 'nope' }, 'email'],
  ])('refuses %j with 400 naming %s', async (body, path) => {
    const res = await call(t.app, 'PUT', `/Users/${callers.kio.userId}/`, { token: as('kio'), body });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe(path);
  });

  it('404 for an unknown user', async () => {
    const res = await call(t.app, 'PUT', '/Users/01900000-0000-7000-8000-000000000000/', {
      token: as('admin'),
      body: { firstName: 'X' },
    });
    expect(res.status).toBe(404);
  });

  it.each(matrix({}, 200))('role matrix, own record: %s (%s) gets %i', async (_label, caller, expected) => {
    const res = await call(t.app, 'PUT', `/Users/${callers[caller].userId}/`, { token: as(caller), body: { patronymic: 'П' } });
    expect(res.status).toBe(expected);
  });

  it.each(matrix({ admin: 200 }, 403))(
    "role matrix, someone else's record: %s (%s) gets %i",
    async (_label, caller, expected) => {
      const other = await makeUser(db());
      const res = await call(t.app, 'PUT', `/Users/${other.user.id}/`, { token: as(caller), body: { firstName: 'Changed' } });
      expect(res.status).toBe(expected);
    },
  );
});

describe('DELETE /Users/{id}', () => {
  it('soft-deletes the user and ends every session of theirs', async () => {
    const u = await freshUser();
    const second = await signIn(t.app, u.email);
    const res = await call(t.app, 'DELETE', `/Users/${u.id}`, { token: as('admin') });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Удалено');
    for (const token of [u.token, second]) expect((await call(t.app, 'GET', '/Users/me', { token })).status).toBe(401);
    const open = (await db().select().from(sessions).where(eq(sessions.userId, u.id))).filter((s) => !s.endedAt);
    expect(open).toHaveLength(0);
    expect((await call(t.app, 'GET', `/Users/${u.id}`, { token: as('admin') })).status).toBe(404);
    const listed = await call(t.app, 'GET', `/Users?search=${encodeURIComponent(u.email)}`, { token: as('admin') });
    expect(listed.body.totalCount).toBe(0);
    const [audit] = await auditOf(db(), u.id, 'user.delete');
    expect(audit!.before).toMatchObject({ email: u.email });
    expect((audit!.before as Record<string, unknown>).deletedAt).toBeUndefined();
    expect((audit!.after as Record<string, unknown>).deletedAt).toEqual(expect.any(String));
    // The e-mail is free again.
    const again = await call(t.app, 'POST', '/Users', {
      token: as('admin'),
      body: { email: u.email, firstName: 'A', lastName: 'B' },
    });
    expect(again.status).toBe(200);
  });

  it('refuses deleting oneself with 400 naming the id', async () => {
    const res = await call(t.app, 'DELETE', `/Users/${callers.admin.userId}`, { token: as('admin') });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'cannot_delete_self', path: 'id' });
  });

  it('404 for an unknown or already deleted user, 400 for a malformed id', async () => {
    expect((await call(t.app, 'DELETE', '/Users/01900000-0000-7000-8000-000000000000', { token: as('admin') })).status).toBe(404);
    expect((await call(t.app, 'DELETE', '/Users/123', { token: as('admin') })).body.errors[0].path).toBe('id');
  });

  it.each(matrix({ admin: 200 }, 403))('role matrix: %s (%s) gets %i', async (_label, caller, expected) => {
    const other = await makeUser(db());
    expect((await call(t.app, 'DELETE', `/Users/${other.user.id}`, { token: as(caller) })).status).toBe(expected);
  });
});

describe('POST /Users/{id}/ChangePassword', () => {
  it('changes one’s own password, keeps this session and ends the others', async () => {
    const u = await freshUser();
    const other = await signIn(t.app, u.email);
    const res = await call(t.app, 'POST', `/Users/${u.id}/ChangePassword`, {
      token: u.token,
      body: { oldPassword: PASSWORD, newPassword: 'changed-pass-1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Пароль изменён');
    expect((await call(t.app, 'GET', '/Users/me', { token: u.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/Users/me', { token: other })).status).toBe(401);
    await signIn(t.app, u.email, 'changed-pass-1');
    const [audit] = await auditOf(db(), u.id, 'auth.password_changed');
    expect(audit).toBeDefined();
    expect(JSON.stringify(audit)).not.toMatch(/\$argon2/);
  });

  it('a wrong old password is 400 naming oldPassword; a short new one names newPassword', async () => {
    const u = await freshUser();
    const wrong = await call(t.app, 'POST', `/Users/${u.id}/ChangePassword`, {
      token: u.token,
      body: { oldPassword: 'not-my-password', newPassword: 'changed-pass-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ code: 'wrong_old_password', path: 'oldPassword' });
    const short = await call(t.app, 'POST', `/Users/${u.id}/ChangePassword`, {
      token: u.token,
      body: { oldPassword: PASSWORD, newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].path).toBe('newPassword');
    const missing = await call(t.app, 'POST', `/Users/${u.id}/ChangePassword`, { token: u.token, body: { newPassword: 'x' } });
    expect(missing.body.errors.map((e: { path: string }) => e.path)).toContain('oldPassword');
    await signIn(t.app, u.email); // unchanged
  });

  it.each(matrix({}, 403))("role matrix, someone else's password: %s (%s) gets %i", async (_label, caller, expected) => {
    const other = await makeUser(db());
    const res = await call(t.app, 'POST', `/Users/${other.user.id}/ChangePassword`, {
      token: as(caller),
      body: { oldPassword: PASSWORD, newPassword: 'hijacked-pass-1' },
    });
    expect(res.status).toBe(expected);
  });
});
