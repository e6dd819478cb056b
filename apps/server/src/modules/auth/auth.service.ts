import { and, eq, isNull, sql } from 'drizzle-orm';
import { FAILED_SIGN_INS_BEFORE_LOCK, LOCKOUT_MS, type Language } from '@edc/domain';
import type { z } from 'zod';
import type { signUpRequest, signUpWithOrganisationRequest, userDto } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { employees, organisations, organisationUsers, users } from '../../platform/db/schema/index.js';
import { writeAudit, writeAuditNow, type AuditActor } from '../../platform/audit/audit.js';
import { hashPassword, verifyPassword } from '../../platform/crypto/passwords.js';
import { verifyExternalLoginToken } from '../../platform/crypto/tokens.js';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../platform/http/errors.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { findUser, findUserByEmail, toUser } from '../users/users.repo.js';
import { findByInn } from '../organisations/organisations.repo.js';
import { createSession, endSession, endUserSessions } from './session.service.js';
import { consumePasswordToken, issuePasswordToken } from './password-tokens.js';
import { invitationMail, restorePasswordMail } from './mails.js';

interface Caller {
  audit: AuditActor;
  userAgent?: string;
  lang: Language;
}

async function openSession(db: Db, userId: string, caller: Caller) {
  return createSession(db, { userId, ip: caller.audit.ip ?? undefined, userAgent: caller.userAgent });
}

/** E-mail and password sign-in, with lockout after five failures in a row. */
export async function signIn(deps: Deps, input: { email: string; password: string }, caller: Caller) {
  const { db } = deps;
  const user = await findUserByEmail(db, input.email);
  const audit = { ...caller.audit, userId: user?.id ?? null, email: user?.email ?? input.email };
  if (!user) {
    await verifyPassword(null, input.password);
    await writeAuditNow(db, audit, { action: 'auth.sign_in_failed', entityType: 'user', after: { reason: 'unknown_email' } });
    throw unauthorized('wrong_credentials');
  }
  const now = Date.now();
  if (user.lockedUntil && user.lockedUntil.getTime() > now) {
    await writeAuditNow(db, audit, {
      action: 'auth.sign_in_refused',
      entityType: 'user',
      entityId: user.id,
      after: { reason: 'locked' },
    });
    throw new AppError(423, 'account_locked', { minutes: Math.ceil((user.lockedUntil.getTime() - now) / 60_000) });
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const locks = await db.transaction(async (tx) => {
      // Counted in the database, so concurrent failures cannot slip past the limit.
      const [counted] = await tx
        .update(users)
        .set({ failedSignIns: sql`${users.failedSignIns} + 1` })
        .where(eq(users.id, user.id))
        .returning({ failures: users.failedSignIns });
      const failures = counted!.failures;
      await writeAudit(tx, audit, { action: 'auth.sign_in_failed', entityType: 'user', entityId: user.id, after: { failures } });
      if (failures < FAILED_SIGN_INS_BEFORE_LOCK) return false;
      await tx
        .update(users)
        .set({ failedSignIns: 0, lockedUntil: new Date(now + LOCKOUT_MS) })
        .where(eq(users.id, user.id));
      await writeAudit(tx, audit, {
        action: 'auth.account_locked',
        entityType: 'user',
        entityId: user.id,
        after: { lockedForMinutes: LOCKOUT_MS / 60_000 },
      });
      return true;
    });
    if (locks) throw new AppError(423, 'account_locked', { minutes: LOCKOUT_MS / 60_000 });
    throw unauthorized('wrong_credentials');
  }
  return db.transaction(async (tx) => {
    await tx.update(users).set({ failedSignIns: 0, lockedUntil: null }).where(eq(users.id, user.id));
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
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    throw new AppError(423, 'account_locked', { minutes: Math.ceil((user.lockedUntil.getTime() - Date.now()) / 60_000) });
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

/** Same reply whether or not the e-mail is known, so the call cannot be used to probe accounts. */
export async function restorePassword(deps: Deps, email: string, caller: Caller) {
  const { db, config, mailer } = deps;
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = await db.transaction(async (tx) => {
    const t = await issuePasswordToken(tx, user.id, 'reset');
    await writeAudit(
      tx,
      { ...caller.audit, userId: user.id, email: user.email },
      { action: 'auth.password_reset_requested', entityType: 'user', entityId: user.id },
    );
    return t;
  });
  await mailer.send(restorePasswordMail(user.email, `${config.publicUrl}/setPassword/${token}`, user.language as Language));
}

async function applyNewPassword(tx: Db, userId: string, password: string) {
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password), failedSignIns: 0, lockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await endUserSessions(tx, userId, 'password_reset');
}

export async function setPassword(deps: Deps, token: string, password: string, caller: Caller) {
  await deps.db.transaction(async (tx) => {
    const { userId, purpose } = await consumePasswordToken(tx, token);
    await applyNewPassword(tx, userId, password);
    await writeAudit(
      tx,
      { ...caller.audit, userId },
      { action: 'auth.password_reset', entityType: 'user', entityId: userId, after: { purpose } },
    );
  });
}

/** An invitation or registration link: the e-mail must match the token's user; signs the user in. */
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
    await applyNewPassword(tx, userId, input.password);
    const session = await openSession(tx, userId, caller);
    const audit = { ...caller.audit, userId, email: user.email };
    await writeAudit(tx, audit, { action: 'auth.password_set', entityType: 'user', entityId: userId, after: { purpose } });
    await writeAudit(tx, audit, { action: 'auth.sign_in', entityType: 'session', entityId: session.sessionId });
    return { accessToken: session.accessToken, rsaKey: session.rsaKey };
  });
}

type UserDto = z.infer<typeof userDto>;

async function insertUser(tx: Db, dto: UserDto, lang: Language) {
  if (await findUserByEmail(tx, dto.email)) throw conflict('email_taken', 'userDto.email');
  const [row] = await tx
    .insert(users)
    .values({
      email: dto.email.trim(),
      firstName: dto.firstName,
      lastName: dto.lastName,
      patronymic: dto.patronymic ?? null,
      userRole: 'User',
      language: lang,
    })
    .returning();
  return row!;
}

/**
 * Registration: creates the user with no password, signs them in and mails a link to set one.
 * Joining an existing organisation waits for its admin's verification; a new organisation's founder is its admin.
 */
export async function signUp(
  deps: Deps,
  input: z.infer<typeof signUpRequest> | z.infer<typeof signUpWithOrganisationRequest>,
  caller: Caller,
) {
  const { db, config, mailer } = deps;
  const result = await signUpTransaction(db, input, caller).catch((e: unknown) => {
    // A concurrent registration that slipped past the checks still answers with the field's 409.
    if ('organisationDto' in input) {
      const dto = input.organisationDto;
      if (isUniqueViolation(e, 'organisations_short_name_live_uq'))
        throw conflict('organisation_exists', 'organisationDto.shortName', { name: dto.shortName });
      if (dto.inn && isUniqueViolation(e, 'organisations_inn_live_uq'))
        throw conflict('inn_taken', 'organisationDto.inn', { inn: dto.inn });
    }
    throw e;
  });
  await mailer.send(invitationMail(result.user.email, `${config.publicUrl}/setPasswordWCreds/${result.token}`, caller.lang));
  return { accessToken: result.session.accessToken, rsaKey: result.session.rsaKey };
}

function signUpTransaction(
  db: Db,
  input: z.infer<typeof signUpRequest> | z.infer<typeof signUpWithOrganisationRequest>,
  caller: Caller,
) {
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, input.userDto, caller.lang);
    const audit = { ...caller.audit, userId: user.id, email: user.email };
    let organisationId: string;
    let founder = false;
    if ('organisationDto' in input) {
      const dto = input.organisationDto;
      const [existing] = await tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(and(sql`lower(${organisations.shortName}) = ${dto.shortName.toLowerCase()}`, isNull(organisations.deletedAt)));
      if (existing) throw conflict('organisation_exists', 'organisationDto.shortName', { name: dto.shortName });
      // The tax numbers come with a company lookup suggestion; an INN is one organisation's only.
      if (dto.inn && (await findByInn(tx, dto.inn))) throw conflict('inn_taken', 'organisationDto.inn', { inn: dto.inn });
      const [org] = await tx
        .insert(organisations)
        .values({ ...dto, inn: dto.inn ?? null, kpp: dto.kpp ?? null })
        .returning();
      organisationId = org!.id;
      founder = true;
      await writeAudit(tx, audit, { action: 'organisation.create', entityType: 'organisation', entityId: org!.id, after: org });
    } else {
      const [org] = await tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(
          and(
            sql`lower(${organisations.shortName}) = ${input.organisationShortName.toLowerCase()}`,
            isNull(organisations.deletedAt),
          ),
        );
      if (!org) throw badRequest('organisation_unknown', 'organisationShortName', { name: input.organisationShortName });
      organisationId = org.id;
    }
    const [ou] = await tx
      .insert(organisationUsers)
      .values({ userId: user.id, organisationId, userRole: founder ? 'Admin' : 'User', isVerify: founder })
      .returning();
    // A founder works in the new organisation at once; a joiner waits for verification.
    if (founder) await tx.update(users).set({ currentOrganisationUserId: ou!.id }).where(eq(users.id, user.id));
    await writeAudit(tx, audit, { action: 'user.sign_up', entityType: 'user', entityId: user.id, after: toUser(user) });
    await writeAudit(tx, audit, {
      action: 'organisation_user.create',
      entityType: 'organisation_user',
      entityId: ou!.id,
      after: ou,
    });
    const token = await issuePasswordToken(tx, user.id, 'invite');
    const session = await openSession(tx, user.id, caller);
    await writeAudit(tx, audit, { action: 'auth.sign_in', entityType: 'session', entityId: session.sessionId });
    return { user, token, session };
  });
}

export async function changePassword(
  deps: Deps,
  input: { userId: string; sessionId: string; oldPassword: string; newPassword: string },
  caller: Caller,
) {
  const { db } = deps;
  const user = await findUser(db, input.userId);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw badRequest('wrong_old_password', 'oldPassword');
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
