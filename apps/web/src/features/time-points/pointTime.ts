import { entryTimeText } from '@edc/domain';
import { displayDate } from '../subject-visit/format';

/**
 * A time of a subject's time point as the user reads values elsewhere (spec section 9): a DateTime field's
 * YYYY-MM-DDTHH:mm:ss as DD.MM.YYYY HH:mm, a Time field's HH:mm:ss as HH:mm; nothing as ''.
 */
export function pointTimeText(value: string | null | undefined): string {
  if (!value) return '';
  const [date, time] = value.includes('T') ? (value.split('T') as [string, string]) : [null, value];
  return date ? `${displayDate(date)} ${entryTimeText(time)}` : entryTimeText(time);
}

/** A planned window 'start – end' (either end may be unknown); '' when nothing plans the point. */
export function windowText(start: string | null, end: string | null): string {
  if (!start && !end) return '';
  return `${pointTimeText(start) || '…'} – ${pointTimeText(end) || '…'}`;
}
