import type { RuleError } from './types.js';

/**
 * Splits an expression into tokens. A lexical error does not stop the lexer at once: it becomes an
 * 'error' token and the token list ends there, so that a syntax error earlier in the text is reported
 * first (the parser meets the error token only when it gets that far).
 */

export type TokenKind = 'number' | 'string' | 'field' | 'name' | 'keyword' | 'op' | '(' | ')' | ';' | 'end' | 'error';

export interface Token {
  kind: TokenKind;
  /** The source text of the token ('' for the end). */
  text: string;
  pos: number;
  end: number;
  /** number: its value; string: the unquoted text; field: the trimmed code; keyword: upper case. */
  value?: number | string;
  /** An 'error' token's error. */
  error?: RuleError;
}

export const KEYWORDS = ['AND', 'OR', 'XOR', 'NOT', 'TRUE', 'FALSE'] as const;
const KEYWORD_SET: ReadonlySet<string> = new Set(KEYWORDS);

const NAME = /[\p{L}_][\p{L}\p{N}_]*/uy;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isControl = (c: number) => c < 32 || c === 127;
const isSpace = (ch: string) => /\s/.test(ch);

function lexError(code: RuleError['code'], index: number, length: number, params: RuleError['params'] = {}): Token {
  const error: RuleError = { code, position: index + 1, end: index + 1 + Math.max(length, 1), params };
  return { kind: 'error', text: '', pos: error.position, end: error.end, error };
}

/** The tokens of a text, ending with an 'end' or an 'error' token. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = text.length;
  const push = (kind: TokenKind, start: number, end: number, value?: number | string) =>
    tokens.push({ kind, text: text.slice(start, end), pos: start + 1, end: end + 1, value });

  while (i < n) {
    const ch = text[i]!;
    const c = text.charCodeAt(i);
    if (isSpace(ch)) {
      i += 1;
      continue;
    }
    if (isDigit(c)) {
      const start = i;
      while (i < n && isDigit(text.charCodeAt(i))) i += 1;
      let separator = -1;
      if ((text[i] === '.' || text[i] === ',') && isDigit(text.charCodeAt(i + 1))) {
        separator = i;
        i += 1;
        while (i < n && isDigit(text.charCodeAt(i))) i += 1;
      } else if (text[i] === '.') {
        tokens.push(lexError('invalid_number', start, i + 1 - start, { text: text.slice(start, i + 1) }));
        return tokens;
      }
      // 1.5.3 or 1,5,3: a second separator between digits makes no number.
      if (separator >= 0 && (text[i] === '.' || text[i] === ',') && isDigit(text.charCodeAt(i + 1))) {
        let j = i + 1;
        while (j < n && (isDigit(text.charCodeAt(j)) || text[j] === '.' || text[j] === ',')) j += 1;
        tokens.push(lexError('invalid_number', start, j - start, { text: text.slice(start, j) }));
        return tokens;
      }
      const source = text.slice(start, i);
      const value = Number(
        separator >= 0 ? `${source.slice(0, separator - start)}.${source.slice(separator - start + 1)}` : source,
      );
      if (!Number.isFinite(value)) {
        tokens.push(
          lexError('number_too_large', start, i - start, { text: source.length > 40 ? `${source.slice(0, 40)}…` : source }),
        );
        return tokens;
      }
      push('number', start, i, value);
      continue;
    }
    if (ch === '"') {
      const start = i;
      let value = '';
      i += 1;
      for (;;) {
        if (i >= n) {
          tokens.push(lexError('unterminated_string', start, 1));
          return tokens;
        }
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        value += text[i];
        i += 1;
      }
      push('string', start, i, value);
      continue;
    }
    if (ch === '[') {
      const start = i;
      i += 1;
      while (i < n && text[i] !== ']' && text[i] !== '[' && !isControl(text.charCodeAt(i))) i += 1;
      if (text[i] !== ']') {
        tokens.push(lexError('unterminated_field', start, 1));
        return tokens;
      }
      const code = text.slice(start + 1, i).trim();
      i += 1;
      if (code === '') {
        tokens.push(lexError('empty_field', start, i - start));
        return tokens;
      }
      push('field', start, i, code);
      continue;
    }
    NAME.lastIndex = i;
    const name = NAME.exec(text);
    if (name) {
      const start = i;
      i += name[0].length;
      const upper = name[0].toUpperCase();
      if (KEYWORD_SET.has(upper)) push('keyword', start, i, upper);
      else push('name', start, i);
      continue;
    }
    const two = text.slice(i, i + 2);
    if (two === '<>' || two === '<=' || two === '>=') {
      push('op', i, i + 2);
      i += 2;
      continue;
    }
    if ('=<>+-*/^%'.includes(ch)) {
      push('op', i, i + 1);
      i += 1;
      continue;
    }
    if (ch === '(' || ch === ')' || ch === ';') {
      push(ch, i, i + 1);
      i += 1;
      continue;
    }
    if (ch === ',') {
      tokens.push(lexError('comma_separator', i, 1));
      return tokens;
    }
    const cp = text.codePointAt(i)!;
    const char = String.fromCodePoint(cp);
    tokens.push(lexError('unexpected_character', i, char.length, { char }));
    return tokens;
  }
  tokens.push({ kind: 'end', text: '', pos: n + 1, end: n + 1 });
  return tokens;
}
