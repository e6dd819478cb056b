import { timePoints, type TimePointReply } from '@edc/domain';

/**
 * A point as the domain's arithmetic reads it (packages/domain/src/time-points): both a forecast's activity
 * and a planned point, its deviations in the order they were made (the first one places it).
 */
export const plannedOf = (p: TimePointReply): timePoints.ForecastPoint & timePoints.PlannedPoint => ({
  id: p.id,
  formFieldId: p.formFieldId,
  duration: p.duration,
  isVisitStartPoint: p.isVisitStartPoint,
  fieldType: p.formFieldChain.formField.fieldType,
  deviations: p.timeDeviationList,
});
