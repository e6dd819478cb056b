import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { formatVersionIndex } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import { formResearchVersions, researchVersions, visitResearchVersions } from '../../../platform/db/schema/index.js';
import { badRequest } from '../../../platform/http/errors.js';

export type VersionRef = { id: string; index: string };
export type ResearchVersionRow = typeof researchVersions.$inferSelect;

const live = (researchId: string) => and(eq(researchVersions.researchId, researchId), isNull(researchVersions.deletedAt));

/** The live versions of a research, oldest first. */
export function versionsOf(db: Db, researchId: string): Promise<ResearchVersionRow[]> {
  return db
    .select()
    .from(researchVersions)
    .where(live(researchId))
    .orderBy(asc(researchVersions.majorIndex), asc(researchVersions.minorIndex));
}

export async function lastVersionOf(db: Db, researchId: string): Promise<ResearchVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(researchVersions)
    .where(live(researchId))
    .orderBy(desc(researchVersions.majorIndex), desc(researchVersions.minorIndex))
    .limit(1);
  return row;
}

/**
 * The versions a new or edited visit or form belongs to: the ids given (each a live version of the
 * research), or by default the research's last version (none while the research has no version).
 */
export async function versionIdsFor(
  db: Db,
  researchId: string,
  ids: readonly string[] | undefined,
  path = 'researchVersionIdList',
): Promise<string[]> {
  if (ids === undefined) {
    const last = await lastVersionOf(db, researchId);
    return last ? [last.id] : [];
  }
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: researchVersions.id, researchId: researchVersions.researchId })
    .from(researchVersions)
    .where(and(inArray(researchVersions.id, unique), isNull(researchVersions.deletedAt)));
  for (const id of unique) {
    const row = rows.find((r) => r.id === id);
    if (!row) throw badRequest('unknown_reference', path, { field: path });
    if (row.researchId !== researchId) throw badRequest('foreign_research', path, { field: path });
  }
  return unique;
}

export async function setVisitVersions(tx: Db, visitId: string, versionIds: readonly string[]): Promise<void> {
  await tx.delete(visitResearchVersions).where(eq(visitResearchVersions.visitId, visitId));
  if (versionIds.length)
    await tx.insert(visitResearchVersions).values(versionIds.map((researchVersionId) => ({ visitId, researchVersionId })));
}

export async function setFormVersions(tx: Db, formId: string, versionIds: readonly string[]): Promise<void> {
  await tx.delete(formResearchVersions).where(eq(formResearchVersions.formId, formId));
  if (versionIds.length)
    await tx.insert(formResearchVersions).values(versionIds.map((researchVersionId) => ({ formId, researchVersionId })));
}

const byIndex = (a: VersionRef & { major: number; minor: number }, b: { major: number; minor: number }) =>
  a.major - b.major || a.minor - b.minor;

/** researchVersionList of each visit, in index order. */
export async function visitVersionRefs(db: Db, visitIds: readonly string[]): Promise<Map<string, VersionRef[]>> {
  const out = new Map<string, VersionRef[]>(visitIds.map((id) => [id, []]));
  if (visitIds.length === 0) return out;
  const rows = await db
    .select({
      ownerId: visitResearchVersions.visitId,
      id: researchVersions.id,
      major: researchVersions.majorIndex,
      minor: researchVersions.minorIndex,
    })
    .from(visitResearchVersions)
    .innerJoin(researchVersions, eq(researchVersions.id, visitResearchVersions.researchVersionId))
    .where(and(inArray(visitResearchVersions.visitId, [...visitIds]), isNull(researchVersions.deletedAt)));
  return group(out, rows);
}

/** researchVersionList of each form, in index order. */
export async function formVersionRefs(db: Db, formIds: readonly string[]): Promise<Map<string, VersionRef[]>> {
  const out = new Map<string, VersionRef[]>(formIds.map((id) => [id, []]));
  if (formIds.length === 0) return out;
  const rows = await db
    .select({
      ownerId: formResearchVersions.formId,
      id: researchVersions.id,
      major: researchVersions.majorIndex,
      minor: researchVersions.minorIndex,
    })
    .from(formResearchVersions)
    .innerJoin(researchVersions, eq(researchVersions.id, formResearchVersions.researchVersionId))
    .where(and(inArray(formResearchVersions.formId, [...formIds]), isNull(researchVersions.deletedAt)));
  return group(out, rows);
}

function group(
  out: Map<string, VersionRef[]>,
  rows: { ownerId: string; id: string; major: number; minor: number }[],
): Map<string, VersionRef[]> {
  const sorted = rows
    .map((r) => ({ ...r, index: formatVersionIndex({ majorIndex: r.major, minorIndex: r.minor }) }))
    .sort(byIndex);
  for (const r of sorted) out.get(r.ownerId)?.push({ id: r.id, index: r.index });
  return out;
}
