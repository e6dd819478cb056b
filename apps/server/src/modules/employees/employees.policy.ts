import type { Actor } from '../../platform/http/actor.js';
import { canInResearch } from '../../platform/http/research-scope.js';

/** Adds, removes and blocks employees: centers_settings in the centre's research. */
export const mayManageEmployees = (actor: Actor, researchId: string) => canInResearch(actor, 'centers_settings', researchId);

/** Lists a research's employees: centers_settings there, or a current employee in the same research. */
export const mayListEmployees = (actor: Actor, researchId: string) =>
  mayManageEmployees(actor, researchId) || actor.employee?.researchId === researchId;
