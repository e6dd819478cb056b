import { randomBelow, seededRandom } from './seeded-random.js';

/**
 * Permuted-block randomisation (docs/iwrs.md, "Generated lists"): the list is cut into blocks whose size
 * is drawn from `blockSizes`; each block holds every arm in proportion to its ratio and is shuffled, so
 * the arms stay balanced at the end of every block while the next assignment cannot be guessed.
 */
export interface BlockListSpec {
  arms: { group: string; ratio: number }[];
  blockSizes: number[];
  /** At least this many entries; the last block is completed, so the list may be a little longer. */
  size: number;
  seed: string;
  numberPrefix: string;
  startNumber: number;
  /** Digits of the running number, zero-padded. */
  numberWidth: number;
}

export interface BlockListEntry {
  /** 1, 2, ... in the order entries are drawn. */
  position: number;
  /** 1, 2, ... the block the entry belongs to. */
  block: number;
  randomizationNumber: string;
  group: string;
}

export const ratioTotal = (arms: BlockListSpec['arms']) => arms.reduce((n, a) => n + a.ratio, 0);

/** The first block size that cannot hold the arms in their ratio, or undefined when all can. */
export const unbalancedBlockSize = (spec: Pick<BlockListSpec, 'arms' | 'blockSizes'>) =>
  spec.blockSizes.find((size) => size % ratioTotal(spec.arms) !== 0);

export const listNumber = (spec: Pick<BlockListSpec, 'numberPrefix' | 'numberWidth'>, n: number) =>
  `${spec.numberPrefix}${String(n).padStart(spec.numberWidth, '0')}`;

/** The list the spec and its seed give; the same every time. The spec must be balanced (unbalancedBlockSize). */
export function generateBlockList(spec: BlockListSpec): BlockListEntry[] {
  if (unbalancedBlockSize(spec) !== undefined) throw new Error('a block size is not a multiple of the ratio total');
  const random = seededRandom(spec.seed);
  const total = ratioTotal(spec.arms);
  const entries: BlockListEntry[] = [];
  for (let block = 1; entries.length < spec.size; block++) {
    const size = spec.blockSizes[randomBelow(random, spec.blockSizes.length)]!;
    const groups = spec.arms.flatMap((a) => Array<string>((a.ratio * size) / total).fill(a.group));
    // Fisher–Yates with the seeded sequence.
    for (let i = groups.length - 1; i > 0; i--) {
      const j = randomBelow(random, i + 1);
      [groups[i], groups[j]] = [groups[j]!, groups[i]!];
    }
    for (const group of groups) {
      const position = entries.length + 1;
      entries.push({ position, block, group, randomizationNumber: listNumber(spec, spec.startNumber + position - 1) });
    }
  }
  return entries;
}
