import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { OrganisationUser, UserRole } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { organisations, organisationUsers, users } from '../../platform/db/schema/index.js';

/** Organisation memberships with their organisation and user, in the API's shape. */
export async function listOrganisationUsers(db: Db, where: SQL | undefined): Promise<OrganisationUser[]> {
  const rows = await db
    .select({ ou: organisationUsers, o: organisations, u: users })
    .from(organisationUsers)
    .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
    .innerJoin(users, eq(users.id, organisationUsers.userId))
    .where(and(isNull(organisationUsers.deletedAt), isNull(organisations.deletedAt), isNull(users.deletedAt), where))
    .orderBy(organisations.shortName, users.lastName);
  return rows.map(({ ou, o, u }) => ({
    id: ou.id,
    isVerify: ou.isVerify,
    userRoleString: ou.userRole as UserRole,
    organisation: { id: o.id, name: o.name, shortName: o.shortName, address: o.address },
    user: { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, patronymic: u.patronymic },
  }));
}

export const organisationUsersOfUser = (db: Db, userId: string) =>
  listOrganisationUsers(db, eq(organisationUsers.userId, userId));
