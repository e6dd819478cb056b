import { eq } from 'drizzle-orm';
import type { PermissionKey } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { researches } from '../../platform/db/schema/index.js';
import type { Actor } from '../../platform/http/actor.js';
import { conflict, forbidden } from '../../platform/http/errors.js';

/**
 * Who works with the IWRS (docs/iwrs.md, "Who may do what"): everything happens in the caller's current
 * research, which must have IWRS on. The sealed lists need `iwrs_lists` (unblinded sponsor staff), the
 * supply `iwrs_supply` (the sponsor's centre); a site sees and receives its own kits and dispenses to its
 * own subjects (`subjects_edit`); dosings are read with `dosings`. The arm of a kit or a list entry goes
 * only to callers who may see randomisation groups (subjects.policy seesGroup).
 */

export type IwrsResearch = typeof researches.$inferSelect;

/** The caller's research, refused with 403 without `permission` (when given) and 409 when IWRS is off. */
export async function iwrsResearchOf(db: Db, actor: Actor, permission?: PermissionKey): Promise<IwrsResearch> {
  if (!actor.employee || (permission && !actor.permissions.has(permission))) throw forbidden();
  const [research] = await db.select().from(researches).where(eq(researches.id, actor.employee.researchId));
  if (!research) throw forbidden();
  if (!research.withIwrs) throw conflict('iwrs_off');
  return research;
}

/** A site employee's own centre, or null for callers who see every centre. */
export function ownSiteOf(actor: Actor): string | null {
  const type = actor.employee?.organisationType;
  return type === 'Site' || type === 'TestSite' ? actor.employee!.researchOrganisationId : null;
}

/** Kit inventory and shipments: the sponsor's supply staff see every site, a site its own. */
export function assertSeesSupply(actor: Actor): void {
  if (actor.permissions.has('iwrs_supply')) return;
  if (ownSiteOf(actor) && actor.permissions.has('dosings')) return;
  throw forbidden();
}
