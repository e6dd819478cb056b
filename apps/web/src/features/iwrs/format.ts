import { localeTag } from '../../app/locale-format';

/** DD.MM.YYYY of an API date (spec section 9). */
export const displayDate = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('.') : iso);

/** DD.MM.YYYY HH:mm of an instant, in the user's time zone. */
export const dateTimeText = (iso: string, lang: string) =>
  new Date(iso).toLocaleString(localeTag(lang), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
