/**
 * Reference (normal) ranges: which range applies to a subject's value, by the age in whole years at the
 * visit date (inclusive between minAge and maxAge), by gender, and by the group's validity dates.
 */
export type ReferenceGender = 'Male' | 'Female' | 'Both';

export interface ReferenceRange {
  fieldId: string;
  minReference: number;
  maxReference: number;
  minAge: number;
  maxAge: number;
  genderString: ReferenceGender;
  errorMessage: string;
}

export interface ReferenceGroupPeriod {
  /** YYYY-MM-DD */
  dateFrom: string;
  /** YYYY-MM-DD, open-ended when null */
  dateTo: string | null;
}

/** Whole years from birth to the given date (both YYYY-MM-DD); a birthday on that date counts. */
export function ageInYears(birthDate: string, onDate: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = onDate.split('-').map(Number) as [number, number, number];
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age--;
  return age;
}

/** A group applies on dates from dateFrom to dateTo, both inclusive. */
export function groupAppliesOn(group: ReferenceGroupPeriod, date: string): boolean {
  return group.dateFrom <= date && (group.dateTo === null || date <= group.dateTo);
}

/**
 * The range for a field and subject, or null. A range for the subject's own gender wins over one for both;
 * among equals the narrower age band wins, so specific ranges can sit inside general ones.
 */
export function pickReferenceRange<R extends ReferenceRange>(
  ranges: readonly R[],
  subject: { fieldId: string; birthDate: string; visitDate: string; gender: 'Male' | 'Female' },
): R | null {
  const age = ageInYears(subject.birthDate, subject.visitDate);
  const candidates = ranges.filter(
    (r) =>
      r.fieldId === subject.fieldId &&
      r.minAge <= age &&
      age <= r.maxAge &&
      (r.genderString === 'Both' || r.genderString === subject.gender),
  );
  candidates.sort(
    (a, b) =>
      Number(b.genderString !== 'Both') - Number(a.genderString !== 'Both') || a.maxAge - a.minAge - (b.maxAge - b.minAge),
  );
  return candidates[0] ?? null;
}

/** Whether a value lies inside a range, both ends inclusive. */
export function isWithinReference(value: number, range: Pick<ReferenceRange, 'minReference' | 'maxReference'>): boolean {
  return value >= range.minReference && value <= range.maxReference;
}

/** Defaults of a new reference (design-and-admin section 9). */
export const REFERENCE_DEFAULTS = {
  minReference: 0,
  maxReference: 0,
  minAge: 0,
  maxAge: 100,
  genderString: 'Both' as ReferenceGender,
};
