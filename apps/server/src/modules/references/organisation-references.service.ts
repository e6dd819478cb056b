import { and, asc, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  OrganisationReference,
  OrganisationReferenceGroup,
  OrganisationReferenceGroupDetail,
  ReferenceField,
  organisationReferenceCreate,
  organisationReferenceGroupCreate,
  organisationReferenceGroupsQuery,
  referenceGroupUpdate,
  referenceUpdate,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { organisationReferenceGroups, organisationReferenceRanges, organisations } from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { offsetOf, pageOf } from '../../platform/http/paging.js';
import { findOrganisation } from '../organisations/organisations.repo.js';
import {
  assertFormType,
  assertFresh,
  assertNoOverlap,
  assertPeriod,
  assertRangeBounds,
  assertReferenceField,
  auditedGroup,
  auditedRange,
  fieldsById,
  formTypeTitles,
  iso,
  lockedGroup,
  mergeRange,
  rangeChanged,
  rangeDto,
  rangeValuesOf,
  referenceFieldsOf,
} from './reference-common.js';
import { mayEditOrganisationReferences, mayReadOrganisationReferences } from './references.policy.js';

/**
 * An organisation's own reference groups and ranges (a laboratory's normal ranges, say): the same rules
 * as a centre's, with the organisation as owner and no research.
 */

type GroupRow = typeof organisationReferenceGroups.$inferSelect;
type RangeStored = typeof organisationReferenceRanges.$inferSelect;

const auditedOrgGroup = (g: GroupRow) => auditedGroup(g, { organisationId: g.organisationId });
const auditedOrgRange = (r: RangeStored) => auditedRange(r, 'organisationReferenceGroupId');
const liveRangesOf = (groupId: string) =>
  and(eq(organisationReferenceRanges.organisationReferenceGroupId, groupId), isNull(organisationReferenceRanges.deletedAt));

/** A live group of a live organisation. */
async function findGroup(db: Db, id: string): Promise<GroupRow | undefined> {
  const [row] = await db
    .select({ g: organisationReferenceGroups })
    .from(organisationReferenceGroups)
    .innerJoin(organisations, eq(organisations.id, organisationReferenceGroups.organisationId))
    .where(
      and(eq(organisationReferenceGroups.id, id), isNull(organisationReferenceGroups.deletedAt), isNull(organisations.deletedAt)),
    )
    .limit(1);
  return row?.g;
}

/** Loads a group to change, locked until the transaction ends: 404 unknown, 403 without the right. */
async function groupToChange(tx: Db, id: string, caller: ActorCaller, path = 'id'): Promise<GroupRow> {
  const found = await findGroup(tx, id);
  if (!found) throw notFound(path);
  if (!mayEditOrganisationReferences(caller.actor, found.organisationId)) throw forbidden();
  const [locked] = await tx
    .select()
    .from(organisationReferenceGroups)
    .where(eq(organisationReferenceGroups.id, id))
    .for('update');
  if (!locked || locked.deletedAt) throw notFound(path);
  return locked;
}

async function groupToRead(db: Db, id: string, caller: ActorCaller): Promise<GroupRow> {
  const found = await findGroup(db, id);
  if (!found || !(await mayReadOrganisationReferences(db, caller.actor, found.organisationId))) throw notFound('id');
  return found;
}

const toReference = (r: RangeStored, field: ReferenceField): OrganisationReference => ({
  ...rangeDto(r, field),
  organisationReferenceGroupId: r.organisationReferenceGroupId,
});

async function referencesOf(db: Db, groupId: string): Promise<OrganisationReference[]> {
  const rows = await db
    .select()
    .from(organisationReferenceRanges)
    .where(liveRangesOf(groupId))
    .orderBy(asc(organisationReferenceRanges.createdAt), asc(organisationReferenceRanges.id));
  const byId = await fieldsById(
    db,
    rows.map((r) => r.fieldId),
  );
  return rows.map((r) => toReference(r, byId.get(r.fieldId)!));
}

async function groupDtos(db: Db, rows: GroupRow[]): Promise<OrganisationReferenceGroup[]> {
  if (rows.length === 0) return [];
  const [titles, counts] = await Promise.all([
    formTypeTitles(
      db,
      rows.map((g) => g.formTypeId),
    ),
    db
      .select({ groupId: organisationReferenceRanges.organisationReferenceGroupId, n: count() })
      .from(organisationReferenceRanges)
      .where(
        and(
          inArray(
            organisationReferenceRanges.organisationReferenceGroupId,
            rows.map((g) => g.id),
          ),
          isNull(organisationReferenceRanges.deletedAt),
        ),
      )
      .groupBy(organisationReferenceRanges.organisationReferenceGroupId),
  ]);
  const countOf = new Map(counts.map((c) => [c.groupId, c.n]));
  return rows.map((g) => ({
    id: g.id,
    organisationId: g.organisationId,
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

async function groupDetail(db: Db, id: string): Promise<OrganisationReferenceGroupDetail> {
  const [row] = await db.select().from(organisationReferenceGroups).where(eq(organisationReferenceGroups.id, id));
  const [dto] = await groupDtos(db, [row!]);
  return { ...dto!, referenceList: await referencesOf(db, id) };
}

/** GET /OrganisationReferenceGroups?organisationId=: by start date, newest first. */
export async function listOrganisationGroupsPage(
  deps: Deps,
  q: z.infer<typeof organisationReferenceGroupsQuery>,
  caller: ActorCaller,
) {
  const { db } = deps;
  if (!(await findOrganisation(db, q.organisationId))) throw notFound('organisationId');
  if (!(await mayReadOrganisationReferences(db, caller.actor, q.organisationId))) throw forbidden();
  const where = and(
    eq(organisationReferenceGroups.organisationId, q.organisationId),
    isNull(organisationReferenceGroups.deletedAt),
    q.formTypeId ? eq(organisationReferenceGroups.formTypeId, q.formTypeId) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(organisationReferenceGroups)
      .where(where)
      .orderBy(desc(organisationReferenceGroups.dateFrom), asc(organisationReferenceGroups.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(organisationReferenceGroups).where(where),
  ]);
  return pageOf(await groupDtos(db, rows), counted?.n ?? 0, q);
}

export async function getOrganisationGroup(deps: Deps, id: string, caller: ActorCaller) {
  await groupToRead(deps.db, id, caller);
  return groupDetail(deps.db, id);
}

export async function organisationGroupFields(deps: Deps, id: string, caller: ActorCaller): Promise<ReferenceField[]> {
  const group = await groupToRead(deps.db, id, caller);
  return referenceFieldsOf(deps.db, group.formTypeId);
}

/** Serialises an organisation's group writes, then refuses an overlap with its other groups of the form type. */
async function assertPeriodFree(
  tx: Db,
  organisationId: string,
  formTypeId: string,
  period: { dateFrom: string; dateTo: string | null },
  exceptId?: string,
) {
  await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId)).for('update');
  const others = await tx
    .select({ dateFrom: organisationReferenceGroups.dateFrom, dateTo: organisationReferenceGroups.dateTo })
    .from(organisationReferenceGroups)
    .where(
      and(
        eq(organisationReferenceGroups.organisationId, organisationId),
        eq(organisationReferenceGroups.formTypeId, formTypeId),
        isNull(organisationReferenceGroups.deletedAt),
        exceptId ? ne(organisationReferenceGroups.id, exceptId) : undefined,
      ),
    );
  assertNoOverlap(others, period);
}

export async function createOrganisationGroup(
  deps: Deps,
  input: z.infer<typeof organisationReferenceGroupCreate>,
  caller: ActorCaller,
): Promise<OrganisationReferenceGroupDetail> {
  return deps.db.transaction(async (tx) => {
    if (!(await findOrganisation(tx, input.organisationId))) throw notFound('organisationId');
    if (!mayEditOrganisationReferences(caller.actor, input.organisationId)) throw forbidden();
    await assertFormType(tx, input.formTypeId);
    const period = { dateFrom: input.dateFrom, dateTo: input.dateTo ?? null };
    assertPeriod(period);
    await assertPeriodFree(tx, input.organisationId, input.formTypeId, period);
    const [row] = await tx
      .insert(organisationReferenceGroups)
      .values({ organisationId: input.organisationId, formTypeId: input.formTypeId, ...period })
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'organisation_reference_group.create',
      entityType: 'organisation_reference_group',
      entityId: row!.id,
      after: auditedOrgGroup(row!),
    });
    return groupDetail(tx, row!.id);
  });
}

export async function updateOrganisationGroup(
  deps: Deps,
  id: string,
  input: z.infer<typeof referenceGroupUpdate>,
  caller: ActorCaller,
): Promise<OrganisationReferenceGroupDetail> {
  return deps.db.transaction(async (tx) => {
    const before = await groupToChange(tx, id, caller);
    assertFresh(before.updatedAt, input.updatedAt);
    if (before.isLocked) throw lockedGroup('id');
    const formTypeId = input.formTypeId ?? before.formTypeId;
    const period = {
      dateFrom: input.dateFrom ?? before.dateFrom,
      dateTo: input.dateTo === undefined ? before.dateTo : input.dateTo,
    };
    if (formTypeId !== before.formTypeId) {
      await assertFormType(tx, formTypeId);
      const [ranges] = await tx.select({ n: count() }).from(organisationReferenceRanges).where(liveRangesOf(id));
      if ((ranges?.n ?? 0) > 0) throw conflict('reference_group_form_type_fixed', 'formTypeId');
    }
    assertPeriod(period);
    if (formTypeId === before.formTypeId && period.dateFrom === before.dateFrom && period.dateTo === before.dateTo) {
      return groupDetail(tx, id);
    }
    await assertPeriodFree(tx, before.organisationId, formTypeId, period, id);
    const [after] = await tx
      .update(organisationReferenceGroups)
      .set({ formTypeId, ...period, updatedAt: new Date() })
      .where(eq(organisationReferenceGroups.id, id))
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'organisation_reference_group.update',
      entityType: 'organisation_reference_group',
      entityId: id,
      before: auditedOrgGroup(before),
      after: auditedOrgGroup(after!),
    });
    return groupDetail(tx, id);
  });
}

export async function deleteOrganisationGroup(deps: Deps, id: string, caller: ActorCaller): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await groupToChange(tx, id, caller);
    if (before.isLocked) throw lockedGroup('id');
    const deletedAt = new Date();
    await tx
      .update(organisationReferenceGroups)
      .set({ deletedAt, updatedAt: deletedAt })
      .where(eq(organisationReferenceGroups.id, id));
    await writeAudit(tx, caller.audit, {
      action: 'organisation_reference_group.delete',
      entityType: 'organisation_reference_group',
      entityId: id,
      before: auditedOrgGroup(before),
      after: auditedOrgGroup({ ...before, deletedAt }),
    });
    const removed = await tx
      .update(organisationReferenceRanges)
      .set({ deletedAt, updatedAt: deletedAt })
      .where(liveRangesOf(id))
      .returning();
    for (const r of removed) {
      await writeAudit(tx, caller.audit, {
        action: 'organisation_reference.delete',
        entityType: 'organisation_reference',
        entityId: r.id,
        before: auditedOrgRange({ ...r, deletedAt: null }),
        after: auditedOrgRange(r),
        reason: 'reference group deleted',
      });
    }
  });
}

export async function toggleOrganisationGroupLock(
  deps: Deps,
  id: string,
  caller: ActorCaller,
): Promise<OrganisationReferenceGroupDetail> {
  return deps.db.transaction(async (tx) => {
    const before = await groupToChange(tx, id, caller);
    const [after] = await tx
      .update(organisationReferenceGroups)
      .set({ isLocked: !before.isLocked, updatedAt: new Date() })
      .where(eq(organisationReferenceGroups.id, id))
      .returning();
    await writeAudit(tx, caller.audit, {
      action: after!.isLocked ? 'organisation_reference_group.lock' : 'organisation_reference_group.unlock',
      entityType: 'organisation_reference_group',
      entityId: id,
      before: auditedOrgGroup(before),
      after: auditedOrgGroup(after!),
    });
    return groupDetail(tx, id);
  });
}

// ------------------------------------------------------------------------------------------- ranges

async function findRange(db: Db, id: string): Promise<RangeStored | undefined> {
  const [row] = await db
    .select()
    .from(organisationReferenceRanges)
    .where(and(eq(organisationReferenceRanges.id, id), isNull(organisationReferenceRanges.deletedAt)))
    .limit(1);
  return row;
}

async function referenceDto(db: Db, row: RangeStored): Promise<OrganisationReference> {
  const byId = await fieldsById(db, [row.fieldId]);
  return toReference(row, byId.get(row.fieldId)!);
}

export async function createOrganisationReference(
  deps: Deps,
  input: z.infer<typeof organisationReferenceCreate>,
  caller: ActorCaller,
): Promise<OrganisationReference> {
  return deps.db.transaction(async (tx) => {
    const group = await groupToChange(tx, input.organisationReferenceGroupId, caller, 'organisationReferenceGroupId');
    if (group.isLocked) throw lockedGroup('organisationReferenceGroupId');
    await assertReferenceField(tx, input.fieldId, group.formTypeId);
    assertRangeBounds(input);
    const [row] = await tx
      .insert(organisationReferenceRanges)
      .values({ ...rangeValuesOf(input), organisationReferenceGroupId: group.id })
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'organisation_reference.create',
      entityType: 'organisation_reference',
      entityId: row!.id,
      after: auditedOrgRange(row!),
    });
    return referenceDto(tx, row!);
  });
}

async function rangeToChange(tx: Db, id: string, caller: ActorCaller) {
  const before = await findRange(tx, id);
  if (!before) throw notFound('id');
  const group = await groupToChange(tx, before.organisationReferenceGroupId, caller, 'id');
  if (group.isLocked) throw lockedGroup('organisationReferenceGroupId');
  return { before, group };
}

export async function updateOrganisationReference(
  deps: Deps,
  id: string,
  input: z.infer<typeof referenceUpdate>,
  caller: ActorCaller,
): Promise<OrganisationReference> {
  return deps.db.transaction(async (tx) => {
    const { before, group } = await rangeToChange(tx, id, caller);
    assertFresh(before.updatedAt, input.updatedAt);
    const merged = mergeRange(before, input);
    if (merged.fieldId !== before.fieldId) await assertReferenceField(tx, merged.fieldId, group.formTypeId);
    assertRangeBounds(merged);
    if (!rangeChanged(before, merged)) return referenceDto(tx, before);
    const [after] = await tx
      .update(organisationReferenceRanges)
      .set({ ...merged, updatedAt: new Date() })
      .where(eq(organisationReferenceRanges.id, id))
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'organisation_reference.update',
      entityType: 'organisation_reference',
      entityId: id,
      before: auditedOrgRange(before),
      after: auditedOrgRange(after!),
    });
    return referenceDto(tx, after!);
  });
}

export async function deleteOrganisationReference(deps: Deps, id: string, caller: ActorCaller): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { before } = await rangeToChange(tx, id, caller);
    const deletedAt = new Date();
    const [after] = await tx
      .update(organisationReferenceRanges)
      .set({ deletedAt, updatedAt: deletedAt })
      .where(eq(organisationReferenceRanges.id, id))
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'organisation_reference.delete',
      entityType: 'organisation_reference',
      entityId: id,
      before: auditedOrgRange(before),
      after: auditedOrgRange(after!),
    });
  });
}
