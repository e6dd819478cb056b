import { beforeAll } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/platform/db/client.js';
import { auditLog } from '../../src/platform/db/schema/index.js';
import { makeOrganisation, makeUser, makeWorld, signIn } from './factories.js';
import { setupTestApp } from './test-app.js';

/** The eight callers of every role matrix. */
export const CALLERS = ['admin', 'editor', 'manager', 'sitePi', 'testSitePi', 'qa', 'kio', 'outsider'] as const;
export type CallerName = (typeof CALLERS)[number];

export const CALLER_LABELS: Record<CallerName, string> = {
  admin: 'Admin role user',
  editor: 'Editor role user',
  manager: 'Admin-centre Manager',
  sitePi: 'Site PI',
  testSitePi: 'TestSite PI',
  qa: 'Qa specialist',
  kio: 'Kio monitor',
  outsider: 'user of another organisation',
};

export interface CastMember {
  token: string;
  userId: string;
  email?: string;
}

/**
 * makeWorld plus an outsider: the verified Admin member of an organisation that takes part in no research.
 * Being an organisation admin elsewhere must not open anything here.
 */
export async function makeCast(app: FastifyInstance, db: Db) {
  const world = await makeWorld(app, db);
  const otherOrganisation = await makeOrganisation(db);
  const outsider = await makeUser(db, { organisationId: otherOrganisation.id, organisationRole: 'Admin' });
  const callers: Record<CallerName, CastMember> = {
    admin: world.admin,
    editor: world.editor,
    manager: world.cast.Admin,
    sitePi: world.cast.Site,
    testSitePi: world.cast.TestSite,
    qa: world.cast.Qa,
    kio: world.cast.Kio,
    outsider: { token: await signIn(app, outsider.user.email), userId: outsider.user.id, email: outsider.user.email },
  };
  return { world, callers, otherOrganisation, outsiderOrganisationUserId: outsider.organisationUserId! };
}

/**
 * One app and one cast for the whole test file (see setupTestApp): `t`, `callers`, `world` and the outsider's
 * `otherOrganisation` are filled in by beforeAll; `as(caller)` is that caller's token.
 */
export function setupCastApp(env: Record<string, string> = {}) {
  const t = setupTestApp(env);
  const callers = {} as Record<CallerName, CastMember>;
  const world = {} as Awaited<ReturnType<typeof makeCast>>['world'];
  const otherOrganisation = {} as Awaited<ReturnType<typeof makeCast>>['otherOrganisation'];
  beforeAll(async () => {
    const cast = await makeCast(t.app, t.database.db);
    Object.assign(callers, cast.callers);
    Object.assign(world, cast.world);
    Object.assign(otherOrganisation, cast.otherOrganisation);
  });
  return { t, callers, world, otherOrganisation, db: () => t.database.db, as: (c: CallerName) => callers[c].token };
}

/**
 * Rows for `it.each`: every caller with the status it must get; `allowed` lists the exceptions to `otherwise`.
 */
export function matrix(allowed: Partial<Record<CallerName, number>>, otherwise: number): [string, CallerName, number][] {
  return CALLERS.map((c) => [CALLER_LABELS[c], c, allowed[c] ?? otherwise]);
}

/** The audit records of one entity and action, oldest first. */
export function auditOf(db: Db, entityId: string, action: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)))
    .orderBy(auditLog.seq);
}
