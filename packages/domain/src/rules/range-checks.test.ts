import { describe, expect, it } from 'vitest';
import { parseRule } from './parser.js';
import { rangeChecksOf } from './range-checks.js';

const checks = (expression: string, code = 'SBP') => {
  const parsed = parseRule(expression);
  if (!parsed.ok) throw new Error(expression);
  return rangeChecksOf(parsed.ast, code);
};

describe('rangeChecksOf: an edit check as ODM RangeChecks', () => {
  it('maps comparisons of the field with numbers joined by OR to what the value must satisfy', () => {
    expect(checks('[SBP] < 90 OR [SBP] > 160')).toEqual([
      { comparator: 'GE', checkValue: 90 },
      { comparator: 'LE', checkValue: 160 },
    ]);
    expect(checks('[SBP] <= -2.5')).toEqual([{ comparator: 'GT', checkValue: -2.5 }]);
    expect(checks('[SBP] <= -2,5')).toEqual([{ comparator: 'GT', checkValue: -2.5 }]);
    expect(checks('[SBP] >= 200')).toEqual([{ comparator: 'LT', checkValue: 200 }]);
    expect(checks('[SBP] = 0 OR [SBP] <> 1')).toEqual([
      { comparator: 'NE', checkValue: 0 },
      { comparator: 'EQ', checkValue: 1 },
    ]);
  });

  it('reads a number on the left as the same comparison turned round', () => {
    expect(checks('90 > [SBP] OR 160 < [SBP]')).toEqual([
      { comparator: 'GE', checkValue: 90 },
      { comparator: 'LE', checkValue: 160 },
    ]);
  });

  it('leaves everything else to the ConditionDef', () => {
    for (const expression of [
      '[SBP] < 90 AND [SBP] > 10', // AND: both must fail at once
      '[DBP] < 60', // another field
      '[SBP] < [DBP]', // no number
      '[SBP] + 1 > 160',
      'NOT ([SBP] >= 90)',
      '[SBP] < 90 OR [DBP] > 100',
      '[SBP] > 160 XOR [SBP] < 90',
    ])
      expect(checks(expression), expression).toBeNull();
  });
});
