import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** Rows to skip for a page (pages are numbered from 1). */
export const offsetOf = (q: PageQuery) => (q.page - 1) * q.pageSize;

/**
 * The rows a page reads. Given the total, a page in the second half is read from the end: the order reversed, as
 * many rows as the page holds skipped from the end, then turned back (`fromEnd`), so that the last page of a large
 * list costs what the first does (docs/subjects.md "At scale").
 */
export function pageWindow(q: PageQuery, total?: number): { fromEnd: boolean; limit: number; offset: number } {
  const offset = offsetOf(q);
  if (total === undefined || offset <= total / 2 || offset >= total) return { fromEnd: false, limit: q.pageSize, offset };
  const limit = Math.min(q.pageSize, total - offset);
  return { fromEnd: true, limit, offset: total - offset - limit };
}

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
