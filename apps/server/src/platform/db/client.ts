import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';
import { SERVER_ROOT } from '../server-root.js';

export type Schema = typeof schema;
/** A database handle or a transaction: both drivers (PGlite, node-postgres) share this interface. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Plain SQL on the database's own client, for libraries that bring their SQL (the job queue): with values
   * one parameterised statement, without them a script of several statements; the rows of the last one.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database in `dataDir/pglite`. */
export async function openDatabase(opts: { url?: string; dataDir?: string; migrate?: boolean }): Promise<Database> {
  const database = opts.url ? await openPostgres(opts.url) : await openPglite(opts.dataDir);
  if (opts.migrate !== false) await migrateDatabase(database);
  return database;
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // Dates stay strings: the API speaks YYYY-MM-DD and must not shift across time zones.
  pg.types.setTypeParser(1082, (v: string) => v);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (restart, admin termination, DROP DATABASE ... FORCE) is reported on
  // the pool; unheard, that 'error' event would end the process. The pool drops the connection and makes
  // a new one when next needed, so there is nothing else to do.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  const executeSql = async (text: string, values?: unknown[]) => {
    const res = (await pool.query(text, values?.length ? values : undefined)) as unknown as { rows: any[] } | { rows: any[] }[];
    return { rows: Array.isArray(res) ? (res.at(-1)?.rows ?? []) : res.rows };
  };
  return { db, kind: 'postgres', executeSql, close: () => pool.end() };
}

/**
 * The PostgreSQL extensions the migrations create, as PGlite loads them (pg_trgm: the subject number searches).
 * Every PGlite instance of the application's database is created with these.
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

async function openPglite(dataDir?: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const extensions = await pgliteExtensions();
  let client;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions });
  } else {
    client = await PGlite.create({ extensions });
  }
  return wrapPglite(client);
}

/** Wraps an open PGlite instance (tests clone a migrated template and wrap the clone). */
export async function wrapPglite(client: import('@electric-sql/pglite').PGlite): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db;
  const executeSql = async (text: string, values?: unknown[]) => {
    if (values?.length) return { rows: (await client.query(text, values)).rows as any[] };
    return { rows: ((await client.exec(text)).at(-1)?.rows ?? []) as any[] };
  };
  return { db, kind: 'pglite', executeSql, close: () => client.close() };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
  await ensureQueueSchema(database);
}

/**
 * The job queue's tables (pg-boss, schema `pgboss`) are made with the application's own, so that a fresh
 * database, and every test's copy of the migrated template, starts with them; pg-boss upgrades its schema
 * itself when a newer version starts.
 */
async function ensureQueueSchema(database: Database): Promise<void> {
  const { rows } = await database.executeSql(`select 1 from information_schema.schemata where schema_name = $1`, [QUEUE_SCHEMA]);
  if (rows.length) return;
  const { default: PgBoss } = await import('pg-boss');
  await database.executeSql(PgBoss.getConstructionPlans(QUEUE_SCHEMA));
}

export const QUEUE_SCHEMA = 'pgboss';
