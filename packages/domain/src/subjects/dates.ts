import type { Language } from '../enums.js';

export const FUTURE_DATE_MESSAGES = {
  screenDate: { ru: 'Дата скрининга должна быть не позднее сегодняшней', en: 'The screening date must be no later than today' },
  randomizationDate: {
    ru: 'Дата рандомизации должна быть не позднее сегодняшней',
    en: 'The date of randomization must be no later than today',
  },
  visitDate: { ru: 'Дата визита должна быть не позднее сегодняшней', en: 'The date of the visit must be no later than today' },
  date: { ru: 'Дата должна быть не позднее сегодняшней', en: 'The date must be no later than today' },
} as const satisfies Record<string, Record<Language, string>>;

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
