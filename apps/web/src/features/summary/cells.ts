import type { TFunction } from 'i18next';
import type { EntrySection, FieldType, SummaryColumn } from '@edc/domain';
import { readableValue } from '../subject-visit/format';

/**
 * How the summary tables and journals write a value (spec operations section 2): text, number, select and
 * calculated as they are (decimals as the language writes them), a checkbox as Marked / Not marked, dates,
 * times and date-times formatted (DD.MM.YYYY, HH:mm); a file field shows that a file is there.
 */
export function cellText(fieldType: FieldType, data: string | null | undefined, t: TFunction, language: string): string {
  if (data == null || data === '') return '';
  if (fieldType === 'File') return t('summary:file');
  return readableValue(fieldType, data, language, { yes: t('summary:checkbox.marked'), no: t('summary:checkbox.notMarked') });
}

/** The header of a field column: its question, '*' when required, the units in brackets. */
export function columnHeader(c: SummaryColumn): string {
  return `${c.text}${c.isRequired ? ' *' : ''}${c.units ? ` (${c.units})` : ''}`;
}

/** Summary column widths by field type, within the spec's 130 to 300 px. */
export function summaryWidth(fieldType: FieldType): number {
  switch (fieldType) {
    case 'Number':
    case 'Calculated':
    case 'Checkbox':
    case 'Time':
      return 130;
    case 'Date':
      return 150;
    case 'DateTime':
      return 180;
    case 'Text':
      return 240;
    default:
      return 200;
  }
}

/** Journal column widths by field type (spec section 9): date 225, datetime 235, number 150, time/file/checkbox 125, others 200. */
export function journalWidth(fieldType: FieldType): number {
  switch (fieldType) {
    case 'Date':
      return 225;
    case 'DateTime':
      return 235;
    case 'Number':
      return 150;
    case 'Time':
    case 'File':
    case 'Checkbox':
      return 125;
    default:
      return 200;
  }
}

/** A section's answer to 'Completed?' — Yes, No or Not applicable, with the reason for the last two. */
export function sectionAnswer(s: EntrySection | undefined, t: TFunction): { text: string; reason: string | null } {
  if (!s?.status) return { text: '', reason: null };
  const text = t(`summary:sectionStatus.${s.status}`);
  return { text, reason: s.status === 'Completed' ? null : s.statusMessage };
}

/** The row's cells as CSV text, quoted where needed, with a BOM so that spreadsheet programs read UTF-8. */
export function toCsv(header: string[], rows: string[][]): string {
  const quote = (v: string) => (/[",;\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return '\ufeff' + [header, ...rows].map((r) => r.map(quote).join(';')).join('\r\n') + '\r\n';
}
