import type { EmployeeType, OrganisationType, UserRole } from '../enums.js';

/** Who the caller is, as far as blinding is concerned. */
export interface BlindingContext {
  userRole: UserRole;
  organisationType: OrganisationType | null;
  employeeType: EmployeeType | null;
}

/** Site roles that work unblinded: they may see which group a subject was randomised to. */
export const UNBLINDED_EMPLOYEE_TYPES: readonly EmployeeType[] = [
  'UnblindedCoResearcher',
  'UnblindedPharmacist',
  'UnblindedNurse',
];

/**
 * Whether the caller may see a subject's randomisation group (docs/subjects.md, "Blinding"):
 * - user role Admin (the system administrator, who also reads the audit trail): yes;
 * - an employee of the research's admin (sponsor) centre: yes, unless the user's role is Sponsor —
 *   sponsor staff who only watch the study stay blinded;
 * - a site or test-site employee in an unblinded role (UnblindedCoResearcher, UnblindedPharmacist,
 *   UnblindedNurse): yes;
 * - everyone else — principal investigators, co-researchers and the other site roles, QA and data
 *   managers, monitors, Editor role users: no.
 */
export function seesRandomisationGroup(ctx: BlindingContext): boolean {
  if (ctx.userRole === 'Admin') return true;
  if (ctx.organisationType === 'Admin') return ctx.userRole !== 'Sponsor';
  if (ctx.organisationType === 'Site' || ctx.organisationType === 'TestSite') {
    return ctx.employeeType !== null && UNBLINDED_EMPLOYEE_TYPES.includes(ctx.employeeType);
  }
  return false;
}
