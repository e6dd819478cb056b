import { JOB_ATTEMPTS } from '@edc/domain';
import type { JobHandler } from '../../platform/jobs/jobs.js';
import { AppError } from '../../platform/http/errors.js';
import { buildSchedule, failSchedule, schedulePlanOf, type ScheduleInput } from './schedule.service.js';

/**
 * The scheduled_activities job: the visit's points are read again (the workbook shows the design as it is
 * when it is made) and the workbook is stored in the document the request recorded. A refusal (the points
 * are gone) or the last failed attempt leaves the document in status Error; an earlier failure leaves it
 * Started for the next attempt.
 */
export const scheduleJob: JobHandler = async (ctx) => {
  const params = ctx.job.params as ScheduleInput & { documentId: string };
  try {
    const { plan } = await schedulePlanOf(ctx.db, params);
    await buildSchedule(ctx.db, params.documentId, plan, ctx.job.actor.language);
  } catch (e) {
    if (e instanceof AppError || ctx.job.attempts >= JOB_ATTEMPTS) await failSchedule(ctx.db, params.documentId);
    throw e;
  }
  return { documentId: params.documentId };
};
