import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Language, User, UserRole } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema/index.js';
import { offsetOf, type PageQuery } from '../../platform/http/paging.js';
import { userMatches } from './user-name.sql.js';

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

/** One page of live users, by last and first name, with an optional search over name and e-mail. */
export async function listUsers(db: Db, q: PageQuery & { search?: string }): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(isNull(users.deletedAt), userMatches(q.search));
  const [rows, [counted]] = await Promise.all([
    db.select().from(users).where(where).orderBy(users.lastName, users.firstName, users.id).limit(q.pageSize).offset(offsetOf(q)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Live users of a given role (support tickets are copied to every Admin). */
export const usersWithRole = (db: Db, role: UserRole) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.userRole, role), isNull(users.deletedAt)));
