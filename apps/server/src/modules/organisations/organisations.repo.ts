import { and, count, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { OrganisationFull } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { organisations, organisationUsers, researches, researchOrganisations } from '../../platform/db/schema/index.js';
import { containsPattern, offsetOf, searchAny, type PageQuery } from '../../platform/http/paging.js';

export type OrganisationRow = typeof organisations.$inferSelect;

export const toOrganisation = (r: OrganisationRow): OrganisationFull => ({
  id: r.id,
  name: r.name,
  shortName: r.shortName,
  address: r.address,
  inn: r.inn,
  kpp: r.kpp,
});

export async function findOrganisation(db: Db, id: string): Promise<OrganisationRow | undefined> {
  const [row] = await db
    .select()
    .from(organisations)
    .where(and(eq(organisations.id, id), isNull(organisations.deletedAt)))
    .limit(1);
  return row;
}

/** The live organisation holding a short name, compared case-insensitively (as the unique index does). */
export async function findByShortName(db: Db, shortName: string, exceptId?: string): Promise<OrganisationRow | undefined> {
  const [row] = await db
    .select()
    .from(organisations)
    .where(
      and(
        sql`lower(${organisations.shortName}) = ${shortName.trim().toLowerCase()}`,
        isNull(organisations.deletedAt),
        exceptId ? ne(organisations.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** The live organisation holding a tax number (INN), as the unique index compares it. */
export async function findByInn(db: Db, inn: string, exceptId?: string): Promise<OrganisationRow | undefined> {
  const [row] = await db
    .select()
    .from(organisations)
    .where(
      and(eq(organisations.inn, inn), isNull(organisations.deletedAt), exceptId ? ne(organisations.id, exceptId) : undefined),
    )
    .limit(1);
  return row;
}

/** Organisations the user is a verified member of. */
export const verifiedMembershipsOf = (db: Db, userId: string) =>
  db
    .select({ id: organisationUsers.organisationId })
    .from(organisationUsers)
    .where(and(eq(organisationUsers.userId, userId), eq(organisationUsers.isVerify, true), isNull(organisationUsers.deletedAt)));

/** One page of live organisations by short name; `memberOf` limits them to a user's verified memberships. */
export async function listOrganisations(
  db: Db,
  q: PageQuery & { search?: string; memberOf?: string },
): Promise<{ rows: OrganisationRow[]; total: number }> {
  const where: SQL | undefined = and(
    isNull(organisations.deletedAt),
    q.memberOf ? sql`${organisations.id} in (${verifiedMembershipsOf(db, q.memberOf)})` : undefined,
    searchAny(q.search, [organisations.shortName, organisations.name]),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(organisations)
      .where(where)
      .orderBy(organisations.shortName, organisations.id)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(organisations).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Up to `limit` live short names containing the text, those starting with it first. */
export function shortList(db: Db, search: string, limit: number) {
  const starts = containsPattern(search).slice(1);
  return db
    .select({ id: organisations.id, shortName: organisations.shortName })
    .from(organisations)
    .where(and(isNull(organisations.deletedAt), sql`${organisations.shortName} ilike ${containsPattern(search)}`))
    .orderBy(sql`(${organisations.shortName} ilike ${starts}) desc`, organisations.shortName)
    .limit(limit);
}

/** A centre of a research that is not deleted, if the organisation still is one. */
export async function liveCentreOf(db: Db, organisationId: string) {
  const [row] = await db
    .select({ id: researchOrganisations.id, protocol: researches.grlsProtocolNumber })
    .from(researchOrganisations)
    .innerJoin(researches, eq(researches.id, researchOrganisations.researchId))
    .where(
      and(
        eq(researchOrganisations.organisationId, organisationId),
        isNull(researchOrganisations.deletedAt),
        isNull(researches.deletedAt),
        ne(researches.status, 'Deleted'),
      ),
    )
    .limit(1);
  return row;
}
