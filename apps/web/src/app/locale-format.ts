/** The BCP 47 locale the interface language formats numbers and dates in. */
export const localeTag = (lang: string): 'en-GB' | 'ru-RU' => (lang === 'en' ? 'en-GB' : 'ru-RU');

/** A count as the language writes it: 70 000 in Russian, 70,000 in English (a research runs to tens of thousands). */
export const countText = (n: number, lang: string): string => n.toLocaleString(localeTag(lang));
