import { describe, expect, it } from 'vitest';
import { groupPeriodProblem, isReferenceFieldType, periodsOverlap, referenceRangeProblem } from './reference-rules.js';

describe('referenceRangeProblem', () => {
  const ok = { minReference: 0, maxReference: 0, minAge: 0, maxAge: 100 };
  it('accepts equal and ordered bounds', () => {
    expect(referenceRangeProblem(ok)).toBeNull();
    expect(referenceRangeProblem({ ...ok, minReference: -1.5, maxReference: 2 })).toBeNull();
  });
  it('names the maximum of an inverted pair', () => {
    expect(referenceRangeProblem({ ...ok, minReference: 3, maxReference: 2 })?.path).toBe('maxReference');
    expect(referenceRangeProblem({ ...ok, minAge: 18, maxAge: 17 })?.path).toBe('maxAge');
  });
});

describe('groupPeriodProblem', () => {
  it('allows an open end and a one-day period, refuses an end before the start', () => {
    expect(groupPeriodProblem({ dateFrom: '2026-01-01', dateTo: null })).toBeNull();
    expect(groupPeriodProblem({ dateFrom: '2026-01-01', dateTo: '2026-01-01' })).toBeNull();
    expect(groupPeriodProblem({ dateFrom: '2026-01-02', dateTo: '2026-01-01' })).toMatchObject({ path: 'dateTo' });
  });
});

describe('periodsOverlap', () => {
  const p = (dateFrom: string, dateTo: string | null) => ({ dateFrom, dateTo });
  it.each([
    [p('2026-01-01', '2026-06-30'), p('2026-07-01', null), false],
    [p('2026-01-01', '2026-06-30'), p('2026-06-30', null), true],
    [p('2026-01-01', null), p('2025-01-01', '2025-12-31'), false],
    [p('2026-01-01', null), p('2030-01-01', null), true],
    [p('2026-03-01', '2026-03-31'), p('2026-01-01', '2026-12-31'), true],
  ])('%o and %o overlap: %s', (a, b, expected) => {
    expect(periodsOverlap(a, b)).toBe(expected);
    expect(periodsOverlap(b, a)).toBe(expected);
  });
});

describe('isReferenceFieldType', () => {
  it('takes number and calculated fields only', () => {
    expect(isReferenceFieldType('Number')).toBe(true);
    expect(isReferenceFieldType('Calculated')).toBe(true);
    expect(isReferenceFieldType('Text')).toBe(false);
    expect(isReferenceFieldType('Select')).toBe(false);
  });
});
