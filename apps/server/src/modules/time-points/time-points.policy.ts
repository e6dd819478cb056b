import type { Actor } from '../../platform/http/actor.js';
import { forbidden } from '../../platform/http/errors.js';
import { canGlobally, canInResearch } from '../../platform/http/research-scope.js';

/**
 * Who may do what with time points (docs/time-points.md "API"; spec design-and-admin sections 2 and 6):
 * - read the settings (points, deviations, the time fields, the forecast) and make a schedule:
 *   `time_points_settings` in that research — user roles Admin and Editor everywhere, the research's
 *   admin-centre employees there; everyone else 403 ('У Вас нет прав для просмотра этой страницы');
 * - change points and deviations: `design_edit` in that research, as the visits settings
 *   (design/shared/policy.ts), on a current research (409 research_not_current);
 * - a schedule document: its creator, or whoever reads the settings of its research.
 * A caller who holds the key nowhere is refused (403) before an id is looked up, so an unknown id is a 404
 * only to those who could have seen it.
 */

const holdsAnywhere = (actor: Actor, key: 'time_points_settings' | 'design_edit') =>
  canGlobally(actor, key) || actor.permissions.has(key);

export const readsTimePoints = (actor: Actor, researchId: string) => canInResearch(actor, 'time_points_settings', researchId);

export function assertReadsTimePointsAnywhere(actor: Actor): void {
  if (!holdsAnywhere(actor, 'time_points_settings')) throw forbidden('time_points_view_forbidden');
}

export function assertReadsTimePoints(actor: Actor, researchId: string): void {
  if (!readsTimePoints(actor, researchId)) throw forbidden('time_points_view_forbidden');
}

export function assertChangesTimePointsAnywhere(actor: Actor): void {
  if (!holdsAnywhere(actor, 'design_edit')) throw forbidden();
}

/** A ScheduledActivities document: its creator, or a reader of its research's time points settings. */
export const readsScheduleDocument = (actor: Actor, doc: { researchId: string; createdBy: string | null }) =>
  doc.createdBy === actor.userId || readsTimePoints(actor, doc.researchId);
