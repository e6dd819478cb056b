import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { centreVersionStartedBy } from '../centres/centres.queries.js';
import { researchOrganisationVersions, researchVersions, visitResearchVersions } from '../../platform/db/schema/index.js';

/** The research version a centre works in on a date, and the centre-version row that says so (when there is one). */
export interface CurrentVersion {
  researchOrganisationVersionId: string | null;
  researchVersionId: string;
  majorIndex: number;
  minorIndex: number;
}

/**
 * The research version a centre works in on `date` (a subject visit's own date, so that no clock and no
 * time zone decides it, docs/dates.md): its newest research organisation version started on or before that
 * date (the latest assigned among equal dates); a date before the centre's first version counts in that
 * first version; a centre with none falls back to the research's latest live research version (highest
 * index); none while the research has no version.
 */
export async function centreVersionOn(
  db: Db,
  researchId: string,
  centreId: string,
  date: string,
): Promise<CurrentVersion | undefined> {
  const started = await centreVersionStartedBy(db, centreId, date);
  if (started) return started;
  const [first] = await db
    .select({
      researchOrganisationVersionId: researchOrganisationVersions.id,
      researchVersionId: researchVersions.id,
      majorIndex: researchVersions.majorIndex,
      minorIndex: researchVersions.minorIndex,
    })
    .from(researchOrganisationVersions)
    .innerJoin(researchVersions, eq(researchVersions.id, researchOrganisationVersions.researchVersionId))
    .where(eq(researchOrganisationVersions.researchOrganisationId, centreId))
    .orderBy(asc(researchOrganisationVersions.startedDate), asc(researchOrganisationVersions.createdAt))
    .limit(1);
  if (first) return first;
  const [latest] = await db
    .select({
      researchVersionId: researchVersions.id,
      majorIndex: researchVersions.majorIndex,
      minorIndex: researchVersions.minorIndex,
    })
    .from(researchVersions)
    .where(and(eq(researchVersions.researchId, researchId), isNull(researchVersions.deletedAt)))
    .orderBy(desc(researchVersions.majorIndex), desc(researchVersions.minorIndex))
    .limit(1);
  return latest ? { researchOrganisationVersionId: null, ...latest } : undefined;
}
/** The research versions a visit belongs to (none: the visit is not tied to versions). */
export async function versionIdsOfVisit(db: Db, visitId: string): Promise<string[]> {
  const rows = await db
    .select({ id: visitResearchVersions.researchVersionId })
    .from(visitResearchVersions)
    .where(eq(visitResearchVersions.visitId, visitId));
  return rows.map((r) => r.id);
}
