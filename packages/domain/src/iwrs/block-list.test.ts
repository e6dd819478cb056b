import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateBlockList, ratioTotal, unbalancedBlockSize, type BlockListSpec } from './block-list.js';
import { seededRandom } from './seeded-random.js';

const GROUPS = ['A', 'B', 'C', 'D'];

/** A balanced spec: 1–4 arms with ratios 1–3, block sizes that are multiples of the ratio total. */
const specArb: fc.Arbitrary<BlockListSpec> = fc
  .tuple(
    fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 4 }),
    fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }),
    fc.integer({ min: 1, max: 200 }),
    fc.string({ minLength: 1, maxLength: 20 }),
  )
  .map(([ratios, multiples, size, seed]) => {
    const arms = ratios.map((ratio, i) => ({ group: GROUPS[i]!, ratio }));
    const total = ratioTotal(arms);
    return { arms, blockSizes: multiples.map((m) => m * total), size, seed, numberPrefix: 'R-', startNumber: 1, numberWidth: 4 };
  });

describe('permuted-block list', () => {
  it('balances every block to the arms’ ratio', () => {
    fc.assert(
      fc.property(specArb, (spec) => {
        const list = generateBlockList(spec);
        const blocks = new Map<number, typeof list>();
        for (const e of list) blocks.set(e.block, [...(blocks.get(e.block) ?? []), e]);
        const total = ratioTotal(spec.arms);
        for (const entries of blocks.values()) {
          expect(spec.blockSizes).toContain(entries.length);
          for (const arm of spec.arms) {
            expect(entries.filter((e) => e.group === arm.group).length).toBe((arm.ratio * entries.length) / total);
          }
        }
      }),
    );
  });

  it('is reproduced from its seed, and another seed gives another list', () => {
    fc.assert(
      fc.property(specArb, (spec) => {
        expect(generateBlockList({ ...spec })).toEqual(generateBlockList(spec));
      }),
    );
    const spec: BlockListSpec = {
      arms: [
        { group: 'A', ratio: 1 },
        { group: 'B', ratio: 1 },
      ],
      blockSizes: [4, 6],
      size: 60,
      seed: 'seed-1',
      numberPrefix: 'R-',
      startNumber: 1,
      numberWidth: 3,
    };
    const groups = (seed: string) =>
      generateBlockList({ ...spec, seed })
        .map((e) => e.group)
        .join('');
    expect(groups('seed-1')).not.toBe(groups('seed-2'));
  });

  it('holds at least the size asked for, in whole blocks, numbered in order without gaps', () => {
    fc.assert(
      fc.property(specArb, (spec) => {
        const list = generateBlockList(spec);
        expect(list.length).toBeGreaterThanOrEqual(spec.size);
        expect(list.length - spec.size).toBeLessThan(Math.max(...spec.blockSizes));
        list.forEach((e, i) => {
          expect(e.position).toBe(i + 1);
          expect(e.randomizationNumber).toBe(`R-${String(i + 1).padStart(4, '0')}`);
        });
      }),
    );
  });

  it('refuses a block size that cannot hold the ratio', () => {
    const arms = [
      { group: 'A', ratio: 2 },
      { group: 'B', ratio: 1 },
    ];
    expect(unbalancedBlockSize({ arms, blockSizes: [6, 4] })).toBe(4);
    expect(unbalancedBlockSize({ arms, blockSizes: [3, 6] })).toBeUndefined();
    expect(() =>
      generateBlockList({ arms, blockSizes: [4], size: 4, seed: 'x', numberPrefix: '', startNumber: 1, numberWidth: 1 }),
    ).toThrow();
  });

  it('draws the same numbers for the same seed on every run (a fixed sequence)', () => {
    const r = seededRandom('DEMO-001');
    const first = [r(), r(), r()];
    const again = seededRandom('DEMO-001');
    expect([again(), again(), again()]).toEqual(first);
    for (const x of first) expect(x >= 0 && x < 1).toBe(true);
  });
});
