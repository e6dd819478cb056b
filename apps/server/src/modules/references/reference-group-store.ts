import { and, asc, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { ReferenceField, referenceGroupUpdate, ReferenceGroupPeriod } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { offsetOf, pageOf, type PageQuery } from '../../platform/http/paging.js';
import {
  assertFormType,
  assertFresh,
  assertNoOverlap,
  assertPeriod,
  auditedGroup,
  formTypeTitles,
  iso,
  lockedGroup,
  referenceFieldsOf,
} from './reference-common.js';
import type { GroupOwner, KindTypes, ReferenceKind } from './reference-kind.js';
import { auditRange, liveRangesOf, referencesOf, softDeleteRanges } from './reference-range-store.js';

/**
 * The groups of either kind: reading them, and changing, deleting and locking them by the same rules.
 * Drizzle types the rows of a kind's tables as either kind's rows; the casts name the kind's own.
 */

/**
 * The group, locked against concurrent changes (lock toggles, range writes) until the transaction ends;
 * 404 if it was deleted while waiting for the lock.
 */
export async function lockGroup<T extends KindTypes>(k: ReferenceKind<T>, tx: Db, id: string, path: string): Promise<T['group']> {
  const [group] = (await tx.select().from(k.groups).where(eq(k.groups.id, id)).for('update')) as T['group'][];
  if (!group || group.deletedAt) throw notFound(path);
  return group;
}

async function groupDtos<T extends KindTypes>(k: ReferenceKind<T>, db: Db, rows: T['group'][]) {
  if (rows.length === 0) return [];
  const [titles, counts] = await Promise.all([
    formTypeTitles(
      db,
      rows.map((g) => g.formTypeId),
    ),
    db
      .select({ groupId: k.rangeGroupId, n: count() })
      .from(k.ranges)
      .where(
        and(
          inArray(
            k.rangeGroupId,
            rows.map((g) => g.id),
          ),
          isNull(k.ranges.deletedAt),
        ),
      )
      .groupBy(k.rangeGroupId),
  ]);
  const countOf = new Map(counts.map((c) => [c.groupId, c.n]));
  return rows.map((g) => ({
    id: g.id,
    ...k.ownerFields(g),
    formTypeId: g.formTypeId,
    formType: { id: g.formTypeId, title: titles.get(g.formTypeId) ?? '' },
    dateFrom: g.dateFrom,
    dateTo: g.dateTo,
    isLocked: g.isLocked,
    validated: g.isLocked,
    referenceCount: countOf.get(g.id) ?? 0,
    updatedAt: iso(g.updatedAt),
  }));
}

/** A group in the API's shape with its live ranges (`referenceList`). */
export async function groupDetail<T extends KindTypes>(k: ReferenceKind<T>, db: Db, id: string) {
  const [row] = (await db.select().from(k.groups).where(eq(k.groups.id, id))) as T['group'][];
  const [dto] = await groupDtos(k, db, [row!]);
  return { ...dto!, referenceList: await referencesOf(k, db, id) };
}

/** An owner's live groups (of one form type when asked), by start date, newest first. */
export async function groupsPage<T extends KindTypes>(
  k: ReferenceKind<T>,
  db: Db,
  ownerId: string,
  q: PageQuery & { formTypeId?: string },
) {
  const where = and(
    eq(k.groupOwnerId, ownerId),
    isNull(k.groups.deletedAt),
    q.formTypeId ? eq(k.groups.formTypeId, q.formTypeId) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(k.groups)
      .where(where)
      .orderBy(desc(k.groups.dateFrom), asc(k.groups.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(k.groups).where(where),
  ]);
  return pageOf(await groupDtos(k, db, rows as T['group'][]), counted?.n ?? 0, q);
}

export async function getGroup<T extends KindTypes>(k: ReferenceKind<T>, db: Db, id: string, caller: ActorCaller) {
  await k.groupToRead(db, id, caller);
  return groupDetail(k, db, id);
}

/** GET …/{id}/ByFormType: the fields of the group's form type a range may be set for. */
export async function groupFields<T extends KindTypes>(
  k: ReferenceKind<T>,
  db: Db,
  id: string,
  caller: ActorCaller,
): Promise<ReferenceField[]> {
  const group = await k.groupToRead(db, id, caller);
  return referenceFieldsOf(db, group.formTypeId);
}

/** A new group's form type and period, checked: a live form type, the end not before the start. */
export async function checkedNewPeriod(tx: Db, input: { formTypeId: string; dateFrom: string; dateTo?: string | null }) {
  await assertFormType(tx, input.formTypeId);
  const period = { dateFrom: input.dateFrom, dateTo: input.dateTo ?? null };
  assertPeriod(period);
  return period;
}

/** Serialises the group writes of an owner, then refuses a period that overlaps one of its other groups of the form type. */
export async function assertPeriodFree<T extends KindTypes>(
  k: ReferenceKind<T>,
  tx: Db,
  ownerId: string,
  formTypeId: string,
  period: ReferenceGroupPeriod,
  exceptId?: string,
  path?: string,
) {
  await tx.select({ id: k.ownerRowId }).from(k.ownerRowId.table).where(eq(k.ownerRowId, ownerId)).for('update');
  const others = await tx
    .select({ dateFrom: k.groups.dateFrom, dateTo: k.groups.dateTo })
    .from(k.groups)
    .where(
      and(
        eq(k.groupOwnerId, ownerId),
        eq(k.groups.formTypeId, formTypeId),
        isNull(k.groups.deletedAt),
        exceptId ? ne(k.groups.id, exceptId) : undefined,
      ),
    );
  assertNoOverlap(others, period, path);
}

/** The stored fields of a group for the audit trail, with its owner's. */
export const auditedGroupOf = <T extends KindTypes>(k: ReferenceKind<T>, g: T['group']) => auditedGroup(g, k.ownerFields(g));

/** One audit record of a group change; a centre's groups are audited in its research. */
export function auditGroup<T extends KindTypes>(
  k: ReferenceKind<T>,
  tx: Db,
  caller: ActorCaller,
  owner: GroupOwner,
  verb: 'create' | 'update' | 'delete' | 'lock' | 'unlock',
  states: { id: string; before?: T['group']; after?: T['group'] },
) {
  return writeAudit(tx, caller.audit, {
    action: `${k.entity.group}.${verb}`,
    entityType: k.entity.group,
    entityId: states.id,
    researchId: owner.researchId,
    before: states.before && auditedGroupOf(k, states.before),
    after: states.after && auditedGroupOf(k, states.after),
  });
}

/** PUT: period and form type of an unlocked group; the form type only while it has no ranges. */
export async function updateGroup<T extends KindTypes>(
  k: ReferenceKind<T>,
  db: Db,
  id: string,
  input: z.infer<typeof referenceGroupUpdate>,
  caller: ActorCaller,
) {
  return db.transaction(async (tx) => {
    const { group: before, owner } = await k.groupToChange(tx, id, caller, 'id');
    assertFresh(before.updatedAt, input.updatedAt);
    if (before.isLocked) throw lockedGroup('id');
    const formTypeId = input.formTypeId ?? before.formTypeId;
    const period = {
      dateFrom: input.dateFrom ?? before.dateFrom,
      dateTo: input.dateTo === undefined ? before.dateTo : input.dateTo,
    };
    if (formTypeId !== before.formTypeId) {
      await assertFormType(tx, formTypeId);
      const [ranges] = await tx.select({ n: count() }).from(k.ranges).where(liveRangesOf(k, id));
      if ((ranges?.n ?? 0) > 0) throw conflict('reference_group_form_type_fixed', 'formTypeId');
    }
    assertPeriod(period);
    if (formTypeId === before.formTypeId && period.dateFrom === before.dateFrom && period.dateTo === before.dateTo) {
      return groupDetail(k, tx, id);
    }
    await assertPeriodFree(k, tx, owner.id, formTypeId, period, id);
    const [after] = (await tx
      .update(k.groups)
      .set({ formTypeId, ...period, updatedAt: new Date() })
      .where(eq(k.groups.id, id))
      .returning()) as T['group'][];
    await auditGroup(k, tx, caller, owner, 'update', { id, before, after: after! });
    return groupDetail(k, tx, id);
  });
}

/** DELETE: only an unlocked group; its ranges go with it, each audited. */
export async function deleteGroup<T extends KindTypes>(k: ReferenceKind<T>, db: Db, id: string, caller: ActorCaller) {
  await db.transaction(async (tx) => {
    const { group: before, owner } = await k.groupToChange(tx, id, caller, 'id');
    if (before.isLocked) throw lockedGroup('id');
    const deletedAt = new Date();
    await tx.update(k.groups).set({ deletedAt, updatedAt: deletedAt }).where(eq(k.groups.id, id));
    await auditGroup(k, tx, caller, owner, 'delete', { id, before, after: { ...before, deletedAt } });
    for (const r of await softDeleteRanges(k, tx, liveRangesOf(k, id), deletedAt)) {
      const before = { ...r, deletedAt: null };
      await auditRange(k, tx, caller, owner, 'delete', { id: r.id, before, after: r, reason: 'reference group deleted' });
    }
  });
}

/** PUT …/ToggleLock: locks (validates) or unlocks a group. */
export async function toggleGroupLock<T extends KindTypes>(k: ReferenceKind<T>, db: Db, id: string, caller: ActorCaller) {
  return db.transaction(async (tx) => {
    const { group: before, owner } = await k.groupToChange(tx, id, caller, 'id');
    const [after] = (await tx
      .update(k.groups)
      .set({ isLocked: !before.isLocked, updatedAt: new Date() })
      .where(eq(k.groups.id, id))
      .returning()) as T['group'][];
    await auditGroup(k, tx, caller, owner, after!.isLocked ? 'lock' : 'unlock', { id, before, after: after! });
    return groupDetail(k, tx, id);
  });
}
