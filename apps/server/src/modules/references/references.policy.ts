import { and, eq, isNull } from 'drizzle-orm';
import { permissionsFor, type EmployeeType, type OrganisationType, type PermissionKey } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { employees, researchOrganisations } from '../../platform/db/schema/index.js';
import type { Actor } from '../../platform/http/actor.js';
import { can } from '../../platform/http/guards.js';
import { canGlobally, canInResearch } from '../../platform/http/research-scope.js';
import type { CentreRow } from '../centres/centres.queries.js';
import { mayReadOrganisation } from '../organisations/organisations.policy.js';

/**
 * Who may read and change reference ranges (docs/centres-and-references.md, "Permissions").
 * Changing anything takes `references_edit`; reading a centre's groups takes one of the keys below,
 * either from the user's role or from an open employee of that research, and a site or test-site employee
 * reads only its own centre's groups.
 */
const CENTRE_READ_KEYS: PermissionKey[] = ['references_edit', 'research_references', 'centers_settings'];

/** Changes a centre's groups and ranges: references_edit in the centre's research. */
export const mayEditCentreReferences = (actor: Actor, researchId: string) => canInResearch(actor, 'references_edit', researchId);

/** The caller's open employees in the research, with their centre and its type. */
function openEmployeesIn(db: Db, userId: string, researchId: string) {
  return db
    .select({
      centreId: researchOrganisations.id,
      organisationType: researchOrganisations.organisationType,
      employeeType: employees.employeeType,
    })
    .from(employees)
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, employees.researchOrganisationId))
    .where(
      and(
        eq(employees.userId, userId),
        isNull(employees.deletedAt),
        eq(employees.hasAccess, true),
        isNull(researchOrganisations.deletedAt),
        eq(researchOrganisations.researchId, researchId),
      ),
    );
}

export async function mayReadCentreReferences(db: Db, actor: Actor, centre: CentreRow): Promise<boolean> {
  if (CENTRE_READ_KEYS.some((k) => canGlobally(actor, k))) return true;
  // Any open employee of the research counts, the current one or not, with the keys of its centre's type.
  for (const e of await openEmployeesIn(db, actor.userId, centre.researchId)) {
    const type = e.organisationType as OrganisationType;
    const keys = permissionsFor({
      userRole: actor.userRole,
      organisationType: type,
      employeeType: e.employeeType as EmployeeType,
      withIwrs: false,
    });
    if (!CENTRE_READ_KEYS.some((k) => keys.has(k))) continue;
    if (type !== 'Site' && type !== 'TestSite') return true;
    if (e.centreId === centre.id) return true;
  }
  return false;
}

/**
 * Changes an organisation's groups and ranges: references_edit of the user's role, or of the current
 * employee when its centre belongs to that organisation (the sponsor's managers keep their own ranges).
 */
export const mayEditOrganisationReferences = (actor: Actor, organisationId: string) =>
  canGlobally(actor, 'references_edit') || (actor.employee?.organisationId === organisationId && can(actor, 'references_edit'));

/** Reads an organisation's groups: organizations_settings, a verified member, or one who may change them. */
export async function mayReadOrganisationReferences(db: Db, actor: Actor, organisationId: string): Promise<boolean> {
  return mayEditOrganisationReferences(actor, organisationId) || mayReadOrganisation(db, actor, organisationId);
}
