import { and, eq, isNull } from 'drizzle-orm';
import { LOCKOUT_MS, type Language } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { employees, passwordTokens, users } from '../../platform/db/schema/index.js';
import { writeAudit, writeAuditNow, type AuditActor } from '../../platform/audit/audit.js';
import { hashPassword, verifyPassword } from '../../platform/crypto/passwords.js';
import { verifyExternalLoginToken } from '../../platform/crypto/tokens.js';
import { AppError, badRequest, forbidden, unauthorized } from '../../platform/http/errors.js';
import { sendInBackground } from '../../platform/mail/mailer.js';
import { findUser, findUserByEmail } from '../users/users.repo.js';
import { createSession, endSession, endUserSessions } from './session.service.js';
import { consumePasswordToken, issuePasswordToken } from './password-tokens.js';
import { restorePasswordMail } from './mails.js';
import { applyNewPassword, checkNewPassword } from './new-password.js';
import { clearFailures, lockedMinutes, recordFailure, throttleKey } from './sign-in-throttle.js';

export interface Caller {
  audit: AuditActor;
  userAgent?: string;
  lang: Language;
}

export async function openSession(db: Db, userId: string, caller: Caller) {
  return createSession(db, { userId, ip: caller.audit.ip ?? undefined, userAgent: caller.userAgent });
}

/**
 * E-mail and password sign-in. Known and unknown e-mails take the same path: the same hashing work, the
 * same 401, and the same lockout (per e-mail and client address, sign-in-throttle.ts) with the same 423.
 */
export async function signIn(deps: Deps, input: { email: string; password: string }, caller: Caller) {
  const { db } = deps;
  const user = await findUserByEmail(db, input.email);
  const audit = { ...caller.audit, userId: user?.id ?? null, email: user?.email ?? input.email };
  const key = throttleKey(input.email, caller.audit.ip);
  const minutes = await lockedMinutes(db, key);
  if (minutes > 0) {
    await writeAuditNow(db, audit, {
      action: 'auth.sign_in_refused',
      entityType: 'user',
      entityId: user?.id ?? null,
      after: { reason: 'locked' },
    });
    throw new AppError(423, 'account_locked', { minutes });
  }
  if (!user || !(await verifyPassword(user.passwordHash, input.password))) {
    const locked = await db.transaction(async (tx) => {
      const { failures, locked } = await recordFailure(tx, key);
      const entity = { entityType: 'user', entityId: user?.id ?? null };
      await writeAudit(tx, audit, { action: 'auth.sign_in_failed', ...entity, after: { failures, known: !!user } });
      if (locked)
        await writeAudit(tx, audit, {
          action: 'auth.account_locked',
          ...entity,
          after: { lockedForMinutes: LOCKOUT_MS / 60_000 },
        });
      return locked;
    });
    if (locked) throw new AppError(423, 'account_locked', { minutes: LOCKOUT_MS / 60_000 });
    throw unauthorized('wrong_credentials');
  }
  return db.transaction(async (tx) => {
    await clearFailures(tx, key);
    const session = await openSession(tx, user.id, caller);
    await writeAudit(tx, audit, { action: 'auth.sign_in', entityType: 'session', entityId: session.sessionId });
    return { accessToken: session.accessToken, rsaKey: session.rsaKey };
  });
}

/** Sign-in from the external trial system with a token it minted; optionally switches to one of the user's employees. */
export async function signInWithToken(
  deps: Deps,
  input: { email: string; token: string; employeeId?: string | null },
  caller: Caller,
) {
  const { db, config } = deps;
  const secret = config.EXTERNAL_LOGIN_SECRET;
  if (!secret) throw unauthorized('external_login_disabled');
  const user = await findUserByEmail(db, input.email);
  const audit = { ...caller.audit, userId: user?.id ?? null, email: user?.email ?? input.email };
  if (!user || !verifyExternalLoginToken(secret, input.email, input.token)) {
    await writeAuditNow(db, audit, {
      action: 'auth.sign_in_failed',
      entityType: 'user',
      entityId: user?.id ?? null,
      after: { via: 'external_token' },
    });
    throw unauthorized('invalid_token');
  }
  return db.transaction(async (tx) => {
    if (input.employeeId) {
      const [emp] = await tx
        .select({ id: employees.id, hasAccess: employees.hasAccess })
        .from(employees)
        .where(and(eq(employees.id, input.employeeId), eq(employees.userId, user.id), isNull(employees.deletedAt)));
      if (!emp) throw forbidden('no_research_access');
      if (!emp.hasAccess) throw forbidden('employee_blocked');
      await tx.update(users).set({ currentEmployeeId: emp.id }).where(eq(users.id, user.id));
    }
    const session = await openSession(tx, user.id, caller);
    await writeAudit(tx, audit, {
      action: 'auth.sign_in',
      entityType: 'session',
      entityId: session.sessionId,
      after: { via: 'external_token', employeeId: input.employeeId ?? null },
    });
    return { accessToken: session.accessToken, rsaKey: session.rsaKey };
  });
}

export async function signOut(deps: Deps, sessionId: string, caller: Caller) {
  await deps.db.transaction(async (tx) => {
    await endSession(tx, sessionId, 'sign_out');
    await writeAudit(tx, caller.audit, { action: 'auth.sign_out', entityType: 'session', entityId: sessionId });
  });
}

/**
 * Same reply, and the same work, whether or not the e-mail is known, so the call cannot be used to probe
 * accounts: both invalidate earlier restore links, both write an audit record in one transaction, and the
 * mail leaves after the reply (sendInBackground). The known case only adds its token's insert.
 */
export async function restorePassword(deps: Deps, email: string, caller: Caller) {
  const { db, config, mailer } = deps;
  const user = await findUserByEmail(db, email);
  const token = await db.transaction(async (tx) => {
    // Only the newest restore link works (for an unknown e-mail this matches nothing).
    await tx
      .update(passwordTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(passwordTokens.userId, user?.id ?? NO_USER), eq(passwordTokens.purpose, 'reset'), isNull(passwordTokens.usedAt)),
      );
    const t = user ? await issuePasswordToken(tx, user.id, 'reset') : null;
    await writeAudit(
      tx,
      { ...caller.audit, userId: user?.id ?? null, email: user?.email ?? email },
      { action: 'auth.password_reset_requested', entityType: 'user', entityId: user?.id ?? null, after: { known: !!user } },
    );
    return t;
  });
  if (user && token)
    sendInBackground(
      mailer,
      restorePasswordMail(user.email, `${config.publicUrl}/setPassword/${token}`, user.language as Language),
    );
}

/** A user id no row has. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

export async function setPassword(deps: Deps, token: string, password: string, caller: Caller) {
  await deps.db.transaction(async (tx) => {
    const { userId, purpose } = await consumePasswordToken(tx, token);
    const user = await findUser(tx, userId);
    if (!user) throw badRequest('invalid_token', 'token');
    await applyNewPassword(tx, user, password);
    await writeAudit(
      tx,
      { ...caller.audit, userId, email: user.email },
      { action: 'auth.password_reset', entityType: 'user', entityId: userId, after: { purpose } },
    );
  });
}

/**
 * An invitation or registration link: the e-mail must match the token's user; signs the user in. This is
 * where a registration's e-mail is proven, and so where its first session starts.
 */
export async function setPasswordWithCredentials(
  deps: Deps,
  token: string,
  input: { email: string; password: string },
  caller: Caller,
) {
  return deps.db.transaction(async (tx) => {
    const { userId, purpose } = await consumePasswordToken(tx, token);
    const user = await findUser(tx, userId);
    if (!user || user.email.toLowerCase() !== input.email.trim().toLowerCase()) throw badRequest('invalid_token', 'email');
    await applyNewPassword(tx, user, input.password);
    const session = await openSession(tx, userId, caller);
    const audit = { ...caller.audit, userId, email: user.email };
    await writeAudit(tx, audit, { action: 'auth.password_set', entityType: 'user', entityId: userId, after: { purpose } });
    await writeAudit(tx, audit, { action: 'auth.sign_in', entityType: 'session', entityId: session.sessionId });
    return { accessToken: session.accessToken, rsaKey: session.rsaKey };
  });
}

/** One's own password, under the password policy; the other sessions of the user end, this one stays. */
export async function changePassword(
  deps: Deps,
  input: { userId: string; sessionId: string; oldPassword: string; newPassword: string },
  caller: Caller,
) {
  const { db } = deps;
  const user = await findUser(db, input.userId);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw badRequest('wrong_old_password', 'oldPassword');
  checkNewPassword(input.newPassword, user, 'newPassword');
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
      .where(eq(users.id, user.id));
    // Other devices are signed out; this one stays.
    await endUserSessions(tx, user.id, 'password_changed', input.sessionId);
    await writeAudit(tx, caller.audit, { action: 'auth.password_changed', entityType: 'user', entityId: user.id });
  });
}

export { issuePasswordToken };
