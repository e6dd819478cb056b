import { and, desc, eq, isNull, lte } from 'drizzle-orm';
import { todayIn } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { researchOrganisationVersions, researchVersions, visitResearchVersions } from '../../platform/db/schema/index.js';

/** The research version a centre works in now, and the centre-version row that says so (when there is one). */
export interface CurrentVersion {
  researchOrganisationVersionId: string | null;
  researchVersionId: string;
  majorIndex: number;
  minorIndex: number;
}

/**
 * The centre's current research version: its newest research organisation version whose startedDate has
 * come (the latest assigned among equal dates), as the centres module defines it; a centre with none
 * falls back to the research's latest live research version (highest index); none while the research
 * has no version.
 */
export async function currentVersionOf(db: Db, researchId: string, centreId: string): Promise<CurrentVersion | undefined> {
  const [assigned] = await db
    .select({
      researchOrganisationVersionId: researchOrganisationVersions.id,
      researchVersionId: researchVersions.id,
      majorIndex: researchVersions.majorIndex,
      minorIndex: researchVersions.minorIndex,
    })
    .from(researchOrganisationVersions)
    .innerJoin(researchVersions, eq(researchVersions.id, researchOrganisationVersions.researchVersionId))
    .where(
      and(
        eq(researchOrganisationVersions.researchOrganisationId, centreId),
        lte(researchOrganisationVersions.startedDate, todayIn('UTC')),
      ),
    )
    .orderBy(desc(researchOrganisationVersions.startedDate), desc(researchOrganisationVersions.createdAt))
    .limit(1);
  if (assigned) return assigned;
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
