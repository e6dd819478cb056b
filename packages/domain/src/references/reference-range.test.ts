import { describe, expect, it } from 'vitest';
import { ageInYears, groupAppliesOn, isWithinReference, pickReferenceRange, type ReferenceRange } from './reference-range.js';

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

describe('ageInYears', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageInYears('2000-06-15', '2026-06-14')).toBe(25);
    expect(ageInYears('2000-06-15', '2026-06-15')).toBe(26);
    expect(ageInYears('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageInYears('2000-02-29', '2026-03-01')).toBe(26);
  });
});

describe('pickReferenceRange', () => {
  const subject = { fieldId: 'hb', birthDate: '1990-05-10', visitDate: '2026-05-10', gender: 'Male' as const };

  it('applies minAge and maxAge inclusively', () => {
    expect(pickReferenceRange([range({ minAge: 36, maxAge: 36 })], subject)).not.toBeNull();
    expect(pickReferenceRange([range({ minAge: 37 })], subject)).toBeNull();
    expect(pickReferenceRange([range({ maxAge: 35 })], { ...subject, visitDate: '2026-05-09' })).not.toBeNull();
    expect(pickReferenceRange([range({ maxAge: 35 })], subject)).toBeNull();
  });

  it('prefers the subject’s gender over both, and a narrower age band', () => {
    const both = range({ errorMessage: 'both' });
    const male = range({ genderString: 'Male', errorMessage: 'male' });
    const female = range({ genderString: 'Female', errorMessage: 'female' });
    expect(pickReferenceRange([both, male, female], subject)?.errorMessage).toBe('male');
    expect(pickReferenceRange([both, male], { ...subject, gender: 'Female' })?.errorMessage).toBe('both');
    const narrow = range({ minAge: 30, maxAge: 40, errorMessage: 'narrow' });
    expect(pickReferenceRange([both, narrow], subject)?.errorMessage).toBe('narrow');
  });

  it('ignores other fields', () => {
    expect(pickReferenceRange([range({ fieldId: 'wbc' })], subject)).toBeNull();
  });
});

describe('groupAppliesOn and isWithinReference', () => {
  it('treats both ends as inclusive and an empty end as open', () => {
    expect(groupAppliesOn({ dateFrom: '2026-01-01', dateTo: '2026-12-31' }, '2026-12-31')).toBe(true);
    expect(groupAppliesOn({ dateFrom: '2026-01-01', dateTo: '2026-12-31' }, '2027-01-01')).toBe(false);
    expect(groupAppliesOn({ dateFrom: '2026-01-01', dateTo: null }, '2030-01-01')).toBe(true);
    expect(groupAppliesOn({ dateFrom: '2026-01-01', dateTo: null }, '2025-12-31')).toBe(false);
    expect(isWithinReference(160, range({}))).toBe(true);
    expect(isWithinReference(160.1, range({}))).toBe(false);
  });
});
