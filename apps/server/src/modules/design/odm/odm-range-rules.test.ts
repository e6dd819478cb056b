import { describe, expect, it } from 'vitest';
import { rangeChecksAsRule } from './odm-range-rules.js';

const check = (comparator: string, ...values: string[]) => ({ comparator, softHard: 'Soft', values });

describe('rangeChecksAsRule', () => {
  it('makes the condition under which a query is raised: any check failing', () => {
    expect(rangeChecksAsRule('SYSBP', [check('GE', '90'), check('LE', '160')])).toBe('[SYSBP] < 90 OR [SYSBP] > 160');
    expect(rangeChecksAsRule('T', [check('GT', '35.5'), check('LT', '42')])).toBe('[T] <= 35.5 OR [T] >= 42');
    expect(rangeChecksAsRule('N', [check('NE', '0')])).toBe('[N] = 0');
    expect(rangeChecksAsRule('N', [check('EQ', '1')])).toBe('[N] <> 1');
    expect(rangeChecksAsRule('N', [check('IN', '1', '2')])).toBe('NOT ([N] = 1 OR [N] = 2)');
    expect(rangeChecksAsRule('N', [check('NOTIN', '7')])).toBe('[N] = 7');
    expect(rangeChecksAsRule('N', [check('GE', '-10')])).toBe('[N] < -10');
  });

  it('says a text item’s allowed values with string literals', () => {
    expect(rangeChecksAsRule('SITE', [check('IN', 'A', 'B "x"')], 'text')).toBe('NOT ([SITE] = "A" OR [SITE] = "B ""x""")');
    expect(rangeChecksAsRule('C', [check('NE', '')], 'text')).toBe('[C] = ""');
    expect(rangeChecksAsRule('C', [check('NOTIN', 'UNK', 'NA')], 'text')).toBe('[C] = "UNK" OR [C] = "NA"');
    // No order on texts.
    expect(rangeChecksAsRule('C', [check('GE', 'B')], 'text')).toBeNull();
  });

  it('leaves what it cannot say to the report', () => {
    expect(rangeChecksAsRule('D', [check('GE', '2020-01-01')])).toBeNull();
    expect(rangeChecksAsRule('N', [check('GE', '1', '2')])).toBeNull();
    expect(rangeChecksAsRule('N', [check('LIKE', '1')])).toBeNull();
    expect(rangeChecksAsRule('N', [])).toBeNull();
    expect(rangeChecksAsRule('a]b', [check('GE', '1')])).toBeNull();
  });
});
