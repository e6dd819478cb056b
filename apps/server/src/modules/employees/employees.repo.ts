import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Employee, EmployeeType, OrganisationType } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { employees, organisations, researches, researchOrganisations, users } from '../../platform/db/schema/index.js';

/** Employees with their user, centre, organisation and research, in the API's shape. */
export async function listEmployees(db: Db, where: SQL | undefined): Promise<Employee[]> {
  const rows = await db
    .select({ e: employees, u: users, ro: researchOrganisations, o: organisations, r: researches })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, employees.researchOrganisationId))
    .innerJoin(organisations, eq(organisations.id, researchOrganisations.organisationId))
    .innerJoin(researches, eq(researches.id, researchOrganisations.researchId))
    .where(
      and(
        isNull(employees.deletedAt),
        isNull(researchOrganisations.deletedAt),
        isNull(researches.deletedAt),
        isNull(users.deletedAt),
        where,
      ),
    )
    .orderBy(researches.grlsProtocolNumber, researchOrganisations.number, users.lastName);
  return rows.map(({ e, u, ro, o, r }) => ({
    id: e.id,
    employeeType: e.employeeType as EmployeeType,
    hasAccess: e.hasAccess,
    drTrialId: e.drTrialId,
    user: { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, patronymic: u.patronymic },
    researchOrganisation: {
      id: ro.id,
      organisationTypeString: ro.organisationType as OrganisationType,
      researchOrganisationNumber: ro.number,
      organisation: { id: o.id, shortName: o.shortName, address: o.address },
      research: { id: r.id, grlsProtocolNumber: r.grlsProtocolNumber, mnn: r.mnn, statusString: r.status, withIwrs: r.withIwrs },
    },
  }));
}

export const employeesOfUser = (db: Db, userId: string) => listEmployees(db, eq(employees.userId, userId));
