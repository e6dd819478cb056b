/**
 * "Today" is a question with more than one answer: at any instant two calendar dates are current somewhere
 * on Earth (three between 10:00 and 12:00 UTC). Every date rule names the clock that decides it here, so
 * that neither the server's own time zone (`TZ`) nor the hour of the day changes an answer. The table of
 * rules is docs/dates.md.
 */

/** UTC+14, the first place where each date begins. */
export const LATEST_TIME_ZONE = 'Pacific/Kiritimati';

/** The request header in which the browser names its IANA time zone (the user's clock). */
export const TIME_ZONE_HEADER = 'X-Time-Zone';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Today in the given IANA time zone as YYYY-MM-DD. */
export function todayIn(timeZone = 'UTC', now: Date = new Date()): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(now);
}

/**
 * The latest date that has begun anywhere on Earth. A date after it is in the future for every user,
 * wherever the user is; a date up to it is someone's today.
 */
export function latestToday(now: Date = new Date()): string {
  return todayIn(LATEST_TIME_ZONE, now);
}

/**
 * A date the user typed is in the future only when it has not begun anywhere yet. The server does not
 * know where a site is, and refusing a site's real today (Vladivostok just after midnight) is worse than
 * accepting a date a few hours early.
 */
export function isFutureDate(date: string, now: Date = new Date()): boolean {
  return date > latestToday(now);
}

/** Whether the runtime knows this IANA time zone name (what a client sends is checked with it). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The time zone this runtime runs in: in a browser, the user's. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Today where this runtime runs: in a browser, the user's today (the default of every date a dialog offers). */
export function localToday(now: Date = new Date()): string {
  return todayIn(localTimeZone(), now);
}
