import { isAdministratorRole } from '@edc/domain';
import type { Actor } from '../../platform/http/actor.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { canGlobally, canInResearch } from '../../platform/http/research-scope.js';

/**
 * Who sees and plans monitoring visits (docs/monitoring-visits.md):
 * - planning (create, edit, confirm, delete) and seeing every visit of a research: monitoring_visits_settings
 *   — user roles Admin and Editor in every research, admin-centre employees in their current research;
 * - a monitor (an employee of a KIO centre) sees only the visits whose team they are on (spec section 6);
 * - everyone else has no monitoring-visit list (a subject visit's own tab follows the subject's rules).
 */

const KEY = 'monitoring_visits_settings' as const;

/** Whether the caller plans monitoring visits in this research (and so sees all of them). */
export const mayManageIn = (actor: Actor, researchId: string) => canInResearch(actor, KEY, researchId);

/** The caller's team filter: the monitor's employee id, or null when the caller sees every visit. */
export function teamFilterOf(actor: Actor, researchId: string): string | null | undefined {
  if (mayManageIn(actor, researchId)) return null;
  const e = actor.employee;
  if (e && e.organisationType === 'Kio' && e.researchId === researchId) return e.id;
  return undefined;
}

/** 403 for a caller with no monitoring-visit view anywhere. */
export function assertHasMonitoringView(actor: Actor): void {
  if (actor.permissions.has(KEY) || canGlobally(actor, KEY)) return;
  if (actor.employee?.organisationType === 'Kio') return;
  throw forbidden();
}

/** 403 for a caller who plans no monitoring visits anywhere. */
export function assertMayManageSomewhere(actor: Actor): void {
  if (!actor.permissions.has(KEY)) throw forbidden();
}

/**
 * A stored visit the caller may read: 404 outside the caller's scope (another research, or a monitor not
 * on the team); `onTeam` tells whether the monitor is on it.
 */
export function assertSeesMonitoringVisit(actor: Actor, visit: { researchId: string } | undefined, onTeam: boolean): void {
  if (!visit) throw notFound('id');
  const filter = teamFilterOf(actor, visit.researchId);
  if (filter === undefined || (filter !== null && !onTeam)) throw notFound('id');
}

/** The team filter of a subject visit's tab: a monitor sees only their teams; everyone else all of them. */
export function subjectTabTeamFilter(actor: Actor): string | null {
  const e = actor.employee;
  if (isAdministratorRole(actor.userRole) || !e || e.organisationType !== 'Kio') return null;
  return e.id;
}
