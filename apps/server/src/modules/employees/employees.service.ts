import { and, eq, not } from 'drizzle-orm';
import {
  EMPLOYEE_TYPES,
  employeeTypesFor,
  type Employee,
  type EmployeeType,
  type employeeCandidatesQuery,
  type employeeCreate,
  type employeesQuery,
} from '@edc/domain';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { employees, organisationUsers, researchOrganisations, users } from '../../platform/db/schema/index.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { pageOf } from '../../platform/http/paging.js';
import { canGlobally } from '../../platform/http/research-scope.js';
import { findCentre } from '../centres/centres.queries.js';
import { countOrganisationUsers, findMembership, listOrganisationUsers } from '../organisations/organisation-users.repo.js';
import { findUser } from '../users/users.repo.js';
import {
  auditedEmployee,
  countEmployees,
  employedAt,
  findEmployeeRow,
  getEmployee,
  listEmployees,
  type EmployeeRow,
} from './employees.repo.js';
import { mayListEmployees, mayManageEmployees } from './employees.policy.js';
import { userMatches } from '../users/user-name.sql.js';

const alreadyEmployee = () => conflict('already_employee', 'userId');

/**
 * One page of employees: of one centre when asked, else of the caller's current research (everything for
 * centers_settings of the user's role).
 */
export async function listEmployeesPage(deps: Deps, q: z.infer<typeof employeesQuery>, caller: ActorCaller) {
  const { db } = deps;
  const { actor } = caller;
  let scope;
  if (q.researchOrganisationId) {
    const centre = await findCentre(db, q.researchOrganisationId);
    if (!centre) throw notFound('researchOrganisationId');
    if (!mayListEmployees(actor, centre.researchId)) throw forbidden();
    scope = eq(employees.researchOrganisationId, centre.id);
  } else if (canGlobally(actor, 'centers_settings')) {
    scope = undefined;
  } else if (actor.employee) {
    scope = eq(researchOrganisations.researchId, actor.employee.researchId);
  } else {
    throw forbidden();
  }
  const where = and(scope, userMatches(q.search));
  const [rows, total] = await Promise.all([listEmployees(db, where, q), countEmployees(db, where)]);
  return pageOf(rows, total, q);
}

/**
 * Who may be added to a centre by someone without users_settings (who may not list every user): the verified
 * members of the centre's organisation that are not its live employees, by name or e-mail, a page of them.
 * centers_settings in the centre's research, as adding one takes.
 */
export async function listCandidatesPage(deps: Deps, q: z.infer<typeof employeeCandidatesQuery>, caller: ActorCaller) {
  const { db } = deps;
  const centre = await findCentre(db, q.researchOrganisationId);
  if (!centre) throw notFound('researchOrganisationId');
  if (!mayManageEmployees(caller.actor, centre.researchId)) throw forbidden();
  const where = and(
    eq(organisationUsers.organisationId, centre.organisationId),
    eq(organisationUsers.isVerify, true),
    not(employedAt(db, centre.id, organisationUsers.userId)),
    userMatches(q.search),
  );
  const [rows, total] = await Promise.all([listOrganisationUsers(db, where, q), countOrganisationUsers(db, where)]);
  return pageOf(rows, total, q);
}

/** The roles offered for a centre's type; every role without a centre. */
export async function employeeTypeList(deps: Deps, researchOrganisationId: string | undefined): Promise<EmployeeType[]> {
  if (!researchOrganisationId) return [...EMPLOYEE_TYPES];
  const centre = await findCentre(deps.db, researchOrganisationId);
  if (!centre) throw notFound('researchOrganisationId');
  return employeeTypesFor(centre.organisationType);
}

export async function addEmployee(deps: Deps, input: z.infer<typeof employeeCreate>, caller: ActorCaller): Promise<Employee> {
  try {
    return await deps.db.transaction(async (tx) => {
      const centre = await findCentre(tx, input.researchOrganisationId);
      if (!centre) throw notFound('researchOrganisationId');
      if (!mayManageEmployees(caller.actor, centre.researchId)) throw forbidden();
      if (!employeeTypesFor(centre.organisationType).includes(input.employeeTypeString))
        throw badRequest('role_not_offered', 'employeeTypeString', { role: input.employeeTypeString });
      if (!(await findUser(tx, input.userId))) throw notFound('userId');
      const [row] = await tx
        .insert(employees)
        .values({ userId: input.userId, researchOrganisationId: centre.id, employeeType: input.employeeTypeString })
        .returning();
      await writeAudit(tx, caller.audit, {
        action: 'employee.create',
        entityType: 'employee',
        entityId: row!.id,
        researchId: centre.researchId,
        after: auditedEmployee(row!),
      });
      return (await getEmployee(tx, row!.id))!;
    });
  } catch (e) {
    if (isUniqueViolation(e, 'employees_live_uq')) throw alreadyEmployee();
    throw e;
  }
}

/** Loads an employee for a change by centers_settings in its research: 404 unknown, 403 not allowed. */
async function employeeToManage(tx: Db, id: string, caller: ActorCaller) {
  const found = await findEmployeeRow(tx, id);
  if (!found) throw notFound('id');
  if (!mayManageEmployees(caller.actor, found.researchId)) throw forbidden();
  return found;
}

/** Soft delete; when it was its user's current employee, the user has none until they choose one. */
export async function deleteEmployee(deps: Deps, id: string, caller: ActorCaller): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { employee: before, researchId } = await employeeToManage(tx, id, caller);
    const deletedAt = new Date();
    await tx.update(employees).set({ deletedAt }).where(eq(employees.id, id));
    const cleared = await tx
      .update(users)
      .set({ currentEmployeeId: null })
      .where(eq(users.currentEmployeeId, id))
      .returning({ id: users.id });
    await writeAudit(tx, caller.audit, {
      action: 'employee.delete',
      entityType: 'employee',
      entityId: id,
      researchId,
      before: auditedEmployee(before),
      after: { ...auditedEmployee({ ...before, deletedAt }), currentCleared: cleared.length > 0 },
    });
  });
}

/** Opens or closes an employee's access to the research; a closed current employee gives no context. */
export async function toggleAccess(deps: Deps, id: string, caller: ActorCaller): Promise<Employee> {
  return deps.db.transaction(async (tx) => {
    const { employee: before, researchId } = await employeeToManage(tx, id, caller);
    const [after] = await tx.update(employees).set({ hasAccess: !before.hasAccess }).where(eq(employees.id, id)).returning();
    await writeAudit(tx, caller.audit, {
      action: 'employee.toggle_access',
      entityType: 'employee',
      entityId: id,
      researchId,
      before: auditedEmployee(before),
      after: auditedEmployee(after as EmployeeRow),
    });
    return (await getEmployee(tx, id))!;
  });
}

/**
 * Makes one of the caller's own open employees current, and with it the caller's verified membership of the
 * centre's organisation when there is one.
 */
export async function setCurrentEmployee(deps: Deps, id: string, caller: ActorCaller): Promise<Employee> {
  const { actor } = caller;
  return deps.db.transaction(async (tx) => {
    const found = await findEmployeeRow(tx, id);
    if (!found) throw notFound('id');
    if (found.employee.userId !== actor.userId) throw forbidden();
    if (!found.employee.hasAccess) throw forbidden('employee_blocked', 'id');
    const [user] = await tx
      .select({ currentOrganisationUserId: users.currentOrganisationUserId, currentEmployeeId: users.currentEmployeeId })
      .from(users)
      .where(eq(users.id, actor.userId));
    const membership = await findMembership(tx, actor.userId, found.organisationId);
    const after = {
      currentEmployeeId: id,
      currentOrganisationUserId: membership?.isVerify ? membership.id : user!.currentOrganisationUserId,
    };
    if (
      after.currentEmployeeId !== user!.currentEmployeeId ||
      after.currentOrganisationUserId !== user!.currentOrganisationUserId
    ) {
      await tx.update(users).set(after).where(eq(users.id, actor.userId));
      await writeAudit(tx, caller.audit, {
        action: 'user.set_current_employee',
        entityType: 'user',
        entityId: actor.userId,
        researchId: found.researchId,
        before: user,
        after,
      });
    }
    return (await getEmployee(tx, id))!;
  });
}
