import { describe, expect, it } from 'vitest';
import { checkMask, isValidRegExMask, maskToRegExp, matchesMask } from './mask.js';

describe('checkMask', () => {
  it('accepts digits, letters, any-character, literals and optional parts', () => {
    for (const m of ['000', 'aa-000', '+7 (000) 000-00-00', '00[0]', '***', 'a[a][0]', '№ 0000']) {
      expect(checkMask(m), m).toEqual({ ok: true });
    }
  });
  it('names the problem and where it is', () => {
    expect(checkMask('')).toEqual({ ok: false, problem: 'empty', position: 0 });
    expect(checkMask('00[0')).toEqual({ ok: false, problem: 'unclosed_bracket', position: 2 });
    expect(checkMask('00]')).toEqual({ ok: false, problem: 'unopened_bracket', position: 2 });
    expect(checkMask('0[0[0]]')).toEqual({ ok: false, problem: 'nested_bracket', position: 3 });
    expect(checkMask('0[]')).toEqual({ ok: false, problem: 'empty_optional', position: 2 });
  });
});

describe('maskToRegExp / matchesMask', () => {
  it('matches digits, letters (any alphabet) and any character', () => {
    expect(matchesMask('123', '000')).toBe(true);
    expect(matchesMask('12a', '000')).toBe(false);
    expect(matchesMask('Жz-12', 'aa-00')).toBe(true);
    expect(matchesMask('x?', '**')).toBe(true);
  });
  it('treats bracketed parts as optional and other characters literally', () => {
    expect(matchesMask('12', '00[0]')).toBe(true);
    expect(matchesMask('123', '00[0]')).toBe(true);
    expect(matchesMask('1234', '00[0]')).toBe(false);
    expect(matchesMask('+7 (912) 345-67-89', '+7 (000) 000-00-00')).toBe(true);
    expect(matchesMask('1.5', '0.0')).toBe(true);
    expect(matchesMask('1x5', '0.0')).toBe(false);
  });
  it('throws on an invalid mask', () => {
    expect(() => maskToRegExp('0[')).toThrow(/unclosed_bracket/);
  });
});

describe('isValidRegExMask', () => {
  it('tells compiling patterns from broken ones', () => {
    expect(isValidRegExMask('^\\d{3}$')).toBe(true);
    expect(isValidRegExMask('([a-z]')).toBe(false);
  });
});
