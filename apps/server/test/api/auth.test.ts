import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, sessions, signInThrottle } from '../../src/platform/db/schema/index.js';
import { signExternalLoginToken } from '../../src/platform/crypto/tokens.js';
import { verifyAuditChain } from '../../src/platform/audit/audit.js';
import { throttleKey } from '../../src/modules/auth/sign-in-throttle.js';
import { ERROR_MESSAGES, IDLE_TIMEOUT_MS } from '@edc/domain';
import { call, createTestApp, expectError, TEST_EXTERNAL_SECRET, type TestApp } from '../support/test-app.js';
import { makeCentre, makeOrganisation, makeResearch, makeUser, PASSWORD, signIn } from '../support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const auditActions = async (userId: string) =>
  (await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.userId, userId))).map(
    (r) => r.action,
  );

/** A sign-in from a given client address (the TCP peer: no proxy is trusted by default). */
async function signInFrom(ip: string, email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/Auth/SignIn', remoteAddress: ip, payload: { email, password } });
  return { status: res.statusCode, body: res.json() };
}

/**
 * The mean of the fastest quarter of the durations (ms) of `n` calls, interleaved with the other kind's: the calls
 * least slowed by other work on the machine, whose time is the server's own (a mean of most calls follows the load
 * of suites running beside this one, which had each kind's mean apart by 16 ms on a busy run).
 */
async function timings(n: number, a: () => Promise<unknown>, b: () => Promise<unknown>) {
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < n; i++) {
    for (const [f, out] of i % 2
      ? ([
          [a, ta],
          [b, tb],
        ] as const)
      : ([
          [b, tb],
          [a, ta],
        ] as const)) {
      const start = performance.now();
      await f();
      out.push(performance.now() - start);
    }
  }
  const fastestQuarterMean = (xs: number[]) => {
    const fastest = [...xs].sort((x, y) => x - y).slice(0, Math.max(1, Math.floor(n / 4)));
    return fastest.reduce((sum, x) => sum + x, 0) / fastest.length;
  };
  return { a: fastestQuarterMean(ta), b: fastestQuarterMean(tb) };
}

describe('POST /Auth/SignIn', () => {
  it('returns a token and an RSA private key, and records the sign-in', async () => {
    const { user } = await makeUser(t.database.db);
    const { status, body } = await call(t.app, 'POST', '/Auth/SignIn', {
      body: { email: user.email.toUpperCase(), password: PASSWORD },
    });
    expect(status).toBe(200);
    expect(body.data.accessToken).toMatch(/^[\w-]{40,}$/);
    // The key imports as PKCS#8 RSA-OAEP SHA-256, as the browser will import it.
    const key = await crypto.subtle.importKey(
      'pkcs8',
      Buffer.from(body.data.rsaKey, 'base64'),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      false,
      ['decrypt'],
    );
    expect(key.algorithm.name).toBe('RSA-OAEP');
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.publicKey.length).toBeGreaterThan(300);
    expect(await auditActions(user.id)).toContain('auth.sign_in');
  });

  it('names missing and malformed fields with 400', async () => {
    const missing = await call(t.app, 'POST', '/Auth/SignIn', { body: { password: 'x' }, lang: 'en' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ code: 'required', path: 'email', message: 'Field “email” is required' }]);
    const malformed = await call(t.app, 'POST', '/Auth/SignIn', { body: { email: 'not-an-email', password: 'x' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]).toMatchObject({ code: 'validation', path: 'email' });
    expect(malformed.body.errors[0].message).toContain('«email»');
  });

  it('refuses a wrong password with 401 and the same reply for an unknown e-mail', async () => {
    const { user } = await makeUser(t.database.db);
    const wrong = await call(t.app, 'POST', '/Auth/SignIn', { body: { email: user.email, password: 'wrong-password' } });
    const unknown = await call(t.app, 'POST', '/Auth/SignIn', {
      body: { email: 'nobody@example.test', password: 'wrong-password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.errors[0].code).toBe('wrong_credentials');
    expect(await auditActions(user.id)).toContain('auth.sign_in_failed');
  });

  it('locks the e-mail for 15 minutes from the failing address after five failures in a row, even for the right password', async () => {
    const { user } = await makeUser(t.database.db);
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await call(t.app, 'POST', '/Auth/SignIn', { body: { email: user.email, password: 'nope-nope' } })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    const locked = await call(t.app, 'POST', '/Auth/SignIn', { body: { email: user.email, password: PASSWORD }, lang: 'en' });
    expect(locked.status).toBe(423);
    expect(locked.body.errors[0].message).toMatch(/locked/);
    expect(await auditActions(user.id)).toContain('auth.account_locked');
    const pair = eq(signInThrottle.emailHash, throttleKey(user.email, '').emailHash);
    const [row] = await t.database.db.select().from(signInThrottle).where(pair);
    expect(row!.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    // Once the lock has passed, the right password works again.
    await t.database.db
      .update(signInThrottle)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(pair);
    expect((await call(t.app, 'POST', '/Auth/SignIn', { body: { email: user.email, password: PASSWORD } })).status).toBe(200);
  });

  it('an attacker elsewhere cannot lock the owner out: the lock holds only for the failing address', async () => {
    const { user } = await makeUser(t.database.db);
    for (let i = 0; i < 6; i++) await signInFrom('198.51.100.7', user.email, 'guess-guess');
    expect((await signInFrom('198.51.100.7', user.email, PASSWORD)).status).toBe(423);
    expect((await signInFrom('203.0.113.20', user.email, PASSWORD)).status).toBe(200);
  });

  it('an unknown e-mail is refused and locked exactly like a known one', async () => {
    const { user } = await makeUser(t.database.db);
    const ghost = `ghost-${Date.now()}@example.test`;
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await signInFrom('198.51.100.8', user.email, 'wrong-wrong');
      const b = await signInFrom('198.51.100.8', ghost, 'wrong-wrong');
      known.push([a.status, a.body]);
      unknown.push([b.status, b.body]);
    }
    expect(unknown).toEqual(known);
    expect(known.map((k) => (k as [number])[0])).toEqual([401, 401, 401, 401, 423, 423]);
  });

  it('a success resets the failure count', async () => {
    const { user } = await makeUser(t.database.db);
    for (let i = 0; i < 4; i++) await call(t.app, 'POST', '/Auth/SignIn', { body: { email: user.email, password: 'nope-nope' } });
    await signIn(t.app, user.email);
    for (let i = 0; i < 4; i++)
      expect((await call(t.app, 'POST', '/Auth/SignIn', { body: { email: user.email, password: 'nope-nope' } })).status).toBe(
        401,
      );
  });
});

describe('request bodies', () => {
  it('accepts an action call with a JSON content type and no body', async () => {
    const { user, organisationUserId } = await makeUser(t.database.db, {
      organisationId: (await makeOrganisation(t.database.db)).id,
    });
    const token = await signIn(t.app, user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/OrganisationUsers/${organisationUserId}/SetCurrent`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('sign-out ends the session for real', async () => {
    const { user } = await makeUser(t.database.db);
    const token = await signIn(t.app, user.email);
    expect((await call(t.app, 'GET', '/Users/me', { token })).status).toBe(200);
    expect((await call(t.app, 'POST', `/Auth/SignOut?id=${user.id}`, { token })).status).toBe(200);
    const after = await call(t.app, 'GET', '/Users/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.errors[0].code).toBe('session_expired');
    expect(await auditActions(user.id)).toContain('auth.sign_out');
  });

  it('an hour without activity ends the session', async () => {
    const { user } = await makeUser(t.database.db);
    const token = await signIn(t.app, user.email);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - IDLE_TIMEOUT_MS - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await call(t.app, 'GET', '/Users/me', { token })).status).toBe(401);
    expect(await auditActions(user.id)).toContain('session.expired');
  });

  it('ends a session 12 hours after sign-in however active it is', async () => {
    const { user } = await makeUser(t.database.db);
    const token = await signIn(t.app, user.email);
    const hours = (h: number) => new Date(Date.now() - h * 3_600_000);
    await t.database.db
      .update(sessions)
      .set({ createdAt: hours(11.9), lastSeenAt: new Date() })
      .where(eq(sessions.userId, user.id));
    expect((await call(t.app, 'GET', '/Users/me', { token })).status).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ createdAt: hours(12.1), lastSeenAt: new Date() })
      .where(eq(sessions.userId, user.id));
    expectError(await call(t.app, 'GET', '/Users/me', { token }), 401, 'session_expired');
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.endReason).toBe('max_age');
  });

  it('refuses unknown tokens and requests without one', async () => {
    expect((await call(t.app, 'GET', '/Users/me', { token: 'made-up-token-made-up-token-made-up-token' })).status).toBe(401);
    expect((await call(t.app, 'GET', '/Users/me')).status).toBe(401);
  });
});

describe('password restore', () => {
  it('replies the same for known and unknown e-mails and mails a working link', async () => {
    const { user } = await makeUser(t.database.db);
    const known = await call(t.app, 'POST', '/Auth/RestorePassword', { body: { email: user.email } });
    const unknown = await call(t.app, 'POST', '/Auth/RestorePassword', { body: { email: 'ghost@example.test' } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(t.mailer.lastTo('ghost@example.test')).toBeUndefined();
    const link = t.mailer.lastTo(user.email)!.links![0]!;
    expect(link).toMatch(/^http:\/\/edc\.test\/setPassword\//);
    const token = link.split('/').pop()!;
    const oldSession = await signIn(t.app, user.email);

    const short = await call(t.app, 'POST', `/Auth/${token}/SetPassword`, { body: { password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].path).toBe('password');

    expect((await call(t.app, 'POST', `/Auth/${token}/SetPassword`, { body: { password: 'brand-new-pass' } })).status).toBe(200);
    expect((await call(t.app, 'GET', '/Users/me', { token: oldSession })).status).toBe(401);
    await signIn(t.app, user.email, 'brand-new-pass');
    // A link works once.
    expect(
      (await call(t.app, 'POST', `/Auth/${token}/SetPassword`, { body: { password: 'another-pass' } })).body.errors[0].code,
    ).toBe('invalid_token');
    expect(await auditActions(user.id)).toEqual(expect.arrayContaining(['auth.password_reset_requested', 'auth.password_reset']));
  });

  it('takes the same time for known and unknown e-mails', async () => {
    const { user } = await makeUser(t.database.db);
    const restore = (email: string) => () => call(t.app, 'POST', '/Auth/RestorePassword', { body: { email } });
    await timings(4, restore(user.email), restore('warm-up@example.test'));
    const { a: known, b: unknown } = await timings(20, restore(user.email), restore(`nobody-${Date.now()}@example.test`));
    expect(Math.abs(known - unknown), `known ${known.toFixed(2)} ms, unknown ${unknown.toFixed(2)} ms`).toBeLessThan(
      Math.max(4, 0.1 * Math.max(known, unknown)),
    );
  });

  it('only the newest restore link works', async () => {
    const { user } = await makeUser(t.database.db);
    await call(t.app, 'POST', '/Auth/RestorePassword', { body: { email: user.email } });
    const first = t.mailer.lastTo(user.email)!.links![0]!.split('/').pop()!;
    await call(t.app, 'POST', '/Auth/RestorePassword', { body: { email: user.email } });
    const second = t.mailer.lastTo(user.email)!.links![0]!.split('/').pop()!;
    expectError(
      await call(t.app, 'POST', `/Auth/${first}/SetPassword`, { body: { password: 'a-fresh-secret-1' } }),
      400,
      'invalid_token',
    );
    expect((await call(t.app, 'POST', `/Auth/${second}/SetPassword`, { body: { password: 'a-fresh-secret-1' } })).status).toBe(
      200,
    );
  });
});

describe('password policy', () => {
  const restoreLink = async (email: string) => {
    await call(t.app, 'POST', '/Auth/RestorePassword', { body: { email } });
    return t.mailer.lastTo(email)!.links![0]!.split('/').pop()!;
  };

  it('refuses the e-mail, a name or a common password wherever a password is set, naming the field', async () => {
    const { user } = await makeUser(t.database.db);
    const token = await restoreLink(user.email);
    const setPassword = (password: string, lang: 'ru' | 'en' = 'ru') =>
      call(t.app, 'POST', `/Auth/${token}/SetPassword`, { body: { password }, lang });
    const asEmail = expectError(await setPassword(user.email.toUpperCase(), 'en'), 400, 'password_has_email', 'password');
    expect(asEmail.message).toBe(ERROR_MESSAGES.password_has_email.en);
    expectError(await setPassword(`${user.email.split('@')[0]}-2026`), 400, 'password_has_email', 'password');
    const name = expectError(await setPassword(`${user.lastName}-${user.firstName}-77`), 400, 'password_has_name', 'password');
    expect(name.message).toBe(ERROR_MESSAGES.password_has_name.ru);
    expectError(await setPassword('Qwerty123'), 400, 'password_common', 'password');
    // A refusal does not use up the link.
    expect((await setPassword('my-own-secret-2026')).status).toBe(200);

    const session = await signIn(t.app, user.email, 'my-own-secret-2026');
    const change = (newPassword: string) =>
      call(t.app, 'POST', `/Users/${user.id}/ChangePassword`, {
        token: session,
        body: { oldPassword: 'my-own-secret-2026', newPassword },
        lang: 'en',
      });
    // A signed-in user reads messages in their saved language.
    const common = expectError(await change('iloveyou1'), 400, 'password_common', 'newPassword');
    expect(common.message).toBe(ERROR_MESSAGES.password_common.ru);
    expectError(await change(user.email), 400, 'password_has_email', 'newPassword');
    expect((await change('another-secret-2026')).status).toBe(200);
  });

  it('applies to the first password of a registration or an invitation too', async () => {
    const email = `policy-${Date.now()}@example.test`;
    const org = await makeOrganisation(t.database.db);
    await call(t.app, 'POST', '/Auth/SignUp', {
      body: { userDto: { email, firstName: 'Алевтина', lastName: 'Парольная' }, organisationShortName: org.shortName },
    });
    const token = t.mailer.lastTo(email)!.links![0]!.split('/').pop()!;
    const set = (password: string) =>
      call(t.app, 'POST', `/Auth/${token}/SetPasswordWithCredentials`, { body: { email, password } });
    expectError(await set('алевтина-2026'), 400, 'password_has_name', 'password');
    expectError(await set('password1'), 400, 'password_common', 'password');
    expect((await set('tea-with-lemon-2026')).status).toBe(200);
  });
});

describe('registration', () => {
  /** Follows the mailed set-password link: proves the e-mail, sets the password, gives the first session. */
  const completeRegistration = async (email: string, password = 'my-password-1') => {
    const link = t.mailer.lastTo(email)!.links![0]!;
    expect(link).toContain('/setPasswordWCreds/');
    const res = await call(t.app, 'POST', `/Auth/${link.split('/').pop()}/SetPasswordWithCredentials`, {
      body: { email, password },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.accessToken as string;
  };

  it('with a new organisation: no session until the mailed link proves the e-mail; the founder is its verified admin', async () => {
    const email = `founder-${Date.now()}@example.test`;
    const res = await call(t.app, 'POST', '/Auth/SignUpWithOrganisation', {
      body: {
        userDto: { email, firstName: 'Иван', lastName: 'Основатель' },
        organisationDto: { name: 'ООО «Новая»', shortName: `Новая ${Date.now()}`, address: 'Москва' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    const token = t.mailer.lastTo(email)!.links![0]!.split('/').pop()!;
    const wrongEmail = await call(t.app, 'POST', `/Auth/${token}/SetPasswordWithCredentials`, {
      body: { email: 'other@example.test', password: 'my-password-1' },
    });
    expect(wrongEmail.status).toBe(400);
    const session = await completeRegistration(email);
    const me = await call(t.app, 'GET', '/Users/me', { token: session });
    expect(me.body.data.organisationUsers[0]).toMatchObject({ isVerify: true, userRoleString: 'Admin' });
    expect(me.body.data.currentOrganisationUserId).toBe(me.body.data.organisationUsers[0].id);
  });

  it('with a new organisation from the company lookup: keeps its INN and KPP, refuses a taken INN', async () => {
    const stamp = Date.now();
    const inn = String(5000000000 + (stamp % 999999999)).slice(0, 10);
    const signUp = (email: string, organisationDto: Record<string, unknown>) =>
      call(t.app, 'POST', '/Auth/SignUpWithOrganisation', {
        body: { userDto: { email, firstName: 'Инна', lastName: 'Реестрова' }, organisationDto },
      });
    const organisationDto = {
      name: 'ООО «Реестровая клиника»',
      shortName: `Реестровая ${stamp}`,
      address: 'Казань, ул. Реестровая, 1',
      inn,
      kpp: '165501001',
    };
    const email = `registry-${stamp}@example.test`;
    const res = await signUp(email, organisationDto);
    expect(res.status).toBe(200);
    const token = await completeRegistration(email);
    const me = await call(t.app, 'GET', '/Users/me', { token });
    const organisationId = me.body.data.organisationUsers[0].organisation.id;
    const org = await call(t.app, 'GET', `/Organisations/${organisationId}`, { token });
    expect(org.body.data).toMatchObject({ shortName: organisationDto.shortName, inn, kpp: '165501001' });
    // The lookup now knows it by its INN.
    const lookup = await call(t.app, 'GET', `/Organisations/Lookup?query=${inn}`);
    expect(lookup.body.data.suggestions).toContainEqual(expect.objectContaining({ inn, organisationId }));

    const again = await signUp(`registry-2-${stamp}@example.test`, { ...organisationDto, shortName: `Другая ${stamp}` });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ code: 'inn_taken', path: 'organisationDto.inn' });
    // Nothing of the refused registration stays: its e-mail is still free.
    const bad = await signUp(`registry-2-${stamp}@example.test`, { ...organisationDto, shortName: `Третья ${stamp}`, inn: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['organisationDto.inn']);
    const manual = await signUp(`registry-2-${stamp}@example.test`, {
      name: 'ООО «Ручная»',
      shortName: `Ручная ${stamp}`,
      address: 'Тверь',
      inn: null,
      kpp: null,
    });
    expect(manual.status).toBe(200);
    expect(t.mailer.lastTo(`registry-2-${stamp}@example.test`)!.links![0]).toContain('/setPasswordWCreds/');
  });

  it('joining an existing organisation waits for verification', async () => {
    const org = await makeOrganisation(t.database.db);
    const email = `joiner-${Date.now()}@example.test`;
    const res = await call(t.app, 'POST', '/Auth/SignUp', {
      body: { userDto: { email, firstName: 'A', lastName: 'B' }, organisationShortName: org.shortName },
    });
    expect(res.status).toBe(200);
    const me = await call(t.app, 'GET', '/Users/me', { token: await completeRegistration(email) });
    expect(me.body.data.organisationUsers[0]).toMatchObject({ isVerify: false, userRoleString: 'User' });
    // Not yet current: the organisation chooser shows it as waiting for verification.
    expect(me.body.data.currentOrganisationUserId).toBeNull();
    expect(me.body.data.homePath).toBe('/chooseOrganisation');
    await signIn(t.app, email, 'my-password-1');
  });

  it('a taken e-mail gets the same answer as a free one; its owner is mailed and nothing is created', async () => {
    const { user } = await makeUser(t.database.db);
    const stamp = Date.now();
    const register = (email: string, shortName: string) =>
      call(t.app, 'POST', '/Auth/SignUpWithOrganisation', {
        body: { userDto: { email, firstName: 'A', lastName: 'B' }, organisationDto: { name: 'X', shortName, address: 'Y' } },
        lang: 'en',
      });
    const taken = await register(user.email.toUpperCase(), `Dup ${stamp}`);
    const free = await register(`free-${stamp}@example.test`, `Free ${stamp}`);
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual(free.body);
    const mail = t.mailer.lastTo(user.email)!;
    expect(mail.text).toMatch(/учётная запись с ним уже есть/);
    expect(mail.links).toEqual(['http://edc.test/login', 'http://edc.test/restorePassword']);
    const short = await call(t.app, 'GET', `/Organisations/Short?search=${encodeURIComponent(`Dup ${stamp}`)}`);
    expect(short.body.data ?? []).toHaveLength(0);
    expect(await auditActions(user.id)).toContain('auth.sign_up_existing');
    // A taken organisation name is refused alike, whoever registers.
    const orgTaken = await register(user.email, `Free ${stamp}`);
    const orgTakenFresh = await register(`fresh-${stamp}@example.test`, `Free ${stamp}`);
    expectError(orgTaken, 409, 'organisation_exists', 'organisationDto.shortName');
    expect(orgTaken.body).toEqual(orgTakenFresh.body);
  });

  it('takes about the same time for a taken e-mail as for a free one', async () => {
    const org = await makeOrganisation(t.database.db);
    const { user } = await makeUser(t.database.db);
    let n = 0;
    const register = (email: () => string) => () =>
      call(t.app, 'POST', '/Auth/SignUp', {
        body: { userDto: { email: email(), firstName: 'Тайм', lastName: 'Замеров' }, organisationShortName: org.shortName },
      });
    const free = () => `timing-${Date.now()}-${n++}@example.test`;
    await timings(
      4,
      register(() => user.email),
      register(free),
    );
    const { a: taken, b: fresh } = await timings(
      20,
      register(() => user.email),
      register(free),
    );
    // A leak would be a skipped password hash or insert: tens of milliseconds. The bound allows 10 % of the
    // reply (at least 6 ms), so a machine busy with other suites does not fail it by chance.
    expect(Math.abs(taken - fresh), `taken ${taken.toFixed(2)} ms, free ${fresh.toFixed(2)} ms`).toBeLessThan(
      Math.max(6, 0.1 * Math.max(taken, fresh)),
    );
  });

  it('refuses an unknown organisation and names the missing person fields', async () => {
    const res = await call(t.app, 'POST', '/Auth/SignUp', {
      body: { userDto: { email: 'x@example.test', firstName: 'A', lastName: 'B' }, organisationShortName: 'No Such Org' },
    });
    expect(res.status).toBe(400);
    const missing = await call(t.app, 'POST', '/Auth/SignUp', {
      body: { userDto: { email: 'x@example.test' }, organisationShortName: 'X' },
    });
    expect(missing.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['userDto.firstName', 'userDto.lastName']);
  });
});

describe('sign-in from the external system', () => {
  it('accepts a token minted with the shared secret and switches to the given employee', async () => {
    const research = await makeResearch(t.database.db);
    const centre = await makeCentre(t.database.db, { researchId: research.id, type: 'Site' });
    const { user, employeeId } = await makeUser(t.database.db, { centre });
    const token = signExternalLoginToken(TEST_EXTERNAL_SECRET, user.email, Math.floor(Date.now() / 1000) + 300);
    const res = await call(t.app, 'POST', '/Auth/SignInWithDrTrial', { body: { email: user.email, token, employeeId } });
    expect(res.status).toBe(200);
    const me = await call(t.app, 'GET', '/Users/me', { token: res.body.data.accessToken });
    expect(me.body.data.currentEmployeeId).toBe(employeeId);
  });

  it('refuses a forged or expired token, and an employee of someone else', async () => {
    const { user } = await makeUser(t.database.db);
    const other = await makeUser(t.database.db, {
      centre: await makeCentre(t.database.db, { researchId: (await makeResearch(t.database.db)).id, type: 'Site' }),
    });
    const forged = signExternalLoginToken('another-secret-another-secret', user.email, Math.floor(Date.now() / 1000) + 300);
    const expired = signExternalLoginToken(TEST_EXTERNAL_SECRET, user.email, Math.floor(Date.now() / 1000) - 1);
    expect((await call(t.app, 'POST', '/Auth/SignInWithDrTrial', { body: { email: user.email, token: forged } })).status).toBe(
      401,
    );
    expect((await call(t.app, 'POST', '/Auth/SignInWithDrTrial', { body: { email: user.email, token: expired } })).status).toBe(
      401,
    );
    const valid = signExternalLoginToken(TEST_EXTERNAL_SECRET, user.email, Math.floor(Date.now() / 1000) + 300);
    const foreign = await call(t.app, 'POST', '/Auth/SignInWithDrTrial', {
      body: { email: user.email, token: valid, employeeId: other.employeeId },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors[0].message).toBe('У Вас нет прав доступа к исследованию');
  });
});

describe('audit trail', () => {
  it('refuses UPDATE and DELETE and keeps an intact hash chain', async () => {
    const failure = (q: Promise<unknown>) =>
      q.then(
        () => 'succeeded',
        (e: Error & { cause?: Error }) => String(e.cause?.message ?? e.message),
      );
    expect(await failure(t.database.db.execute(sql`update audit_log set action = 'x'`))).toMatch(/append-only/);
    expect(await failure(t.database.db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
    const chain = await verifyAuditChain(t.database.db);
    expect(chain.brokenAt).toBeNull();
    expect(chain.checked).toBeGreaterThan(10);
  });
});

describe('malformed requests', () => {
  it('answers a bad URL with the usual error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Organisations/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).errors[0].code).toBe('validation');
  });
});
