import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { COMPLETED_STATUSES, type SubjectVisitsStatistic, type subjectVisitsStatisticQuery } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import { subjects, subjectVisits, visits } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { listScopeOf } from './subjects.policy.js';
import { subjectsWhere } from './subjects.repo.js';
import { overdueSql } from './visit-timing.sql.js';

/** GET /Statistic/SubjectVisitsStatistic/{researchId}: on-time and overdue visits per completed status, scoped like the matrix. */
export async function subjectVisitsStatistic(
  deps: Deps,
  researchId: string,
  q: z.infer<typeof subjectVisitsStatisticQuery>,
  caller: ActorCaller,
): Promise<SubjectVisitsStatistic> {
  const { db } = deps;
  const scope = await listScopeOf(db, caller.actor, { researchId, researchOrganisationId: q.researchOrganisationId });
  const rows = await db
    .select({
      status: subjectVisits.formCompletedStatus,
      overdue: sql<number>`count(*) filter (where ${overdueSql})`.mapWith(Number),
      onTime: sql<number>`count(*) filter (where not (${overdueSql}))`.mapWith(Number),
    })
    .from(subjectVisits)
    .innerJoin(subjects, eq(subjects.id, subjectVisits.subjectId))
    .innerJoin(visits, eq(visits.id, subjectVisits.visitId))
    .where(and(subjectsWhere(scope, {}), isNull(subjectVisits.deletedAt)))
    .groupBy(subjectVisits.formCompletedStatus);
  const byStatus = new Map(rows.map((r) => [r.status, r]));
  const statuses = COMPLETED_STATUSES.map((status) => ({
    status,
    onTime: byStatus.get(status)?.onTime ?? 0,
    overdue: byStatus.get(status)?.overdue ?? 0,
  }));
  return {
    researchId: scope.researchId,
    statuses,
    onTime: statuses.reduce((n, s) => n + s.onTime, 0),
    overdue: statuses.reduce((n, s) => n + s.overdue, 0),
  };
}
