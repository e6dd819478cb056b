import type { FieldType } from '../design/enums.js';
import { plainNumber } from './printer.js';
import type { RuleValueType } from './types.js';

/**
 * Values while an expression is evaluated, read from and written to the stored forms of field values
 * (docs/data-entry.md "Values"): numbers with a dot, dates YYYY-MM-DD, times HH:mm[:ss], date-times
 * YYYY-MM-DDTHH:mm[:ss] (the wall-clock time the site wrote down, no zone), checkboxes 'true'/'false', a
 * select's option text. Dates are day numbers (days since 1970-01-01), times seconds since midnight,
 * date-times seconds since 1970-01-01T00:00.
 */

export type Value = (
  | { t: 'number'; n: number }
  | { t: 'boolean'; b: boolean }
  | { t: 'date'; n: number }
  | { t: 'time'; n: number }
  | { t: 'datetime'; n: number }
  | { t: 'text'; s: string }
) & {
  /** The stored text of a field whose type was not given, so that it compares equal to the same text. */
  raw?: string;
};

/** The rule type of each field type: calculated fields hold numbers, file fields the file name. */
export const RULE_TYPE_OF_FIELD: Readonly<Record<FieldType, RuleValueType>> = {
  Text: 'text',
  Number: 'number',
  Select: 'text',
  Checkbox: 'boolean',
  Date: 'date',
  Time: 'time',
  DateTime: 'datetime',
  Calculated: 'number',
  File: 'text',
};

/** The rule type of a field type; an unknown field type counts as text. */
export function ruleTypeOfFieldType(fieldType: string): RuleValueType {
  return Object.prototype.hasOwnProperty.call(RULE_TYPE_OF_FIELD, fieldType)
    ? RULE_TYPE_OF_FIELD[fieldType as FieldType]
    : 'text';
}

export const SECONDS_PER_DAY = 86_400;

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The year, month and day of a day number (civil_from_days). */
export function civilFromDays(days: number): [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp + (mp < 10 ? 3 : -9);
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

const daysInMonth = (y: number, m: number) =>
  m === 2
    ? y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)
      ? 29
      : 28
    : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const NUMBER = /^[-+]?\d+(?:[.,]\d+)?$/;

/** A stored date as a day number; null when it is not a date. */
export function readDate(s: string): number | null {
  const m = DATE.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return daysFromCivil(y, mo, d);
}

/** A stored time as seconds since midnight; null when it is not a time. */
export function readTime(s: string): number | null {
  const m = TIME.exec(s);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0) : null;
}

/** A stored date-time as seconds since 1970-01-01T00:00; null when it is not one. */
export function readDateTime(s: string): number | null {
  const t = s.indexOf('T');
  if (t < 0) return null;
  const date = readDate(s.slice(0, t));
  const time = readTime(s.slice(t + 1));
  return date === null || time === null ? null : date * SECONDS_PER_DAY + time;
}

/** A stored number (a dot, or a comma as typed); null when it is not one. */
export function readNumber(s: string): number | null {
  if (!NUMBER.test(s)) return null;
  const n = Number(s.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/** The value of a field of a known type from its stored form; null when the text is not of that type. */
export function readTyped(type: RuleValueType, raw: string): Value | null {
  const s = type === 'text' ? raw : raw.trim();
  switch (type) {
    case 'number': {
      const n = readNumber(s);
      return n === null ? null : { t: 'number', n };
    }
    case 'boolean':
      return s === 'true' ? { t: 'boolean', b: true } : s === 'false' ? { t: 'boolean', b: false } : null;
    case 'date': {
      const n = readDate(s);
      return n === null ? null : { t: 'date', n };
    }
    case 'time': {
      const n = readTime(s);
      return n === null ? null : { t: 'time', n };
    }
    case 'datetime': {
      const n = readDateTime(s);
      return n === null ? null : { t: 'datetime', n };
    }
    case 'text':
      return { t: 'text', s };
  }
}

/** The value of a field whose type is not known, from the look of its stored form. */
export function readInferred(raw: string): Value {
  const s = raw.trim();
  if (s === 'true' || s === 'false') return { t: 'boolean', b: s === 'true', raw };
  const n = readNumber(s);
  if (n !== null) return { t: 'number', n, raw };
  const d = readDate(s);
  if (d !== null) return { t: 'date', n: d, raw };
  const dt = readDateTime(s);
  if (dt !== null) return { t: 'datetime', n: dt, raw };
  const time = readTime(s);
  if (time !== null) return { t: 'time', n: time, raw };
  return { t: 'text', s: raw, raw };
}

/** Whether a stored value stands for no value: empty text or the empty date 0001-01-01. */
export function isNoValue(s: string | null | undefined): boolean {
  return s == null || s.trim() === '' || s === '0001-01-01' || s.startsWith('0001-01-01T');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function dateText(days: number): string {
  const [y, m, d] = civilFromDays(days);
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

function timeText(seconds: number): string {
  const s = Math.round(seconds);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  return ss === 0 ? `${pad(hh)}:${pad(mm)}` : `${pad(hh)}:${pad(mm)}:${pad(ss)}`;
}

/** A value in its stored form (a number in plain decimal notation with a dot). */
export function storedText(v: Value): string {
  switch (v.t) {
    case 'number':
      return plainNumber(v.n);
    case 'boolean':
      return v.b ? 'true' : 'false';
    case 'date':
      return dateText(v.n);
    case 'time':
      return timeText(v.n);
    case 'datetime': {
      const days = Math.floor(v.n / SECONDS_PER_DAY);
      return `${dateText(days)}T${timeText(v.n - days * SECONDS_PER_DAY)}`;
    }
    case 'text':
      return v.s;
  }
}

/** A value as the caller sees it: numbers and booleans as such, the rest in their stored form. */
export function plainValue(v: Value): number | boolean | string {
  return v.t === 'number' ? (Object.is(v.n, -0) ? 0 : v.n) : v.t === 'boolean' ? v.b : storedText(v);
}
