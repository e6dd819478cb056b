import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * Pieces of JSON written by PostgreSQL as JSON.stringify writes them (the subject matrix's rows, the summary tables'
 * entries: platform/http/json-text.ts). Text goes through to_json, which escapes it as JSON.stringify does; dates
 * through to_json too (ISO 8601 whatever the DateStyle). Every nullable value goes through coalesce, since one NULL
 * would make the whole text NULL.
 */

/** A nullable value's JSON: its to_json, or null. */
export const orNull = (value: SQLWrapper) => sql`coalesce(to_json(${value})::text, 'null')`;

/** An instant as Date.toISOString writes it: UTC, milliseconds (truncated, as a Date truncates microseconds). */
export const isoInstant = (value: SQLWrapper) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
