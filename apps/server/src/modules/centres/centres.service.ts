import { and, count, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  enumLabel,
  enumLabelList,
  centreNumberIsManual,
  employeeTypesFor,
  nextCentreNumber,
  type EmployeeType,
  type OrganisationType,
  type ResearchOrganisation,
  type researchOrganisationCreate,
  type researchOrganisationUpdate,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { employees, researches, researchOrganisations } from '../../platform/db/schema/index.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { findOrganisation } from '../organisations/organisations.repo.js';
import { findResearch } from '../researches/researches.queries.js';
import { findCentre, getCentre, type CentreRow } from './centres.queries.js';
import { mayManageCentres } from './centres.policy.js';

type CentreCreate = z.infer<typeof researchOrganisationCreate>;
type CentreUpdate = z.infer<typeof researchOrganisationUpdate>;

const NUMBER = 'researchOrganisationNumber';
const numberTaken = (number: string) => conflict('centre_number_taken', NUMBER, { number });

/** The stored fields of a centre for the audit trail. */
const auditedCentre = (c: CentreRow, deletedAt: Date | null = null) => ({
  id: c.id,
  researchId: c.researchId,
  organisationId: c.organisationId,
  organisationType: c.organisationType,
  number: c.number,
  deletedAt: deletedAt?.toISOString() ?? null,
});

/** Serialises centre numbering within a research until the transaction ends. */
async function lockResearch(tx: Db, researchId: string): Promise<void> {
  await tx.select({ id: researches.id }).from(researches).where(eq(researches.id, researchId)).for('update');
}

/** A live centre of the research other than `exceptId` matching the condition. */
async function otherCentre(tx: Db, researchId: string, exceptId: string | undefined, where: SQL | undefined) {
  const [row] = await tx
    .select({ id: researchOrganisations.id, number: researchOrganisations.number })
    .from(researchOrganisations)
    .where(
      and(
        eq(researchOrganisations.researchId, researchId),
        isNull(researchOrganisations.deletedAt),
        exceptId ? ne(researchOrganisations.id, exceptId) : undefined,
        where,
      ),
    )
    .limit(1);
  return row;
}

/**
 * The research's administrating (sponsor) organisation is not also one of its sites, and the other way
 * round: the party that pays for a study does not enrol its subjects. Test sites, QA and monitoring are
 * not concerned (the sponsor may try its own study on a test site).
 */
async function assertSponsorRule(tx: Db, researchId: string, organisationId: string, type: OrganisationType, exceptId?: string) {
  const sameOrganisation = eq(researchOrganisations.organisationId, organisationId);
  if (
    type === 'Site' &&
    (await otherCentre(tx, researchId, exceptId, and(sameOrganisation, eq(researchOrganisations.organisationType, 'Admin'))))
  ) {
    throw conflict('sponsor_not_site', 'organisationId', { type });
  }
  if (
    type === 'Admin' &&
    (await otherCentre(tx, researchId, exceptId, and(sameOrganisation, eq(researchOrganisations.organisationType, 'Site'))))
  ) {
    throw conflict('site_not_sponsor', 'organisationId');
  }
}

/** Every number the research has given, deleted centres included (a derived number is never reused). */
async function numbersOf(tx: Db, researchId: string): Promise<string[]> {
  const rows = await tx
    .select({ number: researchOrganisations.number })
    .from(researchOrganisations)
    .where(eq(researchOrganisations.researchId, researchId));
  return rows.map((r) => r.number);
}

async function assertNumberFree(tx: Db, researchId: string, number: string, exceptId?: string) {
  if (await otherCentre(tx, researchId, exceptId, eq(researchOrganisations.number, number))) throw numberTaken(number);
}

async function guardNumberRace<T>(number: () => string | undefined, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (isUniqueViolation(e, 'research_organisations_number_uq')) throw numberTaken(number() ?? '');
    throw e;
  }
}

/**
 * POST /ResearchOrganisations: organisation and type required; the number is required for a Site and
 * derived for the other types when not given (A-01, Q-01, K-01, T-01, then the next free one).
 */
export async function createCentre(deps: Deps, input: CentreCreate, caller: ActorCaller): Promise<ResearchOrganisation> {
  let number: string | undefined;
  return guardNumberRace(
    () => number,
    deps.db.transaction(async (tx) => {
      if (!(await findResearch(tx, input.researchId))) throw notFound('researchId');
      if (!mayManageCentres(caller.actor, input.researchId)) throw forbidden();
      if (!(await findOrganisation(tx, input.organisationId))) throw notFound('organisationId');
      const type = input.organisationTypeString;
      if (centreNumberIsManual(type) && !input.researchOrganisationNumber)
        throw badRequest('required', NUMBER, { field: NUMBER });
      await lockResearch(tx, input.researchId);
      await assertSponsorRule(tx, input.researchId, input.organisationId, type);
      number =
        input.researchOrganisationNumber ??
        nextCentreNumber(type as Exclude<OrganisationType, 'Site'>, await numbersOf(tx, input.researchId));
      await assertNumberFree(tx, input.researchId, number);
      const [row] = await tx
        .insert(researchOrganisations)
        .values({ researchId: input.researchId, organisationId: input.organisationId, organisationType: type, number })
        .returning();
      const created: CentreRow = { ...row!, organisationType: type };
      await writeAudit(tx, caller.audit, {
        action: 'research_organisation.create',
        entityType: 'research_organisation',
        entityId: created.id,
        researchId: created.researchId,
        after: auditedCentre(created),
      });
      return (await getCentre(tx, created.id))!;
    }),
  );
}

/** Loads a centre for a change by centers_settings in its research: 404 unknown, 403 not allowed. */
async function centreToManage(tx: Db, id: string, caller: ActorCaller): Promise<CentreRow> {
  const centre = await findCentre(tx, id);
  if (!centre) throw notFound('id');
  if (!mayManageCentres(caller.actor, centre.researchId)) throw forbidden();
  return centre;
}

/** The roles of the centre's live employees that a centre of the given type does not offer. */
async function rolesNotOffered(tx: Db, centreId: string, type: OrganisationType): Promise<EmployeeType[]> {
  const offered = employeeTypesFor(type);
  const rows = await tx
    .selectDistinct({ employeeType: employees.employeeType })
    .from(employees)
    .where(and(eq(employees.researchOrganisationId, centreId), isNull(employees.deletedAt)));
  return rows.map((r) => r.employeeType as EmployeeType).filter((t) => !offered.includes(t));
}

/**
 * PUT /ResearchOrganisations/{id}: type, number and organisation. A new type must offer the roles of the
 * centre's employees; turning into a non-site type without a number derives one, turning into a Site needs one.
 */
export async function updateCentre(
  deps: Deps,
  id: string,
  input: CentreUpdate,
  caller: ActorCaller,
): Promise<ResearchOrganisation> {
  let number: string | undefined;
  return guardNumberRace(
    () => number,
    deps.db.transaction(async (tx) => {
      const before = await centreToManage(tx, id, caller);
      const type = input.organisationTypeString ?? before.organisationType;
      const organisationId = input.organisationId ?? before.organisationId;
      const typeChanged = type !== before.organisationType;
      if (organisationId !== before.organisationId && !(await findOrganisation(tx, organisationId)))
        throw notFound('organisationId');
      await lockResearch(tx, before.researchId);
      if (typeChanged || organisationId !== before.organisationId) {
        await assertSponsorRule(tx, before.researchId, organisationId, type, id);
      }
      if (typeChanged) {
        const roles = await rolesNotOffered(tx, id, type);
        if (roles.length > 0)
          throw conflict('centre_roles_not_offered', 'organisationTypeString', {
            type: enumLabel('organisationType', type),
            roles: enumLabelList('employeeType', roles),
          });
      }
      number = input.researchOrganisationNumber ?? undefined;
      if (!number && typeChanged) {
        if (centreNumberIsManual(type)) throw badRequest('required', NUMBER, { field: NUMBER });
        number = nextCentreNumber(type, await numbersOf(tx, before.researchId));
      }
      number ??= before.number;
      if (number !== before.number) await assertNumberFree(tx, before.researchId, number, id);
      if (!typeChanged && organisationId === before.organisationId && number === before.number) return (await getCentre(tx, id))!;
      await tx
        .update(researchOrganisations)
        .set({ organisationType: type, organisationId, number })
        .where(eq(researchOrganisations.id, id));
      await writeAudit(tx, caller.audit, {
        action: 'research_organisation.update',
        entityType: 'research_organisation',
        entityId: id,
        researchId: before.researchId,
        before: auditedCentre(before),
        after: auditedCentre({ ...before, organisationType: type, organisationId, number }),
      });
      return (await getCentre(tx, id))!;
    }),
  );
}

/**
 * DELETE /ResearchOrganisations/{id}: soft delete, refused while the centre has live employees (blocked
 * ones too): they are removed first, each removal in the audit trail, so no one is left working in a
 * centre that no longer exists.
 */
export async function deleteCentre(deps: Deps, id: string, caller: ActorCaller): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await centreToManage(tx, id, caller);
    const [staff] = await tx
      .select({ n: count() })
      .from(employees)
      .where(and(eq(employees.researchOrganisationId, id), isNull(employees.deletedAt)));
    if ((staff?.n ?? 0) > 0) throw conflict('centre_has_employees', 'id', { count: staff!.n });
    const deletedAt = new Date();
    await tx.update(researchOrganisations).set({ deletedAt }).where(eq(researchOrganisations.id, id));
    await writeAudit(tx, caller.audit, {
      action: 'research_organisation.delete',
      entityType: 'research_organisation',
      entityId: id,
      researchId: before.researchId,
      before: auditedCentre(before),
      after: auditedCentre(before, deletedAt),
    });
  });
}
