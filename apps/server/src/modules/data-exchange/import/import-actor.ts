import { and, eq, isNull } from 'drizzle-orm';
import { permissionsFor, type EmployeeType, type OrganisationType, type UserRole } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import { employees, researches, researchOrganisations, users } from '../../../platform/db/schema/index.js';
import type { Actor } from '../../../platform/http/actor.js';
import type { ActorCaller } from '../../../platform/http/caller.js';
import { forbidden } from '../../../platform/http/errors.js';
import type { JobActor } from '../../../platform/jobs/jobs.js';
import { mayUseJobs } from '../../jobs/jobs.policy.js';

/**
 * The caller the import acts as: the user who asked, in the employee context they asked in (jobs.actor), as
 * the database holds them now. The right to import is checked again when the job runs, so that a user
 * blocked or removed from the research meanwhile imports nothing (403, the job fails without a retry).
 * The values, forms and audit records carry this user and employee.
 */
export async function importCallerOf(db: Db, asked: JobActor, researchId: string): Promise<ActorCaller> {
  const [user] = await db
    .select({ id: users.id, email: users.email, userRole: users.userRole })
    .from(users)
    .where(and(eq(users.id, asked.userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw forbidden();
  const [row] = asked.employeeId
    ? await db
        .select({
          id: employees.id,
          employeeType: employees.employeeType,
          researchOrganisationId: researchOrganisations.id,
          organisationId: researchOrganisations.organisationId,
          organisationType: researchOrganisations.organisationType,
          researchId: researches.id,
          withIwrs: researches.withIwrs,
          protocolNumber: researches.grlsProtocolNumber,
        })
        .from(employees)
        .innerJoin(researchOrganisations, eq(researchOrganisations.id, employees.researchOrganisationId))
        .innerJoin(researches, eq(researches.id, researchOrganisations.researchId))
        .where(
          and(
            eq(employees.id, asked.employeeId),
            eq(employees.userId, user.id),
            eq(employees.hasAccess, true),
            isNull(employees.deletedAt),
            isNull(researchOrganisations.deletedAt),
            isNull(researches.deletedAt),
          ),
        )
        .limit(1)
    : [];
  const employee = row
    ? { ...row, employeeType: row.employeeType as EmployeeType, organisationType: row.organisationType as OrganisationType }
    : null;
  const userRole = user.userRole as UserRole;
  const actor: Actor = {
    sessionId: '',
    userId: user.id,
    email: user.email,
    userRole,
    language: asked.language,
    organisationUser: null,
    employee,
    permissions: permissionsFor({
      userRole,
      organisationType: employee?.organisationType ?? null,
      employeeType: employee?.employeeType ?? null,
      withIwrs: employee?.withIwrs ?? false,
    }),
  };
  if (!mayUseJobs(actor, 'clinical_import', researchId)) throw forbidden('no_research_access', 'researchId');
  return {
    audit: {
      userId: user.id,
      email: user.email,
      employeeId: employee?.id ?? null,
      employeeType: employee?.employeeType ?? null,
      ip: asked.ip ?? null,
    },
    userAgent: undefined,
    lang: asked.language,
    timeZone: 'UTC',
    actor,
  };
}
