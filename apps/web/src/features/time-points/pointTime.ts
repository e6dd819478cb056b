import { timePoints } from '@edc/domain';

/** A time of a subject's time point as the user reads it (domain pointTimeText). */
export const pointTimeText = timePoints.pointTimeText;

/** A planned window 'start – end' (either end may be unknown); '' when nothing plans the point. */
export function windowText(start: string | null, end: string | null): string {
  if (!start && !end) return '';
  return `${pointTimeText(start) || '…'} – ${pointTimeText(end) || '…'}`;
}
