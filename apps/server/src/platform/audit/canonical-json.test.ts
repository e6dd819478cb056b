import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[{"y":2,"z":1}]},"b":1}');
  });
  it('writes dates as ISO strings', () => {
    expect(canonicalJson({ at: new Date('2026-01-02T03:04:05.006Z') })).toBe('{"at":"2026-01-02T03:04:05.006Z"}');
  });
});
