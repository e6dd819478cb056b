import type { FieldType } from '../design/enums.js';
import type { ReferenceGroupPeriod, ReferenceRange } from './reference-range.js';

/**
 * Rules a reference group and its references must keep (design-and-admin sections 4 and 5); the server
 * enforces them, the web app may use them to check a form before sending it.
 */

/** Only numeric values are compared with a range: number fields and calculated ones. */
export const REFERENCE_FIELD_TYPES: readonly FieldType[] = ['Number', 'Calculated'];
export const isReferenceFieldType = (t: string): boolean => (REFERENCE_FIELD_TYPES as readonly string[]).includes(t);

export const MAX_REFERENCE_AGE = 150;

export interface RuleProblem {
  code: 'range_inverted' | 'date_to_before_date_from';
  /** the field to point at */
  path: string;
  params: Record<string, string>;
}

type RangeBounds = Pick<ReferenceRange, 'minReference' | 'maxReference' | 'minAge' | 'maxAge'>;

/** The first broken bound of a reference: minReference ≤ maxReference and minAge ≤ maxAge. */
export function referenceRangeProblem(r: RangeBounds): RuleProblem | null {
  if (r.minReference > r.maxReference) {
    return { code: 'range_inverted', path: 'maxReference', params: { min: 'minReference', max: 'maxReference' } };
  }
  if (r.minAge > r.maxAge) return { code: 'range_inverted', path: 'maxAge', params: { min: 'minAge', max: 'maxAge' } };
  return null;
}

/** A group's period: dateTo, when set, not before dateFrom (a one-day group is allowed). */
export function groupPeriodProblem(p: ReferenceGroupPeriod): RuleProblem | null {
  if (p.dateTo !== null && p.dateTo < p.dateFrom) return { code: 'date_to_before_date_from', path: 'dateTo', params: {} };
  return null;
}

/** Whether two periods share a day (both ends inclusive, open-ended when dateTo is null). */
export function periodsOverlap(a: ReferenceGroupPeriod, b: ReferenceGroupPeriod): boolean {
  return (b.dateTo === null || a.dateFrom <= b.dateTo) && (a.dateTo === null || b.dateFrom <= a.dateTo);
}
