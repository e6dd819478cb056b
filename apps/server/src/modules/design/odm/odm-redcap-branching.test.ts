import { describe, expect, it } from 'vitest';
import { isBranchingName, simpleBranching, visibleRuleFor } from './odm-redcap-branching.js';

describe('REDCap branching logic as a dependent field', () => {
  it('reads only [variable] = value', () => {
    expect(simpleBranching("[sex] = '0'")).toEqual({ variable: 'sex', value: '0' });
    expect(simpleBranching(' [smoker]=="1" ')).toEqual({ variable: 'smoker', value: '1' });
    expect(simpleBranching('[age] = 18')).toEqual({ variable: 'age', value: '18' });
    expect(simpleBranching("[sex] = '0' and [age] > 18")).toBeNull();
    expect(simpleBranching("[meds(2)] = '1'")).toBeNull();
    expect(simpleBranching("[sex] <> '0'")).toBeNull();
    expect(simpleBranching(null)).toBeNull();
  });

  it('turns a coded value into the option it codes', () => {
    const sex = {
      fieldType: 'Select',
      optionList: ['Female', 'Male'],
      odmCodeList: { oid: 'sex', name: 'sex', dataType: 'integer', codes: { Female: '0', Male: '1' } },
    };
    expect(visibleRuleFor('0', sex)).toBe('Female');
    expect(visibleRuleFor('2', sex)).toBeNull();
    expect(visibleRuleFor('Yes', { fieldType: 'Select', optionList: ['Yes', 'No'], odmCodeList: null })).toBe('Yes');
    expect(visibleRuleFor('18', { fieldType: 'Number', optionList: [], odmCodeList: null })).toBe('18');
  });

  it('knows the attribute in the report', () => {
    expect(isBranchingName(`redcap:BranchingLogic="[sex] = '0'"`)).toBe(true);
    expect(isBranchingName('redcap:Variable="sex"')).toBe(false);
  });
});
