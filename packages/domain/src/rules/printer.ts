import type { BinaryOperator, RuleNode } from './types.js';

/**
 * The canonical text of an expression: single spaces around binary operators, keywords in upper case,
 * true and false in lower case, function names as the catalogue spells them, arguments separated by "; ",
 * numbers with a dot and without an exponent, and only the parentheses the precedence needs. Parsing the
 * printed text gives the same tree (positions aside).
 */

/** Binding strength of each level of the grammar, weakest first. */
const LEVEL = { or: 1, xor: 2, and: 3, not: 4, comparison: 5, additive: 6, multiplicative: 7, unary: 8, power: 9, primary: 10 };

const BINARY_LEVEL: Record<BinaryOperator, number> = {
  OR: LEVEL.or,
  XOR: LEVEL.xor,
  AND: LEVEL.and,
  '=': LEVEL.comparison,
  '<>': LEVEL.comparison,
  '<': LEVEL.comparison,
  '>': LEVEL.comparison,
  '<=': LEVEL.comparison,
  '>=': LEVEL.comparison,
  '+': LEVEL.additive,
  '-': LEVEL.additive,
  '*': LEVEL.multiplicative,
  '/': LEVEL.multiplicative,
  '%': LEVEL.multiplicative,
  '^': LEVEL.power,
};

function level(node: RuleNode): number {
  if (node.kind === 'binary') return BINARY_LEVEL[node.operator];
  if (node.kind === 'unary') return node.operator === 'NOT' ? LEVEL.not : LEVEL.unary;
  return LEVEL.primary;
}

/**
 * A finite number in plain decimal notation with a dot (1e21 → 1000000000000000000000, 1e-7 → 0.0000001):
 * the shortest digits that read back as the same number, never an exponent. -0 is 0.
 */
export function plainNumber(x: number): string {
  if (Object.is(x, -0)) return '0';
  const s = String(x);
  const e = s.indexOf('e');
  if (e < 0) return s;
  const negative = s.startsWith('-');
  const mantissa = s.slice(negative ? 1 : 0, e);
  const exponent = Number(s.slice(e + 1));
  const [whole, fraction = ''] = mantissa.split('.') as [string, string?];
  const digits = whole + fraction;
  const point = whole.length + exponent;
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${out}` : out;
}

/** A string literal: in double quotes, a quote inside doubled. */
export function quoteRuleString(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

function wrap(node: RuleNode, parenthesise: boolean): string {
  const text = print(node);
  return parenthesise ? `(${text})` : text;
}

function print(node: RuleNode): string {
  switch (node.kind) {
    case 'number':
      // A negative literal cannot come from the parser; print it so that it reads back as a negation.
      return node.value < 0 ? `(${plainNumber(node.value)})` : plainNumber(node.value);
    case 'string':
      return quoteRuleString(node.value);
    case 'boolean':
      return node.value ? 'true' : 'false';
    case 'field':
      return `[${node.code}]`;
    case 'call':
      return `${node.name}(${node.args.map(print).join('; ')})`;
    case 'unary':
      if (node.operator === 'NOT') return `NOT ${wrap(node.operand, level(node.operand) < LEVEL.not)}`;
      return node.operator + wrap(node.operand, level(node.operand) < LEVEL.unary);
    case 'binary': {
      const p = BINARY_LEVEL[node.operator];
      const l = level(node.left);
      const r = level(node.right);
      let left: boolean;
      let right: boolean;
      if (node.operator === '^') {
        // Right-associative; the base is a primary, the exponent a unary expression (2 ^ -1).
        left = l < LEVEL.primary;
        right = r < LEVEL.unary;
      } else if (p === LEVEL.comparison) {
        // Comparisons do not chain: both sides bind tighter.
        left = l <= p;
        right = r <= p;
      } else {
        // Left-associative.
        left = l < p;
        right = r <= p;
      }
      return `${wrap(node.left, left)} ${node.operator} ${wrap(node.right, right)}`;
    }
  }
}

/** The canonical text of an expression. */
export function printRule(ast: RuleNode): string {
  return print(ast);
}
