import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { FAILED_SIGN_INS_BEFORE_LOCK, LOCKOUT_MS } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { signInThrottle } from '../../platform/db/schema/index.js';

/**
 * The sign-in lockout, per (e-mail, client address) pair (docs/security.md, "Sign-in lockout"): five failures
 * in a row from one address lock that address out of that e-mail for LOCKOUT_MS. Unknown e-mails are counted
 * and locked the same way, so the lock tells nothing about whether an account exists, and an attacker
 * elsewhere (another address: TRUST_PROXY decides which one is real) cannot lock the owner out.
 */
export interface ThrottleKey {
  emailHash: string;
  ip: string;
}

export const throttleKey = (email: string, ip: string | null | undefined): ThrottleKey => ({
  emailHash: createHash('sha256').update(email.trim().toLowerCase()).digest('hex'),
  ip: ip ?? '',
});

const matches = (key: ThrottleKey) => and(eq(signInThrottle.emailHash, key.emailHash), eq(signInThrottle.ip, key.ip));

/** Minutes left of the pair's lock, or 0 when it may try. */
export async function lockedMinutes(db: Db, key: ThrottleKey, now = Date.now()): Promise<number> {
  const [row] = await db.select({ lockedUntil: signInThrottle.lockedUntil }).from(signInThrottle).where(matches(key));
  const until = row?.lockedUntil?.getTime() ?? 0;
  return until > now ? Math.ceil((until - now) / 60_000) : 0;
}

/**
 * Counts a failure (in SQL, so concurrent attempts cannot slip past the limit); at the limit the pair is
 * locked and its count starts again. Returns the failures so far and whether this one locked the pair.
 */
export async function recordFailure(db: Db, key: ThrottleKey, now = Date.now()): Promise<{ failures: number; locked: boolean }> {
  const [row] = await db
    .insert(signInThrottle)
    .values({ ...key, failures: 1, updatedAt: new Date(now) })
    .onConflictDoUpdate({
      target: [signInThrottle.emailHash, signInThrottle.ip],
      set: { failures: sql`${signInThrottle.failures} + 1`, updatedAt: new Date(now) },
    })
    .returning({ failures: signInThrottle.failures });
  const failures = row!.failures;
  if (failures < FAILED_SIGN_INS_BEFORE_LOCK) return { failures, locked: false };
  await db
    .update(signInThrottle)
    .set({ failures: 0, lockedUntil: new Date(now + LOCKOUT_MS) })
    .where(matches(key));
  return { failures, locked: true };
}

/** A successful sign-in clears its pair. */
export async function clearFailures(db: Db, key: ThrottleKey): Promise<void> {
  await db.delete(signInThrottle).where(matches(key));
}

/** A new password (reset or set by link) lifts every lock on the e-mail, from any address. */
export async function clearAllFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInThrottle).where(eq(signInThrottle.emailHash, throttleKey(email, '').emailHash));
}
