import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/app.js';
import { openDatabase, pgliteExtensions, wrapPglite, type Database } from '../../src/platform/db/client.js';
import type { Mail, Mailer } from '../../src/platform/mail/mailer.js';
import { verifyAuditChain } from '../../src/platform/audit/audit.js';
import { withDatabase } from './global-setup.js';

export const TEST_EXTERNAL_SECRET = 'test-external-login-secret-0123456789';
/** The audit chain's key in tests: fixed, so a test can re-hash rows with it or with another key. */
export const TEST_AUDIT_KEY = 'test-audit-key-0123456789abcdef-0123456789';

/** Mail kept in memory, so a test can follow the link it carries. */
export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail) {
    this.sent.push(mail);
  }
  lastTo(email: string): Mail | undefined {
    return this.sent.filter((m) => m.to.toLowerCase() === email.toLowerCase()).at(-1);
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's address (for a worker process of its own); undefined on PGlite. */
  url?: string;
  mailer: MemoryMailer;
  /**
   * Verifies the audit chain of everything the test file wrote, then closes: a broken chain fails the file,
   * so the whole API suite proves that ordinary requests keep the audit trail verifiable.
   */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The file breaks the audit chain on purpose (tampering tests): close() does not verify it. */
  auditTampered?: boolean;
  /** Replaces what background jobs do (the job queue's own tests). */
  jobHandlers?: import('../../src/platform/jobs/jobs.js').JobHandlers;
}

/** A fresh app on a fresh copy of the migrated template database; call close() in afterAll. */
export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edc-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '10000',
    JOB_POLL_SECONDS: '0.5',
    // Files that run jobs ask for a worker (JOB_WORKERS: '1'); the others only record them.
    JOB_WORKERS: '0',
    JOB_RETRY_SECONDS: '1',
    EXTERNAL_LOGIN_SECRET: TEST_EXTERNAL_SECRET,
    AUDIT_KEY: TEST_AUDIT_KEY,
    PUBLIC_URL: 'http://edc.test',
    // TEST_RESPONSE_SERIALISER=compiled runs the files on the production reply path (docs/operations.md).
    ...(process.env.TEST_RESPONSE_SERIALISER ? { RESPONSE_SERIALISER: process.env.TEST_RESPONSE_SERIALISER } : {}),
    ...env,
  });
  let database: Database;
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate) {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `edc_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    await admin.end();
    databaseUrl = withDatabase(url, name);
    database = await openDatabase({ url: databaseUrl, migrate: false });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const tar = await fs.readFile(inject('pgliteTemplate')!);
    database = await wrapPglite(await PGlite.create({ loadDataDir: new Blob([tar]), extensions: await pgliteExtensions() }));
  }
  const mailer = new MemoryMailer();
  const app = await buildApp({ config, database, mailer, logger: false, jobHandlers: opts.jobHandlers });
  await app.ready();
  return {
    app,
    database,
    url: databaseUrl,
    mailer,
    async close() {
      const audit = opts.auditTampered ? undefined : await verifyAuditChain(database.db);
      await app.close();
      await database.close();
      await dropDatabase();
      await fs.rm(dataDir, { recursive: true, force: true });
      if (audit && !audit.ok) {
        throw new Error(
          `the audit chain does not verify: ${audit.breakCount} breaks, ${JSON.stringify(audit.breaks.slice(0, 5))}`,
        );
      }
    },
  };
}

/**
 * One app for the whole test file: started in beforeAll, closed in afterAll. The returned object is empty
 * until beforeAll has run, so use it inside hooks and tests only.
 */
export function setupTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env, opts));
  });
  afterAll(async () => t.close?.());
  return t;
}

/** A refused call: its status, its first error's code and, when given, the field it names. */
export function expectError(res: { status: number; body: any }, status: number, code: string, path?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.errors[0].code).toBe(code);
  if (path !== undefined) expect(res.body.errors[0].path).toBe(path);
  return res.body.errors[0] as { code: string; message: string; path?: string };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Small request helper: JSON in, parsed JSON out, with an optional bearer token, language and time zone. */
export async function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  opts: { token?: string; body?: unknown; lang?: 'ru' | 'en'; timeZone?: string } = {},
): Promise<{ status: number; body: any; res: LightMyRequestResponse }> {
  const res = await app.inject({
    method,
    url: url.startsWith('/api') ? url : `/api${url}`,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      ...(opts.timeZone ? { 'x-time-zone': opts.timeZone } : {}),
    },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
  let body: any = null;
  try {
    body = res.body ? JSON.parse(res.body) : null;
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, res };
}

/** Calls as one caller: `send` gives the whole answer, `ok` fails loudly on anything but 200 and gives its data. */
export function callsAs(app: FastifyInstance, token: string) {
  const send = (method: Method, url: string, body?: unknown) => call(app, method, url, { token, body });
  const ok = async (method: Method, url: string, body?: unknown) => {
    const res = await send(method, url, body);
    if (res.status !== 200) throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  return { send, ok };
}
