import type { Db } from '../../../platform/db/client.js';
import type { Actor } from '../../../platform/http/actor.js';
import { forbidden } from '../../../platform/http/errors.js';
import { canInResearch } from '../../../platform/http/research-scope.js';
import { isEmployeeOfResearch } from '../../researches/research-access.js';

/**
 * Who may read and change a research's design (docs/design-api.md, "Permissions"):
 * - change: `design_edit` in that research — user roles Admin and Editor everywhere, the managers of the
 *   research's admin centre in their current research;
 * - read: `visits_settings` in that research, or being an employee (with open access) of it.
 */
export const mayChangeDesign = (actor: Actor, researchId: string) => canInResearch(actor, 'design_edit', researchId);

export async function mayReadDesign(db: Db, actor: Actor, researchId: string): Promise<boolean> {
  if (canInResearch(actor, 'visits_settings', researchId)) return true;
  if (actor.employee?.researchId === researchId) return true;
  return isEmployeeOfResearch(db, actor.userId, researchId);
}

export async function assertReadDesign(db: Db, actor: Actor, researchId: string): Promise<void> {
  if (!(await mayReadDesign(db, actor, researchId))) throw forbidden('no_research_access');
}

export function assertChangeDesign(actor: Actor, researchId: string): void {
  if (!mayChangeDesign(actor, researchId)) throw forbidden();
}
