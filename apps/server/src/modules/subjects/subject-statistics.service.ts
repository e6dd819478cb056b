import type { z } from 'zod';
import {
  COMPLETED_STATUSES,
  type SubjectStatistic,
  type SubjectVisitsStatistic,
  type subjectVisitsStatisticQuery,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { listScopeOf } from './subjects.policy.js';
import { subjectTallyByStatus, visitTallyByStatus } from './subject-tallies.repo.js';

/**
 * GET /Statistic/SubjectVisitsStatistic/{researchId}: on-time and overdue visits per completed status, scoped like the
 * matrix; test sites' subjects only with `withTestSubjects=true`. Read from the counts the writes keep (subject-tallies.repo.ts).
 */
export async function subjectVisitsStatistic(
  deps: Deps,
  researchId: string,
  q: z.infer<typeof subjectVisitsStatisticQuery>,
  caller: ActorCaller,
): Promise<SubjectVisitsStatistic> {
  const scope = await listScopeOf(deps.db, caller.actor, { researchId, researchOrganisationId: q.researchOrganisationId });
  const rows = await visitTallyByStatus(deps.db, scope, { withoutTest: !q.withTestSubjects });
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

/**
 * GET /Statistic/SubjectStatistic/{researchId}: live subjects by status, scoped like the matrix (site users: their
 * centre); test sites' subjects only with `withTestSubjects=true` (docs/qa-validation.md).
 */
export async function subjectStatistic(
  deps: Deps,
  researchId: string,
  q: z.infer<typeof subjectVisitsStatisticQuery>,
  caller: ActorCaller,
): Promise<SubjectStatistic> {
  const scope = await listScopeOf(deps.db, caller.actor, { researchId, researchOrganisationId: q.researchOrganisationId });
  const by = await subjectTallyByStatus(deps.db, scope, { withoutTest: !q.withTestSubjects });
  const n = (s: string) => by.get(s) ?? 0;
  return {
    researchId: scope.researchId,
    subjectCount: [...by.entries()].filter(([s]) => s !== 'Deleted').reduce((sum, [, c]) => sum + c, 0),
    startedSubjectCount: n('Started'),
    screenedSubjectCount: n('Screened'),
    randomisedSubjectCount: n('Randomised'),
    failedSubjectCount: n('Failed'),
    endAheadScheduleSubjectCount: n('EndAheadSchedule'),
    endSubjectCount: n('End'),
  };
}
