/**
 * Resolves something for every point along the chain of start points (a window, an offset). `startsOf(id)`
 * lists the start points a point would be worked out from, in its deviations' order; `resolve` works a point
 * out through `lookup`, which gives a start point's result, or null when the start point is unknown or when
 * using it would go round a cycle: a start point that is itself worked out, directly or through others, from
 * this point does not count (the design contradicts itself there). So the answer never depends on the order
 * of the points, and a point of a cycle with another deviation falls back on it.
 */
export function resolveAlongChain<T>(
  ids: readonly string[],
  startsOf: (id: string) => readonly string[],
  resolve: (id: string, lookup: (startId: string) => T | null) => T | null,
): Map<string, T | null> {
  const known = new Set(ids);
  const reachCache = new Map<string, Set<string>>();
  /** The points `id` is worked out from, directly or through others. */
  const reach = (id: string): Set<string> => {
    const cached = reachCache.get(id);
    if (cached) return cached;
    const seen = new Set<string>();
    const stack = [id];
    while (stack.length) {
      for (const next of startsOf(stack.pop()!)) {
        if (known.has(next) && !seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    reachCache.set(id, seen);
    return seen;
  };

  const done = new Map<string, T | null>();
  const valueOf = (id: string): T | null => {
    if (done.has(id)) return done.get(id)!;
    const value = resolve(id, (start) => (known.has(start) && !reach(start).has(id) ? valueOf(start) : null));
    done.set(id, value);
    return value;
  };
  for (const id of ids) valueOf(id);
  return done;
}
