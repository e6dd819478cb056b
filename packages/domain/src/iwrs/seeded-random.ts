/**
 * A deterministic pseudo-random sequence from a text seed, so that a randomisation list can be generated
 * again from its recorded seed and compared (docs/iwrs.md, "Generated lists"). The seed text is hashed
 * with 32-bit FNV-1a; the sequence is mulberry32 over that state. Not for secrets: the list is sealed by
 * access rights, not by the seed.
 */
function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Numbers in [0, 1), the same sequence for the same seed on every machine. */
export function seededRandom(seed: string): () => number {
  let state = hashSeed(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [0, n). */
export const randomBelow = (random: () => number, n: number) => Math.floor(random() * n);
