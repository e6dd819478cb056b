import { describe, expect, it } from 'vitest';
import { pageWindow } from './paging.js';

// Which rows a page reads (docs/subjects.md "At scale"): from the start, or past the middle of a known total, from the
// end with the order reversed. Every page of every size must cover exactly its own rows.
describe('pageWindow', () => {
  /** The row numbers a page reads, as positions in the list's own order. */
  const rowsOf = (page: number, pageSize: number, total?: number) => {
    const w = pageWindow({ page, pageSize }, total);
    // The database returns at most the rows there are.
    const read = Array.from({ length: Math.max(0, Math.min(w.limit, (total ?? Infinity) - w.offset)) }, (_, i) => w.offset + i);
    // Read from the end: position k of the reversed order is row total-1-k, and the page is turned back.
    return w.fromEnd ? read.map((k) => total! - 1 - k).reverse() : read;
  };

  it('reads the first half from the start and the second from the end, each page exactly its rows', () => {
    for (const total of [0, 1, 7, 50, 51, 101, 1_400]) {
      for (const pageSize of [1, 10, 50]) {
        for (let page = 1; (page - 1) * pageSize < total; page++) {
          const expected = Array.from(
            { length: Math.min(pageSize, total - (page - 1) * pageSize) },
            (_, i) => (page - 1) * pageSize + i,
          );
          expect(rowsOf(page, pageSize, total), `total ${total}, size ${pageSize}, page ${page}`).toEqual(expected);
        }
      }
    }
  });

  it('reads the last page of 70,000 rows as a first page backwards, and a page past the end or without a total from the start', () => {
    expect(pageWindow({ page: 1400, pageSize: 50 }, 70_000)).toEqual({ fromEnd: true, limit: 50, offset: 0 });
    expect(pageWindow({ page: 1, pageSize: 50 }, 70_000)).toEqual({ fromEnd: false, limit: 50, offset: 0 });
    expect(pageWindow({ page: 1401, pageSize: 50 }, 70_000)).toEqual({ fromEnd: false, limit: 50, offset: 70_000 });
    expect(pageWindow({ page: 1400, pageSize: 50 })).toEqual({ fromEnd: false, limit: 50, offset: 69_950 });
  });
});
