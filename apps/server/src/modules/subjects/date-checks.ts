import { formatDisplayDate, isFutureDate } from '@edc/domain';
import { badRequest } from '../../platform/http/errors.js';

/** The future-date messages of spec operations section 5, by the field they guard. */
export type FutureDateCode = 'future_screen_date' | 'future_randomization_date' | 'future_visit_date' | 'future_date';

/** 400 naming the field when the date is later than today (the latest time zone's today). */
export function notInFuture(date: string | null | undefined, path: string, code: FutureDateCode = 'future_date'): void {
  if (date && isFutureDate(date)) throw badRequest(code, path);
}

/** 400 naming the field when the date is earlier than `min` ('Дата не может быть раньше DD.MM.YYYY'). */
export function notBefore(date: string | null | undefined, min: string | null | undefined, path: string): void {
  if (date && min && date < min) throw badRequest('date_too_early', path, { date: formatDisplayDate(min) });
}

/** 400 naming the field when the date is later than `max`. */
export function notAfter(date: string | null | undefined, max: string | null | undefined, path: string): void {
  if (date && max && date > max) throw badRequest('date_too_late', path, { date: formatDisplayDate(max) });
}
