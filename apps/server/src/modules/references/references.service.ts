import { and, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Reference, referenceCreate, referencesQuery, referenceUpdate } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { referenceRanges } from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { pageOf } from '../../platform/http/paging.js';
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
} from './reference-common.js';
import { findGroup, groupToChange, referencesOf, toReference } from './reference-groups.service.js';
import { mayReadCentreReferences } from './references.policy.js';

type RangeStored = typeof referenceRanges.$inferSelect;
const audited = (r: RangeStored) => auditedRange(r, 'referenceGroupId');

async function findRange(db: Db, id: string): Promise<RangeStored | undefined> {
  const [row] = await db
    .select()
    .from(referenceRanges)
    .where(and(eq(referenceRanges.id, id), isNull(referenceRanges.deletedAt)))
    .limit(1);
  return row;
}

async function referenceDto(db: Db, row: RangeStored): Promise<Reference> {
  const fields = await fieldsById(db, [row.fieldId]);
  return toReference(row, fields.get(row.fieldId)!);
}

/** GET /References?referenceGroupId=: the ranges of a group the caller may read. */
export async function listReferencesPage(deps: Deps, q: z.infer<typeof referencesQuery>, caller: ActorCaller) {
  const { db } = deps;
  const found = await findGroup(db, q.referenceGroupId);
  if (!found) throw notFound('referenceGroupId');
  if (!(await mayReadCentreReferences(db, caller.actor, found.centre))) throw forbidden();
  const [rows, [counted]] = await Promise.all([
    referencesOf(db, found.group.id, q),
    db
      .select({ n: count() })
      .from(referenceRanges)
      .where(and(eq(referenceRanges.referenceGroupId, found.group.id), isNull(referenceRanges.deletedAt))),
  ]);
  return pageOf(rows, counted?.n ?? 0, q);
}

/** GET /References/{id}: outside the caller's scope it does not exist (404). */
export async function getReference(deps: Deps, id: string, caller: ActorCaller): Promise<Reference> {
  const { db } = deps;
  const row = await findRange(db, id);
  const found = row && (await findGroup(db, row.referenceGroupId));
  if (!row || !found || !(await mayReadCentreReferences(db, caller.actor, found.centre))) throw notFound('id');
  return referenceDto(db, row);
}

/**
 * POST /References: every field required (the web form fills REFERENCE_DEFAULTS); the field must be a
 * number or calculated field of the group's form type; min ≤ max for values and ages; the group unlocked.
 */
export async function createReference(
  deps: Deps,
  input: z.infer<typeof referenceCreate>,
  caller: ActorCaller,
): Promise<Reference> {
  return deps.db.transaction(async (tx) => {
    const { centre, group } = await groupToChange(tx, input.referenceGroupId, caller, 'referenceGroupId');
    if (group.isLocked) throw lockedGroup('referenceGroupId');
    await assertReferenceField(tx, input.fieldId, group.formTypeId);
    assertRangeBounds(input);
    const [row] = await tx
      .insert(referenceRanges)
      .values({ ...rangeValuesOf(input), referenceGroupId: group.id })
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'reference.create',
      entityType: 'reference',
      entityId: row!.id,
      researchId: centre.researchId,
      after: audited(row!),
    });
    return referenceDto(tx, row!);
  });
}

/** Loads a range and its group (locked for the change) for a change by references_edit. */
async function rangeToChange(tx: Db, id: string, caller: ActorCaller) {
  const before = await findRange(tx, id);
  if (!before) throw notFound('id');
  const { centre, group } = await groupToChange(tx, before.referenceGroupId, caller, 'id');
  if (group.isLocked) throw lockedGroup('referenceGroupId');
  return { before, centre, group };
}

/** PUT /References/{id}: any of the fields; the merged range is checked as a new one would be. */
export async function updateReference(
  deps: Deps,
  id: string,
  input: z.infer<typeof referenceUpdate>,
  caller: ActorCaller,
): Promise<Reference> {
  return deps.db.transaction(async (tx) => {
    const { before, centre, group } = await rangeToChange(tx, id, caller);
    assertFresh(before.updatedAt, input.updatedAt);
    const merged = mergeRange(before, input);
    if (merged.fieldId !== before.fieldId) await assertReferenceField(tx, merged.fieldId, group.formTypeId);
    assertRangeBounds(merged);
    if (!rangeChanged(before, merged)) return referenceDto(tx, before);
    const [after] = await tx
      .update(referenceRanges)
      .set({ ...merged, updatedAt: new Date() })
      .where(eq(referenceRanges.id, id))
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'reference.update',
      entityType: 'reference',
      entityId: id,
      researchId: centre.researchId,
      before: audited(before),
      after: audited(after!),
    });
    return referenceDto(tx, after!);
  });
}

/** DELETE /References/{id}: soft delete, only in an unlocked group. */
export async function deleteReference(deps: Deps, id: string, caller: ActorCaller): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { before, centre } = await rangeToChange(tx, id, caller);
    const deletedAt = new Date();
    const [after] = await tx
      .update(referenceRanges)
      .set({ deletedAt, updatedAt: deletedAt })
      .where(eq(referenceRanges.id, id))
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'reference.delete',
      entityType: 'reference',
      entityId: id,
      researchId: centre.researchId,
      before: audited(before),
      after: audited(after!),
    });
  });
}
