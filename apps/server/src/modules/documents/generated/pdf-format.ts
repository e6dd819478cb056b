import type { Language } from '@edc/domain';

/** Dates and times as generated documents print them, in the reader's language and time zone. */
export function pdfDate(lang: Language, isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return lang === 'ru' ? `${d}.${m}.${y}` : `${y}-${m}-${d}`;
}

/** An instant with its time zone named ("27.11.2026 14:05:09 (Europe/Moscow)"): a signature's date and time. */
export function pdfDateTime(lang: Language, at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const date = pdfDate(lang, `${parts.year}-${parts.month}-${parts.day}`);
  return `${date} ${parts.hour}:${parts.minute}:${parts.second} (${timeZone})`;
}
