import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ruleTextArb } from './arbitraries.js';
import { EVALUATION_FAILURE_REASONS, evaluateRule } from './evaluate.js';
import { evaluationFailureMessage, ruleErrorMessage, testInputErrorMessage } from './messages.js';
import { parseRule } from './parser.js';
import { typeCheck } from './type-check.js';
import { PARSE_ERROR_CODES, TYPE_ERROR_CODES, type RuleError, type RuleFields } from './types.js';

const FIELDS: RuleFields = { W: { fieldType: 'Number' }, SEX: { fieldType: 'Select', optionList: ['Мужской', 'Женский'] } };

function firstError(text: string): RuleError {
  const r = parseRule(text);
  if (!r.ok) return r.error;
  const t = typeCheck(r.ast, FIELDS, ['boolean']);
  if (t.ok) throw new Error(`${text} has no error`);
  return t.errors[0]!;
}

describe('ruleErrorMessage', () => {
  it.each([
    [
      'Bmi(70, 175)',
      'Позиция 7: запятая здесь не допускается: аргументы функции разделяются «;», а десятичная запятая стоит только между цифрами (1,5)',
    ],
    [
      '[W] > ',
      'Позиция 7: ожидалось значение (число, поле [КОД], вариант "…", true, false, функция или «(»), а найдено: конец выражения',
    ],
    ['([W] > 1', 'Позиция 9: ожидалась «)» к «(» в позиции 1, а найдено: конец выражения'],
    ['[W] != 1', 'Позиция 5: недопустимый символ «!»: «не равно» пишется как <>'],
    ['[SEX] = "Male"', 'Позиция 9: у поля [SEX] нет варианта «Male»; варианты: «Мужской», «Женский»'],
    ['Bmi([W]) > 1', 'Позиция 1: Bmi принимает 2 аргумента, а передано 1: Bmi(вес, кг; рост, см); аргументы разделяются «;»'],
    ['[W] + 1', 'Позиция 1: правило должно давать «логическое значение», а даёт «число»'],
    ['[X] > 1', 'Позиция 1: неизвестный код поля [X]'],
  ])('%s (ru)', (text, message) => {
    expect(ruleErrorMessage(firstError(text), 'ru')).toBe(message);
  });

  it.each([
    [
      'Bmi(70, 175)',
      'Position 7: a comma is not allowed here: function arguments are separated by “;”, and a decimal comma stands only between digits (1,5)',
    ],
    ['1 < 2 < 3', 'Position 7: comparisons do not chain (the second is “<”): join them with AND, e.g. [A] < [B] AND [B] < [C]'],
    [
      'WEIGHT > 1',
      'Position 1: unknown name “WEIGHT”: a field code is written in square brackets — [WEIGHT], an option in double quotes — "WEIGHT"',
    ],
    ['Age([W]; [W]) > 1', 'Position 5: argument 1 of Age must be a date or date-time, not a number: Age(birth date; date)'],
    ['Ckd(80; 40; "X") > 1', 'Position 13: sex “X” is not recognised: write "Male" or "Female" ("M"/"F")'],
  ])('%s (en)', (text, message) => {
    expect(ruleErrorMessage(firstError(text), 'en')).toBe(message);
  });

  it('hints at the operator meant by a typographic sign', () => {
    expect(ruleErrorMessage(firstError('[W] ≥ 1'), 'ru')).toBe(
      'Позиция 5: недопустимый символ «≥»: «больше или равно» пишется как >=',
    );
    expect(ruleErrorMessage(firstError('[W] × 2'), 'en')).toBe(
      'Position 5: unexpected character “×”: multiplication is written *',
    );
  });

  it('shows an invisible character by its code point', () => {
    expect(ruleErrorMessage(firstError('1 +\u200b 2'), 'en')).toBe('Position 4: unexpected character “U+200B”');
  });

  it('has a message in both languages for every code, naming the position', () => {
    const params = { found: 'x', char: '#', text: '1.', name: 'Bmi', open: 1, operator: '+', max: 9, code: 'C', option: 'o' };
    const all = [...PARSE_ERROR_CODES, ...TYPE_ERROR_CODES];
    for (const code of all) {
      for (const lang of ['ru', 'en'] as const) {
        const text = ruleErrorMessage(
          {
            code,
            position: 12,
            end: 13,
            params: {
              ...params,
              expected: 2,
              actual: 1,
              left: 'number',
              right: 'text',
              type: 'date',
              index: 1,
              min: 0,
              value: 'v',
              options: ['a'],
            },
          },
          lang,
        );
        expect(text).toMatch(lang === 'ru' ? /^Позиция 12: \S/ : /^Position 12: \S/);
        expect(text).not.toMatch(/undefined|NaN|\{|\}/);
      }
    }
    const ru = new Set(all.map((code) => ruleErrorMessage({ code, position: 1, end: 2, params }, 'ru')));
    expect(ru.size).toBe(all.length);
  });

  it('words every error a text can produce', () => {
    fc.assert(
      fc.property(ruleTextArb, (text) => {
        const r = parseRule(text);
        if (r.ok) return;
        for (const lang of ['ru', 'en'] as const) expect(ruleErrorMessage(r.error, lang)).not.toMatch(/undefined/);
      }),
    );
  });
});

describe('evaluationFailureMessage', () => {
  it('says which value is missing', () => {
    const r = evaluateRule({ kind: 'field', code: 'W', pos: 1, end: 4 }, {});
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(evaluationFailureMessage(r, 'ru')).toBe('Правило не вычисляется: нет значения поля [W]');
    expect(evaluationFailureMessage(r, 'en')).toBe('The rule cannot be evaluated: field [W] has no value');
  });
  it('words a refused argument', () => {
    const parsed = parseRule('Bmi(70; 0)');
    if (!parsed.ok) throw new Error();
    const r = evaluateRule(parsed.ast, {});
    if (r.ok) throw new Error();
    expect(evaluationFailureMessage(r, 'ru')).toBe('Правило не вычисляется: Bmi: аргумент 2 должен быть больше нуля');
    expect(evaluationFailureMessage(r, 'en')).toBe('The rule cannot be evaluated: Bmi: argument 2 must be greater than zero');
  });
  it('has a message for every reason', () => {
    for (const reason of EVALUATION_FAILURE_REASONS) {
      for (const lang of ['ru', 'en'] as const) {
        const text = evaluationFailureMessage(
          { ok: false, reason, code: 'W', name: 'Age', index: 2, detail: 'date_before_birth', position: 3, end: 4 },
          lang,
        );
        expect(text).not.toMatch(/undefined/);
      }
    }
  });
});

describe('testInputErrorMessage', () => {
  it('names the expected form', () => {
    expect(testInputErrorMessage({ code: 'invalid_date' }, 'ru')).toBe('Введите дату в формате ДД/ММ/ГГГГ');
    expect(testInputErrorMessage({ code: 'invalid_time' }, 'en')).toBe('Enter a time as HH:mm');
    expect(testInputErrorMessage({ code: 'unknown_option', options: ['Да', 'Нет'] }, 'ru')).toBe(
      'Выберите один из вариантов: «Да», «Нет»',
    );
  });
});
