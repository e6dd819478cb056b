import { tokenize, type Token } from './lexer.js';
import {
  RULE_FUNCTION_NAMES,
  RULE_LIMITS,
  type BinaryOperator,
  type ComparisonOperator,
  type RuleAst,
  type RuleError,
  type RuleErrorCode,
  type RuleErrorParams,
  type RuleFunctionName,
  type RuleNode,
} from './types.js';

/**
 * A recursive-descent parser of rule expressions (grammar in docs/rules.md). parseRule never throws: any
 * input gives either the tree or the first error with its position.
 */

export type ParseResult = { ok: true; ast: RuleAst } | { ok: false; error: RuleError };

const FUNCTIONS_BY_UPPER_NAME: ReadonlyMap<string, RuleFunctionName> = new Map(
  RULE_FUNCTION_NAMES.map((f) => [f.toUpperCase(), f]),
);
const COMPARISONS: ReadonlySet<string> = new Set<ComparisonOperator>(['=', '<>', '<', '>', '<=', '>=']);

class ParseFailure {
  constructor(readonly error: RuleError) {}
}

/** The canonical spelling of a function name, whatever its case; undefined when there is no such function. */
export function ruleFunctionName(name: string): RuleFunctionName | undefined {
  return FUNCTIONS_BY_UPPER_NAME.get(name.toUpperCase());
}

class Parser {
  private i = 0;
  private nesting = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.i + offset, this.tokens.length - 1)]!;
  }
  private next(): Token {
    const token = this.peek();
    if (token.kind === 'error') throw new ParseFailure(token.error!);
    if (this.i < this.tokens.length - 1) this.i += 1;
    return token;
  }
  private fail(code: RuleErrorCode, token: Token, params: RuleErrorParams = {}): never {
    if (token.kind === 'error') throw new ParseFailure(token.error!);
    throw new ParseFailure({ code, position: token.pos, end: Math.max(token.end, token.pos + 1), params });
  }
  private enter(token: Token) {
    this.nesting += 1;
    if (this.nesting > RULE_LIMITS.maxNesting) this.fail('too_deep', token, { max: RULE_LIMITS.maxNesting });
  }
  private leave() {
    this.nesting -= 1;
  }
  private isKeyword(word: string, token = this.peek()) {
    return token.kind === 'keyword' && token.value === word;
  }
  private isOp(ops: string, token = this.peek()) {
    return token.kind === 'op' && ops.split(' ').includes(token.text);
  }

  rule(): RuleAst {
    if (this.peek().kind === 'end') this.fail('empty', { ...this.peek(), pos: 1, end: 2 });
    const ast = this.or();
    const after = this.peek();
    if (after.kind !== 'end') this.fail('expected_operator', after, { found: after.text });
    return ast;
  }

  private binary(operator: BinaryOperator, left: RuleNode, right: RuleNode, op: Token): RuleNode {
    return { kind: 'binary', operator, left, right, opPos: op.pos, pos: left.pos, end: right.end };
  }

  private logical(word: 'OR' | 'XOR' | 'AND', operand: () => RuleNode): RuleNode {
    let left = operand();
    while (this.isKeyword(word)) {
      const op = this.next();
      left = this.binary(word, left, operand(), op);
    }
    return left;
  }
  private or(): RuleNode {
    return this.logical('OR', () => this.xor());
  }
  private xor(): RuleNode {
    return this.logical('XOR', () => this.and());
  }
  private and(): RuleNode {
    return this.logical('AND', () => this.not());
  }
  private not(): RuleNode {
    if (!this.isKeyword('NOT')) return this.comparison();
    const op = this.next();
    this.enter(op);
    const operand = this.not();
    this.leave();
    return { kind: 'unary', operator: 'NOT', operand, pos: op.pos, end: operand.end };
  }
  private comparison(): RuleNode {
    const left = this.additive();
    const token = this.peek();
    if (token.kind !== 'op' || !COMPARISONS.has(token.text)) return left;
    const op = this.next();
    const node = this.binary(op.text as ComparisonOperator, left, this.additive(), op);
    const after = this.peek();
    if (after.kind === 'op' && COMPARISONS.has(after.text)) this.fail('chained_comparison', after, { operator: after.text });
    return node;
  }
  private additive(): RuleNode {
    let left = this.multiplicative();
    while (this.isOp('+ -')) {
      const op = this.next();
      left = this.binary(op.text as '+' | '-', left, this.multiplicative(), op);
    }
    return left;
  }
  private multiplicative(): RuleNode {
    let left = this.unary();
    while (this.isOp('* / %')) {
      const op = this.next();
      left = this.binary(op.text as '*' | '/' | '%', left, this.unary(), op);
    }
    return left;
  }
  private unary(): RuleNode {
    if (!this.isOp('- +')) return this.power();
    const op = this.next();
    this.enter(op);
    const operand = this.unary();
    this.leave();
    return { kind: 'unary', operator: op.text as '-' | '+', operand, pos: op.pos, end: operand.end };
  }
  private power(): RuleNode {
    const base = this.primary();
    if (!this.isOp('^')) return base;
    const op = this.next();
    this.enter(op);
    const exponent = this.unary();
    this.leave();
    return this.binary('^', base, exponent, op);
  }
  private primary(): RuleNode {
    const token = this.peek();
    switch (token.kind) {
      case 'number':
        this.next();
        return { kind: 'number', value: token.value as number, pos: token.pos, end: token.end };
      case 'string':
        this.next();
        return { kind: 'string', value: token.value as string, pos: token.pos, end: token.end };
      case 'field':
        this.next();
        return { kind: 'field', code: token.value as string, pos: token.pos, end: token.end };
      case 'keyword':
        if (token.value === 'TRUE' || token.value === 'FALSE') {
          this.next();
          return { kind: 'boolean', value: token.value === 'TRUE', pos: token.pos, end: token.end };
        }
        return this.fail('expected_value', token, { found: token.text });
      case 'name':
        return this.call();
      case '(': {
        const open = this.next();
        this.enter(open);
        const inner = this.or();
        const close = this.peek();
        if (close.kind !== ')') this.fail('expected_closing_parenthesis', close, { found: close.text, open: open.pos });
        this.next();
        this.leave();
        return inner;
      }
      default:
        return this.fail('expected_value', token, { found: token.text });
    }
  }
  private call(): RuleNode {
    const nameToken = this.next();
    const name = ruleFunctionName(nameToken.text);
    const open = this.peek();
    if (open.kind !== '(') {
      if (name) this.fail('expected_parenthesis', open, { name, found: open.text });
      this.fail('unknown_name', nameToken, { name: nameToken.text });
    }
    if (!name) this.fail('unknown_function', nameToken, { name: nameToken.text, functions: RULE_FUNCTION_NAMES });
    this.next();
    this.enter(open);
    const args: RuleNode[] = [];
    if (this.peek().kind !== ')') {
      for (;;) {
        args.push(this.or());
        const separator = this.peek();
        if (separator.kind === ';') {
          this.next();
          continue;
        }
        if (separator.kind === ')') break;
        this.fail('expected_argument_separator', separator, { name, found: separator.text });
      }
    }
    const close = this.next();
    this.leave();
    return { kind: 'call', name, args, pos: nameToken.pos, end: close.end };
  }
}

/** The deepest node deeper than the limit, found without recursion; null when the tree is within it. */
function tooDeep(ast: RuleNode): RuleNode | null {
  const stack: [RuleNode, number][] = [[ast, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > RULE_LIMITS.maxDepth) return node;
    if (node.kind === 'unary') stack.push([node.operand, depth + 1]);
    else if (node.kind === 'binary') stack.push([node.left, depth + 1], [node.right, depth + 1]);
    else if (node.kind === 'call') for (const arg of node.args) stack.push([arg, depth + 1]);
  }
  return null;
}

/** Parses an expression: the tree, or the first error with its position. Never throws. */
export function parseRule(text: string): ParseResult {
  if (typeof text !== 'string') return { ok: false, error: { code: 'empty', position: 1, end: 2, params: {} } };
  if (text.length > RULE_LIMITS.maxLength) {
    const position = RULE_LIMITS.maxLength + 1;
    return { ok: false, error: { code: 'too_long', position, end: text.length + 1, params: { max: RULE_LIMITS.maxLength } } };
  }
  try {
    const ast = new Parser(tokenize(text)).rule();
    const deep = tooDeep(ast);
    if (deep)
      return { ok: false, error: { code: 'too_deep', position: deep.pos, end: deep.end, params: { max: RULE_LIMITS.maxDepth } } };
    return { ok: true, ast };
  } catch (e) {
    if (e instanceof ParseFailure) return { ok: false, error: e.error };
    const code = e instanceof RangeError ? 'too_deep' : 'internal_error';
    return {
      ok: false,
      error: { code, position: 1, end: 2, params: code === 'too_deep' ? { max: RULE_LIMITS.maxNesting } : {} },
    };
  }
}
