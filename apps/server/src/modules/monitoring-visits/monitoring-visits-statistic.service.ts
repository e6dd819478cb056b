import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { isAdministratorRole, type MonitoringVisitsStatistic } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import { monitoringVisits } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { findResearch } from '../researches/researches.queries.js';
import { assertHasMonitoringView, teamFilterOf } from './monitoring-visits.policy.js';
import { onTeam } from './monitoring-visits.repo.js';

/**
 * GET /Statistic/MonitoringVisitsStatistic/{researchId}: the research's live monitoring visits the caller
 * sees (planners all, a monitor their teams') counted by confirmation and by time state at `now`.
 */
export async function monitoringVisitsStatistic(
  deps: Deps,
  researchId: string,
  caller: ActorCaller,
  now: Date = new Date(),
): Promise<MonitoringVisitsStatistic> {
  const { actor } = caller;
  assertHasMonitoringView(actor);
  if (researchId !== actor.employee?.researchId) {
    if (!isAdministratorRole(actor.userRole)) throw forbidden('no_research_access', 'researchId');
    if (!(await findResearch(deps.db, researchId))) throw notFound('researchId');
  }
  const team = teamFilterOf(actor, researchId);
  if (team === undefined) throw forbidden();
  const [row] = await deps.db
    .select({
      total: count(),
      confirmed: sql<number>`count(*) filter (where ${monitoringVisits.confirmed})`.mapWith(Number),
      notStarted: sql<number>`count(*) filter (where ${monitoringVisits.startDate} > ${now})`.mapWith(Number),
      finished: sql<number>`count(*) filter (where ${monitoringVisits.endDate} <= ${now})`.mapWith(Number),
    })
    .from(monitoringVisits)
    .where(and(eq(monitoringVisits.researchId, researchId), isNull(monitoringVisits.deletedAt), team ? onTeam(team) : undefined));
  const total = row?.total ?? 0;
  const confirmed = row?.confirmed ?? 0;
  const notStarted = row?.notStarted ?? 0;
  const finished = row?.finished ?? 0;
  return {
    researchId,
    total,
    confirmed,
    unconfirmed: total - confirmed,
    notStarted,
    inProgress: total - notStarted - finished,
    finished,
  };
}
