import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { OrganisationUser, UserRole } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { organisations, organisationUsers, users } from '../../platform/db/schema/index.js';
import { offsetOf, type PageQuery } from '../../platform/http/paging.js';

const live = (where: SQL | undefined) =>
  and(isNull(organisationUsers.deletedAt), isNull(organisations.deletedAt), isNull(users.deletedAt), where);

/** Organisation memberships with their organisation and user, in the API's shape; one page of them when asked. */
export async function listOrganisationUsers(db: Db, where: SQL | undefined, page?: PageQuery): Promise<OrganisationUser[]> {
  const query = db
    .select({ ou: organisationUsers, o: organisations, u: users })
    .from(organisationUsers)
    .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
    .innerJoin(users, eq(users.id, organisationUsers.userId))
    .where(live(where))
    .orderBy(organisations.shortName, users.lastName, users.firstName, organisationUsers.id)
    .$dynamic();
  const rows = page ? await query.limit(page.pageSize).offset(offsetOf(page)) : await query;
  return rows.map(({ ou, o, u }) => ({
    id: ou.id,
    isVerify: ou.isVerify,
    userRoleString: ou.userRole as UserRole,
    organisation: { id: o.id, name: o.name, shortName: o.shortName, address: o.address },
    user: { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, patronymic: u.patronymic },
  }));
}

export async function countOrganisationUsers(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(organisationUsers)
    .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
    .innerJoin(users, eq(users.id, organisationUsers.userId))
    .where(live(where));
  return row?.n ?? 0;
}

export const organisationUsersOfUser = (db: Db, userId: string) =>
  listOrganisationUsers(db, eq(organisationUsers.userId, userId));

export async function getOrganisationUser(db: Db, id: string): Promise<OrganisationUser | undefined> {
  const [row] = await listOrganisationUsers(db, eq(organisationUsers.id, id));
  return row;
}

export type OrganisationUserRow = typeof organisationUsers.$inferSelect;

/** A live membership of a live organisation and user, as stored. */
export async function findOrganisationUserRow(db: Db, id: string): Promise<OrganisationUserRow | undefined> {
  const [row] = await db
    .select({ ou: organisationUsers })
    .from(organisationUsers)
    .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
    .innerJoin(users, eq(users.id, organisationUsers.userId))
    .where(live(eq(organisationUsers.id, id)))
    .limit(1);
  return row?.ou;
}

/** A user's live membership of an organisation (verified or not). */
export async function findMembership(db: Db, userId: string, organisationId: string): Promise<OrganisationUserRow | undefined> {
  const [row] = await db
    .select()
    .from(organisationUsers)
    .where(
      and(
        eq(organisationUsers.userId, userId),
        eq(organisationUsers.organisationId, organisationId),
        isNull(organisationUsers.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** The stored fields of a membership for the audit trail. */
export const auditedOrganisationUser = (r: OrganisationUserRow) => ({
  id: r.id,
  userId: r.userId,
  organisationId: r.organisationId,
  userRole: r.userRole,
  isVerify: r.isVerify,
  deletedAt: r.deletedAt?.toISOString() ?? null,
});
