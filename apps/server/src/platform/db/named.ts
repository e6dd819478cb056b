import type { Db } from './client.js';

/**
 * Runs a statement of fixed text (`$1`, `$2`… for `params`) on a database or a transaction as a named
 * prepared statement: PostgreSQL parses and plans it once per connection (node-postgres remembers the
 * names it prepared on each connection; PGlite ignores the name), and Node builds no query. For the hot
 * statements only (a value's save): the text must be the same for every call with that name. Rows come
 * back as the driver gives them: snake_case or aliased columns, timestamps as strings.
 */
export async function runNamed<Row>(db: Db, name: string, text: string, params: unknown[]): Promise<Row[]> {
  const result = (await db._.session.prepareQuery({ sql: text, params }, undefined, name, false).execute()) as { rows: Row[] };
  return result.rows;
}

/** `$from, $from+1, …` for `count` parameters. */
export const placeholders = (from: number, count: number) => Array.from({ length: count }, (_, i) => `$${from + i}`).join(', ');
