import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  OrganisationFull,
  OrganisationDetail,
  organisationCreate,
  organisationListQuery,
  organisationUpdate,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { organisations, organisationUsers, users } from '../../platform/db/schema/index.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { can } from '../../platform/http/guards.js';
import { pageOf } from '../../platform/http/paging.js';
import { auditedOrganisationUser, listOrganisationUsers } from './organisation-users.repo.js';
import {
  findByInn,
  findByShortName,
  findOrganisation,
  listOrganisations,
  liveCentreOf,
  shortList,
  toOrganisation,
} from './organisations.repo.js';
import { mayEditOrganisation, mayListMembers, mayReadOrganisation } from './organisations.policy.js';

/** How many short names the public registration lookup returns. */
export const SHORT_LIST_LIMIT = 10;

const exists = (shortName: string) => conflict('organisation_exists', 'shortName', { name: shortName });
const innTaken = (inn: string) => conflict('inn_taken', 'inn', { inn });

/** A concurrent insert that slipped past the checks still answers with the field's 409. */
async function guardUniqueRace<T>(input: { shortName?: string; inn?: string | null }, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (input.shortName && isUniqueViolation(e, 'organisations_short_name_live_uq')) throw exists(input.shortName);
    if (input.inn && isUniqueViolation(e, 'organisations_inn_live_uq')) throw innTaken(input.inn);
    throw e;
  }
}

/** With organizations_settings every organisation; otherwise those the caller is a verified member of. */
export async function listOrganisationsPage(deps: Deps, q: z.infer<typeof organisationListQuery>, caller: ActorCaller) {
  const memberOf = can(caller.actor, 'organizations_settings') ? undefined : caller.actor.userId;
  const { rows, total } = await listOrganisations(deps.db, { ...q, memberOf });
  return pageOf(rows.map(toOrganisation), total, q);
}

export const listShortNames = (deps: Deps, search: string) => shortList(deps.db, search, SHORT_LIST_LIMIT);

/**
 * An organisation with its members; outside the caller's scope it does not exist (404). The member list is
 * the cabinet's Users tab: whole for those who manage organisations or users and for the organisation's
 * Admin and Editor members; a plain member sees only their own membership.
 */
export async function getOrganisation(deps: Deps, id: string, caller: ActorCaller): Promise<OrganisationDetail> {
  const { db } = deps;
  const row = await findOrganisation(db, id);
  if (!row || !(await mayReadOrganisation(db, caller.actor, id))) throw notFound('id');
  const wholeList = can(caller.actor, 'organizations_settings') || (await mayListMembers(db, caller.actor, id));
  const organisationUserList = await listOrganisationUsers(
    db,
    and(eq(organisationUsers.organisationId, id), wholeList ? undefined : eq(organisationUsers.userId, caller.actor.userId)),
  );
  return { ...toOrganisation(row), organisationUserList };
}

export async function createOrganisation(
  deps: Deps,
  input: z.infer<typeof organisationCreate>,
  caller: ActorCaller,
): Promise<OrganisationFull> {
  return guardUniqueRace(
    input,
    deps.db.transaction(async (tx) => {
      if (await findByShortName(tx, input.shortName)) throw exists(input.shortName);
      if (input.inn && (await findByInn(tx, input.inn))) throw innTaken(input.inn);
      const [row] = await tx
        .insert(organisations)
        .values({ ...input, inn: input.inn ?? null, kpp: input.kpp ?? null })
        .returning();
      const after = toOrganisation(row!);
      await writeAudit(tx, caller.audit, { action: 'organisation.create', entityType: 'organisation', entityId: row!.id, after });
      return after;
    }),
  );
}

export async function updateOrganisation(
  deps: Deps,
  id: string,
  input: z.infer<typeof organisationUpdate>,
  caller: ActorCaller,
): Promise<OrganisationFull> {
  return guardUniqueRace(
    input,
    deps.db.transaction(async (tx) => {
      const before = await findOrganisation(tx, id);
      if (!before) throw notFound('id');
      if (!(await mayEditOrganisation(tx, caller.actor, id))) throw forbidden();
      const patch = Object.fromEntries(
        Object.entries(input).filter(([k, v]) => v !== undefined && v !== before[k as keyof typeof input]),
      ) as Partial<typeof input>;
      if (Object.keys(patch).length === 0) return toOrganisation(before);
      if (patch.shortName && (await findByShortName(tx, patch.shortName, id))) throw exists(patch.shortName);
      if (patch.inn && (await findByInn(tx, patch.inn, id))) throw innTaken(patch.inn);
      const [after] = await tx
        .update(organisations)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(organisations.id, id))
        .returning();
      await writeAudit(tx, caller.audit, {
        action: 'organisation.update',
        entityType: 'organisation',
        entityId: id,
        before: toOrganisation(before),
        after: toOrganisation(after!),
      });
      return toOrganisation(after!);
    }),
  );
}

/** Removes the memberships of a deleted organisation, clearing them as anyone's current one. */
async function removeMembers(tx: Db, organisationId: string, deletedAt: Date, caller: ActorCaller) {
  const removed = await tx
    .update(organisationUsers)
    .set({ deletedAt })
    .where(and(eq(organisationUsers.organisationId, organisationId), isNull(organisationUsers.deletedAt)))
    .returning();
  if (removed.length === 0) return;
  const ids = removed.map((m) => m.id);
  const cleared = await tx
    .update(users)
    .set({ currentOrganisationUserId: null })
    .where(inArray(users.currentOrganisationUserId, ids))
    .returning({ id: users.id });
  const clearedUsers = new Set(cleared.map((u) => u.id));
  for (const m of removed) {
    await writeAudit(tx, caller.audit, {
      action: 'organisation_user.delete',
      entityType: 'organisation_user',
      entityId: m.id,
      before: { ...auditedOrganisationUser(m), deletedAt: null },
      after: { ...auditedOrganisationUser(m), currentCleared: clearedUsers.has(m.userId) },
      reason: 'organisation deleted',
    });
  }
}

/** Soft delete, refused while the organisation is a centre of a research that is not deleted. */
export async function deleteOrganisation(deps: Deps, id: string, caller: ActorCaller): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await findOrganisation(tx, id);
    if (!before) throw notFound('id');
    const centre = await liveCentreOf(tx, id);
    if (centre) throw conflict('organisation_in_use', 'id', { protocol: centre.protocol });
    const deletedAt = new Date();
    await tx.update(organisations).set({ deletedAt, updatedAt: deletedAt }).where(eq(organisations.id, id));
    await writeAudit(tx, caller.audit, {
      action: 'organisation.delete',
      entityType: 'organisation',
      entityId: id,
      before: toOrganisation(before),
      after: { ...toOrganisation(before), deletedAt: deletedAt.toISOString() },
    });
    await removeMembers(tx, id, deletedAt, caller);
  });
}
