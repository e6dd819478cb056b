/**
 * Durations of time points and deviations (design-and-admin.md section 3): `hh:mm:ss`, the hours may exceed 24
 * (a deviation of 36 hours is `36:00:00`; DURATION_PATTERN allows two to four digits of hours).
 */

const DURATION = /^(\d{2,4}):([0-5]\d):([0-5]\d)$/;

/** Seconds of a `hh:mm:ss` duration; null when it is not one. */
export function parseDuration(text: string): number | null {
  const m = DURATION.exec(text);
  if (!m) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** `hh:mm:ss` of a number of whole seconds (not negative): at least two digits of hours, more past 99. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/**
 * The deviation form's 'more than 24 hours' option (spec section 5): `days` whole days added to the hours of
 * a `hh:mm:ss` typed for the rest. Null when the text is not a duration or the days are not a whole number.
 */
export function withDays(text: string, days: number): string | null {
  const seconds = parseDuration(text);
  if (seconds === null || !Number.isInteger(days) || days < 0) return null;
  return formatDuration(seconds + days * 86400);
}
