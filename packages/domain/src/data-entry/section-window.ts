/**
 * The complete-section time window (spec sections 5 and 9): a section is confirmed now or at a time that is
 * not in the future, not earlier than the newest value of the section, and at most three days back; each
 * bound is widened by one minute (a time typed to the minute). Error 'Дата не может быть раньше {date}'.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
export const COMPLETE_SECTION_DAYS_BACK = 3;

/** The earliest and latest instants a section may be confirmed at. */
export function completeSectionWindow(newestValueAt: Date | null, now: Date = new Date()): { earliest: Date; latest: Date } {
  const threeDaysBack = now.getTime() - COMPLETE_SECTION_DAYS_BACK * DAY - MINUTE;
  const newest = newestValueAt ? newestValueAt.getTime() - MINUTE : -Infinity;
  return { earliest: new Date(Math.max(threeDaysBack, newest)), latest: new Date(now.getTime() + MINUTE) };
}

export type CompleteTimeCheck =
  | { ok: true }
  | { ok: false; problem: 'too_early'; earliest: Date }
  | { ok: false; problem: 'future' };

/** Whether a chosen time lies in the window; 'too_early' names the earliest allowed instant for the message. */
export function checkCompleteTime(at: Date, newestValueAt: Date | null, now: Date = new Date()): CompleteTimeCheck {
  const { earliest, latest } = completeSectionWindow(newestValueAt, now);
  if (at.getTime() > latest.getTime()) return { ok: false, problem: 'future' };
  if (at.getTime() < earliest.getTime()) return { ok: false, problem: 'too_early', earliest };
  return { ok: true };
}
