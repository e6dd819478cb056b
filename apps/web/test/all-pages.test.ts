import { describe, expect, it } from 'vitest';
import { collectPages } from '../src/shared/api/all-pages';

/** A list of `total` items served `size` at a time, counting the pages asked for. */
function list(total: number, size: number) {
  const asked: number[] = [];
  const readPage = async (page: number) => {
    asked.push(page);
    const data = Array.from({ length: Math.max(0, Math.min(size, total - (page - 1) * size)) }, (_, i) => (page - 1) * size + i);
    return { data, totalCount: total };
  };
  return { asked, readPage };
}

describe('collectPages', () => {
  it('reads a list longer than one page whole, in order, one page after another', async () => {
    const l = list(230, 100);
    expect(await collectPages(l.readPage)).toEqual(Array.from({ length: 230 }, (_, i) => i));
    expect(l.asked).toEqual([1, 2, 3]);
  });

  it('stops at the total, and on an empty page when the list shrank while it was read', async () => {
    const exact = list(200, 100);
    expect(await collectPages(exact.readPage)).toHaveLength(200);
    expect(exact.asked).toEqual([1, 2]);
    const none = list(0, 100);
    expect(await collectPages(none.readPage)).toEqual([]);
    expect(none.asked).toEqual([1]);
    // The total said 150, but the second page came back empty: no endless loop.
    const shrank = async (page: number) => ({ data: page === 1 ? [1, 2] : [], totalCount: 150 });
    expect(await collectPages(shrank)).toEqual([1, 2]);
  });
});
