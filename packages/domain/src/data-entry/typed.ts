import { isValidIsoDate, isValidTime } from './values.js';

/**
 * The typed forms of dates and times in a subject form (spec section 9: forms use DD/MM/YYYY, times HH:mm)
 * and the stored ones (YYYY-MM-DD, HH:mm, YYYY-MM-DDTHH:mm). A parse answers the stored value, null for
 * empty text, or 'invalid' ('Некорректное значение': the save aborts).
 */

export type Typed = string | null | 'invalid';

/** The earliest year a date typed into a form may have. */
export const MIN_ENTRY_YEAR = 1900;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** YYYY-MM-DD (or the date of a date-time) as DD/MM/YYYY; the empty date 0001-01-01 as ''. */
export function entryDateText(iso: string | null | undefined): string {
  if (!iso || iso.startsWith('0001-01-01')) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** HH:mm[:ss] as HH:mm. */
export function entryTimeText(time: string | null | undefined): string {
  if (!time) return '';
  const m = /^(\d{2}):(\d{2})/.exec(time);
  return m ? `${m[1]}:${m[2]}` : time;
}

/** YYYY-MM-DDTHH:mm[:ss] as DD/MM/YYYY HH:mm; the empty date as ''. */
export function entryDateTimeText(value: string | null | undefined): string {
  if (!value || value.startsWith('0001-01-01')) return '';
  const [d, t] = value.split('T');
  return t ? `${entryDateText(d)} ${entryTimeText(t)}` : entryDateText(d);
}

/** DD/MM/YYYY (day and month may have one digit; slashes, dots or dashes) to YYYY-MM-DD. */
export function parseEntryDate(text: string): Typed {
  const value = text.trim();
  if (value === '') return null;
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (!m) return 'invalid';
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < MIN_ENTRY_YEAR) return 'invalid';
  const iso = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return isValidIsoDate(iso) ? iso : 'invalid';
}

/** HH:mm (the hour may have one digit) to HH:mm. */
export function parseEntryTime(text: string): Typed {
  const value = text.trim();
  if (value === '') return null;
  const m = /^(\d{1,2})[:.](\d{2})$/.exec(value);
  if (!m) return 'invalid';
  const time = `${pad(Number(m[1]))}:${m[2]}`;
  return isValidTime(time) ? time : 'invalid';
}

/** DD/MM/YYYY HH:mm to YYYY-MM-DDTHH:mm. */
export function parseEntryDateTime(text: string): Typed {
  const value = text.trim();
  if (value === '') return null;
  const m = /^(\S+)\s+(\S+)$/.exec(value);
  if (!m) return 'invalid';
  const date = parseEntryDate(m[1]!);
  const time = parseEntryTime(m[2]!);
  if (date === null || date === 'invalid' || time === null || time === 'invalid') return 'invalid';
  return `${date}T${time}`;
}

/**
 * What a date input shows while the user types: digits with the slashes put in (12041985 → 12/04/1985),
 * at most day, month and a four-digit year. A pasted YYYY-MM-DD becomes DD/MM/YYYY.
 */
export function maskEntryDate(raw: string): string {
  const value = raw.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return entryDateText(value);
  if (/[/.-]/.test(value)) {
    const parts = value.split(/[/.-]/).map((p) => p.replace(/\D/g, ''));
    const limits = [2, 2, 4];
    if (parts.length <= 3 && parts.every((p, i) => p.length <= limits[i]!)) return parts.join('/');
  }
  const digits = value.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** What a time input shows while the user types: 0930 → 09:30, at most four digits. */
export function maskEntryTime(raw: string): string {
  const value = raw.trim();
  const sep = /^(\d{1,2})[:.](\d{0,2})$/.exec(value);
  if (sep) return `${sep[1]}:${sep[2]}`;
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}:${digits.slice(2)}`;
}

/** What a date-time input shows while the user types: the date part masked, then a space and the time part. */
export function maskEntryDateTime(raw: string): string {
  const value = raw.replace(/^\s+/, '');
  const space = value.search(/\s/);
  if (space >= 0) {
    const time = value.slice(space).trim();
    return `${maskEntryDate(value.slice(0, space))} ${maskEntryTime(time)}`.replace(/ $/, ' ');
  }
  const digits = value.replace(/\D/g, '');
  if (!/[/.:-]/.test(value) && digits.length > 8) {
    return `${maskEntryDate(digits.slice(0, 8))} ${maskEntryTime(digits.slice(8, 12))}`;
  }
  return maskEntryDate(value);
}

/** The date suggestions of a date field (spec section 5): the visit date and the dayPlus days after it. */
export function dateSuggestions(visitDate: string, dayPlus: number): string[] {
  if (!isValidIsoDate(visitDate)) return [];
  const [y, m, d] = visitDate.split('-').map(Number) as [number, number, number];
  const out: string[] = [];
  const days = Math.max(0, Math.min(Math.floor(dayPlus), 366));
  for (let i = 0; i <= days; i += 1) {
    const date = new Date(Date.UTC(y, m - 1, d + i));
    out.push(`${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`);
  }
  return out;
}
