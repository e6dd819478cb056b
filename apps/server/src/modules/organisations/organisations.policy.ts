import type { UserRole } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import type { Actor } from '../../platform/http/actor.js';
import { can } from '../../platform/http/guards.js';
import { findMembership } from './organisation-users.repo.js';

/** The caller's role in an organisation when it is a verified member (any membership, not only the current one). */
export async function verifiedRoleIn(db: Db, actor: Actor, organisationId: string): Promise<UserRole | null> {
  const m = await findMembership(db, actor.userId, organisationId);
  return m?.isVerify ? (m.userRole as UserRole) : null;
}

/** Reads an organisation and its member list: organizations_settings or a verified member. */
export async function mayReadOrganisation(db: Db, actor: Actor, organisationId: string) {
  return can(actor, 'organizations_settings') || (await verifiedRoleIn(db, actor, organisationId)) !== null;
}

/** Edits an organisation's details: organizations_settings or its verified Admin or Editor member. */
export async function mayEditOrganisation(db: Db, actor: Actor, organisationId: string) {
  if (can(actor, 'organizations_settings')) return true;
  const role = await verifiedRoleIn(db, actor, organisationId);
  return role === 'Admin' || role === 'Editor';
}

/** Lists an organisation's members: users_settings or its verified Admin or Editor member. */
export async function mayListMembers(db: Db, actor: Actor, organisationId: string) {
  if (can(actor, 'users_settings')) return true;
  const role = await verifiedRoleIn(db, actor, organisationId);
  return role === 'Admin' || role === 'Editor';
}

/** Adds, re-roles, verifies and removes members: users_settings or the organisation's verified Admin member. */
export async function mayManageMembers(db: Db, actor: Actor, organisationId: string) {
  return can(actor, 'users_settings') || (await verifiedRoleIn(db, actor, organisationId)) === 'Admin';
}
