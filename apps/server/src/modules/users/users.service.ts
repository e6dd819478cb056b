import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { User, userCreate, userListQuery, userUpdate } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import { users } from '../../platform/db/schema/index.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller, Caller } from '../../platform/http/caller.js';
import { conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { pageOf } from '../../platform/http/paging.js';
import { changePassword, issuePasswordToken } from '../auth/auth.service.js';
import { endUserSessions } from '../auth/session.service.js';
import { invitationMail } from '../auth/mails.js';
import { findUser, findUserByEmail, listUsers, toUser } from './users.repo.js';
import { mayChangeAccountFields } from './users.policy.js';

const emailTaken = () => conflict('email_taken', 'email');

/** A unique-index race lost to a concurrent request reads as the ordinary "e-mail taken". */
async function guardEmailRace<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (isUniqueViolation(e, 'users_email_live_uq')) throw emailTaken();
    throw e;
  }
}

export async function listUsersPage(deps: Deps, q: z.infer<typeof userListQuery>) {
  const { rows, total } = await listUsers(deps.db, q);
  return pageOf(rows.map(toUser), total, q);
}

export async function getUser(deps: Deps, id: string): Promise<User> {
  const row = await findUser(deps.db, id);
  if (!row) throw notFound('id');
  return toUser(row);
}

/** Creates an account without a password and mails its owner a link to set one. */
export async function createUser(deps: Deps, input: z.infer<typeof userCreate>, caller: Caller): Promise<User> {
  const { db, config, mailer } = deps;
  const language = input.language ?? caller.lang;
  const { row, token } = await guardEmailRace(
    db.transaction(async (tx) => {
      if (await findUserByEmail(tx, input.email)) throw emailTaken();
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email.trim(),
          firstName: input.firstName,
          lastName: input.lastName,
          patronymic: input.patronymic || null,
          userRole: input.userRole,
          language,
        })
        .returning();
      const token = await issuePasswordToken(tx, row!.id, 'invite');
      await writeAudit(tx, caller.audit, { action: 'user.create', entityType: 'user', entityId: row!.id, after: toUser(row!) });
      return { row: row!, token };
    }),
  );
  await mailer.send(invitationMail(row.email, `${config.publicUrl}/setPasswordWCreds/${token}`, language));
  return toUser(row);
}

/**
 * Updates a user. Everyone who may edit the user (see users.policy) changes the personal fields; e-mail and
 * role need users_settings. A field sent unchanged is not a change, so a client may send the whole record back.
 */
export async function updateUser(deps: Deps, id: string, input: z.infer<typeof userUpdate>, caller: ActorCaller): Promise<User> {
  return guardEmailRace(
    deps.db.transaction(async (tx) => {
      const before = await findUser(tx, id);
      if (!before) throw notFound('id');
      const patch: Partial<typeof users.$inferInsert> = {};
      if (input.firstName !== undefined && input.firstName !== before.firstName) patch.firstName = input.firstName;
      if (input.lastName !== undefined && input.lastName !== before.lastName) patch.lastName = input.lastName;
      if (input.patronymic !== undefined && (input.patronymic || null) !== before.patronymic)
        patch.patronymic = input.patronymic || null;
      if (input.language !== undefined && input.language !== before.language) patch.language = input.language;
      if (input.email !== undefined && input.email.trim() !== before.email) {
        const email = input.email.trim();
        const sameAddress = email.toLowerCase() === before.email.toLowerCase();
        if (mayChangeAccountFields(caller.actor)) {
          if (!sameAddress && (await findUserByEmail(tx, email))) throw emailTaken();
          patch.email = email;
        } else if (!sameAddress) {
          throw forbidden('field_not_editable', 'email', { field: 'email' });
        }
      }
      if (input.userRole !== undefined && input.userRole !== before.userRole) {
        if (!mayChangeAccountFields(caller.actor)) throw forbidden('field_not_editable', 'userRole', { field: 'userRole' });
        patch.userRole = input.userRole;
      }
      if (Object.keys(patch).length === 0) return toUser(before);
      const [after] = await tx
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      await writeAudit(tx, caller.audit, {
        action: 'user.update',
        entityType: 'user',
        entityId: id,
        before: toUser(before),
        after: toUser(after!),
      });
      return toUser(after!);
    }),
  );
}

/** Soft delete: the row stays for the audit trail; every session of the user ends at once. */
export async function deleteUser(deps: Deps, id: string, caller: Caller): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await findUser(tx, id);
    if (!before) throw notFound('id');
    const deletedAt = new Date();
    await tx.update(users).set({ deletedAt, updatedAt: deletedAt }).where(eq(users.id, id));
    await endUserSessions(tx, id, 'user_deleted');
    await writeAudit(tx, caller.audit, {
      action: 'user.delete',
      entityType: 'user',
      entityId: id,
      before: toUser(before),
      after: { ...toUser(before), deletedAt: deletedAt.toISOString() },
    });
  });
}

/** One's own password; the other sessions of the user end, this one stays. */
export function changeOwnPassword(deps: Deps, input: { oldPassword: string; newPassword: string }, caller: ActorCaller) {
  return changePassword(deps, { userId: caller.actor.userId, sessionId: caller.actor.sessionId, ...input }, caller);
}
