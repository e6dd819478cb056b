import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** Rows to skip for a page (pages are numbered from 1). */
export const offsetOf = (q: PageQuery) => (q.page - 1) * q.pageSize;

/** The `{ data, page, pageSize, totalCount }` reply of a paged list. */
export const pageOf = <T>(data: T[], totalCount: number, q: PageQuery) => ({
  data,
  page: q.page,
  pageSize: q.pageSize,
  totalCount,
});

/** `%text%` with LIKE's wildcards escaped, so a search for "50%" matches the text "50%". */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive "contains" over one or more columns; undefined (no condition) for an empty search. */
export function searchAny(search: string | undefined, columns: SQLWrapper[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ilike ${pattern}`),
    sql` or `,
  )})`;
}
