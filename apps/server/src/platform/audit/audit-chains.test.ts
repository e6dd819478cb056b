import { describe, expect, it } from 'vitest';
import { auditKeyOf } from './audit-key.js';
import { auditHeadsDigest, auditRowHash, chainOf, GLOBAL_CHAIN, type HashedFields } from './audit.js';
import { parseVerifyArgs } from './audit-report.js';

const key = auditKeyOf('unit-test-audit-key-0123456789abcdef-0123');
const S = '0198c5a0-0000-7000-8000-00000000000a';

const record = (over: Partial<HashedFields> = {}): HashedFields => ({
  id: '0198c5a0-0000-7000-8000-000000000001',
  at: new Date('2026-01-02T03:04:05.678Z'),
  userId: null,
  userEmail: 'a@example.test',
  employeeId: null,
  employeeType: null,
  action: 'test.unit',
  entityType: 'test',
  entityId: null,
  researchId: null,
  before: null,
  after: { i: 1 },
  reason: null,
  ip: null,
  prevHash: '0'.repeat(64),
  chain: GLOBAL_CHAIN,
  subjectId: null,
  ...over,
});

describe('audit chains', () => {
  it('names a subject’s chain by its lower-case id, and the global chain otherwise', () => {
    expect(chainOf(S.toUpperCase())).toBe(`subject:${S}`);
    expect(chainOf(null)).toBe('global');
    expect(chainOf(undefined)).toBe('global');
  });

  it('seals chain and subject: a record moved to another chain or subject gets another hash', () => {
    const inSubject = record({ chain: chainOf(S), subjectId: S });
    const h = auditRowHash(inSubject, key);
    expect(auditRowHash({ ...inSubject, chain: GLOBAL_CHAIN }, key)).not.toBe(h);
    expect(auditRowHash({ ...inSubject, subjectId: null }, key)).not.toBe(h);
    expect(auditRowHash({ ...inSubject, chain: chainOf('0198c5a0-0000-7000-8000-00000000000b') }, key)).not.toBe(h);
    // A global record seals the 15 members records had before chains, and differs from any subject's.
    const global = record();
    expect(auditRowHash(global, key)).not.toBe(auditRowHash({ ...global, chain: chainOf(S) }, key));
    expect(auditRowHash(global, key)).not.toBe(auditRowHash({ ...global, subjectId: S }, key));
  });

  it('digests the chain heads whatever the map order, and any change of a head changes it', () => {
    const a = { seq: 3, hash: 'a'.repeat(64) };
    const b = { seq: 5, hash: 'b'.repeat(64) };
    const d = auditHeadsDigest(
      new Map([
        ['subject:1', a],
        ['global', b],
      ]),
      5,
      key,
    );
    expect(
      auditHeadsDigest(
        new Map([
          ['global', b],
          ['subject:1', a],
        ]),
        5,
        key,
      ),
    ).toBe(d);
    expect(auditHeadsDigest(new Map([['global', b]]), 5, key)).not.toBe(d);
    expect(
      auditHeadsDigest(
        new Map([
          ['subject:1', { seq: 2, hash: 'c'.repeat(64) }],
          ['global', b],
        ]),
        5,
        key,
      ),
    ).not.toBe(d);
    expect(
      auditHeadsDigest(
        new Map([
          ['subject:1', a],
          ['global', b],
        ]),
        6,
        key,
      ),
    ).not.toBe(d);
    expect(d).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads --as-of from the command line', () => {
    expect(parseVerifyArgs([])).toEqual({});
    expect(parseVerifyArgs(['--as-of', '42'])).toEqual({ asOf: 42 });
    expect(parseVerifyArgs(['--as-of=7'])).toEqual({ asOf: 7 });
    expect(() => parseVerifyArgs(['--as-of'])).toThrow();
    expect(() => parseVerifyArgs(['--as-of', 'x'])).toThrow();
  });
});
