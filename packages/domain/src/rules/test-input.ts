import { parseEntryDate, parseEntryDateTime, parseEntryTime } from '../data-entry/typed.js';
import { isValidIsoDate, isValidIsoDateTime, isValidTime, parseDecimal } from '../data-entry/values.js';
import type { FieldType } from '../design/enums.js';

/**
 * Values typed into the rule test dialog (spec section 5: dates DD/MM/YYYY, times HH:mm, decimal commas in
 * numbers), turned into the stored form the evaluator reads. Empty text is no value (the rule then reports
 * the missing value). The stored forms themselves are accepted too.
 */

export type TestInputErrorCode =
  | 'invalid_number'
  | 'invalid_date'
  | 'invalid_time'
  | 'invalid_datetime'
  | 'invalid_checkbox'
  | 'unknown_option';

export interface TestInputError {
  code: TestInputErrorCode;
  /** unknown_option: the field's options. */
  options?: readonly string[];
}

export type TestInputResult = { ok: true; value: string | null } | { ok: false; error: TestInputError };

const TRUE_WORDS = new Set(['true', 'да', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'нет', 'no', '0']);

const ok = (value: string | null): TestInputResult => ({ ok: true, value });
const bad = (code: TestInputErrorCode, options?: readonly string[]): TestInputResult => ({
  ok: false,
  error: options ? { code, options } : { code },
});

/** A value typed into the test dialog for a field of a type, in its stored form; null for empty text. */
export function parseTestInput(
  fieldType: FieldType,
  text: string | null | undefined,
  optionList?: readonly string[] | null,
): TestInputResult {
  if (typeof text !== 'string' || text.trim() === '') return ok(null);
  const value = text.trim();
  switch (fieldType) {
    case 'Number':
    case 'Calculated': {
      const n = parseDecimal(value.replace(/^−/, '-'));
      return n === null ? bad('invalid_number') : ok(n);
    }
    case 'Date': {
      if (isValidIsoDate(value)) return ok(value);
      const d = parseEntryDate(value);
      return d === null || d === 'invalid' ? bad('invalid_date') : ok(d);
    }
    case 'Time': {
      if (isValidTime(value)) return ok(value);
      const t = parseEntryTime(value);
      return t === null || t === 'invalid' ? bad('invalid_time') : ok(t);
    }
    case 'DateTime': {
      if (isValidIsoDateTime(value)) return ok(value);
      const dt = parseEntryDateTime(value);
      return dt === null || dt === 'invalid' ? bad('invalid_datetime') : ok(dt);
    }
    case 'Checkbox': {
      const word = value.toLowerCase();
      return TRUE_WORDS.has(word) ? ok('true') : FALSE_WORDS.has(word) ? ok('false') : bad('invalid_checkbox');
    }
    case 'Select': {
      const options = Array.isArray(optionList) ? optionList : [];
      if (options.length === 0 || options.includes(text)) return ok(text);
      if (options.includes(value)) return ok(value);
      const folded = options.filter((o) => o.trim().toLowerCase() === value.toLowerCase());
      return folded.length === 1 ? ok(folded[0]!) : bad('unknown_option', options);
    }
    default:
      return ok(text);
  }
}
