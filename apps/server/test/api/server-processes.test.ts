import { afterAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createTestApp, MemoryMailer, type TestApp } from '../support/test-app.js';

// Several server processes on one database (SERVER_PROCESSES, docs/operations.md "Several processes"): two apps on
// the same database stand for two processes. And the production reply path: compiled serialisation, compression.
let t: TestApp;
const others: FastifyInstance[] = [];
afterAll(async () => {
  for (const o of others) await o.close();
  await t?.close();
});

const restore = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: '/api/Auth/RestorePassword',
    remoteAddress: '203.0.113.9',
    payload: { email: 'nobody@example.test' },
  });

describe('several server processes', () => {
  it('share one rate limit per route and address, counted in the database', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    const config = { ...(t.app.deps.config as object), JOB_WORKERS: 0 } as typeof t.app.deps.config;
    const second = await buildApp({ config, database: t.database, mailer: new MemoryMailer(), logger: false });
    others.push(second);
    const statuses = [
      (await restore(t.app)).statusCode,
      (await restore(second)).statusCode,
      (await restore(t.app)).statusCode,
      (await restore(second)).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('write replies by the compiled serialiser in production, leaving out what the schema does not name, and compress them', async () => {
    const config = { ...t.app.deps.config, NODE_ENV: 'production' as const, RESPONSE_SERIALISER: undefined };
    const prod = await buildApp({ config, database: t.database, mailer: new MemoryMailer(), logger: false });
    others.push(prod);
    const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}`, secret: 'not in the schema' }));
    prod
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/probe',
        { schema: { response: { 200: z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) }) } } },
        async () => ({ data: rows }),
      );
    const expected = { data: rows.map(({ id, name }) => ({ id, name })) };
    const br = await prod.inject({ url: '/probe', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(expected);
    const gzip = await prod.inject({ url: '/probe', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(expected);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    const refused = await prod.inject({ url: '/probe', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(expected);
    const plain = await prod.inject({ url: '/probe' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(expected);
    expect(plain.rawPayload.length).toBeGreaterThan(5 * gzip.rawPayload.length);
  });
});
