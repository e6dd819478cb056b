import type { Actor } from '../../platform/http/actor.js';
import { canInResearch } from '../../platform/http/research-scope.js';

/**
 * Creates, changes and deletes a research's centres and assigns their versions: centers_settings in that
 * research (user roles Admin and Editor everywhere; an admin-centre employee in its current research).
 * Reading them is `mayReadCentres` (research-access.ts).
 */
export const mayManageCentres = (actor: Actor, researchId: string) => canInResearch(actor, 'centers_settings', researchId);
