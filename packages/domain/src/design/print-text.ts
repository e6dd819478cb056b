/**
 * The print-font text check (spec section 5): titles, descriptions, texts and units may only hold
 * characters the print font renders — letters of the Latin, Cyrillic and Greek alphabets, digits,
 * white space and common punctuation and symbols. Anything else is reported, once per character, in
 * order of appearance.
 */

const LETTER = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]/u;
const DIGIT = /[0-9]/;
const WHITESPACE = /[ \t\r\n\u00a0]/;
/** Printable ASCII and Latin-1 punctuation and symbols (° ± × ÷ µ ² ³ « » § …) and a few common others. */
const SYMBOL =
  /[\u0021-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007e\u00a1-\u00bf\u00d7\u00f7\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2020\u2021\u2022\u2026\u2030\u2032\u2033\u2116\u20ac\u20bd\u2122\u2190-\u2193\u2212\u2248\u2260\u2264\u2265\u221e\u221a]/u;

export function isPrintableCharacter(c: string): boolean {
  return LETTER.test(c) || DIGIT.test(c) || WHITESPACE.test(c) || SYMBOL.test(c);
}

/** The characters of `text` the print font cannot render, each once. */
export function unprintableCharacters(text: string | null | undefined): string[] {
  if (!text) return [];
  const bad: string[] = [];
  for (const c of text) if (!isPrintableCharacter(c) && !bad.includes(c)) bad.push(c);
  return bad;
}

/** The spec's warning, verbatim in Russian, followed by the characters. */
export function unprintableMessage(chars: readonly string[], lang: 'ru' | 'en' = 'ru'): string {
  const lead =
    lang === 'ru'
      ? 'Вероятно, что следующие символы не будут отображаться при печати'
      : 'The following characters will probably not be shown when printed';
  return `${lead}: ${chars.join(' ')}`;
}
