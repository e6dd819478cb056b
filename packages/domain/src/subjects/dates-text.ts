/**
 * Dates typed as DD.MM.YYYY (spec section 9: the interface shows DD.MM.YYYY, the API takes YYYY-MM-DD).
 * Pure functions: the web app's masked date input (shared/components/DateField) and its form schemas use them.
 */

/** The earliest year a typed date may have. */
export const MIN_DATE_TEXT_YEAR = 1900;

const SEPARATORS = /[.,/\-\s]/;

/** YYYY-MM-DD (or a date-time) as DD.MM.YYYY; anything else as it is. */
export function isoToText(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

/**
 * What the input shows while the user types: digits with the dots put in for them (1204 → 12.04), or
 * parts the user separated himself (1.4. → 1.4.), at most day, month and a four-digit year. A pasted
 * YYYY-MM-DD becomes DD.MM.YYYY.
 */
export function maskDateText(raw: string): string {
  const value = raw.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return isoToText(value);
  if (!SEPARATORS.test(value)) {
    const digits = value.replace(/\D/g, '').slice(0, 8);
    if (digits.length <= 2) return digits;
    if (digits.length <= 4) return `${digits.slice(0, 2)}.${digits.slice(2)}`;
    return `${digits.slice(0, 2)}.${digits.slice(2, 4)}.${digits.slice(4)}`;
  }
  const limits = [2, 2, 4];
  const parts = value.split(SEPARATORS).map((p) => p.replace(/\D/g, ''));
  // A part longer than it may be (a dot deleted in 12.04.1985): the digits alone decide.
  if (parts.length > 3 || parts.some((p, i) => p.length > limits[i]!)) return maskDateText(parts.join(''));
  return parts.join('.');
}

/** Where the caret goes after masking: after as many digits as it followed before. */
export function caretAfterMask(raw: string, caret: number, masked: string): number {
  const digitsBefore = raw.slice(0, caret).replace(/\D/g, '').length;
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i += 1) {
    if (/\d/.test(masked[i]!)) seen += 1;
    if (seen === digitsBefore) {
      // Step over a dot the mask put right after the caret's digit (12|.04 → 12.|04 while typing on).
      return masked[i + 1] === '.' && i + 1 === masked.length - 1 ? i + 2 : i + 1;
    }
  }
  return masked.length;
}

export type ParsedDate =
  | { kind: 'empty' }
  | { kind: 'date'; iso: string }
  /** Not DD.MM.YYYY. */
  | { kind: 'format' }
  /** DD.MM.YYYY that no calendar has (31.02, month 13) or a year before MIN_DATE_TEXT_YEAR. */
  | { kind: 'impossible' }
  | { kind: 'year' };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** DD.MM.YYYY (day and month may have one digit; dots, slashes or dashes) or YYYY-MM-DD to YYYY-MM-DD. */
export function parseDateText(text: string): ParsedDate {
  const value = text.trim();
  if (value === '') return { kind: 'empty' };
  let day: number;
  let month: number;
  let year: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const local = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(value);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local) [day, month, year] = [Number(local[1]), Number(local[2]), Number(local[3])];
  else return { kind: 'format' };
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { kind: 'impossible' };
  if (year < MIN_DATE_TEXT_YEAR) return { kind: 'year' };
  return { kind: 'date', iso: `${pad(year, 4)}-${pad(month)}-${pad(day)}` };
}

/** The text as the input keeps it once the user leaves it: 1.4.1985 → 01.04.1985 (unchanged when not a date). */
export function normaliseDateText(text: string): string {
  const parsed = parseDateText(text);
  return parsed.kind === 'date' ? isoToText(parsed.iso) : text;
}
