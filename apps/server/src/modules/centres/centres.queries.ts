import { and, count, desc, eq, isNull, lte, type SQL } from 'drizzle-orm';
import type { OrganisationType, ResearchOrganisation } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import {
  organisations,
  researches,
  researchOrganisations,
  researchOrganisationVersions,
  researchVersions,
} from '../../platform/db/schema/index.js';
import type { Actor } from '../../platform/http/actor.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { offsetOf, pageOf, searchAny, type PageQuery } from '../../platform/http/paging.js';
import { mayReadCentres } from '../researches/research-access.js';
import { findResearch } from '../researches/researches.queries.js';

export interface CentreRow {
  id: string;
  researchId: string;
  organisationId: string;
  organisationType: OrganisationType;
  number: string;
}

/** A live centre of a live research, as stored. */
export async function findCentre(db: Db, id: string): Promise<CentreRow | undefined> {
  const [row] = await db
    .select({
      id: researchOrganisations.id,
      researchId: researchOrganisations.researchId,
      organisationId: researchOrganisations.organisationId,
      organisationType: researchOrganisations.organisationType,
      number: researchOrganisations.number,
    })
    .from(researchOrganisations)
    .innerJoin(researches, eq(researches.id, researchOrganisations.researchId))
    .where(and(eq(researchOrganisations.id, id), isNull(researchOrganisations.deletedAt), isNull(researches.deletedAt)))
    .limit(1);
  return row ? { ...row, organisationType: row.organisationType as OrganisationType } : undefined;
}

const live = (where: SQL | undefined) =>
  and(isNull(researchOrganisations.deletedAt), isNull(researches.deletedAt), isNull(organisations.deletedAt), where);

/** Centres in the API's shape, ordered by number; one page of them when asked. */
export async function listCentres(db: Db, where: SQL | undefined, page?: PageQuery): Promise<ResearchOrganisation[]> {
  const query = db
    .select({ ro: researchOrganisations, o: organisations, r: researches })
    .from(researchOrganisations)
    .innerJoin(researches, eq(researches.id, researchOrganisations.researchId))
    .innerJoin(organisations, eq(organisations.id, researchOrganisations.organisationId))
    .where(live(where))
    .orderBy(researchOrganisations.number, researchOrganisations.id)
    .$dynamic();
  const rows = page ? await query.limit(page.pageSize).offset(offsetOf(page)) : await query;
  return rows.map(({ ro, o, r }) => ({
    id: ro.id,
    organisationTypeString: ro.organisationType as OrganisationType,
    researchOrganisationNumber: ro.number,
    organisation: { id: o.id, shortName: o.shortName, address: o.address },
    research: { id: r.id, grlsProtocolNumber: r.grlsProtocolNumber, mnn: r.mnn, statusString: r.status, withIwrs: r.withIwrs },
  }));
}

export async function countCentres(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(researchOrganisations)
    .innerJoin(researches, eq(researches.id, researchOrganisations.researchId))
    .innerJoin(organisations, eq(organisations.id, researchOrganisations.organisationId))
    .where(live(where));
  return row?.n ?? 0;
}

export type CentreListQuery = PageQuery & { researchId: string; search?: string; organisationTypeString?: OrganisationType };

/** One page of a research's centres, optionally of one type, with an optional search over number and organisation name. */
export async function listCentresOfResearch(db: Db, q: CentreListQuery) {
  const where = and(
    eq(researchOrganisations.researchId, q.researchId),
    q.organisationTypeString ? eq(researchOrganisations.organisationType, q.organisationTypeString) : undefined,
    searchAny(q.search, [researchOrganisations.number, organisations.shortName, organisations.name]),
  );
  const [rows, total] = await Promise.all([listCentres(db, where, q), countCentres(db, where)]);
  return { rows, total };
}

export async function getCentre(db: Db, id: string): Promise<ResearchOrganisation | undefined> {
  const [row] = await listCentres(db, eq(researchOrganisations.id, id));
  return row;
}

/** GET /ResearchOrganisations?researchId=: centers_settings in that research or an open employee of it. */
export async function centresPageFor(db: Db, actor: Actor, q: CentreListQuery) {
  if (!(await mayReadCentres(db, actor, q.researchId))) throw forbidden();
  if (!(await findResearch(db, q.researchId))) throw notFound('researchId');
  const { rows, total } = await listCentresOfResearch(db, q);
  return pageOf(rows, total, q);
}

/** GET /ResearchOrganisations/{id}: the same scope; outside it the centre does not exist (404). */
export async function centreFor(db: Db, actor: Actor, id: string): Promise<ResearchOrganisation> {
  const centre = await findCentre(db, id);
  const data = centre && (await mayReadCentres(db, actor, centre.researchId)) ? await getCentre(db, id) : undefined;
  if (!data) throw notFound('id');
  return data;
}

/**
 * The centre's version on a date: its newest research organisation version started on or before `date`
 * (the latest assigned among equal dates). The date is the caller's today for "the version the centre
 * works in now", a subject visit's own date for the version of that visit (docs/dates.md).
 */
export function centreVersionStartedBy(db: Db, centreId: string, date: string) {
  return db
    .select({
      researchOrganisationVersionId: researchOrganisationVersions.id,
      researchVersionId: researchVersions.id,
      majorIndex: researchVersions.majorIndex,
      minorIndex: researchVersions.minorIndex,
    })
    .from(researchOrganisationVersions)
    .innerJoin(researchVersions, eq(researchVersions.id, researchOrganisationVersions.researchVersionId))
    .where(
      and(eq(researchOrganisationVersions.researchOrganisationId, centreId), lte(researchOrganisationVersions.startedDate, date)),
    )
    .orderBy(desc(researchOrganisationVersions.startedDate), desc(researchOrganisationVersions.createdAt))
    .limit(1)
    .then((rows) => rows[0]);
}
