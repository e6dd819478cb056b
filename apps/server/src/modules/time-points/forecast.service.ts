import { timePoints, type ForecastReply, type ForecastRequest } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest } from '../../platform/http/errors.js';
import { assertReadsTimePoints, assertReadsTimePointsAnywhere } from './time-points.policy.js';
import { findVisitOf, visitPointReplies } from './time-points.repo.js';
import { plannedOf } from './visit-plan.js';

/** Seconds of a validated hh:mm:ss (400 naming `path` should the schema and the domain ever disagree). */
export function secondsOf(duration: string, path: string): number {
  const seconds = timePoints.parseDuration(duration);
  if (seconds === null) throw badRequest('validation', path, { field: path, detail: 'hh:mm:ss' });
  return seconds;
}

/**
 * POST /TimePoints/EmployeesCountForecast (docs/time-points.md "Forecast"): the staffing forecast of the
 * visit's points for `subjectsCount` subjects starting `timeInterval` apart (domain timePoints.forecast),
 * each activity named by its field.
 */
export async function employeesCountForecast(deps: Deps, input: ForecastRequest, caller: ActorCaller): Promise<ForecastReply> {
  assertReadsTimePointsAnywhere(caller.actor);
  const visit = await findVisitOf(deps.db, input.visitId);
  assertReadsTimePoints(caller.actor, visit.researchId);
  const points = await visitPointReplies(deps.db, visit.id);
  const result = timePoints.forecast(points.map(plannedOf), input.subjectsCount, secondsOf(input.timeInterval, 'timeInterval'));
  const texts = new Map(points.map((p) => [p.formFieldId, p.formFieldChain.formField.text]));
  return {
    ...result,
    timeIntervalsList: result.timeIntervalsList.map(({ formFieldId, ...interval }) => ({
      ...interval,
      formField: formFieldId ? { id: formFieldId, text: texts.get(formFieldId) ?? '' } : null,
    })),
  };
}
