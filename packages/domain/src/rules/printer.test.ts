import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberValueArb, ruleAstArb, ruleTextArb } from './arbitraries.js';
import { parseRule } from './parser.js';
import { withoutPositions } from './positions.js';
import { plainNumber, printRule } from './printer.js';

function canonical(text: string): string {
  const r = parseRule(text);
  if (!r.ok) throw new Error(`${text}: ${r.error.code}`);
  return printRule(r.ast);
}

describe('printRule', () => {
  it.each([
    ['1+2*3', '1 + 2 * 3'],
    ['(1+2)*3', '(1 + 2) * 3'],
    ['1-(2-3)', '1 - (2 - 3)'],
    ['(1-2)-3', '1 - 2 - 3'],
    ['(2^3)^2', '(2 ^ 3) ^ 2'],
    ['2^(3^2)', '2 ^ 3 ^ 2'],
    ['(-2)^2', '(-2) ^ 2'],
    ['-(2^2)', '-2 ^ 2'],
    ['2^(-1)', '2 ^ -1'],
    ['-(-1)', '--1'],
    ['-(1+2)', '-(1 + 2)'],
    ['not([a]=1)', 'NOT [a] = 1'],
    ['not ([a] and [b])', 'NOT ([a] AND [b])'],
    ['(not [a]) and [b]', 'NOT [a] AND [b]'],
    ['[a] or ([b] and [c])', '[a] OR [b] AND [c]'],
    ['([a] or [b]) and [c]', '([a] OR [b]) AND [c]'],
    ['[a] and ([b] and [c])', '[a] AND ([b] AND [c])'],
    ['([a] = [b]) = true', '([a] = [b]) = true'],
    ['1 = (NOT true)', '1 = (NOT true)'],
    ['True xor FALSE', 'true XOR false'],
    ['bmi( [ W ] ;[H] )', 'Bmi([W]; [H])'],
    ['roundawayfromzero(1,25;1)', 'RoundAwayFromZero(1.25; 1)'],
    ['[Пол]="Ж"', '[Пол] = "Ж"'],
    ['"say ""yes"""', '"say ""yes"""'],
    ['0,000001', '0.000001'],
    ['1000000000000000000000', '1000000000000000000000'],
    ['007', '7'],
  ])('%s → %s', (text, expected) => {
    expect(canonical(text)).toBe(expected);
  });

  it('prints numbers in plain decimal notation that reads back as the same number', () => {
    expect(plainNumber(1e21)).toBe('1000000000000000000000');
    expect(plainNumber(1.5e-7)).toBe('0.00000015');
    expect(plainNumber(-2.5e-7)).toBe('-0.00000025');
    expect(plainNumber(1.2345e25)).toBe('12345000000000000000000000');
    expect(plainNumber(-0)).toBe('0');
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const s = plainNumber(x);
        expect(s).toMatch(/^-?\d+(\.\d+)?$/);
        expect(Number(s)).toBe(Object.is(x, -0) ? 0 : x);
      }),
      { numRuns: 2000 },
    );
  });

  it('parse(print(ast)) gives the same tree, for any tree', () => {
    fc.assert(
      fc.property(ruleAstArb, (ast) => {
        const text = printRule(ast);
        const r = parseRule(text);
        if (!r.ok) throw new Error(`${text}: ${r.error.code} at ${r.error.position}`);
        expect(withoutPositions(r.ast)).toEqual(ast);
      }),
      { numRuns: 3000 },
    );
  });

  it('prints a parsed text canonically: printing again changes nothing', () => {
    fc.assert(
      fc.property(ruleTextArb, (text) => {
        const r = parseRule(text);
        if (!r.ok) return;
        const once = printRule(r.ast);
        const again = parseRule(once);
        expect(again.ok).toBe(true);
        if (again.ok) {
          expect(printRule(again.ast)).toBe(once);
          expect(withoutPositions(again.ast)).toEqual(withoutPositions(r.ast));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('reads every number literal back exactly', () => {
    fc.assert(
      fc.property(numberValueArb, (value) => {
        const r = parseRule(plainNumber(value));
        expect(r.ok && r.ast.kind === 'number' && r.ast.value).toBe(value);
      }),
    );
  });
});
