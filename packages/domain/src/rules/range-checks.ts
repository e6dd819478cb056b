import type { ComparisonOperator, RuleAst, RuleNode } from './types.js';

/** An ODM RangeCheck: the value must satisfy `value <comparator> checkValue` (ODM 1.3.2 ItemDef/RangeCheck). */
export interface RangeCheck {
  comparator: 'LT' | 'LE' | 'GT' | 'GE' | 'EQ' | 'NE';
  checkValue: number;
}

/** What a value must satisfy when the edit check's comparison (which raises the note) does not hold. */
const SATISFIES: Record<ComparisonOperator, RangeCheck['comparator']> = {
  '<': 'GE',
  '<=': 'GT',
  '>': 'LE',
  '>=': 'LT',
  '=': 'NE',
  '<>': 'EQ',
};
/** `5 < [X]` is `[X] > 5`. */
const FLIPPED: Record<ComparisonOperator, ComparisonOperator> = {
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
  '=': '=',
  '<>': '<>',
};

function numberOf(node: RuleNode): number | null {
  if (node.kind === 'number') return node.value;
  if (node.kind === 'unary' && (node.operator === '-' || node.operator === '+')) {
    const inner = numberOf(node.operand);
    return inner === null ? null : node.operator === '-' ? -inner : inner;
  }
  return null;
}

function checksOf(node: RuleNode, code: string): RangeCheck[] | null {
  if (node.kind !== 'binary') return null;
  if (node.operator === 'OR') {
    const left = checksOf(node.left, code);
    const right = left && checksOf(node.right, code);
    return left && right ? [...left, ...right] : null;
  }
  const operator = node.operator as ComparisonOperator;
  if (!(operator in SATISFIES)) return null;
  const field = (n: RuleNode) => n.kind === 'field' && n.code === code;
  if (field(node.left)) {
    const value = numberOf(node.right);
    return value === null ? null : [{ comparator: SATISFIES[operator], checkValue: value }];
  }
  if (field(node.right)) {
    const value = numberOf(node.left);
    return value === null ? null : [{ comparator: SATISFIES[FLIPPED[operator]], checkValue: value }];
  }
  return null;
}

/**
 * The ODM RangeChecks equivalent to an edit check (a NoteAction's condition, which raises the note when it
 * holds) on the numeric field `code` itself: comparisons of the field with number literals joined by OR,
 * such as `[SYSBP] < 90 OR [SYSBP] > 160` (GE 90, LE 160). Null when the condition is anything else (it then
 * travels only as a ConditionDef).
 */
export function rangeChecksOf(ast: RuleAst, code: string): RangeCheck[] | null {
  return checksOf(ast, code);
}
