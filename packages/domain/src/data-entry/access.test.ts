import { describe, expect, it } from 'vitest';
import { EMPLOYEE_TYPES, ORGANISATION_TYPES } from '../enums.js';
import { canEditForm, canSignVisit } from './access.js';

const form = { employeeTypesList: ['PrincipalInvestigator', 'CoResearcher'] };

describe('canEditForm', () => {
  it('needs the role in employeeTypesList and an editing organisation type', () => {
    for (const organisationType of ORGANISATION_TYPES) {
      for (const employeeType of EMPLOYEE_TYPES) {
        const expected =
          (organisationType === 'Site' || organisationType === 'TestSite') && form.employeeTypesList.includes(employeeType);
        expect(canEditForm({ organisationType, employeeType }, form), `${organisationType} ${employeeType}`).toBe(expected);
      }
    }
  });
  it('gives no one without a current employee the form', () => {
    expect(canEditForm({ organisationType: null, employeeType: null }, form)).toBe(false);
    expect(canEditForm({ organisationType: 'Site', employeeType: null }, form)).toBe(false);
  });
});

describe('canSignVisit', () => {
  it('is a principal investigator or co-researcher of a site', () => {
    expect(canSignVisit({ organisationType: 'Site', employeeType: 'PrincipalInvestigator' })).toBe(true);
    expect(canSignVisit({ organisationType: 'Site', employeeType: 'CoResearcher' })).toBe(true);
    expect(canSignVisit({ organisationType: 'TestSite', employeeType: 'CoResearcher' })).toBe(true);
    expect(canSignVisit({ organisationType: 'Site', employeeType: 'UnblindedCoResearcher' })).toBe(false);
    expect(canSignVisit({ organisationType: 'Site', employeeType: 'Nurse' })).toBe(false);
    expect(canSignVisit({ organisationType: 'Qa', employeeType: 'PrincipalInvestigator' })).toBe(false);
    expect(canSignVisit({ organisationType: 'Admin', employeeType: 'CoResearcher' })).toBe(false);
  });
});
