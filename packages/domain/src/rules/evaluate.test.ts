import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldsArb, ruleAstArb, valuesArb } from './arbitraries.js';
import { EVALUATION_FAILURE_REASONS, evaluateRule, type EvaluationResult } from './evaluate.js';
import { parseRule } from './parser.js';
import type { RuleFields, RuleValues } from './types.js';

const FIELDS: RuleFields = {
  W: { fieldType: 'Number' },
  H: { fieldType: 'Number' },
  SEX: { fieldType: 'Select', optionList: ['Мужской', 'Женский', '1'] },
  SMOKER: { fieldType: 'Checkbox' },
  BIRTH: { fieldType: 'Date' },
  VISIT: { fieldType: 'Date' },
  START: { fieldType: 'Time' },
  END: { fieldType: 'Time' },
  IN: { fieldType: 'DateTime' },
  OUT: { fieldType: 'DateTime' },
  NOTE: { fieldType: 'Text' },
  SCR: { fieldType: 'Number' },
};

const VALUES: RuleValues = {
  W: '70',
  H: '175',
  SEX: 'Женский',
  SMOKER: 'false',
  BIRTH: '1980-06-15',
  VISIT: '2024-06-14',
  START: '09:00',
  END: '10:30:30',
  IN: '2024-01-31T23:30',
  OUT: '2024-02-01T01:15',
  NOTE: '12',
  SCR: '88,4',
};

/** fields null: evaluate without the fields' types. */
function run(text: string, values: RuleValues = VALUES, fields: RuleFields | null = FIELDS): EvaluationResult {
  const r = parseRule(text);
  if (!r.ok) throw new Error(`${text}: ${r.error.code}`);
  return evaluateRule(r.ast, values, fields ?? undefined);
}
const value = (text: string, values?: RuleValues, fields?: RuleFields | null) => {
  const r = run(text, values, fields);
  if (!r.ok) throw new Error(`${text}: ${r.reason}`);
  return r.value;
};

describe('evaluateRule: arithmetic', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['7 / 2', 3.5],
    ['7 % 3', 1],
    ['-7 % 3', -1],
    ['7,5 % 2', 1.5],
    ['2 ^ 10', 1024],
    ['2 ^ -1', 0.5],
    ['-2 ^ 2', -4],
    ['(-2) ^ 2', 4],
    ['2 ^ 3 ^ 2', 512],
    ['--3', 3],
    ['+3', 3],
    ['[W] / ([H] / 100) ^ 2', 70 / 1.75 ** 2],
    ['[SCR] / 88,4', 1],
  ])('%s = %d', (text, expected) => {
    expect(value(text)).toBe(expected);
  });

  it('refuses division by zero and results that are not finite numbers', () => {
    expect(run('1 / 0')).toMatchObject({ ok: false, reason: 'division_by_zero', position: 3 });
    expect(run('1 % ([W] - 70)')).toMatchObject({ ok: false, reason: 'division_by_zero', position: 3 });
    expect(run('10 ^ 400')).toMatchObject({ ok: false, reason: 'not_finite', position: 4 });
    expect(run('(-8) ^ 0,5')).toMatchObject({ ok: false, reason: 'not_finite' });
    expect(run('0 ^ -1')).toMatchObject({ ok: false, reason: 'not_finite' });
  });

  it('gives the stored form of the result, without an exponent and never −0', () => {
    expect(run('1 / 3')).toMatchObject({ type: 'number', stored: '0.3333333333333333' });
    expect(run('10 ^ 21')).toMatchObject({ stored: '1000000000000000000000' });
    expect(run('0 * -1')).toMatchObject({ value: 0, stored: '0' });
    expect(run('[VISIT]')).toMatchObject({ type: 'date', value: '2024-06-14', stored: '2024-06-14' });
    expect(run('[END]')).toMatchObject({ type: 'time', stored: '10:30:30' });
    expect(run('[IN]')).toMatchObject({ type: 'datetime', stored: '2024-01-31T23:30' });
    expect(run('[SMOKER]')).toMatchObject({ type: 'boolean', value: false, stored: 'false' });
    expect(run('[SEX]')).toMatchObject({ type: 'text', value: 'Женский' });
  });
});

describe('evaluateRule: comparisons', () => {
  it.each([
    ['[W] = 70', true],
    ['[W] <> 70', false],
    ['[W] > 69,9', true],
    ['[W] >= 70', true],
    ['[W] < 70', false],
    ['[W] <= 70', true],
    // Numbers that agree to 12 significant digits are equal.
    ['0.1 + 0.2 = 0.3', true],
    ['0.1 + 0.2 > 0.3', false],
    ['0.1 + 0.2 <= 0.3', true],
    ['1 = 1.000000001', false],
    ['[SEX] = "Женский"', true],
    ['[SEX] <> "Мужской"', true],
    ['[SMOKER] = false', true],
    ['[VISIT] > [BIRTH]', true],
    ['[END] > [START]', true],
    ['[OUT] > [IN]', true],
    ['[START] = [START]', true],
    ['"a" = "A"', false],
  ])('%s is %s', (text, expected) => {
    expect(value(text)).toBe(expected);
  });

  it('compares times with and without seconds', () => {
    expect(value('[START] = [END]', { START: '10:00', END: '10:00:00' })).toBe(true);
  });
});

describe('evaluateRule: logic', () => {
  it.each([
    ['true AND false', false],
    ['true OR false', true],
    ['true XOR true', false],
    ['true XOR false', true],
    ['NOT [SMOKER]', true],
    ['NOT [W] > 100 AND [SEX] = "Женский"', true],
  ])('%s is %s', (text, expected) => {
    expect(value(text)).toBe(expected);
  });

  it('decides AND and OR by one side when the other cannot be evaluated', () => {
    const values = { ...VALUES, H: null };
    expect(run('[H] > 200 OR [W] > 60', values)).toMatchObject({ ok: true, value: true });
    expect(run('[W] > 60 OR [H] > 200', values)).toMatchObject({ ok: true, value: true });
    expect(run('[H] > 200 AND [W] > 100', values)).toMatchObject({ ok: true, value: false });
    expect(run('[H] > 200 AND [W] > 60', values)).toMatchObject({ ok: false, reason: 'missing_value', code: 'H' });
    expect(run('[H] > 200 OR [W] > 100', values)).toMatchObject({ ok: false, reason: 'missing_value', code: 'H' });
    expect(run('[H] > 200 XOR [W] > 100', values)).toMatchObject({ ok: false, reason: 'missing_value' });
    // The guard idiom: the division is not needed once the left side is false.
    expect(run('[W] - 70 <> 0 AND 1 / ([W] - 70) > 1')).toMatchObject({ ok: true, value: false });
  });
});

describe('evaluateRule: functions', () => {
  it('computes each template over field values', () => {
    expect(value('RoundAwayFromZero(Bmi([W]; [H]); 2)')).toBe(22.86);
    expect(value('Age([BIRTH]; [VISIT])')).toBe(43);
    expect(value('Age([BIRTH]; [IN])')).toBe(43);
    expect(value('Age([BIRTH]; [VISIT])', { ...VALUES, VISIT: '2024-06-15' })).toBe(44);
    expect(value('DaysBetween([BIRTH]; [VISIT])')).toBe(16070);
    expect(value('DaysBetween([IN]; [OUT])')).toBe(1);
    expect(value('MinutesBetween([START]; [END])')).toBe(90.5);
    expect(value('MinutesBetween([IN]; [OUT])')).toBe(105);
    expect(value('MinutesBetween([END]; [START])')).toBe(-90.5);
    // (140 − 43) × 70 / (72 × 1.0) × 0.85 = 80.159…
    expect(value('RoundToZero(CreatinineClearance(Age([BIRTH]; [VISIT]); [W]; [SCR]; [SEX]); 1)')).toBe(80.1);
    // 88.4 µmol/l is 1.0 mg/dl: 142 × (1.0 / 0.9)^−1.200 × 0.9938^40 = 97.6.
    expect(value('RoundAwayFromZero(Ckd([SCR]; 40; "M"); 1)')).toBe(97.6);
  });

  it('names the argument a formula refuses', () => {
    expect(run('Bmi([W]; 0)')).toMatchObject({
      ok: false,
      reason: 'invalid_argument',
      name: 'Bmi',
      index: 2,
      detail: 'not_positive',
      position: 10,
    });
    expect(run('Age([VISIT]; [BIRTH])')).toMatchObject({ reason: 'invalid_argument', name: 'Age', detail: 'date_before_birth' });
    expect(run('Ckd(80; 40; [NOTE])')).toMatchObject({ reason: 'invalid_argument', detail: 'unknown_sex', index: 3 });
  });
});

describe('evaluateRule: values', () => {
  it('says which value is missing: a rule without it does nothing', () => {
    expect(run('[W] > 100', { H: '1' })).toMatchObject({ ok: false, reason: 'missing_value', code: 'W', position: 1, end: 4 });
    expect(run('[W] > 100', { W: null })).toMatchObject({ reason: 'missing_value', code: 'W' });
    expect(run('[W] > 100', { W: '  ' })).toMatchObject({ reason: 'missing_value', code: 'W' });
    expect(run('[BIRTH] < [VISIT]', { ...VALUES, BIRTH: '0001-01-01' })).toMatchObject({
      reason: 'missing_value',
      code: 'BIRTH',
    });
    expect(run('[W] > 1', { constructor: '1' } as RuleValues)).toMatchObject({ reason: 'missing_value' });
    expect(run('[constructor] > 1', {})).toMatchObject({ reason: 'missing_value', code: 'constructor' });
  });

  it('refuses a stored value that does not fit its field type', () => {
    expect(run('[W] > 1', { W: 'abc' })).toMatchObject({ ok: false, reason: 'invalid_value', code: 'W' });
    expect(run('[VISIT] > [BIRTH]', { ...VALUES, VISIT: '2023-02-29' })).toMatchObject({
      reason: 'invalid_value',
      code: 'VISIT',
    });
    expect(run('[SMOKER]', { SMOKER: 'yes' })).toMatchObject({ reason: 'invalid_value' });
    expect(run('[START] > [END]', { START: '24:00', END: '10:00' })).toMatchObject({ reason: 'invalid_value' });
  });

  it('reads values by their fields types: a text field holding digits is text', () => {
    expect(run('[NOTE] = "12"')).toMatchObject({ ok: true, value: true });
    expect(run('[NOTE] = 12')).toMatchObject({ ok: false, reason: 'type_mismatch', position: 8 });
    expect(run('[SEX] = "1"', { SEX: '1' })).toMatchObject({ value: true });
  });

  it('without field types, reads values by their look, and text compares with the stored text', () => {
    const none = null;
    expect(value('[W] * 2', VALUES, none)).toBe(140);
    expect(value('[SCR] = 88.4', VALUES, none)).toBe(true);
    expect(value('[SMOKER] OR false', VALUES, none)).toBe(false);
    expect(value('DaysBetween([BIRTH]; [VISIT])', VALUES, none)).toBe(16070);
    expect(value('MinutesBetween([START]; [END])', VALUES, none)).toBe(90.5);
    expect(value('[SEX] = "Женский"', VALUES, none)).toBe(true);
    expect(value('[NOTE] = "12"', VALUES, none)).toBe(true);
    expect(value('[NOTE] = 12', VALUES, none)).toBe(true);
    expect(value('"12" <> [NOTE]', VALUES, none)).toBe(false);
  });

  it('reports a type mismatch of a tree that was not type-checked', () => {
    expect(run('[SEX] + 1')).toMatchObject({ ok: false, reason: 'type_mismatch', position: 7 });
    expect(run('NOT 1')).toMatchObject({ reason: 'type_mismatch', position: 1 });
    expect(run('1 AND true')).toMatchObject({ reason: 'type_mismatch', position: 3 });
    expect(run('Bmi(1)')).toMatchObject({ reason: 'type_mismatch', position: 1 });
    expect(run('"a" < "b"')).toMatchObject({ reason: 'type_mismatch' });
  });
});

describe('evaluateRule never throws', () => {
  it('on any tree, any values and any fields', () => {
    fc.assert(
      fc.property(ruleAstArb, valuesArb, fc.option(fieldsArb, { nil: undefined }), (ast, values, fields) => {
        const r = evaluateRule(ast, values, fields);
        if (r.ok) {
          expect(typeof r.stored).toBe('string');
          if (r.type === 'number') expect(Number.isFinite(r.value)).toBe(true);
        } else {
          expect(EVALUATION_FAILURE_REASONS).toContain(r.reason);
          expect(r.reason).not.toBe('too_complex');
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('on trees it was not meant to get', () => {
    const bad = [
      { kind: 'call', name: 'Nope', args: [], pos: 1, end: 2 },
      { kind: 'weird' },
      null,
      { kind: 'binary', operator: '??', left: { kind: 'number', value: 1 }, right: { kind: 'number', value: 1 } },
    ];
    for (const ast of bad) expect(evaluateRule(ast as never, {})).toMatchObject({ ok: false, reason: 'type_mismatch' });
    let deep: unknown = { kind: 'number', value: 1, pos: 1, end: 2 };
    for (let i = 0; i < 100_000; i += 1) deep = { kind: 'unary', operator: '-', operand: deep, pos: 1, end: 2 };
    expect(evaluateRule(deep as never, {})).toMatchObject({ ok: false, reason: 'too_complex' });
  });
});
