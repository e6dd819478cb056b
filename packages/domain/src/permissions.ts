import type { EmployeeType, OrganisationType, UserRole } from './enums.js';
import { seesRandomisationGroup } from './subjects/blinding.js';

/**
 * The permission keys. The first sixteen are the settings areas named by the spec; the rest name
 * screens and actions the spec assigns to organisation types or roles. The mapping is documented in
 * docs/permissions.md and tested as a matrix in permissions.test.ts.
 */
export const SPEC_PERMISSION_KEYS = [
  'visits_settings',
  'monitoring_visits_settings',
  'visit_info_settings',
  'centers_settings',
  'documents_settings',
  'versions_settings',
  'time_points_settings',
  'organizations_settings',
  'users_settings',
  'researches',
  'qa_validation_visits',
  'qa_validation_notes',
  'rules',
  'research_references',
  'research_visits',
  'research_statistic',
] as const;

export const EXTRA_PERMISSION_KEYS = [
  /** change the study design (researches, versions, visits, forms, fields) */
  'design_edit',
  /** form types and field definitions (/forms) */
  'forms_settings',
  /** edit reference ranges */
  'references_edit',
  /** edit rules */
  'rules_edit',
  'subject_matrix',
  /** create, edit, randomise, fail, end, sign and delete subjects; create subject visits */
  'subjects_edit',
  'monitoring_visits',
  'research_monitoring_visits',
  'journals',
  'dosings',
  'summary',
  'queries',
  /** read help requests sent through the help widget */
  'support_tickets',
  /** read and export the audit trail */
  'audit_read',
  /** see subjects' randomisation groups and change a group with a reason (unblinded roles, subjects/blinding.ts) */
  'randomisation_group',
  /** dataset exports of the clinical data (ODM, Dataset-JSON, CSV, XLSX; docs/data-exchange.md) */
  'data_export',
  /** import subjects and their values from an ODM ClinicalData file */
  'data_import',
  /** the sealed randomisation lists of an IWRS research: upload, generate, read (unblinded sponsor staff; docs/iwrs.md) */
  'iwrs_lists',
  /** kit supply of an IWRS research: import kits, change their status, ship them to sites (sponsor's centre) */
  'iwrs_supply',
] as const;

export const PERMISSION_KEYS = [...SPEC_PERMISSION_KEYS, ...EXTRA_PERMISSION_KEYS] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/** Who the caller is in the current context: the user's role and, when an employee is current, its centre. */
export interface PermissionContext {
  userRole: UserRole;
  organisationType: OrganisationType | null;
  employeeType: EmployeeType | null;
  withIwrs: boolean;
}

const RESEARCH_SETTINGS: PermissionKey[] = [
  'visits_settings',
  'monitoring_visits_settings',
  'visit_info_settings',
  'centers_settings',
  'documents_settings',
  'versions_settings',
  'time_points_settings',
];

const DESIGN_EDITING_EMPLOYEES: readonly EmployeeType[] = ['Manager', 'HeadOfOrganisation'];

/** The permission keys a caller holds in its current context. */
export function permissionsFor(ctx: PermissionContext): Set<PermissionKey> {
  const keys = new Set<PermissionKey>();
  const add = (...k: PermissionKey[]) => k.forEach((x) => keys.add(x));
  const { userRole: role, organisationType: org, employeeType: emp } = ctx;
  const isAdministrator = role === 'Admin' || role === 'Editor';

  // Administration group: user roles admin and editor.
  if (isAdministrator) {
    add('researches', 'organizations_settings', 'forms_settings', 'design_edit', ...RESEARCH_SETTINGS);
  }
  if (role === 'Admin') add('users_settings', 'support_tickets', 'audit_read', 'references_edit', 'rules_edit');
  // Data exchange: the system administrator, the sponsor's centre and QA (data management) export; the
  // administrator and the sponsor's design editors import.
  if (role === 'Admin') add('data_export', 'data_import');

  // Research settings for the sponsor's (admin-type) organisation; sponsors read, managers edit.
  if (org === 'Admin') {
    add(...RESEARCH_SETTINGS, 'qa_validation_notes', 'rules', 'research_references', 'research_visits');
    add('summary', 'research_statistic', 'queries', 'references_edit', 'rules_edit');
    if (role !== 'Sponsor' && emp && DESIGN_EDITING_EMPLOYEES.includes(emp)) add('design_edit', 'data_import');
    add('data_export');
  }
  if (org === 'Site' || org === 'TestSite') {
    add('subject_matrix', 'subjects_edit', 'journals', 'rules', 'research_references', 'queries');
    if (org === 'Site') add('research_visits', 'summary');
    if (org === 'Site' && (role === 'Sponsor' || role === 'User')) add('research_monitoring_visits');
  }
  if (org === 'Qa') {
    add('subject_matrix', 'journals', 'qa_validation_visits', 'qa_validation_notes', 'rules');
    add('research_references', 'research_visits', 'summary', 'research_statistic', 'queries', 'data_export');
  }
  if (org === 'Kio') {
    add('subject_matrix', 'monitoring_visits', 'research_visits', 'summary', 'research_statistic', 'queries');
  }
  if (org && ctx.withIwrs) add('dosings');
  // IWRS: the sponsor's centre runs the supply; only its unblinded staff (not the Sponsor role) see the lists.
  if (org === 'Admin' && ctx.withIwrs) {
    add('iwrs_supply');
    if (seesRandomisationGroup(ctx)) add('iwrs_lists');
  }
  if (seesRandomisationGroup(ctx)) add('randomisation_group');
  return keys;
}

/** Employee roles offered when adding an employee to a centre of the given type (spec section 6). */
export function employeeTypesFor(org: OrganisationType): EmployeeType[] {
  switch (org) {
    case 'Admin':
      return ['HeadOfOrganisation', 'Manager'];
    case 'Qa':
      return ['HeadOfQa', 'SpecialistQa', 'DataManager'];
    case 'Kio':
      return ['Monitor'];
    case 'Site':
    case 'TestSite':
      return [
        'HeadOfOrganisation',
        'PrincipalInvestigator',
        'UnblindedCoResearcher',
        'CoResearcher',
        'Coordinator',
        'DataEntryPerson',
        'Pharmacist',
        'BlindedPharmacist',
        'UnblindedPharmacist',
        'Nurse',
        'UnblindedNurse',
        'LabSpecialist',
      ];
  }
}

/** Where "/" leads (spec section 2, "Home redirect"). */
export function homePath(opts: { hasCurrentOrganisationUser: boolean; organisationType: OrganisationType | null }): string {
  if (!opts.hasCurrentOrganisationUser) return '/chooseOrganisation';
  switch (opts.organisationType) {
    case 'Site':
    case 'TestSite':
    case 'Qa':
      return '/subjectmatrix';
    case 'Kio':
      return '/monitoringVisits';
    case 'Admin':
      return '/researchSettings/visits';
    default:
      return '/pageAtWork';
  }
}
