import { and, eq, isNull } from 'drizzle-orm';
import type { TimeDeviationCreate, TimeDeviationReply } from '@edc/domain';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { timeDeviations } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { researchToChange } from '../design/shared/research.js';
import { assertChangesTimePointsAnywhere } from './time-points.policy.js';
import { findDeviation, findPoint, pointReply, type TimeDeviationRow } from './time-points.repo.js';

/**
 * Time deviations (docs/time-points.md "API"): when a point is due after a start point of the same visit.
 * Writes need what the points' writes need (time-points.policy.ts); each is one transaction with its audit
 * record (entity `time_deviation`).
 */

const audited = (d: TimeDeviationRow) => ({
  id: d.id,
  timePointId: d.timePointId,
  startTimePointId: d.startTimePointId,
  deviation: d.deviation,
  deviationPlus: d.deviationPlus,
  deviationMinus: d.deviationMinus,
});

/**
 * POST /TimeDeviations: both points live (404 naming the id), the caller changing their research's design
 * (403, 409), the start point another point of the same visit (400 naming startTimePointId).
 */
export async function createTimeDeviation(
  deps: Deps,
  input: TimeDeviationCreate,
  caller: ActorCaller,
): Promise<TimeDeviationReply> {
  assertChangesTimePointsAnywhere(caller.actor);
  const point = await findPoint(deps.db, input.timePointId);
  if (!point) throw notFound('timePointId');
  await researchToChange(deps.db, caller.actor, point.researchId, 'timePointId');
  if (input.startTimePointId === point.id) throw badRequest('time_deviation_self', 'startTimePointId');
  const start = await findPoint(deps.db, input.startTimePointId);
  if (!start) throw notFound('startTimePointId');
  if (start.visitId !== point.visitId) throw badRequest('time_point_other_visit', 'startTimePointId');
  // A point whose field was deleted in the designer is no longer listed (nor planned): nothing is added to it.
  if (!(await pointReply(deps.db, point.id))) throw notFound('timePointId');
  if (!(await pointReply(deps.db, start.id))) throw notFound('startTimePointId');
  const id = await deps.db.transaction((tx) =>
    insertTimeDeviation(tx, caller, point.researchId, {
      timePointId: point.id,
      startTimePointId: start.id,
      deviation: input.deviation,
      deviationPlus: input.deviationPlus,
      deviationMinus: input.deviationMinus,
    }),
  );
  const reply = (await pointReply(deps.db, point.id))?.timeDeviationList.find((d) => d.id === id);
  if (!reply) throw notFound('timePointId');
  return reply;
}

/**
 * Inserts a deviation in the caller's transaction and audits its creation (`time_deviation.create`, with
 * `origin` beside it). The caller has checked the rights and that both points are of the same visit.
 */
export async function insertTimeDeviation(
  tx: Db,
  caller: Pick<ActorCaller, 'audit'>,
  researchId: string,
  values: Pick<TimeDeviationRow, 'timePointId' | 'startTimePointId' | 'deviation' | 'deviationPlus' | 'deviationMinus'>,
  origin: Record<string, string> = {},
): Promise<string> {
  const [row] = await tx.insert(timeDeviations).values(values).returning();
  await writeAudit(tx, caller.audit, {
    action: 'time_deviation.create',
    entityType: 'time_deviation',
    entityId: row!.id,
    researchId,
    after: { ...audited(row!), ...origin },
  });
  return row!.id;
}

/** DELETE /TimeDeviations/{id}: soft. */
export async function deleteTimeDeviation(deps: Deps, id: string, caller: ActorCaller): Promise<void> {
  assertChangesTimePointsAnywhere(caller.actor);
  const deviation = await findDeviation(deps.db, id);
  const point = deviation && (await findPoint(deps.db, deviation.timePointId));
  if (!deviation || !point) throw notFound('id');
  await researchToChange(deps.db, caller.actor, point.researchId, 'id');
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx
      .update(timeDeviations)
      .set({ deletedAt: new Date() })
      .where(and(eq(timeDeviations.id, id), isNull(timeDeviations.deletedAt)))
      .returning();
    if (!gone) throw notFound('id');
    await writeAudit(tx, caller.audit, {
      action: 'time_deviation.delete',
      entityType: 'time_deviation',
      entityId: id,
      researchId: point.researchId,
      before: audited(gone),
    });
  });
}
