import { and, eq, isNull, or } from 'drizzle-orm';
import type { TimePointCreate, TimePointReply, TimePointUpdate } from '@edc/domain';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { timeDeviations, timePoints } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { assertFresh, assertPrintable } from '../design/shared/checks.js';
import { researchToChange } from '../design/shared/research.js';
import { assertChangesTimePointsAnywhere, assertReadsTimePoints, assertReadsTimePointsAnywhere } from './time-points.policy.js';
import {
  fieldTarget,
  findPoint,
  findVisitOf,
  orphanPoints,
  pointReply,
  TIME_FIELD_TYPES,
  visitPointReplies,
  type TimePointRow,
} from './time-points.repo.js';

/**
 * Time points (docs/time-points.md "API"; spec design-and-admin sections 3, 5 and 7): a visit's list, create
 * on a Time or DateTime field of one of its forms, edit, soft delete with the deviations that hang on the
 * point. Every write is one transaction with its audit record (entity `time_point`).
 */

/** What the audit trail keeps of a point. */
const audited = (p: TimePointRow) => ({
  id: p.id,
  visitId: p.visitId,
  formFieldId: p.formFieldId,
  duration: p.duration,
  description: p.description,
  isVisitStartPoint: p.isVisitStartPoint,
});

/** The unique indexes' refusals (they decide races too): the field has a point, the visit has a start point. */
function refusedByIndex(e: unknown): never {
  if (isUniqueViolation(e, 'time_points_field_uq')) throw badRequest('time_point_field_taken', 'formFieldId');
  if (isUniqueViolation(e, 'time_points_start_uq')) throw conflict('time_point_start_taken', 'isVisitStartPoint');
  throw e;
}

/** GET /TimePoints?visitId=: the visit's live points in their fields' order, with their deviations. */
export async function listTimePoints(deps: Deps, visitId: string, caller: ActorCaller): Promise<TimePointReply[]> {
  assertReadsTimePointsAnywhere(caller.actor);
  const visit = await findVisitOf(deps.db, visitId);
  assertReadsTimePoints(caller.actor, visit.researchId);
  return visitPointReplies(deps.db, visit.id);
}

async function replyOf(db: Db, id: string): Promise<TimePointReply> {
  const reply = await pointReply(db, id);
  if (!reply) throw notFound('id');
  return reply;
}

/**
 * POST /TimePoints: on a live form field of a live form (404 naming formFieldId), the caller changing its
 * research's design (403, 409 research_not_current), of type Time or DateTime (400 naming formFieldId);
 * its research and visit are the form's.
 */
export async function createTimePoint(deps: Deps, input: TimePointCreate, caller: ActorCaller): Promise<TimePointReply> {
  assertChangesTimePointsAnywhere(caller.actor);
  const target = await fieldTarget(deps.db, input.formFieldId);
  await researchToChange(deps.db, caller.actor, target.researchId, 'formFieldId');
  if (!TIME_FIELD_TYPES.includes(target.fieldType)) throw badRequest('time_point_not_time_field', 'formFieldId');
  assertPrintable(input, ['description']);
  const id = await deps.db
    .transaction(async (tx) => {
      await retireOrphans(tx, caller, target.visitId);
      return insertTimePoint(tx, caller, {
        researchId: target.researchId,
        visitId: target.visitId,
        formFieldId: target.formFieldId,
        duration: input.duration,
        description: input.description || null,
        isVisitStartPoint: input.isVisitStartPoint,
      });
    })
    .catch(refusedByIndex);
  return replyOf(deps.db, id);
}

/**
 * Inserts a point in the caller's transaction and audits its creation (`time_point.create`, with `origin`
 * beside the point, e.g. an ODM import's source). The caller has checked the rights, the field and the unique
 * slots (a unique index refusing aborts a PostgreSQL transaction).
 */
export async function insertTimePoint(
  tx: Db,
  caller: Pick<ActorCaller, 'audit'>,
  values: Pick<TimePointRow, 'researchId' | 'visitId' | 'formFieldId' | 'duration' | 'description' | 'isVisitStartPoint'>,
  origin: Record<string, string> = {},
): Promise<string> {
  const [row] = await tx.insert(timePoints).values(values).returning();
  await writeAudit(tx, caller.audit, {
    action: 'time_point.create',
    entityType: 'time_point',
    entityId: row!.id,
    researchId: row!.researchId,
    after: { ...audited(row!), ...origin },
  });
  return row!.id;
}

/** A live point whose research's design the caller changes: 403 before the lookup, 404, then 403 and 409. */
async function pointToChange(db: Db, id: string, caller: ActorCaller): Promise<TimePointRow> {
  assertChangesTimePointsAnywhere(caller.actor);
  const point = await findPoint(db, id);
  if (!point) throw notFound('id');
  await researchToChange(db, caller.actor, point.researchId, 'id');
  return point;
}

/** PUT /TimePoints/{id}/: duration, description and the start flag; `updatedAt`, when sent, must be current. */
export async function updateTimePoint(
  deps: Deps,
  id: string,
  input: TimePointUpdate,
  caller: ActorCaller,
): Promise<TimePointReply> {
  const before = await pointToChange(deps.db, id, caller);
  assertFresh(before.updatedAt, input.updatedAt);
  assertPrintable(input, ['description']);
  await deps.db
    .transaction(async (tx) => {
      await retireOrphans(tx, caller, before.visitId);
      // Locked and checked again: of two edits of the same version, the second waits here and gets the 409.
      const [current] = await tx
        .select()
        .from(timePoints)
        .where(and(eq(timePoints.id, id), isNull(timePoints.deletedAt)))
        .for('update');
      if (!current) throw notFound('id');
      assertFresh(current.updatedAt, input.updatedAt);
      const [after] = await tx
        .update(timePoints)
        .set({
          duration: input.duration,
          description: input.description || null,
          isVisitStartPoint: input.isVisitStartPoint,
          updatedAt: new Date(),
        })
        .where(eq(timePoints.id, id))
        .returning();
      await writeAudit(tx, caller.audit, {
        action: 'time_point.update',
        entityType: 'time_point',
        entityId: id,
        researchId: after!.researchId,
        before: audited(current),
        after: audited(after!),
      });
    })
    .catch(refusedByIndex);
  return replyOf(deps.db, id);
}

/** Soft-deletes a point with the deviations that hang on it, audited (`why` says why, when not asked for). */
async function softDeletePoint(tx: Db, caller: ActorCaller, id: string, why: Record<string, string> = {}): Promise<void> {
  const now = new Date();
  const [gone] = await tx
    .update(timePoints)
    .set({ deletedAt: now })
    .where(and(eq(timePoints.id, id), isNull(timePoints.deletedAt)))
    .returning();
  if (!gone) throw notFound('id');
  const deviations = await tx
    .update(timeDeviations)
    .set({ deletedAt: now })
    .where(and(or(eq(timeDeviations.timePointId, id), eq(timeDeviations.startTimePointId, id)), isNull(timeDeviations.deletedAt)))
    .returning({ id: timeDeviations.id });
  await writeAudit(tx, caller.audit, {
    action: 'time_point.delete',
    entityType: 'time_point',
    entityId: id,
    researchId: gone.researchId,
    before: audited(gone),
    after: { deletedTimeDeviationIds: deviations.map((d) => d.id), ...why },
  });
}

/**
 * Points whose field, section, form or visit was deleted in the designer are neither listed nor planned,
 * but their rows still hold the unique slots (the visit's start point above all): a write on the visit
 * first retires them, each audited as a deletion.
 */
async function retireOrphans(tx: Db, caller: ActorCaller, visitId: string): Promise<void> {
  for (const orphan of await orphanPoints(tx, visitId)) await softDeletePoint(tx, caller, orphan.id, { reason: 'field_deleted' });
}

/**
 * DELETE /TimePoints/{id}: soft; the point's deviations and those timed from it go with it (a point timed
 * from it falls back to its other deviations, or to nothing).
 */
export async function deleteTimePoint(deps: Deps, id: string, caller: ActorCaller): Promise<void> {
  await pointToChange(deps.db, id, caller);
  await deps.db.transaction((tx) => softDeletePoint(tx, caller, id));
}
