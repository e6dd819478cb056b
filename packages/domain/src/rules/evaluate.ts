import { applyRuleFunction, type InvalidArgumentDetail } from './functions.js';
import type {
  BinaryNode,
  CallNode,
  RuleAst,
  RuleFields,
  RuleFunctionName,
  RuleNode,
  RuleValueType,
  RuleValues,
  Span,
} from './types.js';
import { isNoValue, plainValue, readInferred, readTyped, ruleTypeOfFieldType, storedText, type Value } from './values.js';

/**
 * Evaluates an expression over field values in their stored form. Never throws: a rule that cannot be
 * evaluated says why (a missing value above all: such a rule does nothing). With `fields` the values are
 * read by their fields' types; without, by their look (docs/rules.md "Evaluation").
 */

export const EVALUATION_FAILURE_REASONS = [
  'missing_value',
  'invalid_value',
  'division_by_zero',
  'not_finite',
  'invalid_argument',
  'type_mismatch',
  'too_complex',
] as const;
export type EvaluationFailureReason = (typeof EVALUATION_FAILURE_REASONS)[number];

export interface EvaluationFailure {
  ok: false;
  reason: EvaluationFailureReason;
  /** missing_value, invalid_value: the field's code. */
  code?: string;
  /** invalid_argument: the function, the argument (1-based) and why. */
  name?: RuleFunctionName;
  index?: number;
  detail?: InvalidArgumentDetail;
  /** The part of the expression that failed. */
  position: number;
  end: number;
}

export interface EvaluationSuccess {
  ok: true;
  type: RuleValueType;
  /** Numbers and booleans as such; dates, times, date-times and text in their stored form. */
  value: number | boolean | string;
  /** The value as a field would store it (numbers in plain decimal notation with a dot). */
  stored: string;
}

export type EvaluationResult = EvaluationSuccess | EvaluationFailure;

class Failure {
  constructor(readonly failure: EvaluationFailure) {}
}
type Result = Value | Failure;

const TRUE: Value = { t: 'boolean', b: true };
const FALSE: Value = { t: 'boolean', b: false };
const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

function fail(reason: EvaluationFailureReason, span: Span, extra: Partial<EvaluationFailure> = {}): Failure {
  return new Failure({ ok: false, reason, ...extra, position: span.pos, end: Math.max(span.end, span.pos + 1) });
}

/** Numbers that agree to 12 significant digits are equal (so 0.1 + 0.2 = 0.3). */
export function numbersEqual(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));
}

const isBool = (r: Result): r is Value & { t: 'boolean' } => !(r instanceof Failure) && r.t === 'boolean';

class Evaluator {
  constructor(
    private readonly values: RuleValues,
    private readonly fields: RuleFields | undefined,
  ) {}

  eval(node: RuleNode): Result {
    switch (node.kind) {
      case 'number':
        return { t: 'number', n: node.value };
      case 'string':
        return { t: 'text', s: node.value };
      case 'boolean':
        return node.value ? TRUE : FALSE;
      case 'field':
        return this.field(node.code, node);
      case 'unary': {
        const v = this.eval(node.operand);
        if (v instanceof Failure) return v;
        const span = { pos: node.pos, end: node.pos + node.operator.length };
        if (node.operator === 'NOT') return v.t === 'boolean' ? (v.b ? FALSE : TRUE) : fail('type_mismatch', span);
        if (v.t !== 'number') return fail('type_mismatch', span);
        return { t: 'number', n: node.operator === '-' ? -v.n : v.n };
      }
      case 'binary':
        return this.binary(node);
      case 'call':
        return this.call(node);
    }
  }

  private field(code: string, span: Span): Result {
    const values = this.values;
    const raw = values && typeof values === 'object' && hasOwn(values, code) ? values[code] : undefined;
    if (typeof raw !== 'string' || isNoValue(raw)) return fail('missing_value', span, { code });
    const fields = this.fields;
    const field = fields && typeof fields === 'object' && hasOwn(fields, code) ? fields[code] : undefined;
    if (!field || typeof field !== 'object') return readInferred(raw);
    return readTyped(ruleTypeOfFieldType(field.fieldType), raw) ?? fail('invalid_value', span, { code });
  }

  private binary(node: BinaryNode): Result {
    const op = node.operator;
    const span = { pos: node.opPos, end: node.opPos + op.length };
    if (op === 'AND' || op === 'OR') {
      // AND is false when either side is false, OR true when either side is true, even if the other side
      // cannot be evaluated; otherwise the first failure stands.
      const decisive = op === 'OR';
      const left = this.eval(node.left);
      if (isBool(left) && left.b === decisive) return left;
      const right = this.eval(node.right);
      if (isBool(right) && right.b === decisive) return right;
      if (left instanceof Failure) return left;
      if (left.t !== 'boolean') return fail('type_mismatch', span);
      if (right instanceof Failure) return right;
      return right.t === 'boolean' ? right : fail('type_mismatch', span);
    }
    const left = this.eval(node.left);
    if (left instanceof Failure) return left;
    const right = this.eval(node.right);
    if (right instanceof Failure) return right;
    switch (op) {
      case 'XOR':
        return left.t === 'boolean' && right.t === 'boolean' ? (left.b !== right.b ? TRUE : FALSE) : fail('type_mismatch', span);
      case '=':
      case '<>': {
        const equal = equals(left, right);
        if (equal === null) return fail('type_mismatch', span);
        return equal === (op === '=') ? TRUE : FALSE;
      }
      case '<':
      case '>':
      case '<=':
      case '>=': {
        if (left.t !== right.t || left.t === 'boolean' || left.t === 'text') return fail('type_mismatch', span);
        const a = left.n;
        const b = (right as { n: number }).n;
        const eq = left.t === 'number' ? numbersEqual(a, b) : a === b;
        const holds = op === '<' ? !eq && a < b : op === '>' ? !eq && a > b : op === '<=' ? eq || a < b : eq || a > b;
        return holds ? TRUE : FALSE;
      }
      default: {
        if (left.t !== 'number' || right.t !== 'number') return fail('type_mismatch', span);
        const a = left.n;
        const b = right.n;
        if ((op === '/' || op === '%') && b === 0) return fail('division_by_zero', span);
        let n: number;
        if (op === '+') n = a + b;
        else if (op === '-') n = a - b;
        else if (op === '*') n = a * b;
        else if (op === '/') n = a / b;
        else if (op === '%') n = a % b;
        else if (op === '^') n = a ** b;
        else return fail('type_mismatch', span);
        return Number.isFinite(n) ? { t: 'number', n } : fail('not_finite', span);
      }
    }
  }

  private call(node: CallNode): Result {
    const args: Value[] = [];
    for (const arg of node.args) {
      const v = this.eval(arg);
      if (v instanceof Failure) return v;
      args.push(v);
    }
    const outcome = applyRuleFunction(node.name, args);
    if ('type_mismatch' in outcome) return fail('type_mismatch', node);
    if ('invalid' in outcome) {
      const arg = node.args[outcome.index] ?? node;
      return fail('invalid_argument', arg, { name: node.name, index: outcome.index + 1, detail: outcome.invalid });
    }
    const v = outcome.value;
    return v.t === 'number' && !Number.isFinite(v.n) ? fail('not_finite', node) : v;
  }
}

/**
 * Whether two values are equal; null when they cannot be compared. Text compares with the stored text of a
 * field whose type was not given ("1" = a select whose option is 1).
 */
function equals(a: Value, b: Value): boolean | null {
  if (a.t !== b.t) {
    if (a.t === 'text' && b.raw !== undefined) return a.s === b.raw;
    if (b.t === 'text' && a.raw !== undefined) return a.raw === b.s;
    return null;
  }
  switch (a.t) {
    case 'boolean':
      return a.b === (b as { b: boolean }).b;
    case 'text':
      return a.s === (b as { s: string }).s;
    case 'number':
      return numbersEqual(a.n, (b as { n: number }).n);
    default:
      return a.n === (b as { n: number }).n;
  }
}

/**
 * The value of an expression over field values in their stored form (null, undefined or '' is no value),
 * read by their fields' types when `fields` is given. Never throws.
 */
export function evaluateRule(ast: RuleAst, values: RuleValues, fields?: RuleFields): EvaluationResult {
  try {
    const result = new Evaluator(values, fields).eval(ast);
    if (result instanceof Failure) return result.failure;
    return { ok: true, type: result.t, value: plainValue(result), stored: storedText(result) };
  } catch (e) {
    // Only a tree the parser did not make gets here: too deep for the stack, or malformed.
    return { ok: false, reason: e instanceof RangeError ? 'too_complex' : 'type_mismatch', position: 1, end: 2 };
  }
}
