import { eq } from 'drizzle-orm';
import { passwordProblem, type PasswordOwner } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema/index.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import { badRequest } from '../../platform/http/errors.js';
import { endUserSessions } from './session.service.js';
import { clearAllFailures } from './sign-in-throttle.js';

/**
 * The password policy (packages/domain passwordProblem, docs/security.md) on every password that is set:
 * 400 naming `field` with the rule it breaks.
 */
export function checkNewPassword(password: string, owner: PasswordOwner, field: string): void {
  const problem = passwordProblem(password, owner);
  if (problem) throw badRequest(problem, field);
}

/** A password set by link (restore, invitation, registration): every session ends and every lock lifts. */
export async function applyNewPassword(
  tx: Db,
  user: PasswordOwner & { id: string; email: string },
  password: string,
  field = 'password',
) {
  checkNewPassword(password, user, field);
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await endUserSessions(tx, user.id, 'password_reset');
  await clearAllFailures(tx, user.email);
}
