import { isValidRegExMask, matchesMask } from '../design/mask.js';
import type { FieldType } from '../design/enums.js';

/**
 * What a value typed into a subject form field may be, and how it is stored (spec section 5; docs/data-entry.md
 * "Entry rules"). Shared by the server (which refuses a bad value with 400) and the web app (which refuses it
 * before sending, 'Некорректное значение').
 */

export type ValueCheck = { ok: true; value: string | null } | { ok: false };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** HH:mm or HH:mm:ss, 00:00 to 23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** A calendar date YYYY-MM-DD that exists (year 1 or later). */
export function isValidIsoDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** A time of day HH:mm or HH:mm:ss. */
export const isValidTime = (s: string): boolean => TIME_PATTERN.test(s);

/** A date-time YYYY-MM-DDTHH:mm[:ss] (local, without offset: the time the site wrote down). */
export function isValidIsoDateTime(s: string): boolean {
  const [d, t, ...rest] = s.split('T');
  return rest.length === 0 && !!d && !!t && isValidIsoDate(d) && isValidTime(t);
}

/** A number typed with a comma or a dot, stored with a dot; null when it is not a number. */
export function parseDecimal(raw: string): string | null {
  const s = raw.trim().replace(',', '.');
  if (!/^[-+]?\d+(\.\d+)?$/.test(s)) return null;
  return s.replace(/^\+/, '');
}

/** What a number field's input keeps while the user types: digits, one sign in front, one comma or dot. */
export function isNumberDraft(raw: string): boolean {
  return /^[-+]?\d*([.,]\d*)?$/.test(raw);
}

export interface ValueOptions {
  mask?: string | null;
  regExMask?: string | null;
  optionList?: readonly string[];
}

/** Whether a value keeps the design's input mask and regular expression (a broken mask constrains nothing). */
export function keepsMasks(value: string, opts: Pick<ValueOptions, 'mask' | 'regExMask'>): boolean {
  if (opts.mask && !safeMatch(() => matchesMask(value, opts.mask!))) return false;
  if (opts.regExMask && isValidRegExMask(opts.regExMask) && !new RegExp(opts.regExMask, 'u').test(value)) return false;
  return true;
}

/**
 * A value typed into a field of a type, as stored: numbers with a dot, dates YYYY-MM-DD, times HH:mm or
 * HH:mm:ss, date-times YYYY-MM-DDTHH:mm[:ss], checkboxes 'true' or 'false', selects one of the options.
 * Empty text is no value. Masks (the design's input mask and regular expression) apply to text and numbers
 * (a number's mask is checked against the stored form, with the dot).
 */
export function validateItemValue(fieldType: FieldType, raw: string | null | undefined, opts: ValueOptions): ValueCheck {
  if (raw == null || raw.trim() === '') return { ok: true, value: null };
  switch (fieldType) {
    case 'Text':
      return keepsMasks(raw, opts) ? { ok: true, value: raw } : { ok: false };
    case 'Number':
    case 'Calculated': {
      const n = parseDecimal(raw);
      return n !== null && keepsMasks(n, opts) ? { ok: true, value: n } : { ok: false };
    }
    case 'Select':
      return (opts.optionList ?? []).includes(raw) ? { ok: true, value: raw } : { ok: false };
    case 'Checkbox':
      return raw === 'true' || raw === 'false' ? { ok: true, value: raw } : { ok: false };
    case 'Date':
      return isValidIsoDate(raw) ? { ok: true, value: raw } : { ok: false };
    case 'Time':
      return isValidTime(raw) ? { ok: true, value: raw } : { ok: false };
    case 'DateTime':
      return isValidIsoDateTime(raw) ? { ok: true, value: raw } : { ok: false };
    case 'File':
      // A file arrives through AddDocument only.
      return { ok: false };
  }
}

function safeMatch(f: () => boolean): boolean {
  try {
    return f();
  } catch {
    // A mask the design should have refused: it does not constrain the value.
    return true;
  }
}

/** Whether a field's value counts as present for `required` (a select's default option and a checkbox count). */
export function hasValue(fieldType: FieldType, data: string | null, defaultOption: string | null): boolean {
  if (data !== null && data !== '') return true;
  if (fieldType === 'Checkbox') return true;
  return fieldType === 'Select' && !!defaultOption;
}

/** The current value of a field as a dependent field's rule sees it: a select's default option when none was entered. */
export function effectiveValue(
  fieldType: FieldType,
  data: string | null | undefined,
  defaultOption: string | null,
): string | null {
  if (data !== null && data !== undefined && data !== '') return data;
  if (fieldType === 'Select' && defaultOption) return defaultOption;
  return null;
}

/** What a field holds that clearing would remove. */
export interface ClearableValue {
  data: string | null;
  clinicalSignificanceString?: string | null;
  comment?: string | null;
}

/**
 * Clearing is offered only for fields that are not disabled and not required, and that hold data, a clinical
 * significance or a comment (spec section 5). Without `current` only the field's own rule is checked (the
 * server's question: may this field ever be cleared).
 */
export function mayClearField(
  formField: { isRequired: boolean },
  current?: ClearableValue | null,
  opts: { disabled?: boolean } = {},
): boolean {
  if (formField.isRequired || opts.disabled) return false;
  if (current === undefined) return true;
  if (current === null) return false;
  return (
    (current.data !== null && current.data !== '') ||
    !!current.clinicalSignificanceString ||
    (current.comment !== null && current.comment !== undefined && current.comment !== '')
  );
}

/**
 * A select that holds another value than its default option deviates from the standard value; a section
 * with such a field shows 'Обратите внимание! В секции зафиксированы отклонения от стандартных значений'.
 */
export function deviatesFromDefault(field: { fieldType: FieldType; defaultOption: string | null }, data: string | null): boolean {
  return field.fieldType === 'Select' && !!field.defaultOption && data !== null && data !== '' && data !== field.defaultOption;
}
