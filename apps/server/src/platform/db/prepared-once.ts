import type { Db } from './client.js';

interface Prepared<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

const built = new WeakMap<Db, Map<string, Prepared<unknown>>>();

/**
 * A hot read of a fixed shape (the kept counts every matrix page and statistic reads, a form or a research by id),
 * built by Drizzle once per database handle and `shape`, its values `sql.placeholder`s bound on each call: building a
 * query took Drizzle 0.1–0.2 ms of a request's CPU (docs/performance.md "Eleventh run"). It is sent unnamed, as the
 * query built each time was, so PostgreSQL still plans every call for its values — a named statement could settle on
 * one generic plan for every research. A transaction is another handle and gets its own.
 */
export function preparedOnce<Result>(db: Db, shape: string, build: (db: Db) => { prepare(name: string): Prepared<Result> }) {
  let shapes = built.get(db);
  if (!shapes) built.set(db, (shapes = new Map()));
  let query = shapes.get(shape) as Prepared<Result> | undefined;
  if (!query) {
    // No name: Drizzle's node-postgres session then sends the text unnamed (PGlite ignores names).
    query = build(db).prepare(undefined as unknown as string);
    shapes.set(shape, query as Prepared<unknown>);
  }
  return query;
}
