import { latestToday, todayIn } from '../../packages/domain/src/time/today.js';
import { addDays } from '../../packages/domain/src/subjects/dates.js';

// Dates as the pages show them. The browser runs in one time zone (playwright.config.ts), whatever the zone
// of the machine that runs the tests: a spec computes every date it asserts in that zone, never in its own.

/** The browser's time zone in every spec. */
export const BROWSER_TIME_ZONE = 'Europe/Moscow';

/** YYYY-MM-DD in the browser's zone, `days` from its today (negative: in the past). */
export const browserDate = (days = 0): string => addDays(todayIn(BROWSER_TIME_ZONE), days);

/** DD.MM.YYYY, as pages show dates and date fields take them. */
export const shown = (iso: string): string => iso.split('-').reverse().join('.');

/** A date that is in the future everywhere on Earth: the day after the latest today. */
export const futureEverywhere = (): string => addDays(latestToday(), 1);

/**
 * The dates (DD.MM.YYYY, in the browser's zone) that a server stamp made while `action` ran can show: one,
 * or two when the browser's midnight passed meanwhile.
 */
export async function datesDuring(action: () => Promise<unknown>): Promise<RegExp> {
  const before = browserDate();
  await action();
  const after = browserDate();
  const escape = (iso: string) => shown(iso).replaceAll('.', '\\.');
  return new RegExp(before === after ? escape(before) : `${escape(before)}|${escape(after)}`);
}
