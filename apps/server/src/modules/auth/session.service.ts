import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  IDLE_TIMEOUT_MS,
  permissionsFor,
  type EmployeeType,
  type Language,
  type OrganisationType,
  type UserRole,
} from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import {
  employees,
  organisationUsers,
  researches,
  researchOrganisations,
  sessions,
  users,
} from '../../platform/db/schema/index.js';
import { hashToken, newSessionKeyPair, newToken } from '../../platform/crypto/tokens.js';
import type { Actor } from '../../platform/http/actor.js';
import { writeAudit, type AuditActor } from '../../platform/audit/audit.js';
import { unauthorized } from '../../platform/http/errors.js';

/** How often a session's last-seen time is written: idle expiry is exact to this much. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  db: Db,
  opts: { userId: string; ip?: string; userAgent?: string },
): Promise<{ sessionId: string; accessToken: string; rsaKey: string }> {
  const { token, hash } = newToken();
  const keys = await newSessionKeyPair();
  const [row] = await db
    .insert(sessions)
    .values({
      userId: opts.userId,
      tokenHash: hash,
      publicKey: keys.publicKey,
      ip: opts.ip ?? null,
      userAgent: opts.userAgent ?? null,
    })
    .returning({ id: sessions.id });
  return { sessionId: row!.id, accessToken: token, rsaKey: keys.privateKey };
}

export async function endSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every open session of a user (password change or reset, account deletion). */
export async function endUserSessions(db: Db, userId: string, reason: string, exceptSessionId?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    );
}

/** A session's absolute lifetime when none is configured (SESSION_MAX_HOURS). */
export const DEFAULT_SESSION_MAX_MS = 12 * 60 * 60 * 1000;

/**
 * The one statement that resolves a session on every request: the session, its user and the user's
 * current organisation membership, employee, centre and research. Built and prepared once per database
 * (a named statement on PostgreSQL, parsed once per connection), since it runs before every API call.
 */
function prepareActorQuery(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      endedAt: sessions.endedAt,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      email: users.email,
      userRole: users.userRole,
      language: users.language,
      userDeletedAt: users.deletedAt,
      ouId: organisationUsers.id,
      ouOrganisationId: organisationUsers.organisationId,
      ouRole: organisationUsers.userRole,
      ouVerify: organisationUsers.isVerify,
      empId: employees.id,
      empType: employees.employeeType,
      empAccess: employees.hasAccess,
      roId: researchOrganisations.id,
      roOrganisationId: researchOrganisations.organisationId,
      roType: researchOrganisations.organisationType,
      researchId: researches.id,
      withIwrs: researches.withIwrs,
      protocolNumber: researches.grlsProtocolNumber,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      organisationUsers,
      and(eq(organisationUsers.id, users.currentOrganisationUserId), isNull(organisationUsers.deletedAt)),
    )
    .leftJoin(employees, and(eq(employees.id, users.currentEmployeeId), isNull(employees.deletedAt)))
    .leftJoin(
      researchOrganisations,
      and(eq(researchOrganisations.id, employees.researchOrganisationId), isNull(researchOrganisations.deletedAt)),
    )
    .leftJoin(researches, and(eq(researches.id, researchOrganisations.researchId), isNull(researches.deletedAt)))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('resolve_actor');
}

const actorQueries = new WeakMap<Db, ReturnType<typeof prepareActorQuery>>();
const actorQuery = (db: Db) => {
  let q = actorQueries.get(db);
  if (!q) actorQueries.set(db, (q = prepareActorQuery(db)));
  return q;
};

/**
 * Resolves a bearer token to its actor; refuses unknown and ended sessions, sessions idle for longer than
 * IDLE_TIMEOUT_MS and sessions older than `maxAgeMs` however active (each ended and audited) with 401.
 */
export async function resolveActor(db: Db, token: string, audit: AuditActor, maxAgeMs = DEFAULT_SESSION_MAX_MS): Promise<Actor> {
  const [row] = await actorQuery(db).execute({ tokenHash: hashToken(token) });

  if (!row || row.endedAt || row.userDeletedAt) throw unauthorized('session_expired');
  const now = Date.now();
  const idle = now - row.lastSeenAt.getTime();
  const expiry = idle > IDLE_TIMEOUT_MS ? 'idle' : now - row.createdAt.getTime() > maxAgeMs ? 'max_age' : null;
  if (expiry) {
    await db.transaction(async (tx) => {
      await endSession(tx, row.sessionId, expiry);
      await writeAudit(
        tx,
        { ...audit, userId: row.userId, email: row.email },
        { action: 'session.expired', entityType: 'session', entityId: row.sessionId, after: { reason: expiry } },
      );
    });
    throw unauthorized('session_expired');
  }
  if (idle > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.sessionId));
  }

  const employee =
    row.empId && row.empAccess && row.roId && row.researchId
      ? {
          id: row.empId,
          employeeType: row.empType as EmployeeType,
          researchOrganisationId: row.roId,
          organisationId: row.roOrganisationId!,
          organisationType: row.roType as OrganisationType,
          researchId: row.researchId,
          withIwrs: row.withIwrs ?? false,
          protocolNumber: row.protocolNumber ?? '',
        }
      : null;
  // An unverified membership gives no context: it waits for the organisation's admin.
  const organisationUser =
    row.ouId && row.ouVerify
      ? { id: row.ouId, organisationId: row.ouOrganisationId!, userRole: row.ouRole as UserRole, isVerify: row.ouVerify! }
      : null;
  const userRole = row.userRole as UserRole;
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    email: row.email,
    userRole,
    language: row.language as Language,
    organisationUser,
    employee,
    permissions: permissionsFor({
      userRole,
      organisationType: employee?.organisationType ?? null,
      employeeType: employee?.employeeType ?? null,
      withIwrs: employee?.withIwrs ?? false,
    }),
  };
}
