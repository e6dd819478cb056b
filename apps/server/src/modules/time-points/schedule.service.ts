import { and, eq, isNull } from 'drizzle-orm';
import { timePoints, type Language, type ScheduleDocumentReply, type ScheduleRequest } from '@edc/domain';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { documentFiles, documents } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import type { RunInBackground } from './background.js';
import { secondsOf } from './forecast.service.js';
import { scheduleSheetName, scheduleWorkbook, type SchedulePlan } from './schedule-report.js';
import { assertReadsTimePoints, assertReadsTimePointsAnywhere, readsScheduleDocument } from './time-points.policy.js';
import { findPoint, findVisitOf, visitPointReplies } from './time-points.repo.js';

/**
 * The scheduled activities report (docs/time-points.md "Schedule"; spec design-and-admin section 7): a
 * request checks its input and reads the visit's points, records the document (type ScheduledActivities,
 * status Started) and answers at once; the workbook is then made in the background (background.ts) and
 * stored, the status becoming Done (or Error). The client polls GET /TimePoints/ScheduledActivities/{id}.
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

/** Makes the workbook and stores it (status Done); on any failure the document ends in status Error. */
export async function buildSchedule(db: Db, documentId: string, plan: SchedulePlan, lang: Language): Promise<void> {
  const started = and(eq(documents.id, documentId), eq(documents.status, 'Started'), isNull(documents.deletedAt));
  try {
    const bytes = await scheduleWorkbook(plan, lang);
    await db.transaction(async (tx) => {
      await tx.insert(documentFiles).values({ documentId, content: bytes });
      await tx.update(documents).set({ status: 'Done', sizeBytes: bytes.length }).where(started);
    });
  } catch (e) {
    await db
      .update(documents)
      .set({ status: 'Error' })
      .where(started)
      .catch(() => undefined);
    throw e;
  }
}

/**
 * POST /TimePoints/GenerateScheduledActivities (every point of `visitId`) and
 * POST /TimePoints/{id}/GenerateScheduledActivities (`pointId`: that point alone, placed along the visit's
 * chain; a `visitId` sent with it must be the point's). Readers of the research's time points settings
 * (403); 404 for an unknown visit or point; 400 time_points_none when there is nothing to schedule.
 */
export async function generateSchedule(
  deps: Deps,
  runInBackground: RunInBackground,
  input: ScheduleRequest & { pointId?: string },
  caller: ActorCaller,
): Promise<ScheduleDocumentReply> {
  assertReadsTimePointsAnywhere(caller.actor);
  let visitId = input.visitId;
  if (input.pointId) {
    const point = await findPoint(deps.db, input.pointId);
    if (!point) throw notFound('id');
    assertReadsTimePoints(caller.actor, point.researchId);
    if (visitId && visitId !== point.visitId) throw badRequest('time_point_other_visit', 'visitId');
    visitId = point.visitId;
  }
  if (!visitId) throw badRequest('required', 'visitId', { field: 'visitId' });
  const visit = await findVisitOf(deps.db, visitId);
  assertReadsTimePoints(caller.actor, visit.researchId);
  const startSeconds = startSecondsOf(input.startDateTime);
  const points = await visitPointReplies(deps.db, visit.id);
  const scheduled = input.pointId ? points.filter((p) => p.id === input.pointId) : points;
  if (!scheduled.length) throw badRequest('time_points_none', input.pointId ? 'id' : 'visitId');
  const plan: SchedulePlan = {
    points,
    scheduledIds: new Set(scheduled.map((p) => p.id)),
    subjectCount: input.subjectCount,
    intervalSeconds: secondsOf(input.timeInterval, 'timeInterval'),
    startSeconds,
  };
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
      },
    });
    return row!;
  });
  runInBackground('scheduled_activities', () => buildSchedule(deps.db, doc.id, plan, caller.lang));
  return scheduleReply(doc);
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
  // Made in-process: a schedule still Started long after its request was lost with a stopped server (a
  // restart, a crash); it is marked Error so that the page stops waiting for it.
  if (doc.status === 'Started' && Date.now() - doc.createdAt.getTime() > STALE_AFTER_MS) {
    const [failed] = await deps.db
      .update(documents)
      .set({ status: 'Error' })
      .where(and(eq(documents.id, doc.id), eq(documents.status, 'Started')))
      .returning();
    return scheduleReply(failed ?? { ...doc, status: 'Error' });
  }
  return scheduleReply(doc);
}

/** A schedule takes seconds; one Started for this long will not be Done. */
const STALE_AFTER_MS = 15 * 60_000;
