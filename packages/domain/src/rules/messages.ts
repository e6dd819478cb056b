import type { Language } from '../enums.js';
import type { EvaluationFailure } from './evaluate.js';
import { RULE_FUNCTIONS } from './functions.js';
import type { TestInputError } from './test-input.js';
import { RULE_FUNCTION_NAMES, type RuleError, type RuleErrorParams, type RuleFunctionName, type RuleValueType } from './types.js';

/**
 * Messages of rule errors in Russian and English. A parse or type error names its position (the 1-based
 * column) and what was expected or found.
 */

const TYPE_NAMES: Record<Language, Record<RuleValueType, string>> = {
  ru: { number: 'число', boolean: 'логическое значение', date: 'дата', time: 'время', datetime: 'дата и время', text: 'текст' },
  en: { number: 'number', boolean: 'boolean', date: 'date', time: 'time', datetime: 'date-time', text: 'text' },
};

/** A value type's name. */
export function ruleTypeName(type: RuleValueType, lang: Language): string {
  return TYPE_NAMES[lang][type] ?? String(type);
}

const str = (params: RuleErrorParams, key: string) => {
  const v = params[key];
  return Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v);
};
const list = (params: RuleErrorParams, key: string): readonly string[] => {
  const v = params[key];
  return Array.isArray(v) ? v : v === undefined ? [] : [String(v)];
};

/** A character as it can be shown: invisible ones as U+XXXX. */
function visible(char: string): string {
  if (/^[\p{C}\p{Z}]/u.test(char) || char === '') {
    return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return char;
}

function quote(text: string, lang: Language): string {
  return lang === 'ru' ? `«${text}»` : `“${text}”`;
}

function found(params: RuleErrorParams, lang: Language): string {
  const f = str(params, 'found');
  if (f === '') return lang === 'ru' ? 'конец выражения' : 'the end of the expression';
  return quote(f, lang);
}

function types(params: RuleErrorParams, key: string, lang: Language): string {
  return list(params, key)
    .map((t) => ruleTypeName(t as RuleValueType, lang))
    .join(lang === 'ru' ? ' или ' : ' or ');
}

function plural(n: number, one: string, few: string, many: string): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return one;
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return few;
  return many;
}

function signature(name: string, lang: Language): string {
  const fn = (RULE_FUNCTIONS as Record<string, (typeof RULE_FUNCTIONS)[RuleFunctionName] | undefined>)[name];
  return fn ? fn.signature[lang] : name;
}

const CHARACTER_HINTS: Record<string, { ru: string; en: string }> = {
  '!': { ru: '«не равно» пишется как <>', en: '“not equal” is written <>' },
  '&': { ru: '«и» пишется как AND', en: '“and” is written AND' },
  '|': { ru: '«или» пишется как OR', en: '“or” is written OR' },
  "'": { ru: 'строки пишутся в прямых двойных кавычках: "Да"', en: 'strings are written in straight double quotes: "Yes"' },
  ']': { ru: 'код поля пишется в квадратных скобках: [КОД]', en: 'a field code is written in square brackets: [CODE]' },
  '{': { ru: 'для группировки используйте круглые скобки', en: 'use round brackets to group' },
  '.': { ru: 'число начинается с цифры: 0.5', en: 'a number starts with a digit: 0.5' },
  '−': { ru: 'минус пишется знаком -', en: 'minus is written -' },
  '×': { ru: 'умножение пишется знаком *', en: 'multiplication is written *' },
  '÷': { ru: 'деление пишется знаком /', en: 'division is written /' },
  '≤': { ru: '«меньше или равно» пишется как <=', en: '“less than or equal” is written <=' },
  '≥': { ru: '«больше или равно» пишется как >=', en: '“greater than or equal” is written >=' },
  '≠': { ru: '«не равно» пишется как <>', en: '“not equal” is written <>' },
};
for (const q of ['«', '»', '“', '”', '„', '‘', '’']) CHARACTER_HINTS[q] = CHARACTER_HINTS["'"]!;
CHARACTER_HINTS['}'] = CHARACTER_HINTS['{']!;
CHARACTER_HINTS['['] = CHARACTER_HINTS[']']!;

function parseOrTypeText(e: RuleError, lang: Language): string {
  const p = e.params;
  const ru = lang === 'ru';
  const q = (s: string) => quote(s, lang);
  switch (e.code) {
    case 'empty':
      return ru ? 'выражение пустое' : 'the expression is empty';
    case 'too_long':
      return ru ? `выражение длиннее ${str(p, 'max')} символов` : `the expression is longer than ${str(p, 'max')} characters`;
    case 'too_deep':
      return ru
        ? `выражение вложено глубже ${str(p, 'max')} уровней; упростите его`
        : `the expression nests deeper than ${str(p, 'max')} levels; simplify it`;
    case 'unexpected_character': {
      const char = str(p, 'char');
      const hint = CHARACTER_HINTS[char];
      const text = ru ? `недопустимый символ ${q(visible(char))}` : `unexpected character ${q(visible(char))}`;
      return hint ? `${text}: ${hint[lang]}` : text;
    }
    case 'unterminated_string':
      return ru ? 'строка не закрыта: нет закрывающей кавычки "' : 'the string is not closed: the closing quote " is missing';
    case 'unterminated_field':
      return ru ? 'код поля не закрыт: нет «]»' : 'the field code is not closed: “]” is missing';
    case 'empty_field':
      return ru ? 'пустой код поля «[]»' : 'empty field code “[]”';
    case 'invalid_number':
      return ru
        ? `некорректное число ${q(str(p, 'text'))}: десятичный разделитель (точка или запятая) ставится один раз, между цифрами`
        : `invalid number ${q(str(p, 'text'))}: one decimal separator (a dot or a comma) between digits`;
    case 'number_too_large':
      return ru ? `слишком большое число ${q(str(p, 'text'))}` : `the number ${q(str(p, 'text'))} is too large`;
    case 'comma_separator':
      return ru
        ? 'запятая здесь не допускается: аргументы функции разделяются «;», а десятичная запятая стоит только между цифрами (1,5)'
        : 'a comma is not allowed here: function arguments are separated by “;”, and a decimal comma stands only between digits (1,5)';
    case 'unknown_name': {
      const name = str(p, 'name');
      return ru
        ? `неизвестное имя ${q(name)}: код поля пишется в квадратных скобках — [${name}], вариант ответа — в двойных кавычках — "${name}"`
        : `unknown name ${q(name)}: a field code is written in square brackets — [${name}], an option in double quotes — "${name}"`;
    }
    case 'unknown_function':
      return ru
        ? `неизвестная функция ${q(str(p, 'name'))}; есть функции ${RULE_FUNCTION_NAMES.join(', ')}`
        : `unknown function ${q(str(p, 'name'))}; the functions are ${RULE_FUNCTION_NAMES.join(', ')}`;
    case 'expected_parenthesis':
      return ru
        ? `после ${str(p, 'name')} ожидалась «(», а найдено: ${found(p, lang)}: ${signature(str(p, 'name'), lang)}`
        : `expected “(” after ${str(p, 'name')}, found ${found(p, lang)}: ${signature(str(p, 'name'), lang)}`;
    case 'expected_value':
      return ru
        ? `ожидалось значение (число, поле [КОД], вариант "…", true, false, функция или «(»), а найдено: ${found(p, lang)}`
        : `expected a value (a number, a field [CODE], an option "…", true, false, a function or “(”), found ${found(p, lang)}`;
    case 'expected_closing_parenthesis':
      return ru
        ? `ожидалась «)» к «(» в позиции ${str(p, 'open')}, а найдено: ${found(p, lang)}`
        : `expected “)” closing the “(” at position ${str(p, 'open')}, found ${found(p, lang)}`;
    case 'expected_argument_separator':
      return ru
        ? `в вызове ${str(p, 'name')} ожидалась «;» или «)», а найдено: ${found(p, lang)}`
        : `expected “;” or “)” in the call of ${str(p, 'name')}, found ${found(p, lang)}`;
    case 'expected_operator':
      return ru
        ? `ожидался оператор или конец выражения, а найдено: ${found(p, lang)}`
        : `expected an operator or the end of the expression, found ${found(p, lang)}`;
    case 'chained_comparison':
      return ru
        ? `сравнения не пишутся цепочкой (второе — ${q(str(p, 'operator'))}): соедините их через AND, например [A] < [B] AND [B] < [C]`
        : `comparisons do not chain (the second is ${q(str(p, 'operator'))}): join them with AND, e.g. [A] < [B] AND [B] < [C]`;
    case 'internal_error':
      return ru ? 'внутренняя ошибка разбора выражения' : 'internal error while reading the expression';
    case 'unknown_field':
      return ru ? `неизвестный код поля [${str(p, 'code')}]` : `unknown field code [${str(p, 'code')}]`;
    case 'unknown_option': {
      const options = list(p, 'options');
      const shown = options.slice(0, 20).map(q).join(', ') + (options.length > 20 ? ', …' : '');
      const none = ru ? 'у поля нет вариантов' : 'the field has no options';
      return ru
        ? `у поля [${str(p, 'code')}] нет варианта ${q(str(p, 'option'))}; ${options.length ? `варианты: ${shown}` : none}`
        : `field [${str(p, 'code')}] has no option ${q(str(p, 'option'))}; ${options.length ? `the options are ${shown}` : none}`;
    }
    case 'operand_type':
      return ru
        ? `оператор ${str(p, 'operator')} неприменим к значению типа «${types(p, 'type', lang)}»`
        : `operator ${str(p, 'operator')} does not apply to a ${types(p, 'type', lang)}`;
    case 'operands_type': {
      const [l, r, op] = [str(p, 'left'), str(p, 'right'), str(p, 'operator')];
      const dates = (t: string) => t === 'date' || t === 'datetime';
      let hint = '';
      if (op === '-' && dates(l) && dates(r))
        hint = ru ? '; дни между датами считает DaysBetween' : '; DaysBetween counts the days between dates';
      else if (op === '-' && l === r && l === 'time')
        hint = ru ? '; минуты между моментами считает MinutesBetween' : '; MinutesBetween counts the minutes';
      return ru
        ? `оператор ${op} неприменим к типам «${types(p, 'left', lang)}» и «${types(p, 'right', lang)}»${hint}`
        : `operator ${op} does not apply to a ${types(p, 'left', lang)} and a ${types(p, 'right', lang)}${hint}`;
    }
    case 'argument_count': {
      const expected = Number(p.expected);
      const name = str(p, 'name');
      return ru
        ? `${name} принимает ${expected} ${plural(expected, 'аргумент', 'аргумента', 'аргументов')}, а передано ${str(p, 'actual')}: ${signature(name, lang)}; аргументы разделяются «;»`
        : `${name} takes ${expected} argument${expected === 1 ? '' : 's'}, but ${str(p, 'actual')} given: ${signature(name, lang)}; arguments are separated by “;”`;
    }
    case 'argument_type':
      return ru
        ? `аргумент ${str(p, 'index')} функции ${str(p, 'name')} должен иметь тип «${types(p, 'expected', lang)}», а не «${types(p, 'actual', lang)}»: ${signature(str(p, 'name'), lang)}`
        : `argument ${str(p, 'index')} of ${str(p, 'name')} must be a ${types(p, 'expected', lang)}, not a ${types(p, 'actual', lang)}: ${signature(str(p, 'name'), lang)}`;
    case 'argument_out_of_range':
      return ru
        ? `аргумент ${str(p, 'index')} функции ${str(p, 'name')} должен быть целым числом от ${str(p, 'min')} до ${str(p, 'max')}`
        : `argument ${str(p, 'index')} of ${str(p, 'name')} must be a whole number from ${str(p, 'min')} to ${str(p, 'max')}`;
    case 'unknown_sex':
      return ru
        ? `пол ${q(str(p, 'value'))} не распознан: пишите "Male" или "Female" ("М"/"Ж", "Мужской"/"Женский")`
        : `sex ${q(str(p, 'value'))} is not recognised: write "Male" or "Female" ("M"/"F")`;
    case 'result_type':
      return ru
        ? `правило должно давать «${types(p, 'expected', lang)}», а даёт «${types(p, 'actual', lang)}»`
        : `the rule must give a ${types(p, 'expected', lang)}, but gives a ${types(p, 'actual', lang)}`;
  }
}

/** The message of a parse or type error, prefixed by its position: 'Позиция 7: …' / 'Position 7: …'. */
export function ruleErrorMessage(error: RuleError, lang: Language): string {
  const text = parseOrTypeText(error, lang) ?? String(error.code);
  return `${lang === 'ru' ? 'Позиция' : 'Position'} ${error.position}: ${text}`;
}

const DETAIL_TEXT = {
  date_before_birth: { ru: 'дата раньше даты рождения', en: 'the date is before the birth date' },
  not_positive: { ru: 'аргумент {index} должен быть больше нуля', en: 'argument {index} must be greater than zero' },
  negative: { ru: 'аргумент {index} не может быть отрицательным', en: 'argument {index} cannot be negative' },
  unknown_sex: {
    ru: 'пол не распознан (ожидается Male/Female, М/Ж, Мужской/Женский)',
    en: 'the sex is not recognised (Male/Female, M/F expected)',
  },
  digits: { ru: 'число знаков должно быть целым от 0 до 15', en: 'the number of decimals must be a whole number from 0 to 15' },
} as const;

/** Why a rule could not be evaluated: 'Правило не вычисляется: нет значения поля [WEIGHT]'. */
export function evaluationFailureMessage(failure: EvaluationFailure, lang: Language): string {
  const ru = lang === 'ru';
  const code = failure.code ?? '';
  let text: string;
  switch (failure.reason) {
    case 'missing_value':
      text = ru ? `нет значения поля [${code}]` : `field [${code}] has no value`;
      break;
    case 'invalid_value':
      text = ru
        ? `значение поля [${code}] не соответствует типу поля`
        : `the value of field [${code}] does not match the field's type`;
      break;
    case 'division_by_zero':
      text = ru ? `деление на ноль (позиция ${failure.position})` : `division by zero (position ${failure.position})`;
      break;
    case 'not_finite':
      text = ru
        ? `результат не является конечным числом (позиция ${failure.position})`
        : `the result is not a finite number (position ${failure.position})`;
      break;
    case 'invalid_argument': {
      const detail = failure.detail ? DETAIL_TEXT[failure.detail][lang].replace('{index}', String(failure.index ?? '')) : '';
      text = `${failure.name ?? ''}: ${detail}`;
      break;
    }
    case 'type_mismatch':
      text = ru
        ? `типы значений не подходят к операции (позиция ${failure.position}); проверьте правило`
        : `the types of the values do not fit the operation (position ${failure.position}); check the rule`;
      break;
    default:
      text = ru ? 'выражение слишком сложное' : 'the expression is too complex';
  }
  return `${ru ? 'Правило не вычисляется' : 'The rule cannot be evaluated'}: ${text}`;
}

/** The message of a value typed into the test dialog that does not fit its field. */
export function testInputErrorMessage(error: TestInputError, lang: Language): string {
  const ru = lang === 'ru';
  switch (error.code) {
    case 'invalid_number':
      return ru
        ? 'Введите число: десятичный разделитель — запятая или точка (1,5)'
        : 'Enter a number with a decimal comma or dot (1.5)';
    case 'invalid_date':
      return ru ? 'Введите дату в формате ДД/ММ/ГГГГ' : 'Enter a date as DD/MM/YYYY';
    case 'invalid_time':
      return ru ? 'Введите время в формате ЧЧ:мм' : 'Enter a time as HH:mm';
    case 'invalid_datetime':
      return ru ? 'Введите дату и время в формате ДД/ММ/ГГГГ ЧЧ:мм' : 'Enter a date and time as DD/MM/YYYY HH:mm';
    case 'invalid_checkbox':
      return ru ? 'Введите true или false (да или нет)' : 'Enter true or false (yes or no)';
    case 'unknown_option': {
      const options = (error.options ?? []).map((o) => quote(o, lang)).join(', ');
      return ru ? `Выберите один из вариантов: ${options}` : `Choose one of the options: ${options}`;
    }
  }
}
