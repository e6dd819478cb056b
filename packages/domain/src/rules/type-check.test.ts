import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldsArb, ruleAstArb } from './arbitraries.js';
import { checkRule } from './check-rule.js';
import { parseRule } from './parser.js';
import { typeCheck } from './type-check.js';
import type { RuleFields, RuleValueType } from './types.js';

const FIELDS: RuleFields = {
  W: { fieldType: 'Number' },
  H: { fieldType: 'Number' },
  BMI: { fieldType: 'Calculated' },
  SEX: { fieldType: 'Select', optionList: ['Мужской', 'Женский'] },
  SMOKER: { fieldType: 'Checkbox' },
  BIRTH: { fieldType: 'Date' },
  VISIT: { fieldType: 'Date' },
  START: { fieldType: 'Time' },
  END: { fieldType: 'Time' },
  ADMIT: { fieldType: 'DateTime' },
  NOTE: { fieldType: 'Text' },
  SCAN: { fieldType: 'File' },
};

function check(text: string, expected?: RuleValueType[]) {
  const r = parseRule(text);
  if (!r.ok) throw new Error(`${text}: ${r.error.code}`);
  return typeCheck(r.ast, FIELDS, expected);
}
const typeOf = (text: string) => {
  const r = check(text);
  if (!r.ok) throw new Error(`${text}: ${JSON.stringify(r.errors)}`);
  return r.type;
};
const errors = (text: string, expected?: RuleValueType[]) => {
  const r = check(text, expected);
  if (r.ok) throw new Error(`${text} checked`);
  return r.errors.map((e) => ({ code: e.code, position: e.position, params: e.params }));
};

describe('typeCheck: result types', () => {
  it.each([
    ['[W] + 1', 'number'],
    ['[BMI] * 2 ^ 2 % 3', 'number'],
    ['-[W]', 'number'],
    ['[W] > 100', 'boolean'],
    ['[SMOKER]', 'boolean'],
    ['NOT [SMOKER] AND [W] >= 40 OR [SEX] = "Женский" XOR true', 'boolean'],
    ['[BIRTH]', 'date'],
    ['[START]', 'time'],
    ['[ADMIT]', 'datetime'],
    ['[SEX]', 'text'],
    ['[NOTE] = "x"', 'boolean'],
    ['[SCAN] <> ""', 'boolean'],
    ['[VISIT] > [BIRTH]', 'boolean'],
    ['[END] >= [START]', 'boolean'],
    ['Age([BIRTH]; [VISIT])', 'number'],
    ['Age([BIRTH]; [ADMIT]) >= 18', 'boolean'],
    ['Bmi([W]; [H])', 'number'],
    ['CreatinineClearance(Age([BIRTH]; [VISIT]); [W]; 80; [SEX])', 'number'],
    ['Ckd(80; 40; "Female")', 'number'],
    ['DaysBetween([BIRTH]; [VISIT])', 'number'],
    ['MinutesBetween([START]; [END])', 'number'],
    ['MinutesBetween([ADMIT]; [ADMIT])', 'number'],
    ['RoundAwayFromZero(Bmi([W]; [H]); 1)', 'number'],
    ['RoundToZero([W]; 0)', 'number'],
    ['"a" = "b"', 'boolean'],
  ])('%s: %s', (text, type) => {
    expect(typeOf(text)).toBe(type);
  });
});

describe('typeCheck: errors with positions', () => {
  it('an unknown field code, each time it appears', () => {
    expect(errors('[X] + [W] + [X]')).toEqual([
      { code: 'unknown_field', position: 1, params: { code: 'X' } },
      { code: 'unknown_field', position: 13, params: { code: 'X' } },
    ]);
  });

  it('an option a select field does not have, on either side', () => {
    expect(errors('[SEX] = "Male"')).toEqual([
      { code: 'unknown_option', position: 9, params: { option: 'Male', code: 'SEX', options: ['Мужской', 'Женский'] } },
    ]);
    expect(errors('"женский" <> [SEX]')[0]).toMatchObject({ code: 'unknown_option', position: 1 });
    expect(check('[SEX] = "Женский"').ok).toBe(true);
  });

  it('operators given the wrong types, at the operator', () => {
    expect(errors('[W] + "1"')).toEqual([
      { code: 'operands_type', position: 5, params: { operator: '+', left: 'number', right: 'text' } },
    ]);
    expect(errors('[W] = "70"')[0]).toMatchObject({ code: 'operands_type', position: 5 });
    expect(errors('[SEX] > "Женский"')[0]).toMatchObject({ code: 'operands_type', params: { left: 'text', right: 'text' } });
    expect(errors('[SMOKER] < true')[0]).toMatchObject({ code: 'operands_type' });
    expect(errors('[VISIT] - [BIRTH]')[0]).toMatchObject({
      code: 'operands_type',
      params: { operator: '-', left: 'date', right: 'date' },
    });
    expect(errors('[VISIT] > [ADMIT]')[0]).toMatchObject({ code: 'operands_type' });
    expect(errors('[W] AND true')[0]).toMatchObject({ code: 'operands_type', position: 5, params: { operator: 'AND' } });
    expect(errors('NOT [W]')).toEqual([{ code: 'operand_type', position: 1, params: { operator: 'NOT', type: 'number' } }]);
    expect(errors('-[SMOKER]')).toEqual([{ code: 'operand_type', position: 1, params: { operator: '-', type: 'boolean' } }]);
  });

  it('functions given the wrong number or types of arguments', () => {
    expect(errors('Bmi([W])')).toEqual([
      { code: 'argument_count', position: 1, params: { name: 'Bmi', expected: 2, actual: 1 } },
    ]);
    expect(errors('RoundToZero(1,5)')[0]).toMatchObject({ code: 'argument_count', params: { expected: 2, actual: 1 } });
    expect(errors('Age([W]; [VISIT])')).toEqual([
      { code: 'argument_type', position: 5, params: { name: 'Age', index: 1, expected: ['date', 'datetime'], actual: 'number' } },
    ]);
    expect(errors('Ckd(80; 40; [SMOKER])')[0]).toMatchObject({ code: 'argument_type', position: 13, params: { index: 3 } });
    expect(errors('MinutesBetween([START]; [ADMIT])')[0]).toMatchObject({
      code: 'argument_type',
      params: { index: 2, expected: ['time'], actual: 'datetime' },
    });
    expect(errors('RoundAwayFromZero([W]; 1,5)')[0]).toMatchObject({
      code: 'argument_out_of_range',
      position: 24,
      params: { min: 0, max: 15 },
    });
    expect(errors('RoundAwayFromZero([W]; -1)')[0]).toMatchObject({ code: 'argument_out_of_range' });
    expect(errors('RoundAwayFromZero([W]; 16)')[0]).toMatchObject({ code: 'argument_out_of_range' });
    expect(errors('Ckd(80; 40; "Both")')).toEqual([
      { code: 'unknown_sex', position: 13, params: { name: 'Ckd', value: 'Both' } },
    ]);
  });

  it('reports every error once, in the order of the text, without errors that follow from another', () => {
    expect(errors('[X] + 1 > 2 AND Bmi([Y]; "a") > 1 OR [SEX] = "?"').map((e) => [e.code, e.position])).toEqual([
      ['unknown_field', 1],
      ['unknown_field', 21],
      ['argument_type', 26],
      ['unknown_option', 46],
    ]);
  });

  it('checks the result type a rule needs', () => {
    expect(check('[W] > 3', ['boolean']).ok).toBe(true);
    expect(errors('[W] + 3', ['boolean'])).toEqual([
      { code: 'result_type', position: 1, params: { expected: ['boolean'], actual: 'number' } },
    ]);
    expect(check('Bmi([W]; [H])', ['number']).ok).toBe(true);
  });

  it('treats a field with an unknown type as text and ignores inherited keys', () => {
    const r = parseRule('[constructor] = "x" AND [toString] = 1');
    if (!r.ok) throw new Error();
    const res = typeCheck(r.ast, { constructor: { fieldType: 'Odd' as never } });
    expect(res.ok ? [] : res.errors.map((e) => [e.code, e.params.code])).toEqual([['unknown_field', 'toString']]);
  });

  it('never throws', () => {
    fc.assert(
      fc.property(ruleAstArb, fieldsArb, (ast, fields) => {
        const r = typeCheck(ast, fields);
        if (!r.ok) expect(r.errors.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('checkRule', () => {
  it('gives the tree, the type and the related codes in one call', () => {
    expect(checkRule('Bmi([W]; [H]) > 30 AND [W] > 0', FIELDS, ['boolean'])).toMatchObject({
      ok: true,
      type: 'boolean',
      relatedFieldCodes: ['W', 'H'],
    });
  });
  it('gives the parse error, or all type errors with the codes', () => {
    expect(checkRule('Bmi([W]; ', FIELDS)).toMatchObject({ ok: false, errors: [{ code: 'expected_value', position: 10 }] });
    expect(checkRule('[Q] > 1', FIELDS)).toMatchObject({
      ok: false,
      errors: [{ code: 'unknown_field' }],
      relatedFieldCodes: ['Q'],
    });
  });
});
