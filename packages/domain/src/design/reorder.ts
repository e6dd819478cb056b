/**
 * Dense ordering of siblings (visits of a research, forms of a visit, sections of a form, fields of a
 * section): indexes are 0..n-1 without gaps. Moving one item from `start` to `end` shifts the items in
 * between by one; the caller passes the index it believes the item has, and a mismatch means its view
 * is stale.
 */
export type MoveProblem = 'stale_order' | 'index_out_of_range';

export function checkMove(opts: {
  count: number;
  current: number;
  expectedStart?: number | null;
  end: number;
}): MoveProblem | null {
  if (opts.expectedStart !== undefined && opts.expectedStart !== null && opts.expectedStart !== opts.current)
    return 'stale_order';
  if (!Number.isInteger(opts.end) || opts.end < 0 || opts.end >= opts.count) return 'index_out_of_range';
  return null;
}

/** The range of sibling indexes to shift and by how much, or null when nothing moves. */
export function moveShift(start: number, end: number): { from: number; to: number; delta: 1 | -1 } | null {
  if (start === end) return null;
  return start < end ? { from: start + 1, to: end, delta: -1 } : { from: end, to: start - 1, delta: 1 };
}

/** Applies a move to an ordered list (what the client does optimistically). */
export function moveItem<T>(items: readonly T[], start: number, end: number): T[] {
  const out = [...items];
  const [item] = out.splice(start, 1);
  out.splice(end, 0, item as T);
  return out;
}
