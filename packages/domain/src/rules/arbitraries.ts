import fc from 'fast-check';
import { FIELD_TYPES } from '../design/enums.js';
import {
  ARITHMETIC_OPERATORS,
  COMPARISON_OPERATORS,
  LOGICAL_OPERATORS,
  RULE_FUNCTION_NAMES,
  type BinaryOperator,
  type RuleField,
  type RuleNode,
  type UnaryOperator,
} from './types.js';

/** fast-check arbitraries of rule trees, texts and values, for the property tests of this folder only. */

/** Codes the values and fields arbitraries know, so that generated trees find their values. */
export const CODE_POOL = ['A', 'B', 'W', 'H', 'ВЕС', 'Дата визита'] as const;

const isFieldCode = (s: string) =>
  s !== '' && s.trim() === s && ![...s].some((c) => c === '[' || c === ']' || c.charCodeAt(0) < 32 || c === '\u007f');

export const fieldCodeArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...CODE_POOL), weight: 4 },
  { arbitrary: fc.constantFrom('x"y', 'q;r', '(p)', 'a  b', 'AND', '1,5', '__proto__', 'constructor'), weight: 1 },
  { arbitrary: fc.string({ minLength: 1, maxLength: 8 }).filter(isFieldCode), weight: 1 },
  { arbitrary: fc.string({ minLength: 1, maxLength: 4, unit: 'binary' }).filter(isFieldCode), weight: 1 },
);

export const numberValueArb: fc.Arbitrary<number> = fc
  .oneof(
    fc.nat(1000),
    fc.constantFrom(0, 0.1, 1.5, 22.86, 88.4, 1e21, 1e-7, 5e-324, Number.MAX_VALUE, 2 ** 53 + 2),
    fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }),
  )
  .filter((n) => Number.isFinite(n) && !Object.is(n, -0));

export const stringValueArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('Да', 'Нет', 'Male', 'Female', 'Ж', '', ' ', '"', 'a""b', '\n'),
  fc.string({ maxLength: 8 }),
  fc.string({ maxLength: 6, unit: 'binary' }),
);

const leaf: fc.Arbitrary<RuleNode> = fc.oneof(
  numberValueArb.map((value) => ({ kind: 'number', value, pos: 0, end: 0 }) as RuleNode),
  stringValueArb.map((value) => ({ kind: 'string', value, pos: 0, end: 0 }) as RuleNode),
  fc.boolean().map((value) => ({ kind: 'boolean', value, pos: 0, end: 0 }) as RuleNode),
  fieldCodeArb.map((code) => ({ kind: 'field', code, pos: 0, end: 0 }) as RuleNode),
);

const BINARY: BinaryOperator[] = [...ARITHMETIC_OPERATORS, ...COMPARISON_OPERATORS, ...LOGICAL_OPERATORS];
const UNARY: UnaryOperator[] = ['-', '+', 'NOT'];

/** Any tree the parser could make (positions 0), up to a few levels deep. */
export const ruleAstArb: fc.Arbitrary<RuleNode> = fc.letrec<{ node: RuleNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 6, withCrossShrink: true },
    leaf,
    fc.record({
      kind: fc.constant('unary' as const),
      operator: fc.constantFrom(...UNARY),
      operand: tie('node'),
      pos: fc.constant(0),
      end: fc.constant(0),
    }),
    fc.record({
      kind: fc.constant('binary' as const),
      operator: fc.constantFrom(...BINARY),
      left: tie('node'),
      right: tie('node'),
      opPos: fc.constant(0),
      pos: fc.constant(0),
      end: fc.constant(0),
    }),
    fc.record({
      kind: fc.constant('call' as const),
      name: fc.constantFrom(...RULE_FUNCTION_NAMES),
      args: fc.array(tie('node'), { maxLength: 4 }),
      pos: fc.constant(0),
      end: fc.constant(0),
    }),
  ),
})).node;

const FRAGMENTS = [
  '(',
  ')',
  ';',
  '[',
  ']',
  '"',
  ',',
  '.',
  ' ',
  '\n',
  '1',
  '2,5',
  '0.5',
  '3.',
  '1.2.3',
  'AND',
  'or',
  'Xor',
  'not',
  'TRUE',
  'false',
  'Bmi',
  'age(',
  'Ckd(',
  'RoundToZero',
  'foo',
  '+',
  '-',
  '*',
  '/',
  '%',
  '^',
  '=',
  '<>',
  '<',
  '>=',
  '<=',
  '!',
  '«',
  '»',
  "'",
  '[W]',
  '[ВЕС]',
  '[ A ]',
  '"Да"',
  '""',
  '\u200b',
  '😀',
  '\ud800',
  '\t',
  '999999999999999999999999',
] as const;

/** Texts made of pieces of the language, to reach deep into the parser. */
export const ruleTextArb: fc.Arbitrary<string> = fc.oneof(
  fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 30 }).map((parts) => parts.join('')),
  fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 15 }).map((parts) => parts.join(' ')),
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 20, unit: 'binary' }),
);

/** Stored values, good and bad. */
export const storedValueArb: fc.Arbitrary<string | null | undefined> = fc.oneof(
  fc.constantFrom(
    '70',
    '175',
    '1,5',
    '-3',
    '0',
    'true',
    'false',
    '2024-02-29',
    '2023-02-29',
    '0001-01-01',
    '10:30',
    '23:59:59',
    '2024-01-01T08:00',
    'Да',
    'Male',
    'Ж',
    '',
    ' ',
    null,
    undefined,
  ),
  fc.string({ maxLength: 12 }),
  fc.double().map(String),
  fc.integer().map(String),
);

export const valuesArb: fc.Arbitrary<Record<string, string | null | undefined>> = fc.dictionary(
  fc.oneof(fc.constantFrom(...CODE_POOL), fieldCodeArb),
  storedValueArb,
  { maxKeys: 8 },
);

export const fieldArb: fc.Arbitrary<RuleField> = fc.record({
  fieldType: fc.constantFrom(...FIELD_TYPES),
  optionList: fc.option(fc.array(stringValueArb, { maxLength: 4 }), { nil: undefined }),
});

export const fieldsArb: fc.Arbitrary<Record<string, RuleField>> = fc.dictionary(
  fc.oneof(fc.constantFrom(...CODE_POOL), fieldCodeArb),
  fieldArb,
  { maxKeys: 8 },
);
