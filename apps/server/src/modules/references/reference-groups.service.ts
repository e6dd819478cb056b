import { and, asc, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Reference,
  ReferenceField,
  ReferenceGroup,
  ReferenceGroupDetail,
  referenceGroupCreate,
  referenceGroupsQuery,
  referenceGroupUpdate,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import {
  organisationReferenceGroups,
  organisationReferenceRanges,
  referenceGroups,
  referenceRanges,
  researchOrganisations,
} from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { offsetOf, pageOf } from '../../platform/http/paging.js';
import { findCentre, type CentreRow } from '../centres/centres.queries.js';
import {
  assertFormType,
  assertFresh,
  assertNoOverlap,
  assertPeriod,
  auditedGroup,
  auditedRange,
  copyOfRange,
  fieldsById,
  formTypeTitles,
  iso,
  lockedGroup,
  rangeDto,
  referenceFieldsOf,
  type RangeRow,
} from './reference-common.js';
import { mayEditCentreReferences, mayReadCentreReferences } from './references.policy.js';

export type GroupRow = typeof referenceGroups.$inferSelect;
type RangeStored = typeof referenceRanges.$inferSelect;

const audited = (g: GroupRow) =>
  auditedGroup(g, {
    researchOrganisationId: g.researchOrganisationId,
    organisationReferenceGroupId: g.organisationReferenceGroupId,
  });
const auditedRef = (r: RangeStored) => auditedRange(r, 'referenceGroupId');

/** A live group of a live centre, with the centre. */
export async function findGroup(db: Db, id: string): Promise<{ group: GroupRow; centre: CentreRow } | undefined> {
  const [group] = await db
    .select()
    .from(referenceGroups)
    .where(and(eq(referenceGroups.id, id), isNull(referenceGroups.deletedAt)))
    .limit(1);
  const centre = group && (await findCentre(db, group.researchOrganisationId));
  return group && centre ? { group, centre } : undefined;
}

/**
 * The group, locked against concurrent changes (lock toggles, range writes) until the transaction ends;
 * 404 if it was deleted while waiting for the lock.
 */
async function lockGroup(tx: Db, id: string, path: string): Promise<GroupRow> {
  const [group] = await tx.select().from(referenceGroups).where(eq(referenceGroups.id, id)).for('update');
  if (!group || group.deletedAt) throw notFound(path);
  return group;
}

/** Loads a group to change: 404 unknown, 403 without references_edit in its research. */
export async function groupToChange(tx: Db, id: string, caller: ActorCaller, path = 'id') {
  const found = await findGroup(tx, id);
  if (!found) throw notFound(path);
  if (!mayEditCentreReferences(caller.actor, found.centre.researchId)) throw forbidden();
  return { centre: found.centre, group: await lockGroup(tx, id, path) };
}

/** Loads a group to read: outside the caller's scope it does not exist (404). */
async function groupToRead(db: Db, id: string, caller: ActorCaller) {
  const found = await findGroup(db, id);
  if (!found || !(await mayReadCentreReferences(db, caller.actor, found.centre))) throw notFound('id');
  return found;
}

const liveRangesOf = (groupId: string) => and(eq(referenceRanges.referenceGroupId, groupId), isNull(referenceRanges.deletedAt));

export const toReference = (r: RangeStored, field: ReferenceField): Reference => ({
  ...rangeDto(r, field),
  referenceGroupId: r.referenceGroupId,
});

/** The live ranges of a group in the API's shape, in the order they were added. */
export async function referencesOf(db: Db, groupId: string, page?: { page: number; pageSize: number }): Promise<Reference[]> {
  const query = db
    .select()
    .from(referenceRanges)
    .where(liveRangesOf(groupId))
    .orderBy(asc(referenceRanges.createdAt), asc(referenceRanges.id))
    .$dynamic();
  const rows = await (page ? query.limit(page.pageSize).offset(offsetOf(page)) : query);
  const byId = await fieldsById(
    db,
    rows.map((r) => r.fieldId),
  );
  return rows.map((r) => toReference(r, byId.get(r.fieldId)!));
}

async function groupDtos(db: Db, rows: GroupRow[]): Promise<ReferenceGroup[]> {
  if (rows.length === 0) return [];
  const [titles, counts] = await Promise.all([
    formTypeTitles(
      db,
      rows.map((g) => g.formTypeId),
    ),
    db
      .select({ groupId: referenceRanges.referenceGroupId, n: count() })
      .from(referenceRanges)
      .where(
        and(
          inArray(
            referenceRanges.referenceGroupId,
            rows.map((g) => g.id),
          ),
          isNull(referenceRanges.deletedAt),
        ),
      )
      .groupBy(referenceRanges.referenceGroupId),
  ]);
  const countOf = new Map(counts.map((c) => [c.groupId, c.n]));
  return rows.map((g) => ({
    id: g.id,
    researchOrganisationId: g.researchOrganisationId,
    organisationReferenceGroupId: g.organisationReferenceGroupId,
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

export async function groupDetail(db: Db, id: string): Promise<ReferenceGroupDetail> {
  const [row] = await db.select().from(referenceGroups).where(eq(referenceGroups.id, id));
  const [dto] = await groupDtos(db, [row!]);
  return { ...dto!, referenceList: await referencesOf(db, id) };
}

/** GET /ReferenceGroups?researchOrganisationId=: a centre's groups by start date, newest first. */
export async function listGroupsPage(deps: Deps, q: z.infer<typeof referenceGroupsQuery>, caller: ActorCaller) {
  const { db } = deps;
  const centre = await findCentre(db, q.researchOrganisationId);
  if (!centre) throw notFound('researchOrganisationId');
  if (!(await mayReadCentreReferences(db, caller.actor, centre))) throw forbidden();
  const where = and(
    eq(referenceGroups.researchOrganisationId, centre.id),
    isNull(referenceGroups.deletedAt),
    q.formTypeId ? eq(referenceGroups.formTypeId, q.formTypeId) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(referenceGroups)
      .where(where)
      .orderBy(desc(referenceGroups.dateFrom), asc(referenceGroups.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(referenceGroups).where(where),
  ]);
  return pageOf(await groupDtos(db, rows), counted?.n ?? 0, q);
}

export async function getGroup(deps: Deps, id: string, caller: ActorCaller): Promise<ReferenceGroupDetail> {
  await groupToRead(deps.db, id, caller);
  return groupDetail(deps.db, id);
}

/** GET /ReferenceGroups/{id}/ByFormType: the fields of the group's form type a range may be set for. */
export async function groupFields(deps: Deps, id: string, caller: ActorCaller): Promise<ReferenceField[]> {
  const { group } = await groupToRead(deps.db, id, caller);
  return referenceFieldsOf(deps.db, group.formTypeId);
}

/** Serialises the group writes of a centre, then refuses a period that overlaps one of its other groups of the form type. */
async function assertCentrePeriodFree(
  tx: Db,
  centreId: string,
  formTypeId: string,
  period: { dateFrom: string; dateTo: string | null },
  exceptId?: string,
  path?: string,
) {
  await tx
    .select({ id: researchOrganisations.id })
    .from(researchOrganisations)
    .where(eq(researchOrganisations.id, centreId))
    .for('update');
  const others = await tx
    .select({ dateFrom: referenceGroups.dateFrom, dateTo: referenceGroups.dateTo })
    .from(referenceGroups)
    .where(
      and(
        eq(referenceGroups.researchOrganisationId, centreId),
        eq(referenceGroups.formTypeId, formTypeId),
        isNull(referenceGroups.deletedAt),
        exceptId ? ne(referenceGroups.id, exceptId) : undefined,
      ),
    );
  assertNoOverlap(others, period, path);
}

/** Inserts copies of ranges into a group, each audited as created. */
async function copyRanges(tx: Db, caller: ActorCaller, ranges: RangeRow[], groupId: string, researchId: string, reason: string) {
  if (ranges.length === 0) return;
  const rows = await tx
    .insert(referenceRanges)
    .values(ranges.map((r) => ({ ...copyOfRange(r), referenceGroupId: groupId })))
    .returning();
  for (const row of rows) {
    await writeAudit(tx, caller.audit, {
      action: 'reference.create',
      entityType: 'reference',
      entityId: row.id,
      researchId,
      after: auditedRef(row),
      reason,
    });
  }
}

/**
 * POST /ReferenceGroups: form type and start date required, the end optional and not before the start,
 * no overlap with the centre's other groups of the form type. Started from an organisation group (of the
 * centre's organisation and the same form type), the new group gets copies of its ranges.
 */
export async function createGroup(
  deps: Deps,
  input: z.infer<typeof referenceGroupCreate>,
  caller: ActorCaller,
): Promise<ReferenceGroupDetail> {
  return deps.db.transaction(async (tx) => {
    const centre = await findCentre(tx, input.researchOrganisationId);
    if (!centre) throw notFound('researchOrganisationId');
    if (!mayEditCentreReferences(caller.actor, centre.researchId)) throw forbidden();
    await assertFormType(tx, input.formTypeId);
    const period = { dateFrom: input.dateFrom, dateTo: input.dateTo ?? null };
    assertPeriod(period);
    let source: RangeRow[] = [];
    if (input.organisationReferenceGroupId) {
      const [og] = await tx
        .select()
        .from(organisationReferenceGroups)
        .where(
          and(
            eq(organisationReferenceGroups.id, input.organisationReferenceGroupId),
            isNull(organisationReferenceGroups.deletedAt),
          ),
        );
      if (!og) throw notFound('organisationReferenceGroupId');
      if (og.organisationId !== centre.organisationId) {
        throw badRequest('foreign_organisation', 'organisationReferenceGroupId', { field: 'organisationReferenceGroupId' });
      }
      if (og.formTypeId !== input.formTypeId)
        throw badRequest('form_type_mismatch', 'formTypeId', { field: 'organisationReferenceGroupId' });
      source = await tx
        .select()
        .from(organisationReferenceRanges)
        .where(
          and(eq(organisationReferenceRanges.organisationReferenceGroupId, og.id), isNull(organisationReferenceRanges.deletedAt)),
        )
        .orderBy(asc(organisationReferenceRanges.createdAt), asc(organisationReferenceRanges.id));
    }
    await assertCentrePeriodFree(tx, centre.id, input.formTypeId, period);
    const [row] = await tx
      .insert(referenceGroups)
      .values({
        researchOrganisationId: centre.id,
        formTypeId: input.formTypeId,
        ...period,
        organisationReferenceGroupId: input.organisationReferenceGroupId ?? null,
      })
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'reference_group.create',
      entityType: 'reference_group',
      entityId: row!.id,
      researchId: centre.researchId,
      after: audited(row!),
    });
    await copyRanges(
      tx,
      caller,
      source,
      row!.id,
      centre.researchId,
      `copied from organisation reference group ${input.organisationReferenceGroupId}`,
    );
    return groupDetail(tx, row!.id);
  });
}

/** PUT /ReferenceGroups/{id}: period and form type of an unlocked group; the form type only while it has no ranges. */
export async function updateGroup(
  deps: Deps,
  id: string,
  input: z.infer<typeof referenceGroupUpdate>,
  caller: ActorCaller,
): Promise<ReferenceGroupDetail> {
  return deps.db.transaction(async (tx) => {
    const { centre, group: before } = await groupToChange(tx, id, caller);
    assertFresh(before.updatedAt, input.updatedAt);
    if (before.isLocked) throw lockedGroup('id');
    const formTypeId = input.formTypeId ?? before.formTypeId;
    const period = {
      dateFrom: input.dateFrom ?? before.dateFrom,
      dateTo: input.dateTo === undefined ? before.dateTo : input.dateTo,
    };
    if (formTypeId !== before.formTypeId) {
      await assertFormType(tx, formTypeId);
      const [ranges] = await tx.select({ n: count() }).from(referenceRanges).where(liveRangesOf(id));
      if ((ranges?.n ?? 0) > 0) throw conflict('reference_group_form_type_fixed', 'formTypeId');
    }
    assertPeriod(period);
    if (formTypeId === before.formTypeId && period.dateFrom === before.dateFrom && period.dateTo === before.dateTo) {
      return groupDetail(tx, id);
    }
    await assertCentrePeriodFree(tx, centre.id, formTypeId, period, id);
    const [after] = await tx
      .update(referenceGroups)
      .set({ formTypeId, ...period, updatedAt: new Date() })
      .where(eq(referenceGroups.id, id))
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'reference_group.update',
      entityType: 'reference_group',
      entityId: id,
      researchId: centre.researchId,
      before: audited(before),
      after: audited(after!),
    });
    return groupDetail(tx, id);
  });
}

/** DELETE /ReferenceGroups/{id}: only an unlocked group; its ranges go with it, each audited. */
export async function deleteGroup(deps: Deps, id: string, caller: ActorCaller): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { centre, group: before } = await groupToChange(tx, id, caller);
    if (before.isLocked) throw lockedGroup('id');
    const deletedAt = new Date();
    await tx.update(referenceGroups).set({ deletedAt, updatedAt: deletedAt }).where(eq(referenceGroups.id, id));
    await writeAudit(tx, caller.audit, {
      action: 'reference_group.delete',
      entityType: 'reference_group',
      entityId: id,
      researchId: centre.researchId,
      before: audited(before),
      after: audited({ ...before, deletedAt }),
    });
    const removed = await tx.update(referenceRanges).set({ deletedAt, updatedAt: deletedAt }).where(liveRangesOf(id)).returning();
    for (const r of removed) {
      await writeAudit(tx, caller.audit, {
        action: 'reference.delete',
        entityType: 'reference',
        entityId: r.id,
        researchId: centre.researchId,
        before: auditedRef({ ...r, deletedAt: null }),
        after: auditedRef(r),
        reason: 'reference group deleted',
      });
    }
  });
}

/** PUT /ReferenceGroups/{id}/ToggleLock: locks (validates) or unlocks a group. */
export async function toggleGroupLock(deps: Deps, id: string, caller: ActorCaller): Promise<ReferenceGroupDetail> {
  return deps.db.transaction(async (tx) => {
    const { centre, group: before } = await groupToChange(tx, id, caller);
    const [after] = await tx
      .update(referenceGroups)
      .set({ isLocked: !before.isLocked, updatedAt: new Date() })
      .where(eq(referenceGroups.id, id))
      .returning();
    await writeAudit(tx, caller.audit, {
      action: after!.isLocked ? 'reference_group.lock' : 'reference_group.unlock',
      entityType: 'reference_group',
      entityId: id,
      researchId: centre.researchId,
      before: audited(before),
      after: audited(after!),
    });
    return groupDetail(tx, id);
  });
}

/**
 * PUT /ReferenceGroups/{id}/CopyTo/{researchOrganisationId}: a new, unlocked group with copies of the
 * ranges at another centre of the same research (a locked group may be copied). The period must be free
 * at the target, so copying to the group's own centre is refused as an overlap.
 */
export async function copyGroupTo(deps: Deps, id: string, targetId: string, caller: ActorCaller): Promise<ReferenceGroupDetail> {
  return deps.db.transaction(async (tx) => {
    const { centre, group: source } = await groupToChange(tx, id, caller);
    const target = await findCentre(tx, targetId);
    if (!target) throw notFound('researchOrganisationId');
    if (target.researchId !== centre.researchId) {
      throw badRequest('foreign_research', 'researchOrganisationId', { field: 'researchOrganisationId' });
    }
    const period = { dateFrom: source.dateFrom, dateTo: source.dateTo };
    await assertCentrePeriodFree(tx, target.id, source.formTypeId, period, undefined, 'researchOrganisationId');
    const [row] = await tx
      .insert(referenceGroups)
      .values({
        researchOrganisationId: target.id,
        formTypeId: source.formTypeId,
        ...period,
        organisationReferenceGroupId:
          target.organisationId === centre.organisationId ? source.organisationReferenceGroupId : null,
      })
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'reference_group.copy',
      entityType: 'reference_group',
      entityId: row!.id,
      researchId: target.researchId,
      after: { ...audited(row!), copiedFrom: source.id },
    });
    const ranges = await tx
      .select()
      .from(referenceRanges)
      .where(liveRangesOf(source.id))
      .orderBy(asc(referenceRanges.createdAt), asc(referenceRanges.id));
    await copyRanges(tx, caller, ranges, row!.id, target.researchId, `copied from reference group ${source.id}`);
    return groupDetail(tx, row!.id);
  });
}
