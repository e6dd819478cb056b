import type { FieldType } from '../design/enums.js';

/**
 * The expression language of study rules (issue 13; docs/rules.md): the syntax tree, the value types and
 * the errors. Positions are 1-based columns of the expression text (UTF-16 code units, as an editor's
 * caret counts them); `end` is the column just after the last character.
 */

export const RULE_FUNCTION_NAMES = [
  'Age',
  'Bmi',
  'CreatinineClearance',
  'Ckd',
  'DaysBetween',
  'MinutesBetween',
  'RoundAwayFromZero',
  'RoundToZero',
] as const;
export type RuleFunctionName = (typeof RULE_FUNCTION_NAMES)[number];

export const ARITHMETIC_OPERATORS = ['+', '-', '*', '/', '%', '^'] as const;
export const COMPARISON_OPERATORS = ['=', '<>', '<', '>', '<=', '>='] as const;
export const LOGICAL_OPERATORS = ['AND', 'OR', 'XOR'] as const;
export type ArithmeticOperator = (typeof ARITHMETIC_OPERATORS)[number];
export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];
export type LogicalOperator = (typeof LOGICAL_OPERATORS)[number];
export type BinaryOperator = ArithmeticOperator | ComparisonOperator | LogicalOperator;
export type UnaryOperator = '-' | '+' | 'NOT';

/** Where a node stands in the text: pos is its first column, end the column after its last. */
export interface Span {
  pos: number;
  end: number;
}

/** A number literal: finite and not negative (a minus sign is a unary operator). */
export interface NumberNode extends Span {
  kind: 'number';
  value: number;
}
/** A string literal (a select option), without its quotes. */
export interface StringNode extends Span {
  kind: 'string';
  value: string;
}
export interface BooleanNode extends Span {
  kind: 'boolean';
  value: boolean;
}
/** A field reference [CODE]; the code is trimmed and never empty. */
export interface FieldNode extends Span {
  kind: 'field';
  code: string;
}
/** pos is the operator's column. */
export interface UnaryNode extends Span {
  kind: 'unary';
  operator: UnaryOperator;
  operand: RuleNode;
}
/** opPos is the operator's column, pos and end span both operands. */
export interface BinaryNode extends Span {
  kind: 'binary';
  operator: BinaryOperator;
  left: RuleNode;
  right: RuleNode;
  opPos: number;
}
/** A formula template; the name is spelled canonically whatever case the text used. */
export interface CallNode extends Span {
  kind: 'call';
  name: RuleFunctionName;
  args: RuleNode[];
}
export type RuleNode = NumberNode | StringNode | BooleanNode | FieldNode | UnaryNode | BinaryNode | CallNode;
/** A parsed rule expression. */
export type RuleAst = RuleNode;

/** The types of values in an expression. */
export const RULE_VALUE_TYPES = ['number', 'boolean', 'date', 'time', 'datetime', 'text'] as const;
export type RuleValueType = (typeof RULE_VALUE_TYPES)[number];

/** What the caller knows of a field the expression may refer to (by its code). */
export interface RuleField {
  fieldType: FieldType;
  /** A select field's options. */
  optionList?: readonly string[] | null;
}
export type RuleFields = Readonly<Record<string, RuleField>>;

/** Field values in their stored form (docs/data-entry.md "Values"); null, undefined or '' is no value. */
export type RuleValues = Readonly<Record<string, string | null | undefined>>;

export const PARSE_ERROR_CODES = [
  'empty',
  'too_long',
  'too_deep',
  'unexpected_character',
  'unterminated_string',
  'unterminated_field',
  'empty_field',
  'invalid_number',
  'number_too_large',
  'comma_separator',
  'unknown_name',
  'unknown_function',
  'expected_parenthesis',
  'expected_value',
  'expected_closing_parenthesis',
  'expected_argument_separator',
  'expected_operator',
  'chained_comparison',
  'internal_error',
] as const;
export const TYPE_ERROR_CODES = [
  'unknown_field',
  'unknown_option',
  'operand_type',
  'operands_type',
  'argument_count',
  'argument_type',
  'argument_out_of_range',
  'unknown_sex',
  'result_type',
] as const;
export type ParseErrorCode = (typeof PARSE_ERROR_CODES)[number];
export type TypeErrorCode = (typeof TYPE_ERROR_CODES)[number];
export type RuleErrorCode = ParseErrorCode | TypeErrorCode;

export type RuleErrorParams = Readonly<Record<string, string | number | readonly string[]>>;

/** A parse or type error: its code, where it is (1-based columns, end exclusive) and what it names. */
export interface RuleError {
  code: RuleErrorCode;
  position: number;
  end: number;
  params: RuleErrorParams;
}

/** Limits that keep parsing and evaluation fast and the stack safe. */
export const RULE_LIMITS = {
  /** Characters of an expression. */
  maxLength: 10_000,
  /** Parentheses, function calls, unary operators and powers nested in one another. */
  maxNesting: 100,
  /** Levels of the syntax tree (a chain a + b + c + … is as deep as it is long). */
  maxDepth: 250,
} as const;
