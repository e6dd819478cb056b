import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../support/test-app.js';
import { makeOrganisation } from '../support/factories.js';
import { auditOf, CALLERS, setupCastApp } from '../support/cast.js';

/** A stand-in for the company registry on 127.0.0.1: records what it was asked and answers what the test set. */
class FakeRegistry {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      this.requests.push({
        method: req.method!,
        url: req.url!,
        authorization: req.headers.authorization,
        body: JSON.parse(body || 'null'),
      });
      res.writeHead(this.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(this.reply));
    });
  });
  requests: { method: string; url: string; authorization?: string; body: any }[] = [];
  status = 200;
  reply: unknown = { suggestions: [] };
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/suggest/party`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const suggestion = (over: { inn: string; kpp?: string; short: string; full?: string; address?: string; status?: string }) => ({
  value: over.short,
  data: {
    inn: over.inn,
    kpp: over.kpp ?? '770101001',
    name: { short_with_opf: over.short, full_with_opf: over.full ?? `Full ${over.short}` },
    address: { value: over.address ?? 'Moscow, Tverskaya 1' },
    state: { status: over.status ?? 'ACTIVE' },
  },
});

let seq = 0;
/** A 10-digit INN no other test uses. */
const newInn = () => String(7700000000 + ((Date.now() * 10 + ++seq) % 99999999)).padStart(10, '0');
const lookup = (app: TestApp['app'], query: string, token?: string) =>
  call(app, 'GET', `/Organisations/Lookup?query=${encodeURIComponent(query)}`, { token });

const { t, db, as } = setupCastApp();

describe('GET /Organisations/Lookup without a registry (known organisations)', () => {
  it('finds live organisations by name, short name or INN, with their id; says it was the known lookup', async () => {
    const inn = newInn();
    const org = await makeOrganisation(db(), {
      name: 'Clinical Hospital No. 7 of the City',
      shortName: `Hospital7-${inn}`,
      inn,
      kpp: '770201001',
    });
    for (const query of ['hospital no. 7', `hospital7-${inn}`, inn.slice(0, 6)]) {
      const res = await lookup(t.app, query, as('editor'));
      expect(res.status).toBe(200);
      expect(res.body.data.kind).toBe('known');
      expect(res.body.data.suggestions).toContainEqual({
        name: org.name,
        shortName: org.shortName,
        inn,
        kpp: '770201001',
        address: org.address,
        source: 'known',
        organisationId: org.id,
      });
    }
  });

  it('answers at most 10 suggestions, leaves out deleted organisations', async () => {
    const tag = `Many${Date.now()}`;
    for (let i = 0; i < 12; i++) await makeOrganisation(db(), { shortName: `${tag} ${i}` });
    const gone = await makeOrganisation(db(), { shortName: `${tag} gone`, deletedAt: new Date() });
    const res = await lookup(t.app, tag);
    expect(res.body.data.suggestions).toHaveLength(10);
    expect(res.body.data.suggestions.map((s: { organisationId: string }) => s.organisationId)).not.toContain(gone.id);
  });

  it('is public (registration uses it)', async () => {
    const res = await lookup(t.app, 'anything at all');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ kind: 'known', suggestions: [] });
  });

  it.each(CALLERS)('%s may look up', async (caller) => {
    expect((await lookup(t.app, 'Org', as(caller))).status).toBe(200);
  });

  it.each([
    ['', 'required'],
    ['a', 'validation'],
    ['x'.repeat(201), 'validation'],
  ])('400 names query for %j', async (query, _code) => {
    const res = await call(t.app, 'GET', query ? `/Organisations/Lookup?query=${query}` : '/Organisations/Lookup', {});
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('query');
  });
});

describe('GET /Organisations/Lookup with a registry', () => {
  const registry = new FakeRegistry();
  let app: TestApp;
  beforeAll(async () => {
    const url = await registry.start();
    app = await createTestApp({ COMPANY_LOOKUP_URL: url, COMPANY_LOOKUP_KEY: 'secret-key' });
  });
  afterAll(async () => {
    await app?.close();
    await registry.stop();
  });

  it('asks the registry and maps its active suggestions, marking those already known here', async () => {
    const knownInn = newInn();
    const known = await makeOrganisation(app.database.db, { shortName: `Known ${knownInn}`, inn: knownInn });
    const newOne = newInn();
    registry.status = 200;
    registry.reply = {
      suggestions: [
        suggestion({ inn: newOne, short: 'OOO "Lab"', full: 'Limited company "Lab"', address: 'Kazan, Lenina 2' }),
        suggestion({ inn: knownInn, short: 'AO "Known"' }),
        suggestion({ inn: newInn(), short: 'Closed', status: 'LIQUIDATED' }),
      ],
    };
    registry.requests = [];
    const res = await call(app.app, 'GET', `/Organisations/Lookup?query=${encodeURIComponent('Lab')}`);
    expect(res.status).toBe(200);
    expect(res.body.data.kind).toBe('registry');
    expect(res.body.data.suggestions).toEqual([
      {
        name: 'Limited company "Lab"',
        shortName: 'OOO "Lab"',
        inn: newOne,
        kpp: '770101001',
        address: 'Kazan, Lenina 2',
        source: 'registry',
      },
      {
        name: 'Full AO "Known"',
        shortName: 'AO "Known"',
        inn: knownInn,
        kpp: '770101001',
        address: 'Moscow, Tverskaya 1',
        source: 'registry',
        organisationId: known.id,
      },
    ]);
    expect(registry.requests).toHaveLength(1);
    expect(registry.requests[0]).toMatchObject({
      method: 'POST',
      url: '/suggest/party',
      authorization: 'Token secret-key',
      body: { query: 'Lab', count: 10, status: ['ACTIVE'] },
    });
  });

  it('answers from the known organisations when the registry fails, and says so', async () => {
    const inn = newInn();
    const org = await makeOrganisation(app.database.db, { shortName: `Fallback ${inn}`, inn });
    registry.status = 503;
    registry.reply = { error: 'down' };
    const res = await call(app.app, 'GET', `/Organisations/Lookup?query=${inn}`);
    expect(res.status).toBe(200);
    expect(res.body.data.kind).toBe('known');
    expect(res.body.data.suggestions).toEqual([expect.objectContaining({ organisationId: org.id, source: 'known', inn })]);
  });
});

describe('GET /Organisations/Lookup rate limit', () => {
  it('limits requests per address like the Auth endpoints (429)', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '2' });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await call(limited.app, 'GET', '/Organisations/Lookup?query=abc')).status);
      expect(statuses).toEqual([200, 200, 429]);
      const res = await call(limited.app, 'GET', '/Organisations/Lookup?query=abc', { lang: 'en' });
      expect(res.body.errors[0].code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});

describe('Organisations with tax numbers', () => {
  it('creates an organisation with INN and KPP, returns and audits them', async () => {
    const inn = newInn();
    const body = { name: `Full name ${inn}`, shortName: `Short ${inn}`, address: 'Moscow', inn, kpp: '7701AB001' };
    const res = await call(t.app, 'POST', '/Organisations', { token: as('editor'), body });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ inn, kpp: '7701AB001' });
    const [audit] = await auditOf(db(), res.body.data.id, 'organisation.create');
    expect(audit!.after).toMatchObject({ inn, kpp: '7701AB001' });
    const read = await call(t.app, 'GET', `/Organisations/${res.body.data.id}`, { token: as('editor') });
    expect(read.body.data).toMatchObject({ inn, kpp: '7701AB001' });
    const withoutTaxNumbers = await call(t.app, 'POST', '/Organisations', {
      token: as('editor'),
      body: { name: 'No INN', shortName: `NoInn ${inn}`, address: 'Tula' },
    });
    expect(withoutTaxNumbers.body.data).toMatchObject({ inn: null, kpp: null });
  });

  it('refuses a second organisation with the same INN: 409 names inn', async () => {
    const inn = newInn();
    await makeOrganisation(db(), { inn });
    const res = await call(t.app, 'POST', '/Organisations', {
      token: as('admin'),
      body: { name: 'Twin', shortName: `Twin ${inn}`, address: 'Moscow', inn },
    });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'inn_taken', path: 'inn' });
    expect(res.body.errors[0].message).toContain(inn);
  });

  it('a deleted organisation’s INN can be used again', async () => {
    const inn = newInn();
    await makeOrganisation(db(), { inn, deletedAt: new Date() });
    const res = await call(t.app, 'POST', '/Organisations', {
      token: as('admin'),
      body: { name: 'Reborn', shortName: `Reborn ${inn}`, address: 'Moscow', inn },
    });
    expect(res.status).toBe(200);
  });

  it('update: another organisation’s INN is refused; its own is fine; null clears it', async () => {
    const taken = newInn();
    await makeOrganisation(db(), { inn: taken });
    const own = newInn();
    const org = await makeOrganisation(db(), { inn: own });
    const dup = await call(t.app, 'PUT', `/Organisations/${org.id}`, { token: as('admin'), body: { inn: taken } });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toMatchObject({ code: 'inn_taken', path: 'inn' });
    expect((await call(t.app, 'PUT', `/Organisations/${org.id}`, { token: as('admin'), body: { inn: own } })).status).toBe(200);
    const cleared = await call(t.app, 'PUT', `/Organisations/${org.id}`, {
      token: as('admin'),
      body: { inn: null, kpp: '770101001' },
    });
    expect(cleared.body.data).toMatchObject({ inn: null, kpp: '770101001' });
    const [audit] = await auditOf(db(), org.id, 'organisation.update');
    expect(audit!.before).toMatchObject({ inn: own, kpp: null });
    expect(audit!.after).toMatchObject({ inn: null, kpp: '770101001' });
  });

  it.each([
    [{ inn: '12345' }, 'inn'],
    [{ inn: '12345678901' }, 'inn'],
    [{ inn: '77000000AB' }, 'inn'],
    [{ kpp: '77010100' }, 'kpp'],
    [{ kpp: '7701ab001' }, 'kpp'],
  ])('400 for %o names %s', async (over, path) => {
    const res = await call(t.app, 'POST', '/Organisations', {
      token: as('admin'),
      body: { name: 'Bad', shortName: `Bad ${Date.now()}-${++seq}`, address: 'Moscow', ...over },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'validation', path });
  });
});
