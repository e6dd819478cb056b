import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { referenceUpdate } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { notFound } from '../../platform/http/errors.js';
import { offsetOf } from '../../platform/http/paging.js';
import {
  assertFresh,
  assertRangeBounds,
  assertReferenceField,
  auditedRange,
  fieldsById,
  lockedGroup,
  mergeRange,
  rangeChanged,
  rangeValuesOf,
  type RangeInput,
  type RangeValues,
} from './reference-common.js';
import type { GroupOwner, KindTypes, ReferenceKind } from './reference-kind.js';

/**
 * The ranges of either kind of group: reading them, and creating, changing and deleting them by the same
 * rules. Drizzle types the rows of a kind's tables as either kind's rows; the casts name the kind's own.
 */

type Page = { page: number; pageSize: number };

export const liveRangesOf = <T extends KindTypes>(k: ReferenceKind<T>, groupId: string) =>
  and(eq(k.rangeGroupId, groupId), isNull(k.ranges.deletedAt));

/** The live ranges of a group as stored, in the order they were added (one page of them when asked). */
export async function liveRangeRows<T extends KindTypes>(k: ReferenceKind<T>, db: Db, groupId: string, page?: Page) {
  const query = db.select().from(k.ranges).where(liveRangesOf(k, groupId)).orderBy(asc(k.ranges.createdAt), asc(k.ranges.id));
  return (await (page ? query.$dynamic().limit(page.pageSize).offset(offsetOf(page)) : query)) as T['range'][];
}

/** The live ranges of a group in the API's shape. */
export async function referencesOf<T extends KindTypes>(k: ReferenceKind<T>, db: Db, groupId: string, page?: Page) {
  const rows = await liveRangeRows(k, db, groupId, page);
  const byId = await fieldsById(
    db,
    rows.map((r) => r.fieldId),
  );
  return rows.map((r) => k.toReference(r, byId.get(r.fieldId)!));
}

export async function referenceDto<T extends KindTypes>(k: ReferenceKind<T>, db: Db, row: T['range']): Promise<T['reference']> {
  const byId = await fieldsById(db, [row.fieldId]);
  return k.toReference(row, byId.get(row.fieldId)!);
}

export async function findRange<T extends KindTypes>(k: ReferenceKind<T>, db: Db, id: string): Promise<T['range'] | undefined> {
  const [row] = await db
    .select()
    .from(k.ranges)
    .where(and(eq(k.ranges.id, id), isNull(k.ranges.deletedAt)))
    .limit(1);
  return row as T['range'] | undefined;
}

/** One audit record of a range change; a centre's ranges are audited in its research. */
export function auditRange<T extends KindTypes>(
  k: ReferenceKind<T>,
  tx: Db,
  caller: ActorCaller,
  owner: GroupOwner,
  verb: 'create' | 'update' | 'delete',
  states: { id: string; before?: T['range']; after?: T['range']; reason?: string },
) {
  return writeAudit(tx, caller.audit, {
    action: `${k.entity.range}.${verb}`,
    entityType: k.entity.range,
    entityId: states.id,
    researchId: owner.researchId,
    before: states.before && auditedRange(states.before, k.groupKey),
    after: states.after && auditedRange(states.after, k.groupKey),
    reason: states.reason,
  });
}

/** Inserts ranges into a group, each audited as created (with the reason when they are copies). */
export async function insertRanges<T extends KindTypes>(
  k: ReferenceKind<T>,
  tx: Db,
  caller: ActorCaller,
  owner: GroupOwner,
  groupId: string,
  values: RangeValues[],
  reason?: string,
): Promise<T['range'][]> {
  if (values.length === 0) return [];
  const rows = (await tx
    .insert(k.ranges)
    .values(values.map((v) => ({ ...v, [k.groupKey]: groupId }) as typeof k.ranges.$inferInsert))
    .returning()) as T['range'][];
  for (const row of rows) await auditRange(k, tx, caller, owner, 'create', { id: row.id, after: row, reason });
  return rows;
}

/**
 * POST: every field required (the web form fills REFERENCE_DEFAULTS); the field must be a number or
 * calculated field of the group's form type; min ≤ max for values and ages; the group unlocked.
 */
export async function createRange<T extends KindTypes>(
  k: ReferenceKind<T>,
  db: Db,
  groupId: string,
  input: RangeInput,
  caller: ActorCaller,
): Promise<T['reference']> {
  return db.transaction(async (tx) => {
    const { group, owner } = await k.groupToChange(tx, groupId, caller, k.groupKey);
    if (group.isLocked) throw lockedGroup(k.groupKey);
    await assertReferenceField(tx, input.fieldId, group.formTypeId);
    assertRangeBounds(input);
    const [row] = await insertRanges(k, tx, caller, owner, group.id, [rangeValuesOf(input)]);
    return referenceDto(k, tx, row!);
  });
}

/** Loads a range and its group (locked for the change) for a change by one who may edit the group. */
async function rangeToChange<T extends KindTypes>(k: ReferenceKind<T>, tx: Db, id: string, caller: ActorCaller) {
  const before = await findRange(k, tx, id);
  if (!before) throw notFound('id');
  const { group, owner } = await k.groupToChange(tx, k.groupIdOf(before), caller, 'id');
  if (group.isLocked) throw lockedGroup(k.groupKey);
  return { before, group, owner };
}

/** PUT: any of the fields; the merged range is checked as a new one would be. */
export async function updateRange<T extends KindTypes>(
  k: ReferenceKind<T>,
  db: Db,
  id: string,
  input: z.infer<typeof referenceUpdate>,
  caller: ActorCaller,
): Promise<T['reference']> {
  return db.transaction(async (tx) => {
    const { before, group, owner } = await rangeToChange(k, tx, id, caller);
    assertFresh(before.updatedAt, input.updatedAt);
    const merged = mergeRange(before, input);
    if (merged.fieldId !== before.fieldId) await assertReferenceField(tx, merged.fieldId, group.formTypeId);
    assertRangeBounds(merged);
    if (!rangeChanged(before, merged)) return referenceDto(k, tx, before);
    const [after] = (await tx
      .update(k.ranges)
      .set({ ...merged, updatedAt: new Date() })
      .where(eq(k.ranges.id, id))
      .returning()) as T['range'][];
    await auditRange(k, tx, caller, owner, 'update', { id, before, after: after! });
    return referenceDto(k, tx, after!);
  });
}

/** Soft deletes the ranges `where` selects; returns them as deleted. */
export async function softDeleteRanges<T extends KindTypes>(
  k: ReferenceKind<T>,
  tx: Db,
  where: SQL | undefined,
  deletedAt: Date,
) {
  return (await tx.update(k.ranges).set({ deletedAt, updatedAt: deletedAt }).where(where).returning()) as T['range'][];
}

/** DELETE: soft delete, only in an unlocked group. */
export async function deleteRange<T extends KindTypes>(k: ReferenceKind<T>, db: Db, id: string, caller: ActorCaller) {
  await db.transaction(async (tx) => {
    const { before, owner } = await rangeToChange(k, tx, id, caller);
    const [after] = await softDeleteRanges(k, tx, eq(k.ranges.id, id), new Date());
    await auditRange(k, tx, caller, owner, 'delete', { id, before, after: after! });
  });
}
