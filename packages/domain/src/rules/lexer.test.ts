import { describe, expect, it } from 'vitest';
import { tokenize } from './lexer.js';

const kinds = (text: string) => tokenize(text).map((t) => (t.kind === 'error' ? `error:${t.error!.code}` : t.kind));
const values = (text: string) => tokenize(text).map((t) => t.value ?? t.text);

describe('tokenize', () => {
  it('splits operators, brackets and separators, longest operator first', () => {
    expect(values('1<>2<=3>=4<5>6=7')).toEqual([1, '<>', 2, '<=', 3, '>=', 4, '<', 5, '>', 6, '=', 7, '']);
    expect(kinds('(+-*/^%);')).toEqual(['(', 'op', 'op', 'op', 'op', 'op', 'op', ')', ';', 'end']);
  });

  it('reads a decimal comma or dot only between digits', () => {
    expect(values('1,5')).toEqual([1.5, '']);
    expect(values('1.5')).toEqual([1.5, '']);
    expect(values('007,250')).toEqual([7.25, '']);
    // A comma that is not between digits is no decimal comma.
    expect(kinds('1, 5')).toEqual(['number', 'error:comma_separator']);
    expect(kinds('1 ,5')).toEqual(['number', 'error:comma_separator']);
    expect(kinds('1.')).toEqual(['error:invalid_number']);
    expect(kinds('1.2.3')).toEqual(['error:invalid_number']);
    expect(kinds('1,2,3')).toEqual(['error:invalid_number']);
    expect(kinds('.5')).toEqual(['error:unexpected_character']);
  });

  it('refuses a number too large for a double', () => {
    const t = tokenize('9'.repeat(400));
    expect(t[0]!.error).toMatchObject({ code: 'number_too_large', position: 1 });
  });

  it('reads strings with a doubled quote inside, and any characters', () => {
    expect(values('"Да"')).toEqual(['Да', '']);
    expect(values('"say ""yes"""')).toEqual(['say "yes"', '']);
    expect(values('""')).toEqual(['', '']);
    expect(values('"a;b,c [d]\n"')).toEqual(['a;b,c [d]\n', '']);
    expect(tokenize('1 + "abc')[2]!.error).toMatchObject({ code: 'unterminated_string', position: 5, end: 6 });
  });

  it('reads field codes in brackets, trimmed, with any characters but brackets and control characters', () => {
    expect(values('[WEIGHT]')).toEqual(['WEIGHT', '']);
    expect(values('[ Дата визита ]')).toEqual(['Дата визита', '']);
    expect(values('[a;b "c"]')).toEqual(['a;b "c"', '']);
    expect(tokenize('[]')[0]!.error).toMatchObject({ code: 'empty_field', position: 1, end: 3 });
    expect(tokenize('[  ]')[0]!.error?.code).toBe('empty_field');
    expect(tokenize('2 * [AB')[2]!.error).toMatchObject({ code: 'unterminated_field', position: 5 });
    expect(tokenize('[A[B]')[0]!.error?.code).toBe('unterminated_field');
    expect(tokenize('[A\nB]')[0]!.error?.code).toBe('unterminated_field');
  });

  it('reads keywords in any case and names', () => {
    expect(tokenize('and Or XOR nOt True FALSE').map((t) => t.value)).toEqual([
      'AND',
      'OR',
      'XOR',
      'NOT',
      'TRUE',
      'FALSE',
      undefined,
    ]);
    expect(kinds('Bmi bmi _x вес2')).toEqual(['name', 'name', 'name', 'name', 'end']);
  });

  it('gives 1-based columns, end after the last character', () => {
    const t = tokenize(' [AB] <= 12,5');
    expect(t.map((x) => [x.pos, x.end])).toEqual([
      [2, 6],
      [7, 9],
      [10, 14],
      [14, 14],
    ]);
  });

  it('names an unexpected character, a whole code point', () => {
    expect(tokenize('1 ! 2')[1]!.error).toMatchObject({ code: 'unexpected_character', position: 3, params: { char: '!' } });
    expect(tokenize('😀')[0]!.error).toMatchObject({ position: 1, end: 3, params: { char: '😀' } });
    expect(tokenize('1 \u200b')[1]!.error?.params).toEqual({ char: '\u200b' });
  });

  it('treats every kind of white space as a separator', () => {
    expect(kinds('1\t+\n2\u00a0')).toEqual(['number', 'op', 'number', 'end']);
  });
});
