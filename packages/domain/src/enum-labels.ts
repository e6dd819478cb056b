import ru from './locales/ru/enums.json' with { type: 'json' };
import en from './locales/en/enums.json' with { type: 'json' };
import type { Language } from './enums.js';

/**
 * The names users read for the enumerations (organisation types, user roles, employee roles), in both
 * languages. One source for the web app's `enums` namespace and for the server's messages that name them.
 */
export const ENUM_LABELS = { ru, en } as const;

export type EnumKind = keyof typeof ru;

/** A text in both languages, for a message parameter that must follow the reader's language. */
export type Localised = Record<Language, string>;

/** The label of one value in both languages (the value itself when it has none). */
export function enumLabel(kind: EnumKind, value: string): Localised {
  const of = (lang: Language) => (ENUM_LABELS[lang][kind] as Record<string, string>)[value] ?? value;
  return { ru: of('ru'), en: of('en') };
}

/** Labels of several values joined with commas, in both languages. */
export function enumLabelList(kind: EnumKind, values: readonly string[]): Localised {
  const labels = values.map((v) => enumLabel(kind, v));
  return { ru: labels.map((l) => l.ru).join(', '), en: labels.map((l) => l.en).join(', ') };
}
