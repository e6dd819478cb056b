import type { Language } from '../enums.js';

/** Today in the given IANA time zone as YYYY-MM-DD (the site's "today", not the server's). */
export function todayIn(timeZone = 'UTC', now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export const FUTURE_DATE_MESSAGES = {
  screenDate: { ru: 'Дата скрининга должна быть не позднее сегодняшней', en: 'The screening date must be no later than today' },
  randomizationDate: {
    ru: 'Дата рандомизации должна быть не позднее сегодняшней',
    en: 'The date of randomization must be no later than today',
  },
  visitDate: { ru: 'Дата визита должна быть не позднее сегодняшней', en: 'The date of the visit must be no later than today' },
  date: { ru: 'Дата должна быть не позднее сегодняшней', en: 'The date must be no later than today' },
} as const satisfies Record<string, Record<Language, string>>;

/** A YYYY-MM-DD that is later than today (a day of grace across time zones: today is the latest time zone's today). */
export function isFutureDate(date: string, now = new Date()): boolean {
  return date > todayIn('Pacific/Kiritimati', now);
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date as the interface shows it, DD.MM.YYYY (spec section 9). */
export function formatDisplayDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}`;
}
