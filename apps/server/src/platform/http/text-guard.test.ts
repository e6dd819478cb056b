import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { findBadText, refuseBadText } from './text-guard.js';

describe('findBadText', () => {
  it('names the field holding NUL the way validation errors name fields', () => {
    expect(findBadText({ userDto: { email: 'a\u0000@b.test', firstName: 'A' } })).toEqual({ path: 'userDto.email', kind: 'nul' });
    expect(findBadText({ items: [{ name: 'ok' }, { name: 'x\u0000' }] })).toEqual({ path: 'items.1.name', kind: 'nul' });
    expect(findBadText({ search: '\u0000' }, 'query')).toEqual({ path: 'search', kind: 'nul' });
  });

  it('finds lone surrogates, high or low, and in object keys; accepts proper pairs', () => {
    expect(findBadText({ mnn: 'x\uD800' })).toEqual({ path: 'mnn', kind: 'surrogate' });
    expect(findBadText({ mnn: '\uDC00x' })).toEqual({ path: 'mnn', kind: 'surrogate' });
    expect(findBadText({ mnn: '\uDC00\uD800' })).toEqual({ path: 'mnn', kind: 'surrogate' });
    expect(findBadText({ meta: { ['k\uD83D']: 1 } })).toEqual({ path: 'meta.k\uD83D', kind: 'surrogate' });
    expect(findBadText({ mnn: 'План 🙂', list: ['\uD83D\uDE42'], n: 1, b: true, z: null })).toBeNull();
  });

  it('names the whole input when it is itself a string, and ignores non-text values', () => {
    expect(findBadText('\u0000')).toEqual({ path: 'body', kind: 'nul' });
    expect(findBadText(undefined)).toBeNull();
    expect(findBadText(42)).toBeNull();
  });

  it('walks very deep input without exhausting the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const found = findBadText(deep);
    expect(found?.kind).toBe('nul');
    expect(found?.path.split('.')).toHaveLength(200_000);
  });
});

describe('refuseBadText', () => {
  it('throws a 400 with a code per kind and the field as path', () => {
    const caught = (v: unknown) => {
      try {
        refuseBadText(v);
      } catch (e) {
        return e as AppError;
      }
      return null;
    };
    expect(caught({ a: 'x\u0000' })).toMatchObject({ status: 400, code: 'text_nul', path: 'a', params: { field: 'a' } });
    expect(caught({ a: '\uD800' })).toMatchObject({ status: 400, code: 'text_lone_surrogate', path: 'a' });
    expect(caught({ a: 'fine' })).toBeNull();
  });
});
