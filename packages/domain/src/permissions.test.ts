import { describe, expect, it } from 'vitest';
import { EMPLOYEE_TYPES, ORGANISATION_TYPES } from './enums.js';
import {
  employeeTypesFor,
  homePath,
  PERMISSION_KEYS,
  permissionsFor,
  type PermissionContext,
  type PermissionKey,
} from './permissions.js';

const ctx = (over: Partial<PermissionContext>): PermissionContext => ({
  userRole: 'User',
  organisationType: null,
  employeeType: null,
  withIwrs: false,
  ...over,
});
const keys = (over: Partial<PermissionContext>) => [...permissionsFor(ctx(over))].sort();

describe('IWRS permissions', () => {
  it('give the sponsor’s centre the supply and only its unblinded staff the lists, in an IWRS research only', () => {
    const manager = { organisationType: 'Admin', employeeType: 'Manager' } as const;
    expect(keys({ ...manager, withIwrs: true })).toEqual(expect.arrayContaining(['iwrs_supply', 'iwrs_lists', 'dosings']));
    expect(keys({ ...manager, userRole: 'Sponsor', withIwrs: true })).toContain('iwrs_supply');
    expect(keys({ ...manager, userRole: 'Sponsor', withIwrs: true })).not.toContain('iwrs_lists');
    expect(keys({ ...manager, withIwrs: false })).not.toContain('iwrs_supply');
    const sitePi = { organisationType: 'Site', employeeType: 'PrincipalInvestigator', withIwrs: true } as const;
    expect(keys(sitePi)).not.toContain('iwrs_supply');
    expect(keys(sitePi)).not.toContain('iwrs_lists');
  });
});

describe('permissionsFor', () => {
  // The documented matrix (docs/permissions.md): organisation type of the current employee → keys.
  const matrix: [string, Partial<PermissionContext>, PermissionKey[], PermissionKey[]][] = [
    [
      'site PI',
      { organisationType: 'Site', employeeType: 'PrincipalInvestigator' },
      ['subject_matrix', 'subjects_edit', 'journals', 'summary', 'research_visits', 'rules', 'research_references', 'queries'],
      [
        'design_edit',
        'visits_settings',
        'qa_validation_visits',
        'monitoring_visits',
        'users_settings',
        'data_export',
        'data_import',
      ],
    ],
    [
      'site sponsor',
      { organisationType: 'Site', userRole: 'Sponsor', employeeType: 'PrincipalInvestigator' },
      ['research_monitoring_visits'],
      ['design_edit'],
    ],
    [
      'test site',
      { organisationType: 'TestSite', employeeType: 'PrincipalInvestigator' },
      ['subject_matrix', 'subjects_edit', 'journals'],
      ['summary', 'research_visits'],
    ],
    [
      'qa specialist',
      { organisationType: 'Qa', employeeType: 'SpecialistQa' },
      ['subject_matrix', 'journals', 'qa_validation_visits', 'qa_validation_notes', 'summary', 'data_export'],
      ['subjects_edit', 'design_edit', 'references_edit', 'data_import'],
    ],
    [
      'kio monitor',
      { organisationType: 'Kio', employeeType: 'Monitor' },
      ['subject_matrix', 'monitoring_visits', 'summary', 'research_statistic'],
      ['subjects_edit', 'journals', 'rules', 'design_edit', 'data_export', 'data_import'],
    ],
    [
      'admin-centre manager',
      { organisationType: 'Admin', employeeType: 'Manager' },
      ['visits_settings', 'versions_settings', 'centers_settings', 'design_edit', 'references_edit', 'qa_validation_notes'],
      ['subject_matrix', 'subjects_edit', 'researches', 'users_settings'],
    ],
    [
      'admin-centre head: exports and imports',
      { organisationType: 'Admin', employeeType: 'HeadOfOrganisation' },
      ['data_export', 'data_import'],
      ['subjects_edit'],
    ],
    [
      'admin-centre sponsor',
      { organisationType: 'Admin', userRole: 'Sponsor', employeeType: 'Manager' },
      ['visits_settings', 'data_export'],
      ['design_edit', 'data_import'],
    ],
    [
      'user role admin',
      { userRole: 'Admin' },
      [
        'researches',
        'organizations_settings',
        'users_settings',
        'forms_settings',
        'design_edit',
        'support_tickets',
        'audit_read',
        'data_export',
        'data_import',
      ],
      ['subject_matrix', 'subjects_edit'],
    ],
    [
      'user role editor',
      { userRole: 'Editor' },
      ['researches', 'organizations_settings', 'forms_settings', 'design_edit', 'visits_settings'],
      ['users_settings', 'support_tickets', 'audit_read', 'data_export', 'data_import'],
    ],
    ['plain user, no context', {}, [], ['subject_matrix', 'researches', 'design_edit', 'queries']],
  ];

  it.each(matrix)('%s', (_name, over, has, hasNot) => {
    const got = keys(over);
    for (const k of has) expect(got, `should have ${k}`).toContain(k);
    for (const k of hasNot) expect(got, `should not have ${k}`).not.toContain(k);
  });

  it('randomisation_group exactly for the unblinded (subjects/blinding.ts)', () => {
    expect(keys({ organisationType: 'Site', employeeType: 'UnblindedNurse' })).toContain('randomisation_group');
    expect(keys({ organisationType: 'Admin', employeeType: 'Manager' })).toContain('randomisation_group');
    expect(keys({ userRole: 'Admin' })).toContain('randomisation_group');
    expect(keys({ organisationType: 'Site', employeeType: 'PrincipalInvestigator' })).not.toContain('randomisation_group');
    expect(keys({ organisationType: 'Admin', userRole: 'Sponsor', employeeType: 'Manager' })).not.toContain(
      'randomisation_group',
    );
    expect(keys({ organisationType: 'Qa', employeeType: 'DataManager' })).not.toContain('randomisation_group');
    expect(keys({ userRole: 'Editor' })).not.toContain('randomisation_group');
  });

  it('dosings only with IWRS on', () => {
    expect(keys({ organisationType: 'Site', withIwrs: true })).toContain('dosings');
    expect(keys({ organisationType: 'Site', withIwrs: false })).not.toContain('dosings');
  });

  it('only site and test-site users edit subjects', () => {
    for (const org of ORGANISATION_TYPES) {
      for (const role of ['Admin', 'Editor', 'User', 'Sponsor'] as const) {
        const can = permissionsFor(ctx({ organisationType: org, userRole: role })).has('subjects_edit');
        expect(can, `${org}/${role}`).toBe(org === 'Site' || org === 'TestSite');
      }
    }
  });

  it('returns only known keys', () => {
    for (const org of [...ORGANISATION_TYPES, null]) {
      for (const emp of EMPLOYEE_TYPES) {
        for (const k of permissionsFor(ctx({ organisationType: org, employeeType: emp, userRole: 'Admin', withIwrs: true }))) {
          expect(PERMISSION_KEYS).toContain(k);
        }
      }
    }
  });
});

describe('employeeTypesFor', () => {
  it('offers the roles of spec section 6 by centre type', () => {
    expect(employeeTypesFor('Admin')).toEqual(['HeadOfOrganisation', 'Manager']);
    expect(employeeTypesFor('Qa')).toEqual(['HeadOfQa', 'SpecialistQa', 'DataManager']);
    expect(employeeTypesFor('Kio')).toEqual(['Monitor']);
    const site = employeeTypesFor('Site');
    expect(site).toContain('PrincipalInvestigator');
    for (const excluded of ['Manager', 'HeadOfQa', 'SpecialistQa', 'DataManager', 'Monitor'] as const)
      expect(site).not.toContain(excluded);
    expect(employeeTypesFor('TestSite')).toEqual(site);
  });
});

describe('homePath', () => {
  it.each([
    [false, 'Site', '/chooseOrganisation'],
    [true, 'Site', '/subjectmatrix'],
    [true, 'TestSite', '/subjectmatrix'],
    [true, 'Qa', '/subjectmatrix'],
    [true, 'Kio', '/monitoringVisits'],
    [true, 'Admin', '/researchSettings/visits'],
    [true, null, '/pageAtWork'],
  ] as const)('current organisation user %s, type %s → %s', (has, type, path) => {
    expect(homePath({ hasCurrentOrganisationUser: has, organisationType: type })).toBe(path);
  });
});
