import type { TFunction } from 'i18next';
import { formatDisplayDate } from '@edc/domain';
import { localeTag } from '../../app/locale-format';

/** The most an import file may be (the server refuses larger XML: xml_too_large). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** A date-time as DD.MM.YYYY HH:mm on this device (spec section 9). */
export function dateTimeText(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${formatDisplayDate(date)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A file size in B, KB, MB or GB, in the interface language. */
export function sizeText(bytes: number, t: TFunction, lang: string): string {
  const n = (value: number, digits: number) => value.toLocaleString(localeTag(lang), { maximumFractionDigits: digits });
  if (bytes < 1024) return t('dataExchange:jobs.sizeB', { n: n(bytes, 0) });
  if (bytes < 1024 * 1024) return t('dataExchange:jobs.sizeKb', { n: n(bytes / 1024, 0) });
  if (bytes < 1024 * 1024 * 1024) return t('dataExchange:jobs.sizeMb', { n: n(bytes / 1024 / 1024, 1) });
  return t('dataExchange:jobs.sizeGb', { n: n(bytes / 1024 / 1024 / 1024, 1) });
}
