import { fillMessage, type Language } from '@edc/domain';

/** The REDCap import's report texts (what a dictionary row had that this system cannot hold), in both languages. */
export const REDCAP_TEXT = {
  no_variable: {
    en: 'a row without a variable or a form name is skipped',
    ru: 'строка без имени переменной или формы пропущена',
  },
  validation_unchecked: {
    en: 'text validation “{validation}” is not checked; imported as text',
    ru: 'проверка текста «{validation}» не переносится; поле импортировано как текст',
  },
  slider: { en: 'a slider is imported as a number field (0–100)', ru: 'ползунок импортирован как числовое поле (0–100)' },
  field_type: {
    en: 'field type “{type}” has no counterpart and is not imported',
    ru: 'для типа поля «{type}» нет соответствия; поле не импортировано',
  },
  identifier: { en: 'the identifier (PHI) flag is not kept', ru: 'отметка идентификатора (персональные данные) не сохранена' },
  matrix: {
    en: 'matrix group “{group}” is imported as separate fields',
    ru: 'матричная группа «{group}» импортирована отдельными полями',
  },
  annotation: { en: 'field annotation “{annotation}” is not applied', ru: 'аннотация поля «{annotation}» не применена' },
  branching: {
    en: 'branching logic “{logic}” is not translatable ({reason}); the field is always shown',
    ru: 'условие показа «{logic}» не переводится ({reason}); поле показывается всегда',
  },
  branching_checkbox: {
    en: 'branching logic “{logic}” of a checkbox field is not imported',
    ru: 'условие показа «{logic}» поля-флажков не импортировано',
  },
  calculation: {
    en: 'calculation “{logic}” is not translatable ({reason}); the field is left for entry',
    ru: 'вычисление «{logic}» не переводится ({reason}); поле оставлено для ввода',
  },
  range_not_number: {
    en: 'validation range “{min}”–“{max}” is not a number range; not checked',
    ru: 'диапазон проверки «{min}»–«{max}» не числовой; не проверяется',
  },
  range_other_type: {
    en: 'validation range “{min}”–“{max}” of a {type} field is not checked',
    ru: 'диапазон проверки «{min}»–«{max}» поля типа {type} не проверяется',
  },
  empty: { en: 'the dictionary has no field this system can hold', ru: 'в словаре нет ни одного поля, которое можно перенести' },
  row: { en: 'row {line}', ru: 'строка {line}' },
  // Why an expression does not translate.
  why_unclosed_bracket: { en: 'an unclosed [', ru: 'незакрытая [' },
  why_other_event: { en: 'a field of another event {text}', ru: 'поле другого события {text}' },
  why_checkbox_option: { en: 'a checkbox option [{text}]', ru: 'вариант флажка [{text}]' },
  why_unclosed_string: { en: 'an unclosed string', ru: 'незакрытая строка' },
  why_number: { en: 'an unreadable number at {text}', ru: 'нечитаемое число в позиции {text}' },
  why_character: { en: 'the character “{text}”', ru: 'символ «{text}»' },
  why_not_field: { en: '[{text}] is not a field of the project', ru: '[{text}] не является полем проекта' },
  why_function: { en: 'the function or word “{text}”', ru: 'функция или слово «{text}»' },
  why_empty: { en: 'it is empty', ru: 'выражение пустое' },
  why_syntax: { en: '{text}', ru: '{text}' },
} as const satisfies Record<string, Record<Language, string>>;

export type RedcapTextKey = keyof typeof REDCAP_TEXT;

export const redcapText = (key: RedcapTextKey, lang: Language, params: Record<string, string | number> = {}) =>
  fillMessage(REDCAP_TEXT[key][lang], lang, params);
