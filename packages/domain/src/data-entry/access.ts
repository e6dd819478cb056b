import type { EmployeeType, OrganisationType } from '../enums.js';

/** Who enters data and who signs (spec section 6). */

export interface EntryActor {
  organisationType: OrganisationType | null;
  employeeType: EmployeeType | null;
}

/** Organisation types whose employees enter data (the editing types): sites and test sites. */
export const EDITING_ORGANISATION_TYPES: readonly OrganisationType[] = ['Site', 'TestSite'];
export const isEditingOrganisation = (t: OrganisationType | null): boolean => !!t && EDITING_ORGANISATION_TYPES.includes(t);

/** Roles that sign and end a visit: a principal investigator or co-researcher of a site. */
export const SIGNING_EMPLOYEE_TYPES: readonly EmployeeType[] = ['PrincipalInvestigator', 'CoResearcher'];

/**
 * A form can be edited only if the employee's role is in the form's employeeTypesList and the organisation
 * is an editing type; otherwise it is view-only.
 */
export function canEditForm(actor: EntryActor, form: { employeeTypesList: readonly string[] }): boolean {
  if (!isEditingOrganisation(actor.organisationType)) return false;
  return !!actor.employeeType && form.employeeTypesList.includes(actor.employeeType);
}

/** Signing and ending a visit: a principal investigator or co-researcher in a site (or test site) organisation. */
export function canSignVisit(actor: EntryActor): boolean {
  if (!isEditingOrganisation(actor.organisationType)) return false;
  return !!actor.employeeType && SIGNING_EMPLOYEE_TYPES.includes(actor.employeeType);
}
