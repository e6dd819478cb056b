import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrganisationUser, UserRole, organisationUserCreate, organisationUsersQuery } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { employees, organisationUsers, researchOrganisations, users } from '../../platform/db/schema/index.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { pageOf } from '../../platform/http/paging.js';
import { findUser } from '../users/users.repo.js';
import {
  auditedOrganisationUser,
  countOrganisationUsers,
  findMembership,
  findOrganisationUserRow,
  getOrganisationUser,
  listOrganisationUsers,
  type OrganisationUserRow,
} from './organisation-users.repo.js';
import { findOrganisation } from './organisations.repo.js';
import { mayListMembers, mayManageMembers } from './organisations.policy.js';
import { userMatches } from '../users/user-name.sql.js';

const alreadyMember = () => conflict('already_member', 'userId');

/** One page of an organisation's members (users_settings or its verified Admin or Editor member). */
export async function listMembersPage(deps: Deps, q: z.infer<typeof organisationUsersQuery>, caller: ActorCaller) {
  const { db } = deps;
  if (!(await mayListMembers(db, caller.actor, q.organisationId))) throw forbidden();
  if (!(await findOrganisation(db, q.organisationId))) throw notFound('organisationId');
  const where = and(eq(organisationUsers.organisationId, q.organisationId), userMatches(q.search));
  const [rows, total] = await Promise.all([listOrganisationUsers(db, where, q), countOrganisationUsers(db, where)]);
  return pageOf(rows, total, q);
}

/** Adds a user to an organisation, verified at once (the one adding is its admin). */
export async function addMember(
  deps: Deps,
  input: z.infer<typeof organisationUserCreate>,
  caller: ActorCaller,
): Promise<OrganisationUser> {
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await mayManageMembers(tx, caller.actor, input.organisationId))) throw forbidden();
      if (!(await findOrganisation(tx, input.organisationId))) throw notFound('organisationId');
      if (!(await findUser(tx, input.userId))) throw notFound('userId');
      if (await findMembership(tx, input.userId, input.organisationId)) throw alreadyMember();
      const [row] = await tx
        .insert(organisationUsers)
        .values({ userId: input.userId, organisationId: input.organisationId, userRole: input.userRoleString, isVerify: true })
        .returning();
      await writeAudit(tx, caller.audit, {
        action: 'organisation_user.create',
        entityType: 'organisation_user',
        entityId: row!.id,
        after: auditedOrganisationUser(row!),
      });
      return (await getOrganisationUser(tx, row!.id))!;
    });
  } catch (e) {
    if (isUniqueViolation(e, 'organisation_users_live_uq')) throw alreadyMember();
    throw e;
  }
}

/** Loads a membership for a change by an organisation admin (or users_settings): 404 unknown, 403 not allowed. */
async function membershipToManage(tx: Db, id: string, caller: ActorCaller): Promise<OrganisationUserRow> {
  const row = await findOrganisationUserRow(tx, id);
  if (!row) throw notFound('id');
  if (!(await mayManageMembers(tx, caller.actor, row.organisationId))) throw forbidden();
  return row;
}

async function changeMembership(
  deps: Deps,
  id: string,
  caller: ActorCaller,
  action: string,
  patch: { userRole?: UserRole; isVerify?: boolean },
): Promise<OrganisationUser> {
  return deps.db.transaction(async (tx) => {
    const before = await membershipToManage(tx, id, caller);
    const changed =
      (patch.userRole ?? before.userRole) !== before.userRole || (patch.isVerify ?? before.isVerify) !== before.isVerify;
    if (changed) {
      const [after] = await tx.update(organisationUsers).set(patch).where(eq(organisationUsers.id, id)).returning();
      await writeAudit(tx, caller.audit, {
        action,
        entityType: 'organisation_user',
        entityId: id,
        before: auditedOrganisationUser(before),
        after: auditedOrganisationUser(after!),
      });
    }
    return (await getOrganisationUser(tx, id))!;
  });
}

export const changeMemberRole = (deps: Deps, id: string, userRole: UserRole, caller: ActorCaller) =>
  changeMembership(deps, id, caller, 'organisation_user.update', { userRole });

export const verifyMember = (deps: Deps, id: string, caller: ActorCaller) =>
  changeMembership(deps, id, caller, 'organisation_user.verify', { isVerify: true });

/** Soft delete; when it was the member's current organisation, they have none until they choose one. */
export async function removeMember(deps: Deps, id: string, caller: ActorCaller): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await membershipToManage(tx, id, caller);
    const deletedAt = new Date();
    await tx.update(organisationUsers).set({ deletedAt }).where(eq(organisationUsers.id, id));
    const cleared = await tx
      .update(users)
      .set({ currentOrganisationUserId: null })
      .where(eq(users.currentOrganisationUserId, id))
      .returning({ id: users.id });
    await writeAudit(tx, caller.audit, {
      action: 'organisation_user.delete',
      entityType: 'organisation_user',
      entityId: id,
      before: auditedOrganisationUser(before),
      after: { ...auditedOrganisationUser({ ...before, deletedAt }), currentCleared: cleared.length > 0 },
    });
  });
}

/**
 * Makes one of the caller's own verified memberships current. A current employee of another
 * organisation no longer fits that context and is cleared with it.
 */
export async function setCurrentMembership(deps: Deps, id: string, caller: ActorCaller): Promise<OrganisationUser> {
  const { actor } = caller;
  return deps.db.transaction(async (tx) => {
    const row = await findOrganisationUserRow(tx, id);
    if (!row) throw notFound('id');
    if (row.userId !== actor.userId) throw forbidden();
    if (!row.isVerify) throw forbidden('organisation_user_unverified', 'id');
    const [user] = await tx
      .select({ currentOrganisationUserId: users.currentOrganisationUserId, currentEmployeeId: users.currentEmployeeId })
      .from(users)
      .where(eq(users.id, actor.userId));
    let currentEmployeeId = user!.currentEmployeeId;
    if (currentEmployeeId) {
      const [sameOrganisation] = await tx
        .select({ id: employees.id })
        .from(employees)
        .innerJoin(researchOrganisations, eq(researchOrganisations.id, employees.researchOrganisationId))
        .where(
          and(
            eq(employees.id, currentEmployeeId),
            isNull(employees.deletedAt),
            eq(researchOrganisations.organisationId, row.organisationId),
          ),
        );
      if (!sameOrganisation) currentEmployeeId = null;
    }
    const after = { currentOrganisationUserId: id, currentEmployeeId };
    if (user!.currentOrganisationUserId !== id || user!.currentEmployeeId !== currentEmployeeId) {
      await tx.update(users).set(after).where(eq(users.id, actor.userId));
      await writeAudit(tx, caller.audit, {
        action: 'user.set_current_organisation_user',
        entityType: 'user',
        entityId: actor.userId,
        before: user,
        after,
      });
    }
    return (await getOrganisationUser(tx, id))!;
  });
}
