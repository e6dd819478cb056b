import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Language, User, UserRole } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** The public shape of a user: never the password hash or lockout counters. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    patronymic: row.patronymic,
    userRole: row.userRole as UserRole,
    language: row.language as Language,
  };
}
