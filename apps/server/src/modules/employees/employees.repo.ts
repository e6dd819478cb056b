import { and, count, eq, exists, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Employee, EmployeeType, OrganisationType } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { employees, organisations, researches, researchOrganisations, users } from '../../platform/db/schema/index.js';
import { offsetOf, type PageQuery } from '../../platform/http/paging.js';

const live = (where: SQL | undefined) =>
  and(
    isNull(employees.deletedAt),
    isNull(researchOrganisations.deletedAt),
    isNull(researches.deletedAt),
    isNull(users.deletedAt),
    where,
  );

/** Whether the user in `userId` (a column of the outer query) is a live employee of the centre, in any role. */
export const employedAt = (db: Db, centreId: string, userId: SQLWrapper) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(employees)
      .where(and(eq(employees.researchOrganisationId, centreId), eq(employees.userId, userId), isNull(employees.deletedAt))),
  );

/** Employees with their user, centre, organisation and research, in the API's shape; one page of them when asked. */
export async function listEmployees(db: Db, where: SQL | undefined, page?: PageQuery): Promise<Employee[]> {
  const query = db
    .select({ e: employees, u: users, ro: researchOrganisations, o: organisations, r: researches })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, employees.researchOrganisationId))
    .innerJoin(organisations, eq(organisations.id, researchOrganisations.organisationId))
    .innerJoin(researches, eq(researches.id, researchOrganisations.researchId))
    .where(live(where))
    .orderBy(researches.grlsProtocolNumber, researchOrganisations.number, users.lastName, users.firstName, employees.id)
    .$dynamic();
  const rows = page ? await query.limit(page.pageSize).offset(offsetOf(page)) : await query;
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

export async function countEmployees(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, employees.researchOrganisationId))
    .innerJoin(researches, eq(researches.id, researchOrganisations.researchId))
    .where(live(where));
  return row?.n ?? 0;
}

export const employeesOfUser = (db: Db, userId: string) => listEmployees(db, eq(employees.userId, userId));

export async function getEmployee(db: Db, id: string): Promise<Employee | undefined> {
  const [row] = await listEmployees(db, eq(employees.id, id));
  return row;
}

export type EmployeeRow = typeof employees.$inferSelect;

/** A live employee of a live user in a live centre of a live research, with the centre's research and organisation. */
export async function findEmployeeRow(
  db: Db,
  id: string,
): Promise<{ employee: EmployeeRow; researchId: string; organisationId: string } | undefined> {
  const [row] = await db
    .select({
      employee: employees,
      researchId: researchOrganisations.researchId,
      organisationId: researchOrganisations.organisationId,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, employees.researchOrganisationId))
    .innerJoin(researches, eq(researches.id, researchOrganisations.researchId))
    .where(live(eq(employees.id, id)))
    .limit(1);
  return row;
}

/** The stored fields of an employee for the audit trail. */
export const auditedEmployee = (e: EmployeeRow) => ({
  id: e.id,
  userId: e.userId,
  researchOrganisationId: e.researchOrganisationId,
  employeeType: e.employeeType,
  hasAccess: e.hasAccess,
  deletedAt: e.deletedAt?.toISOString() ?? null,
});
