import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { users } from '../platform/db/schema/index.js';
import type { ActorCaller } from '../platform/http/caller.js';
import { createSession, endSession, resolveActor } from '../modules/auth/session.service.js';

/**
 * Runs `work` as a demo user in a session of its own, so that the demo study is built through the same
 * services, rules and audit trail as a user's clicks. The session is ended afterwards.
 */
export async function asDemoUser<T>(db: Db, email: string, work: (caller: ActorCaller) => Promise<T>): Promise<T> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new Error(`demo user ${email} is missing`);
  const session = await createSession(db, { userId: user.id, userAgent: 'demo seed' });
  try {
    const actor = await resolveActor(db, session.accessToken, { userId: user.id, email });
    const audit = {
      userId: actor.userId,
      email: actor.email,
      employeeId: actor.employee?.id ?? null,
      employeeType: actor.employee?.employeeType ?? null,
    };
    return await work({ actor, audit, lang: 'ru', timeZone: 'UTC', userAgent: 'demo seed' });
  } finally {
    await endSession(db, session.sessionId, 'seed');
  }
}
