import { homePath, type Me } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import type { Actor } from '../../platform/http/actor.js';
import { unauthorized } from '../../platform/http/errors.js';
import { employeesOfUser } from '../employees/employees.repo.js';
import { organisationUsersOfUser } from '../organisations/organisation-users.repo.js';
import { findUser, toUser } from './users.repo.js';

/** Everything the web app needs to draw its menus for the signed-in user. */
export async function getMe(db: Db, actor: Actor): Promise<Me> {
  const [user, organisationUsers, employees] = await Promise.all([
    findUser(db, actor.userId),
    organisationUsersOfUser(db, actor.userId),
    employeesOfUser(db, actor.userId),
  ]);
  if (!user) throw unauthorized();
  return {
    user: toUser(user),
    organisationUsers,
    currentOrganisationUserId: actor.organisationUser?.id ?? null,
    employees,
    currentEmployeeId: actor.employee?.id ?? null,
    permissions: [...actor.permissions],
    homePath: homePath({
      hasCurrentOrganisationUser: actor.organisationUser !== null,
      organisationType: actor.employee?.organisationType ?? null,
    }),
  };
}
