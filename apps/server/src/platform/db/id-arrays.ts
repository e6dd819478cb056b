import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Ids as one array parameter, not one parameter per id: a page's 50 ids or an export's thousands stay one bind value,
 * which Drizzle builds once and PostgreSQL parses once (one parameter per id was a quarter of a summary page's
 * server time: docs/performance.md "Eleventh run").
 */
export const uuids = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** `column = any(ids)`, the ids as one array parameter (uuids); false for none, as drizzle's inArray of none. */
export const inIds = (column: SQLWrapper, ids: readonly string[]): SQL => sql`${column} = any(${uuids(ids)})`;
