import { describe, expect, it } from 'vitest';
import { checkMove, moveItem, moveShift } from './reorder.js';

describe('reorder', () => {
  it('refuses a stale start and an end outside 0..n-1', () => {
    expect(checkMove({ count: 3, current: 1, expectedStart: 1, end: 2 })).toBeNull();
    expect(checkMove({ count: 3, current: 1, end: 0 })).toBeNull();
    expect(checkMove({ count: 3, current: 1, expectedStart: 0, end: 2 })).toBe('stale_order');
    expect(checkMove({ count: 3, current: 1, end: 3 })).toBe('index_out_of_range');
    expect(checkMove({ count: 3, current: 1, end: -1 })).toBe('index_out_of_range');
  });
  it('shifts the items in between, keeping indexes dense', () => {
    expect(moveShift(1, 1)).toBeNull();
    expect(moveShift(0, 3)).toEqual({ from: 1, to: 3, delta: -1 });
    expect(moveShift(3, 0)).toEqual({ from: 0, to: 2, delta: 1 });
    const items = ['a', 'b', 'c', 'd'];
    for (let s = 0; s < 4; s++)
      for (let e = 0; e < 4; e++) {
        // Applying the shift to indexes gives the same order as moving the item in the list.
        const idx = items.map((_, i) => i);
        const sh = moveShift(s, e);
        const next = idx.map((i) => (i === s ? e : sh && i >= sh.from && i <= sh.to ? i + sh.delta : i));
        const byIndex = [...items].sort((x, y) => next[items.indexOf(x)]! - next[items.indexOf(y)]!);
        expect(byIndex).toEqual(moveItem(items, s, e));
        expect([...next].sort()).toEqual([0, 1, 2, 3]);
      }
  });
});
