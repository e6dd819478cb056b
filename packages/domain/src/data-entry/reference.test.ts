import { describe, expect, it } from 'vitest';
import type { ReferenceRange } from '../references/reference-range.js';
import { ageAtVisit, checkReference, referenceForVisit } from './reference.js';

const range = (over: Partial<ReferenceRange>): ReferenceRange => ({
  fieldId: 'hb',
  minReference: 120,
  maxReference: 160,
  minAge: 18,
  maxAge: 65,
  genderString: 'Both',
  errorMessage: 'out of range',
  ...over,
});

describe('referenceForVisit', () => {
  const ranges = [
    range({ minAge: 18, maxAge: 40, genderString: 'Male', minReference: 130 }),
    range({ minAge: 18, maxAge: 40, genderString: 'Female', minReference: 120 }),
    range({ minAge: 41, maxAge: 65, genderString: 'Both', minReference: 110 }),
  ];
  it('chooses by the age in years at the visit date, both bounds inclusive', () => {
    const s = { birthDate: '1985-06-15', gender: 'Male' };
    expect(referenceForVisit(ranges, 'hb', s, '2026-06-14')?.minReference).toBe(130); // still 40 the day before
    expect(referenceForVisit(ranges, 'hb', s, '2003-06-15')?.minReference).toBe(130); // 18: inclusive minAge
    expect(referenceForVisit(ranges, 'hb', s, '2003-06-14')).toBeNull(); // 17
  });
  it('uses the age on the visit date, not today', () => {
    expect(ageAtVisit('1985-06-15', '2025-06-14')).toBe(39);
    expect(ageAtVisit('1985-06-15', '2025-06-15')).toBe(40);
    const s = { birthDate: '1985-06-15', gender: 'Male' };
    expect(referenceForVisit(ranges, 'hb', s, '2025-06-15')?.minReference).toBe(130); // 40: inclusive maxAge
    expect(referenceForVisit(ranges, 'hb', s, '2026-06-15')?.minReference).toBe(110); // 41: inclusive minAge
  });
  it('chooses by gender', () => {
    expect(referenceForVisit(ranges, 'hb', { birthDate: '2000-01-01', gender: 'Female' }, '2026-01-01')?.minReference).toBe(120);
    expect(referenceForVisit(ranges, 'hb', { birthDate: '2000-01-01', gender: 'Male' }, '2026-01-01')?.minReference).toBe(130);
  });
  it('has none outside every band, for another field or without birth date or gender', () => {
    expect(referenceForVisit(ranges, 'hb', { birthDate: '2010-01-01', gender: 'Male' }, '2026-01-01')).toBeNull();
    expect(referenceForVisit(ranges, 'other', { birthDate: '2000-01-01', gender: 'Male' }, '2026-01-01')).toBeNull();
    expect(referenceForVisit(ranges, 'hb', { birthDate: null, gender: 'Male' }, '2026-01-01')).toBeNull();
    expect(referenceForVisit(ranges, 'hb', { birthDate: '2000-01-01', gender: null }, '2026-01-01')).toBeNull();
  });
});

describe('checkReference', () => {
  const r = { minReference: 120, maxReference: 160 };
  it('compares numbers typed with a comma or a dot, ends inclusive', () => {
    expect(checkReference('120', r)).toBe('within');
    expect(checkReference('160,0', r)).toBe('within');
    expect(checkReference('119.9', r)).toBe('outside');
    expect(checkReference('161', r)).toBe('outside');
  });
  it('says none without a range or a number', () => {
    expect(checkReference(null, r)).toBe('none');
    expect(checkReference('abc', r)).toBe('none');
    expect(checkReference('130', null)).toBe('none');
  });
});
