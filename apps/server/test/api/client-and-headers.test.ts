import { afterAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog } from '../../src/platform/db/schema/index.js';
import { loadConfig } from '../../src/config.js';
import { call, createTestApp, type TestApp } from '../support/test-app.js';
import { makeUser, PASSWORD } from '../support/factories.js';

/**
 * The client's address (docs/security.md, "Client address"): X-Forwarded-For counts only from a proxy named
 * in TRUST_PROXY, for the rate limit, the sign-in lockout and the audit trail alike. Every /api reply is
 * `Cache-Control: no-store` and every reply carries the security headers (platform/http/security-headers.ts);
 * Swagger UI is off in production unless API_DOCS=on.
 */
const apps: TestApp[] = [];
const appWith = async (env: Record<string, string> = {}) => {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
};
afterAll(async () => {
  for (const t of apps) await t.close();
});

/** Signs in from `peer` claiming to be `claimed`; returns the status and the address the audit trail recorded. */
async function signInVia(t: TestApp, peer: string, claimed: string, password = PASSWORD) {
  const { user } = await makeUser(t.database.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Auth/SignIn',
    remoteAddress: peer,
    headers: { 'x-forwarded-for': claimed },
    payload: { email: user.email, password },
  });
  const [row] = await t.database.db
    .select({ ip: auditLog.ip })
    .from(auditLog)
    .where(eq(auditLog.userId, user.id))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  return { status: res.statusCode, ip: row?.ip };
}

describe('client address', () => {
  it('ignores a forged X-Forwarded-For by default: the audit trail records the real peer', async () => {
    const t = await appWith();
    expect(await signInVia(t, '203.0.113.5', '1.2.3.4')).toEqual({ status: 200, ip: '203.0.113.5' });
  });

  it('honours X-Forwarded-For from a configured proxy only', async () => {
    const t = await appWith({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' });
    expect(await signInVia(t, '10.1.2.3', '198.51.100.9')).toEqual({ status: 200, ip: '198.51.100.9' });
    expect(await signInVia(t, '192.0.2.1', '198.51.100.10')).toEqual({ status: 200, ip: '198.51.100.10' });
    // Anyone else claiming an address is recorded as themselves.
    expect(await signInVia(t, '203.0.113.6', '198.51.100.11')).toEqual({ status: 200, ip: '203.0.113.6' });
  });

  it('with a hop count, takes the address the nearest proxy saw', async () => {
    const t = await appWith({ TRUST_PROXY: '1' });
    expect((await signInVia(t, '10.0.0.2', '6.6.6.6, 198.51.100.12')).ip).toBe('198.51.100.12');
  });

  it('counts the rate limit and the lockout on the real peer, however the header varies', async () => {
    const t = await appWith({ AUTH_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Auth/RestorePassword',
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': `198.51.100.${i + 20}` },
        payload: { email: 'nobody@example.test' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    const locked = await appWith();
    const { user } = await makeUser(locked.database.db);
    const attempts: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await locked.app.inject({
        method: 'POST',
        url: '/api/Auth/SignIn',
        remoteAddress: '203.0.113.8',
        headers: { 'x-forwarded-for': `198.51.100.${i + 40}` },
        payload: { email: user.email, password: 'wrong-wrong' },
      });
      attempts.push(res.statusCode);
    }
    expect(attempts).toEqual([401, 401, 401, 401, 423, 423]);
  });

  it('refuses a TRUST_PROXY that is not a list of addresses or a hop count at start', () => {
    const load = (TRUST_PROXY: string) => () => loadConfig({ TRUST_PROXY });
    expect(load('true')).toThrow(/TRUST_PROXY/);
    expect(load('10.0.0.0/33')).toThrow(/not an IP address or CIDR: 10\.0\.0\.0\/33/);
    expect(load('proxy.example.org')).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: 'loopback, ::1, fd00::/8' }).TRUST_PROXY).toEqual(['loopback', '::1', 'fd00::/8']);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });
});

describe('API replies', () => {
  it('are never cached: data, errors and unknown addresses alike', async () => {
    const t = await appWith();
    const { user } = await makeUser(t.database.db);
    const signedIn = await call(t.app, 'POST', '/Auth/SignIn', { body: { email: user.email, password: PASSWORD } });
    const token = signedIn.body.data.accessToken;
    for (const res of [
      signedIn.res,
      (await call(t.app, 'GET', '/Users/me', { token })).res,
      (await call(t.app, 'GET', '/Users/me')).res,
      (await call(t.app, 'GET', '/Researches/not-an-id', { token })).res,
      (await call(t.app, 'GET', '/No/Such/Route', { token })).res,
      (await call(t.app, 'GET', '/health')).res,
    ]) {
      expect(res.headers['cache-control'], res.raw.req.url).toBe('no-store');
    }
  });

  it('carry the security headers, the content security policy the web app needs among them', async () => {
    const t = await appWith();
    for (const res of [
      (await call(t.app, 'GET', '/health')).res,
      (await call(t.app, 'GET', '/Users/me')).res,
      await t.app.inject({ method: 'GET', url: '/no-such-page' }),
    ]) {
      const h = res.headers;
      expect(h['content-security-policy'], res.raw.req.url).toContain("default-src 'self'");
      expect(h['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
      expect(h['content-security-policy']).toContain("img-src 'self' data: blob:");
      expect(h['content-security-policy']).toContain("frame-src 'self' blob:");
      expect(h['content-security-policy']).toContain("object-src 'self' blob:");
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['x-frame-options']).toBe('SAMEORIGIN');
      expect(h['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(h['referrer-policy']).toBe('no-referrer');
      expect(h['cross-origin-opener-policy']).toBe('same-origin');
      expect(h['x-powered-by']).toBeUndefined();
    }
  });
});

describe('Swagger UI', () => {
  it('is served outside production, off in production unless API_DOCS=on', async () => {
    const get = async (t: TestApp, url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    const dev = await appWith();
    expect(await get(dev, '/api/docs/json')).toBe(200);
    const prod = await appWith({ NODE_ENV: 'production' });
    expect(await get(prod, '/api/docs')).toBe(404);
    expect(await get(prod, '/api/docs/json')).toBe(404);
    const enabled = await appWith({ NODE_ENV: 'production', API_DOCS: 'on' });
    expect(await get(enabled, '/api/docs/json')).toBe(200);
    // Three databases opened in one test: on a loaded 2-core machine each PGlite copy takes 10 s or more.
  }, 120_000);
});
