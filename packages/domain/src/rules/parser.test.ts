import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ruleTextArb } from './arbitraries.js';
import { parseRule } from './parser.js';
import { PARSE_ERROR_CODES, RULE_LIMITS, type RuleNode } from './types.js';

/** A tree with every operation in parentheses, to see how the parser grouped the text. */
function shape(n: RuleNode): string {
  switch (n.kind) {
    case 'number':
      return String(n.value);
    case 'string':
      return JSON.stringify(n.value);
    case 'boolean':
      return String(n.value);
    case 'field':
      return `[${n.code}]`;
    case 'unary':
      return `(${n.operator} ${shape(n.operand)})`;
    case 'binary':
      return `(${shape(n.left)} ${n.operator} ${shape(n.right)})`;
    case 'call':
      return `${n.name}(${n.args.map(shape).join('; ')})`;
  }
}

function parsed(text: string): string {
  const r = parseRule(text);
  if (!r.ok) throw new Error(`${text}: ${r.error.code} at ${r.error.position}`);
  return shape(r.ast);
}

function error(text: string) {
  const r = parseRule(text);
  if (r.ok) throw new Error(`${text} parsed`);
  return r.error;
}

describe('parseRule: precedence and associativity', () => {
  it.each([
    ['1 + 2 * 3', '(1 + (2 * 3))'],
    ['1 - 2 - 3', '((1 - 2) - 3)'],
    ['8 / 4 / 2', '((8 / 4) / 2)'],
    ['7 % 3 * 2', '((7 % 3) * 2)'],
    ['2 ^ 3 ^ 2', '(2 ^ (3 ^ 2))'],
    ['-2 ^ 2', '(- (2 ^ 2))'],
    ['2 ^ -1', '(2 ^ (- 1))'],
    ['(-2) ^ 2', '((- 2) ^ 2)'],
    ['--1', '(- (- 1))'],
    ['+1 - -1', '((+ 1) - (- 1))'],
    ['-[A] * 2', '((- [A]) * 2)'],
    ['1 + 2 < 3 * 4', '((1 + 2) < (3 * 4))'],
    ['NOT [A] = 1', '(NOT ([A] = 1))'],
    ['NOT NOT true', '(NOT (NOT true))'],
    ['NOT [A] AND [B]', '((NOT [A]) AND [B])'],
    ['[A] AND NOT [B]', '([A] AND (NOT [B]))'],
    ['true OR false AND false', '(true OR (false AND false))'],
    ['true XOR false AND true', '(true XOR (false AND true))'],
    ['true OR false XOR true', '(true OR (false XOR true))'],
    ['true AND false AND true', '((true AND false) AND true)'],
    ['[A] = 1 OR [B] <> "Да"', '(([A] = 1) OR ([B] <> "Да"))'],
    ['(1 + 2) * 3', '((1 + 2) * 3)'],
    ['((([A])))', '[A]'],
  ])('%s', (text, expected) => {
    expect(parsed(text)).toBe(expected);
  });
});

describe('parseRule: literals, fields and calls', () => {
  it('reads numbers with a decimal comma or dot, booleans, strings and fields', () => {
    expect(parsed('1,5 + 0.25')).toBe('(1.5 + 0.25)');
    expect(parsed('TRUE = false')).toBe('(true = false)');
    expect(parsed('[Пол] = "Женский"')).toBe('([Пол] = "Женский")');
  });

  it('reads function calls in any case, with ; between arguments', () => {
    expect(parsed('bmi([W];[H])')).toBe('Bmi([W]; [H])');
    expect(parsed('ROUNDAWAYFROMZERO(Bmi([W]; [H]); 1)')).toBe('RoundAwayFromZero(Bmi([W]; [H]); 1)');
    expect(parsed('Age()')).toBe('Age()');
    expect(parsed('Bmi(70,5; 175)')).toBe('Bmi(70.5; 175)');
    // A comma between digits is a decimal comma, so this is one argument (the type check counts them).
    expect(parsed('RoundToZero(1,5)')).toBe('RoundToZero(1.5)');
  });

  it('keeps the position of each node', () => {
    const r = parseRule('Bmi([W]; [H]) >= 25');
    expect(r.ok).toBe(true);
    if (!r.ok || r.ast.kind !== 'binary' || r.ast.left.kind !== 'call') return;
    expect(r.ast).toMatchObject({ pos: 1, end: 20, opPos: 15 });
    expect(r.ast.left).toMatchObject({ pos: 1, end: 14 });
    expect(r.ast.left.args.map((a) => [a.pos, a.end])).toEqual([
      [5, 8],
      [10, 13],
    ]);
    expect(r.ast.right).toMatchObject({ kind: 'number', pos: 18, end: 20 });
  });
});

describe('parseRule: errors name the position and what was expected', () => {
  it.each([
    ['', 'empty', 1, {}],
    ['  \n ', 'empty', 1, {}],
    ['1 +', 'expected_value', 4, { found: '' }],
    ['1 + * 2', 'expected_value', 5, { found: '*' }],
    ['(1 + 2', 'expected_closing_parenthesis', 7, { found: '', open: 1 }],
    ['(1 + 2]', 'unexpected_character', 7, { char: ']' }],
    ['1 2', 'expected_operator', 3, { found: '2' }],
    ['1 + 2)', 'expected_operator', 6, { found: ')' }],
    ['[A] [B]', 'expected_operator', 5, { found: '[B]' }],
    ['1 < 2 < 3', 'chained_comparison', 7, { operator: '<' }],
    ['[A] = [B] = true', 'chained_comparison', 11, { operator: '=' }],
    ['WEIGHT > 3', 'unknown_name', 1, { name: 'WEIGHT' }],
    ['Foo(1)', 'unknown_function', 1, { name: 'Foo' }],
    ['Bmi + 1', 'expected_parenthesis', 5, { name: 'Bmi', found: '+' }],
    ['Bmi(1 2)', 'expected_argument_separator', 7, { name: 'Bmi', found: '2' }],
    ['Bmi(1; )', 'expected_value', 8, { found: ')' }],
    ['Bmi(70, 175)', 'comma_separator', 7, {}],
    ['1 = NOT true', 'expected_value', 5, { found: 'NOT' }],
    ['AND', 'expected_value', 1, { found: 'AND' }],
  ])('%j → %s at %i', (text, code, position, params) => {
    const e = error(text);
    expect(e.code).toBe(code);
    expect(e.position).toBe(position);
    expect(e.end).toBeGreaterThan(e.position);
    if (Object.keys(params).length > 0) expect(e.params).toMatchObject(params);
  });

  it('reports the first error in the text, lexical or not', () => {
    expect(error('1 + * ,')).toMatchObject({ code: 'expected_value', position: 5 });
    expect(error('1 + + ,')).toMatchObject({ code: 'comma_separator', position: 7 });
    expect(error('1 + "abc')).toMatchObject({ code: 'unterminated_string', position: 5 });
    expect(error('(1 ! 2')).toMatchObject({ code: 'unexpected_character', position: 4 });
  });

  it('limits the length, the nesting and the depth', () => {
    expect(error('1'.repeat(RULE_LIMITS.maxLength + 1))).toMatchObject({
      code: 'too_long',
      params: { max: RULE_LIMITS.maxLength },
    });
    expect(error('('.repeat(4000) + '1' + ')'.repeat(4000))).toMatchObject({
      code: 'too_deep',
      position: RULE_LIMITS.maxNesting + 1,
    });
    expect(error('-'.repeat(5000) + '1')).toMatchObject({ code: 'too_deep' });
    expect(error('NOT '.repeat(2000) + 'true')).toMatchObject({ code: 'too_deep' });
    expect(error(Array(1000).fill('2').join(' ^ '))).toMatchObject({ code: 'too_deep' });
    expect(error(Array(2000).fill('1').join(' + '))).toMatchObject({ code: 'too_deep', params: { max: RULE_LIMITS.maxDepth } });
    // Within the limits.
    expect(parseRule('('.repeat(90) + '1' + ')'.repeat(90)).ok).toBe(true);
    expect(parseRule(Array(200).fill('[A] = 1').join(' OR ')).ok).toBe(true);
  });

  it('never throws, and every error has a known code and a position inside the text', () => {
    fc.assert(
      fc.property(ruleTextArb, (text) => {
        const r = parseRule(text);
        if (r.ok) return;
        expect(PARSE_ERROR_CODES).toContain(r.error.code);
        expect(r.error.code).not.toBe('internal_error');
        expect(r.error.position).toBeGreaterThanOrEqual(1);
        expect(r.error.position).toBeLessThanOrEqual(text.length + 1);
        expect(r.error.end).toBeGreaterThan(r.error.position);
      }),
      { numRuns: 3000 },
    );
  });

  it('does not throw on what is not a string', () => {
    expect(parseRule(undefined as unknown as string).ok).toBe(false);
    expect(parseRule(42 as unknown as string).ok).toBe(false);
  });
});
