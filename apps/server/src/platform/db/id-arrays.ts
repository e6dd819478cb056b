import { sql, type SQL } from 'drizzle-orm';

/**
 * Ids as one array parameter (`= any(uuids(ids))`), not one parameter per id as drizzle's inArray makes: an export's
 * thousands of ids stay one bind value, which Drizzle builds once and PostgreSQL parses once.
 */
export const uuids = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;
