import { ageInYears, isWithinReference, pickReferenceRange, type ReferenceRange } from '../references/reference-range.js';
import { parseDecimal } from './values.js';

/**
 * The reference range of a subject form field (spec section 5): chosen by the subject's age in whole years at
 * the visit date (inclusive between minAge and maxAge) and gender; a stored number outside it shows the
 * range's message.
 */

export interface EntrySubject {
  birthDate: string | null;
  gender: string | null;
}

/** The range that applies to a field for a subject at a visit date, or null (no birth date or gender known: none). */
export function referenceForVisit<R extends ReferenceRange>(
  ranges: readonly R[],
  fieldId: string,
  subject: EntrySubject,
  visitDate: string,
): R | null {
  if (!subject.birthDate || (subject.gender !== 'Male' && subject.gender !== 'Female')) return null;
  return pickReferenceRange(ranges, { fieldId, birthDate: subject.birthDate, visitDate, gender: subject.gender });
}

/** The subject's age in whole years on the visit date. */
export const ageAtVisit = (birthDate: string, visitDate: string): number => ageInYears(birthDate, visitDate);

export type ReferenceCheck = 'none' | 'within' | 'outside';

/** Whether a stored or typed number lies inside a range ('none': no range or no number). */
export function checkReference(
  data: string | null | undefined,
  range: Pick<ReferenceRange, 'minReference' | 'maxReference'> | null | undefined,
): ReferenceCheck {
  if (!range || data == null) return 'none';
  const n = parseDecimal(data);
  if (n === null) return 'none';
  return isWithinReference(Number(n), range) ? 'within' : 'outside';
}
