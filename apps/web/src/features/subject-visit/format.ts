import type { TFunction } from 'i18next';
import {
  entryDateText,
  entryDateTimeText,
  entryTimeText,
  formatDisplayDate,
  parseDecimal,
  parseEntryDate,
  parseEntryDateTime,
  parseEntryTime,
  type FieldType,
  type SubjectFormBrief,
  type Typed,
} from '@edc/domain';
import './i18n';

/** Display and typed forms of values (spec section 9: DD.MM.YYYY shown, DD/MM/YYYY typed, HH:mm). */

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as DD.MM.YYYY HH:mm on this device; the empty date shows blank. */
export function displayDateTime(iso: string | null | undefined): string {
  if (!iso || iso.startsWith('0001-01-01')) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A date (YYYY-MM-DD or the date of a date-time) as DD.MM.YYYY; the empty date blank. */
export function displayDate(value: string | null | undefined): string {
  if (!value || value.startsWith('0001-01-01')) return '';
  return formatDisplayDate(value.slice(0, 10));
}

/** A decimal as the interface language writes it: a comma in Russian. */
export const decimalText = (stored: string, language: string) => (language.startsWith('ru') ? stored.replace('.', ',') : stored);

/** What an input of a field type shows for a stored value. */
export function typedText(fieldType: FieldType, stored: string | null | undefined, language: string): string {
  if (stored == null) return '';
  switch (fieldType) {
    case 'Date':
      return entryDateText(stored);
    case 'Time':
      return entryTimeText(stored);
    case 'DateTime':
      return entryDateTimeText(stored);
    case 'Number':
    case 'Calculated':
      return decimalText(stored, language);
    default:
      return stored;
  }
}

/** The stored form of what was typed: null for nothing, 'invalid' when it is not a value of the type. */
export function parseTyped(fieldType: FieldType, text: string): Typed {
  switch (fieldType) {
    case 'Date':
      return parseEntryDate(text);
    case 'Time':
      return parseEntryTime(text);
    case 'DateTime':
      return parseEntryDateTime(text);
    case 'Number':
    case 'Calculated': {
      if (text.trim() === '') return null;
      return parseDecimal(text) ?? 'invalid';
    }
    default:
      return text.trim() === '' ? null : text;
  }
}

/** A stored value as read in a history or a dialog (dates DD.MM.YYYY, checkboxes Да/Нет). */
export function readableValue(
  fieldType: FieldType,
  stored: string | null | undefined,
  language: string,
  yesNo: { yes: string; no: string },
): string {
  if (stored == null || stored === '') return '';
  switch (fieldType) {
    case 'Date':
      return displayDate(stored);
    case 'DateTime': {
      const [d, t] = stored.split('T');
      return `${displayDate(d)} ${entryTimeText(t)}`.trim();
    }
    case 'Checkbox':
      return stored === 'true' ? yesNo.yes : yesNo.no;
    default:
      return typedText(fieldType, stored, language);
  }
}

/** A subject form's title with its occurrence when the form repeats: "Vital signs #2". */
export function formTitle(f: Pick<SubjectFormBrief, 'form' | 'repeatedIndex'>, t: TFunction): string {
  return f.form.repeating && f.repeatedIndex > 0
    ? t('dataEntry:page.formTitle', { title: f.form.title, n: f.repeatedIndex + 1 })
    : f.form.title;
}

/** Forms in the spec's order: by form index, then by repeatedIndex. */
export function sortForms<T extends Pick<SubjectFormBrief, 'form' | 'repeatedIndex'>>(forms: readonly T[]): T[] {
  return [...forms].sort((a, b) => a.form.index - b.form.index || a.repeatedIndex - b.repeatedIndex);
}

/** A local date-time typed DD/MM/YYYY HH:mm as an instant (the browser's zone). */
export function typedLocalInstant(text: string): Date | null | 'invalid' {
  const parsed = parseEntryDateTime(text);
  if (parsed === null || parsed === 'invalid') return parsed;
  const [d, t] = parsed.split('T') as [string, string];
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  const [h, min] = t.split(':').map(Number) as [number, number];
  return new Date(y, m - 1, day, h, min);
}

/** Now as DD/MM/YYYY HH:mm in the browser's zone. */
export function nowTyped(now = new Date()): string {
  return `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
}
