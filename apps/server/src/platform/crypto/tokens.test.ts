import { describe, expect, it } from 'vitest';
import { hashToken, newToken, signExternalLoginToken, verifyExternalLoginToken } from './tokens.js';

describe('tokens', () => {
  it('stores only a hash of a new token', () => {
    const { token, hash } = newToken();
    expect(hash).toBe(hashToken(token));
    expect(hash).not.toContain(token);
  });
  it('verifies external sign-in tokens by secret, e-mail and expiry', () => {
    const now = Date.UTC(2026, 0, 1);
    const exp = now / 1000 + 60;
    const token = signExternalLoginToken('s'.repeat(20), 'A@x.test', exp);
    expect(verifyExternalLoginToken('s'.repeat(20), 'a@x.test', token, now)).toBe(true);
    expect(verifyExternalLoginToken('t'.repeat(20), 'a@x.test', token, now)).toBe(false);
    expect(verifyExternalLoginToken('s'.repeat(20), 'b@x.test', token, now)).toBe(false);
    expect(verifyExternalLoginToken('s'.repeat(20), 'a@x.test', token, now + 61_000)).toBe(false);
    expect(verifyExternalLoginToken('s'.repeat(20), 'a@x.test', 'garbage', now)).toBe(false);
  });
});
