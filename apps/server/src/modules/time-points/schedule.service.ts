import { and, eq, isNull } from 'drizzle-orm';
import { timePoints, type Language, type ScheduleDocumentReply, type ScheduleRequest } from '@edc/domain';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { documentFiles, documents } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { insertJob, jobActorOf } from '../jobs/jobs.service.js';
import { secondsOf } from './forecast.service.js';
import { scheduleSheetName, scheduleWorkbook, type SchedulePlan } from './schedule-report.js';
import { assertReadsTimePoints, assertReadsTimePointsAnywhere, readsScheduleDocument } from './time-points.policy.js';
import { findPoint, findVisitOf, visitPointReplies } from './time-points.repo.js';

/**
 * The scheduled activities report (docs/time-points.md "Schedule"; spec design-and-admin section 7): a
 * request checks its input and reads the visit's points, records the document (type ScheduledActivities,
 * status Started) with a job of the job queue and answers at once; the job (schedule.job.ts) reads the points
 * again, makes the workbook and stores it, the status becoming Done (or Error once the job has failed for
 * good). The client polls GET /TimePoints/ScheduledActivities/{id}.
 */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type DocumentRow = typeof documents.$inferSelect;

export const scheduleReply = (d: Pick<DocumentRow, 'id' | 'name' | 'status'>): ScheduleDocumentReply => ({
  id: d.id,
  name: d.name,
  status: d.status as ScheduleDocumentReply['status'],
  documentLink: d.status === 'Done' ? `/api/Documents/${d.id}/File` : null,
});

/** The first subject's start as seconds of a wall-clock time (400 naming startDateTime for a day that does not exist). */
function startSecondsOf(text: string): number {
  const moment = timePoints.momentOf(text);
  // Date.UTC rolls 30 February over into March and 10:75 into 11:15: what is written must be what is read back.
  const written = text.length === 16 ? `${text}:00` : text;
  if (!moment || timePoints.formatMoment(moment, 'DateTime') !== written) {
    throw badRequest('validation', 'startDateTime', { field: 'startDateTime', detail: 'YYYY-MM-DDTHH:mm[:ss]' });
  }
  return moment.seconds;
}

const startedDocument = (documentId: string) =>
  and(eq(documents.id, documentId), eq(documents.status, 'Started'), isNull(documents.deletedAt));

/** Makes the workbook and stores it (status Done). */
export async function buildSchedule(db: Db, documentId: string, plan: SchedulePlan, lang: Language): Promise<void> {
  const bytes = await scheduleWorkbook(plan, lang);
  await db.transaction(async (tx) => {
    await tx.insert(documentFiles).values({ documentId, content: bytes });
    await tx.update(documents).set({ status: 'Done', sizeBytes: bytes.length }).where(startedDocument(documentId));
  });
}

/** A schedule that will not be made: its document ends in status Error. */
export async function failSchedule(db: Db, documentId: string): Promise<void> {
  await db.update(documents).set({ status: 'Error' }).where(startedDocument(documentId));
}

/** What a schedule is asked for: the visit, or one point of it, and the subjects' timing. */
export type ScheduleInput = ScheduleRequest & { pointId?: string };

/**
 * The schedule's plan from the visit's live points: 404 for an unknown point or visit (naming `id` or
 * `visitId`), 400 time_points_none when there is nothing to schedule. `assertReads` checks the caller
 * against the research (the request; the job acts for whoever asked).
 */
export async function schedulePlanOf(db: Db, input: ScheduleInput, assertReads: (researchId: string) => void = () => {}) {
  let visitId = input.visitId;
  if (input.pointId) {
    const point = await findPoint(db, input.pointId);
    if (!point) throw notFound('id');
    assertReads(point.researchId);
    if (visitId && visitId !== point.visitId) throw badRequest('time_point_other_visit', 'visitId');
    visitId = point.visitId;
  }
  if (!visitId) throw badRequest('required', 'visitId', { field: 'visitId' });
  const visit = await findVisitOf(db, visitId);
  assertReads(visit.researchId);
  const startSeconds = startSecondsOf(input.startDateTime);
  const points = await visitPointReplies(db, visit.id);
  const scheduled = input.pointId ? points.filter((p) => p.id === input.pointId) : points;
  if (!scheduled.length) throw badRequest('time_points_none', input.pointId ? 'id' : 'visitId');
  const plan: SchedulePlan = {
    points,
    scheduledIds: new Set(scheduled.map((p) => p.id)),
    subjectCount: input.subjectCount,
    intervalSeconds: secondsOf(input.timeInterval, 'timeInterval'),
    startSeconds,
  };
  return { visit, plan };
}

/**
 * POST /TimePoints/GenerateScheduledActivities (every point of `visitId`) and
 * POST /TimePoints/{id}/GenerateScheduledActivities (`pointId`: that point alone, placed along the visit's
 * chain; a `visitId` sent with it must be the point's). Readers of the research's time points settings
 * (403); 404 for an unknown visit or point; 400 time_points_none when there is nothing to schedule.
 */
export async function generateSchedule(deps: Deps, input: ScheduleInput, caller: ActorCaller): Promise<ScheduleDocumentReply> {
  assertReadsTimePointsAnywhere(caller.actor);
  const { visit, plan } = await schedulePlanOf(deps.db, input, (researchId) => assertReadsTimePoints(caller.actor, researchId));
  const name = `${scheduleSheetName(caller.lang)} ${visit.title} ${input.startDateTime.slice(0, 10)}`;
  const doc = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(documents)
      .values({
        researchId: visit.researchId,
        name,
        extension: 'xlsx',
        contentType: XLSX_TYPE,
        sizeBytes: 0,
        status: 'Started',
        type: 'ScheduledActivities',
        createdBy: caller.actor.userId,
      })
      .returning();
    const job = await insertJob(tx, {
      researchId: visit.researchId,
      kind: 'scheduled_activities',
      name,
      params: { documentId: row!.id, ...input, visitId: visit.id },
      actor: jobActorOf(caller),
    });
    await writeAudit(tx, caller.audit, {
      action: 'document.generate',
      entityType: 'document',
      entityId: row!.id,
      researchId: visit.researchId,
      after: {
        id: row!.id,
        type: 'ScheduledActivities',
        name,
        visitId: visit.id,
        timePointIds: [...plan.scheduledIds],
        subjectCount: input.subjectCount,
        timeInterval: input.timeInterval,
        startDateTime: input.startDateTime,
        jobId: job.id,
      },
    });
    return { row: row!, jobId: job.id };
  });
  await deps.jobs.enqueue('scheduled_activities', doc.jobId);
  return scheduleReply(doc.row);
}

/** GET /TimePoints/ScheduledActivities/{documentId}: the schedule's status (403 without the settings anywhere, else 404). */
export async function scheduleStatus(deps: Deps, documentId: string, caller: ActorCaller): Promise<ScheduleDocumentReply> {
  const [doc] = await deps.db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.type, 'ScheduledActivities'), isNull(documents.deletedAt)))
    .limit(1);
  if (!doc || !readsScheduleDocument(caller.actor, doc)) {
    assertReadsTimePointsAnywhere(caller.actor);
    throw notFound('documentId');
  }
  return scheduleReply(doc);
}
