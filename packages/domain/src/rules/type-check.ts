import { MAX_ROUND_DIGITS, readSex, RULE_FUNCTIONS } from './functions.js';
import { ruleTypeOfFieldType } from './values.js';
import {
  RULE_LIMITS,
  type BinaryNode,
  type CallNode,
  type RuleAst,
  type RuleError,
  type RuleErrorCode,
  type RuleErrorParams,
  type RuleField,
  type RuleFields,
  type RuleNode,
  type RuleValueType,
  type Span,
} from './types.js';

/**
 * Checks an expression against the types of the fields it names: unknown codes, options a select field
 * does not have, operators and functions given values of the wrong type. All errors are reported, each
 * once: a part already in error does not make the parts around it wrong too.
 */

export type TypeCheckResult = { ok: true; type: RuleValueType } | { ok: false; errors: RuleError[] };

/** What is known of a subexpression: its type (null after an error) and, for a select field, its options. */
interface Info {
  type: RuleValueType | null;
  field?: { code: string; options: readonly string[] };
}

const ORDERED: ReadonlySet<RuleValueType> = new Set(['number', 'date', 'time', 'datetime']);
const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

function fieldOf(fields: RuleFields, code: string): RuleField | undefined {
  const field = fields && typeof fields === 'object' && hasOwn(fields, code) ? fields[code] : undefined;
  return field && typeof field === 'object' ? field : undefined;
}

class Checker {
  readonly errors: RuleError[] = [];
  constructor(private readonly fields: RuleFields) {}

  error(code: RuleErrorCode, span: Span, params: RuleErrorParams = {}) {
    this.errors.push({ code, position: span.pos, end: Math.max(span.end, span.pos + 1), params });
  }

  check(node: RuleNode): Info {
    switch (node.kind) {
      case 'number':
        return { type: 'number' };
      case 'string':
        return { type: 'text' };
      case 'boolean':
        return { type: 'boolean' };
      case 'field': {
        const field = fieldOf(this.fields, node.code);
        if (!field) {
          this.error('unknown_field', node, { code: node.code });
          return { type: null };
        }
        const type = ruleTypeOfFieldType(field.fieldType);
        if (field.fieldType === 'Select') {
          const options = Array.isArray(field.optionList) ? field.optionList : [];
          return { type, field: { code: node.code, options } };
        }
        return { type };
      }
      case 'unary': {
        const operand = this.check(node.operand);
        const wanted: RuleValueType = node.operator === 'NOT' ? 'boolean' : 'number';
        if (operand.type !== null && operand.type !== wanted) {
          this.error(
            'operand_type',
            { pos: node.pos, end: node.pos + node.operator.length },
            { operator: node.operator, type: operand.type },
          );
        }
        return { type: wanted };
      }
      case 'binary':
        return this.binary(node);
      case 'call':
        return this.call(node);
    }
  }

  private binary(node: BinaryNode): Info {
    const left = this.check(node.left);
    const right = this.check(node.right);
    const op = node.operator;
    const opSpan = { pos: node.opPos, end: node.opPos + op.length };
    const mismatch = () => {
      if (left.type !== null && right.type !== null)
        this.error('operands_type', opSpan, { operator: op, left: left.type, right: right.type });
    };
    switch (op) {
      case 'AND':
      case 'OR':
      case 'XOR':
        if (left.type !== 'boolean' || right.type !== 'boolean') mismatch();
        return { type: 'boolean' };
      case '=':
      case '<>':
        if (left.type !== right.type) mismatch();
        else {
          this.option(left, node.right);
          this.option(right, node.left);
        }
        return { type: 'boolean' };
      case '<':
      case '>':
      case '<=':
      case '>=':
        if (left.type !== right.type || (left.type !== null && !ORDERED.has(left.type))) mismatch();
        return { type: 'boolean' };
      default:
        if (left.type !== 'number' || right.type !== 'number') mismatch();
        return { type: 'number' };
    }
  }

  /** A string compared with a select field must be one of its options. */
  private option(select: Info, other: RuleNode) {
    if (!select.field || other.kind !== 'string') return;
    if (!select.field.options.includes(other.value)) {
      this.error('unknown_option', other, { option: other.value, code: select.field.code, options: select.field.options });
    }
  }

  private call(node: CallNode): Info {
    const fn = RULE_FUNCTIONS[node.name];
    const args = node.args.map((arg) => this.check(arg));
    if (args.length !== fn.params.length) {
      this.error('argument_count', node, { name: fn.name, expected: fn.params.length, actual: args.length });
      return { type: 'number' };
    }
    args.forEach((arg, i) => {
      const accepted = fn.params[i]!;
      if (arg.type !== null && !accepted.includes(arg.type)) {
        this.error('argument_type', node.args[i]!, { name: fn.name, index: i + 1, expected: accepted, actual: arg.type });
      }
    });
    const [first, second] = args;
    if (fn.sameType && first?.type && second?.type && fn.params[1]!.includes(second.type) && first.type !== second.type) {
      this.error('argument_type', node.args[1]!, { name: fn.name, index: 2, expected: [first.type], actual: second.type });
    }
    if (fn.digitsParam !== undefined) {
      const digits = literalNumber(node.args[fn.digitsParam]!);
      if (digits !== null && (!Number.isInteger(digits) || digits < 0 || digits > MAX_ROUND_DIGITS)) {
        this.error('argument_out_of_range', node.args[fn.digitsParam]!, {
          name: fn.name,
          index: fn.digitsParam + 1,
          min: 0,
          max: MAX_ROUND_DIGITS,
        });
      }
    }
    if (fn.sexParam !== undefined) {
      const sex = node.args[fn.sexParam]!;
      if (sex.kind === 'string' && readSex(sex.value) === null)
        this.error('unknown_sex', sex, { name: fn.name, value: sex.value });
    }
    return { type: 'number' };
  }
}

/** The value of a number literal, or of a negated one; null for anything else. */
function literalNumber(node: RuleNode): number | null {
  if (node.kind === 'number') return node.value;
  if (node.kind === 'unary' && node.operator === '-' && node.operand.kind === 'number') return -node.operand.value;
  return null;
}

/**
 * The type of an expression given the fields it may name (by code), or its errors in the order of the text.
 * `expected` lists the result types the rule allows (boolean for a condition, the field's type for a value
 * to insert). Never throws.
 */
export function typeCheck(ast: RuleAst, fields: RuleFields, expected?: readonly RuleValueType[]): TypeCheckResult {
  const checker = new Checker(fields ?? {});
  let info: Info;
  try {
    info = checker.check(ast);
  } catch {
    return { ok: false, errors: [{ code: 'too_deep', position: 1, end: 2, params: { max: RULE_LIMITS.maxDepth } }] };
  }
  if (info.type !== null && expected && expected.length > 0 && !expected.includes(info.type)) {
    checker.error('result_type', ast, { expected, actual: info.type });
  }
  const errors = checker.errors.sort((a, b) => a.position - b.position);
  if (errors.length > 0 || info.type === null) return { ok: false, errors };
  return { ok: true, type: info.type };
}
