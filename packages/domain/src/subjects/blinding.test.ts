import { describe, expect, it } from 'vitest';
import {
  EMPLOYEE_TYPES,
  ORGANISATION_TYPES,
  USER_ROLES,
  type EmployeeType,
  type OrganisationType,
  type UserRole,
} from '../enums.js';
import { seesRandomisationGroup, UNBLINDED_EMPLOYEE_TYPES } from './blinding.js';
import { subjectReadScope } from './access.js';

const ctx = (userRole: UserRole, organisationType: OrganisationType | null, employeeType: EmployeeType | null) => ({
  userRole,
  organisationType,
  employeeType,
});

describe('seesRandomisationGroup', () => {
  it.each(['UnblindedCoResearcher', 'UnblindedPharmacist', 'UnblindedNurse'] as const)('a site %s is unblinded', (role) => {
    expect(seesRandomisationGroup(ctx('User', 'Site', role))).toBe(true);
    expect(seesRandomisationGroup(ctx('User', 'TestSite', role))).toBe(true);
  });

  it.each(EMPLOYEE_TYPES.filter((e) => !UNBLINDED_EMPLOYEE_TYPES.includes(e)))('a site %s is blinded', (role) => {
    expect(seesRandomisationGroup(ctx('User', 'Site', role))).toBe(false);
  });

  it('QA, data managers and monitors are blinded', () => {
    expect(seesRandomisationGroup(ctx('User', 'Qa', 'SpecialistQa'))).toBe(false);
    expect(seesRandomisationGroup(ctx('User', 'Qa', 'HeadOfQa'))).toBe(false);
    expect(seesRandomisationGroup(ctx('User', 'Qa', 'DataManager'))).toBe(false);
    expect(seesRandomisationGroup(ctx('User', 'Kio', 'Monitor'))).toBe(false);
  });

  it('the admin centre is unblinded, except users whose role is Sponsor', () => {
    expect(seesRandomisationGroup(ctx('User', 'Admin', 'Manager'))).toBe(true);
    expect(seesRandomisationGroup(ctx('Editor', 'Admin', 'HeadOfOrganisation'))).toBe(true);
    expect(seesRandomisationGroup(ctx('Sponsor', 'Admin', 'Manager'))).toBe(false);
  });

  it('user role Admin is unblinded anywhere; Editor, Sponsor and User roles alone are not', () => {
    expect(seesRandomisationGroup(ctx('Admin', null, null))).toBe(true);
    expect(seesRandomisationGroup(ctx('Admin', 'Kio', 'Monitor'))).toBe(true);
    expect(seesRandomisationGroup(ctx('Editor', null, null))).toBe(false);
    expect(seesRandomisationGroup(ctx('Editor', 'Qa', 'SpecialistQa'))).toBe(false);
    expect(seesRandomisationGroup(ctx('Sponsor', null, null))).toBe(false);
    expect(seesRandomisationGroup(ctx('User', null, null))).toBe(false);
  });
});

describe('subjectReadScope', () => {
  it.each(USER_ROLES)('user role %s', (role) => {
    const expected = role === 'Admin' || role === 'Editor' ? 'research' : null;
    expect(subjectReadScope({ userRole: role, organisationType: null })).toBe(expected);
  });

  it.each(ORGANISATION_TYPES)('a User-role employee of a %s centre', (type) => {
    const expected = type === 'Site' || type === 'TestSite' ? 'centre' : 'research';
    expect(subjectReadScope({ userRole: 'User', organisationType: type })).toBe(expected);
  });

  it('an administrator with a site employee still sees the whole research', () => {
    expect(subjectReadScope({ userRole: 'Editor', organisationType: 'Site' })).toBe('research');
  });
});
