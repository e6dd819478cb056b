import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../src/platform/db/schema/index.js';
import { registerErrorHandling } from '../../src/platform/http/error-handler.js';
import { makeOrganisation, makeResearch } from '../support/factories.js';
import { setupCastApp } from '../support/cast.js';
import { call, callsAs, expectError } from '../support/test-app.js';

// One id and text form at the edge (issue 11): ids in any case are one id, NUL and lone surrogates are
// refused naming the field, bad input never gives 500.
const { t, callers, as, db } = setupCastApp();

/** A request with a raw JSON text, so that it can carry escapes such as a lone surrogate. */
const rawJson = (method: 'POST' | 'PUT', url: string, json: string, token?: string) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: json,
  });
const parsed = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, body: JSON.parse(res.body) });

describe('ids in upper case', () => {
  it('read the same object as in lower case', async () => {
    const research = await makeResearch(db());
    const admin = callsAs(t.app, as('admin'));
    const lower = await admin.ok('GET', `/Researches/${research.id}`);
    const upper = await admin.ok('GET', `/Researches/${research.id.toUpperCase()}`);
    expect(upper).toEqual(lower);
  });

  it('update a research version as in lower case (no 500), and the reply carries the stored id', async () => {
    const research = await makeResearch(db());
    const admin = callsAs(t.app, as('admin'));
    const v = await admin.ok('POST', '/ResearchVersions', {
      researchId: research.id.toUpperCase(),
      startedDate: '2026-01-01',
      majorIndex: 1,
      minorIndex: 0,
    });
    expect(v.researchId).toBe(research.id);
    const res = await admin.send('PUT', `/ResearchVersions/${v.id.toUpperCase()}`, {
      description: 'Upper-case id',
      updatedAt: v.updatedAt,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: v.id, description: 'Upper-case id' });
  });

  it('cannot slip past the guard against deleting oneself', async () => {
    const self = callers.admin.userId.toUpperCase();
    expectError(await call(t.app, 'DELETE', `/Users/${self}`, { token: as('admin') }), 400, 'cannot_delete_self', 'id');
    const [row] = await db().select().from(users).where(eq(users.id, callers.admin.userId));
    expect(row!.deletedAt).toBeNull();
  });

  it('are still refused when malformed', async () => {
    expectError(await call(t.app, 'GET', '/Researches/not-an-id', { token: as('admin') }), 400, 'validation', 'id');
  });
});

describe('NUL and lone surrogates', () => {
  it('NUL in a body string: 400 naming the field, in both languages', async () => {
    const body = { userDto: { email: 'nul\u0000@example.test', firstName: 'A', lastName: 'B' }, organisationShortName: 'X' };
    const en = await call(t.app, 'POST', '/Auth/SignUp', { body, lang: 'en' });
    expect(expectError(en, 400, 'text_nul', 'userDto.email').message).toContain('userDto.email');
    const ru = await call(t.app, 'POST', '/Auth/SignUp', { body, lang: 'ru' });
    expect(expectError(ru, 400, 'text_nul', 'userDto.email').message).toMatch(/Поле «userDto\.email»/);
  });

  it('NUL in the query of the public /Organisations/Short: 400 naming the field', async () => {
    await makeOrganisation(db(), { shortName: 'Edge Org' });
    expectError(await call(t.app, 'GET', '/Organisations/Short?search=Edge%00Org'), 400, 'text_nul', 'search');
    expect((await call(t.app, 'GET', '/Organisations/Short?search=Edge')).status).toBe(200);
  });

  it('NUL in a path parameter: 400 naming it', async () => {
    expectError(await call(t.app, 'GET', '/Researches/%00', { token: as('admin') }), 400, 'text_nul', 'id');
  });

  it('a lone surrogate in a research JSON: 400 naming the field, nothing stored', async () => {
    const research = await makeResearch(db(), { mnn: 'Before' });
    const res = parsed(await rawJson('PUT', `/Researches/${research.id}`, '{"mnn":"Te\\ud800stol"}', as('admin')));
    expectError(res, 400, 'text_lone_surrogate', 'mnn');
    const created = parsed(
      await rawJson('POST', '/Researches', '{"grlsProtocolNumber":"P-\\udc00","mnn":"X","grlsPhase":"I"}', as('admin')),
    );
    expectError(created, 400, 'text_lone_surrogate', 'grlsProtocolNumber');
    const after = await callsAs(t.app, as('admin')).ok('GET', `/Researches/${research.id}`);
    expect(after.mnn).toBe('Before');
  });

  it('a lone surrogate in an object key is refused too; a proper pair is text like any other', async () => {
    expectError(parsed(await rawJson('POST', '/Auth/SignIn', '{"\\ud800":1}')), 400, 'text_lone_surrogate', '\ud800');
    const research = await makeResearch(db());
    const res = parsed(await rawJson('PUT', `/Researches/${research.id}`, '{"mnn":"Testol \\ud83d\\ude42"}', as('admin')));
    expect(res.status).not.toBe(500);
    expect(res.body.errors?.[0]?.code).not.toBe('text_lone_surrogate');
  });
});

describe('XML uploads', () => {
  it('an ODM file nested 20,000 elements deep: 400 naming the file field, not 500', async () => {
    const research = await makeResearch(db());
    const xml = `<ODM>${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}</ODM>`;
    const res = await callsAs(t.app, as('admin')).send('POST', '/ResearchVersions/ImportOdm', { researchId: research.id, xml });
    expect(expectError(res, 400, 'xml_too_deep', 'xml').message).toMatch(/xml/);
  });

  it('an ODM file with an element or attribute named constructor or __proto__: 400 naming the file field, not 500', async () => {
    const research = await makeResearch(db());
    for (const xml of ['<ODM><Study OID="S"><constructor/></Study></ODM>', '<ODM __proto__="x"><Study OID="S"/></ODM>']) {
      const res = await callsAs(t.app, as('admin')).send('POST', '/ResearchVersions/ImportOdm', { researchId: research.id, xml });
      expectError(res, 400, 'odm_invalid', 'xml');
    }
  });
});

describe('unique violations', () => {
  it('two concurrent sign-ups with one e-mail: one account, the same answer to all (no enumeration), none is a 500', async () => {
    const org = await makeOrganisation(db());
    const email = `race-${Date.now()}@example.test`;
    const signUp = () =>
      call(t.app, 'POST', '/Auth/SignUp', {
        body: { userDto: { email, firstName: 'Race', lastName: 'Twin' }, organisationShortName: org.shortName },
      });
    const replies = await Promise.all([signUp(), signUp(), signUp()]);
    const statuses = replies.map((r) => r.status);
    expect(statuses, JSON.stringify(replies.map((r) => r.body))).not.toContain(500);
    expect(statuses).toEqual([200, 200, 200]);
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('a unique violation from the driver, however drizzle wraps it, answers 409 in the usual shape', async () => {
    // A bare app with the real error handler and a route that writes a duplicate e-mail past any check.
    const app = Fastify();
    registerErrorHandling(app);
    const email = `dup-${Date.now()}@example.test`;
    app.post('/dup', async () => {
      await db().insert(users).values({ email, firstName: 'A', lastName: 'B', userRole: 'User' });
      return { data: null };
    });
    expect((await app.inject({ method: 'POST', url: '/dup' })).statusCode).toBe(200);
    const res = await app.inject({ method: 'POST', url: '/dup', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body)).toEqual({
      errors: [{ code: 'already_exists', message: 'Such a record already exists: the value must be unique' }],
    });
    await app.close();
  });

  it('a transaction PostgreSQL ended for a deadlock or a serialisation failure answers 409, not 500', async () => {
    // The driver's own errors with those SQLSTATEs, raised by the database and wrapped as a real query's would be.
    const app = Fastify();
    registerErrorHandling(app);
    app.post('/raise/:state', async (req) => {
      const { state } = req.params as { state: string };
      await db().execute(sql.raw(`do $$ begin raise exception 'concurrent' using errcode = '${state}'; end $$`));
      return { data: null };
    });
    for (const state of ['40P01', '40001']) {
      const res = await app.inject({ method: 'POST', url: `/raise/${state}`, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, state).toBe(409);
      expect(JSON.parse(res.body)).toEqual({
        errors: [{ code: 'conflict', message: 'The data was changed by someone else; reload the page' }],
      });
    }
    // Any other database error is still the server's fault.
    const other = await app.inject({ method: 'POST', url: '/raise/XX000' });
    expect(other.statusCode).toBe(500);
    await app.close();
  });
});
