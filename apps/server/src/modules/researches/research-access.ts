import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { employees, researchOrganisations } from '../../platform/db/schema/index.js';
import type { Actor } from '../../platform/http/actor.js';
import { can } from '../../platform/http/guards.js';
import { canInResearch } from '../../platform/http/research-scope.js';

const openEmployeeOf = (userId: string) =>
  and(
    eq(employees.userId, userId),
    isNull(employees.deletedAt),
    eq(employees.hasAccess, true),
    isNull(researchOrganisations.deletedAt),
  );

/** Ids of the researches in which the user has a live employee with open access, in a live centre. */
export const researchIdsOfEmployee = (db: Db, userId: string) =>
  db
    .select({ id: researchOrganisations.researchId })
    .from(employees)
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, employees.researchOrganisationId))
    .where(openEmployeeOf(userId));

export async function isEmployeeOfResearch(db: Db, userId: string, researchId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, employees.researchOrganisationId))
    .where(and(openEmployeeOf(userId), eq(researchOrganisations.researchId, researchId)))
    .limit(1);
  return row !== undefined;
}

/** Every research with the `researches` key; otherwise those the caller has an open employee in. */
export const seesAllResearches = (actor: Actor) => can(actor, 'researches');

export async function mayReadResearch(db: Db, actor: Actor, researchId: string): Promise<boolean> {
  return seesAllResearches(actor) || isEmployeeOfResearch(db, actor.userId, researchId);
}

/** The centres of a research: centers_settings in that research, or an open employee of it. */
export async function mayReadCentres(db: Db, actor: Actor, researchId: string): Promise<boolean> {
  return canInResearch(actor, 'centers_settings', researchId) || isEmployeeOfResearch(db, actor.userId, researchId);
}
