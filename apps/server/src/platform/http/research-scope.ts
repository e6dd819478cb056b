import { permissionsFor, type PermissionKey } from '@edc/domain';
import type { Actor } from './actor.js';

/** Keys held by the user's role alone: they apply in every research. */
export function roleKeysOf(actor: Actor): ReadonlySet<PermissionKey> {
  return permissionsFor({ userRole: actor.userRole, organisationType: null, employeeType: null, withIwrs: false });
}

export const canGlobally = (actor: Actor, key: PermissionKey) => roleKeysOf(actor).has(key);

/**
 * A key that comes from the current employee (an admin-centre manager's centers_settings, say) holds only
 * in that employee's research; a key of the user's role holds everywhere.
 */
export function canInResearch(actor: Actor, key: PermissionKey, researchId: string): boolean {
  if (canGlobally(actor, key)) return true;
  return actor.employee?.researchId === researchId && actor.permissions.has(key);
}
