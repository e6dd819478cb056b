import { and, eq, gt, isNull } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_MS } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { passwordTokens } from '../../platform/db/schema/index.js';
import { hashToken, newToken } from '../../platform/crypto/tokens.js';
import { badRequest } from '../../platform/http/errors.js';

export type PasswordTokenPurpose = 'reset' | 'invite';

export async function issuePasswordToken(db: Db, userId: string, purpose: PasswordTokenPurpose): Promise<string> {
  const { token, hash } = newToken();
  await db
    .insert(passwordTokens)
    .values({ userId, tokenHash: hash, purpose, expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS) });
  return token;
}

/** Marks a live token used and returns its user; an unknown, used or expired token is refused. */
export async function consumePasswordToken(db: Db, token: string): Promise<{ userId: string; purpose: PasswordTokenPurpose }> {
  const [row] = await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordTokens.tokenHash, hashToken(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordTokens.userId, purpose: passwordTokens.purpose });
  if (!row) throw badRequest('invalid_token', 'token');
  return { userId: row.userId, purpose: row.purpose as PasswordTokenPurpose };
}
