import { timePoints } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { badRequest } from '../../platform/http/errors.js';
import type { TimeFieldType } from './time-points.repo.js';
import { factsOf, subjectPoints } from './subject-point-facts.js';

/**
 * The entry check of a time point's field (spec operations section 5; docs/time-points.md "Entry check"): a
 * value of a Time or DateTime field that carries a live time point must lie in the point's planned window,
 * computed from the other points' current values in the same subject visit (domain pointWindows); outside
 * it the save is refused with the window as the field shows times: 400 time_outside_window naming `data`,
 * 'Рекомендуемое время: {start} - {end}'. A point nothing plans yet (no start value) admits any value.
 * The data-entry save calls this only for a field its context marks as having a point (field-context.ts).
 */

/** A window's end as the entry form shows times (domain pointTimeText). */
export const windowText = (m: timePoints.Moment, fieldType: TimeFieldType): string =>
  timePoints.pointTimeText(timePoints.formatMoment(m, fieldType));

export async function assertInTimeWindow(
  tx: Db,
  target: { formFieldId: string; subjectVisitId: string },
  data: string,
): Promise<void> {
  const value = timePoints.momentOf(data);
  if (!value) return;
  const points = await subjectPoints(tx, { formFieldId: target.formFieldId }, target.subjectVisitId);
  const own = points.find((p) => p.formFieldId === target.formFieldId);
  if (!own) return;
  const window = timePoints.pointWindows(points, factsOf(points, own.id)).get(own.id);
  if (!window || timePoints.inWindow(value, window)) return;
  throw badRequest('time_outside_window', 'data', {
    start: windowText(window.start, own.fieldType),
    end: windowText(window.end, own.fieldType),
  });
}
