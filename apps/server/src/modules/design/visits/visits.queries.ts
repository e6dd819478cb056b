import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { design, VisitType } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import { visitResearchVersions, visits } from '../../../platform/db/schema/index.js';
import type { Actor } from '../../../platform/http/actor.js';
import { notFound } from '../../../platform/http/errors.js';
import { iso } from '../shared/checks.js';
import { researchIdOf, researchToRead } from '../shared/research.js';
import { visitVersionRefs, type VersionRef } from '../shared/versions.js';

export type VisitRow = typeof visits.$inferSelect;
export type VisitDto = z.infer<typeof design.visit>;

export const toVisitDto = (v: VisitRow, versions: VersionRef[]): VisitDto => ({
  id: v.id,
  researchId: v.researchId,
  title: v.title,
  description: v.description,
  visitKey: v.visitKey,
  visitTypeString: v.visitType as VisitType,
  dayNumber: v.dayNumber,
  dayPlus: v.dayPlus,
  dayMinus: v.dayMinus,
  repeating: v.repeating,
  isRequired: v.isRequired,
  complete: v.complete,
  index: v.index,
  drTrialId: v.drTrialId,
  pointList: v.pointList,
  researchVersionList: versions,
  updatedAt: iso(v.updatedAt),
});

export async function visitDtos(db: Db, rows: VisitRow[]): Promise<VisitDto[]> {
  const refs = await visitVersionRefs(
    db,
    rows.map((v) => v.id),
  );
  return rows.map((v) => toVisitDto(v, refs.get(v.id) ?? []));
}

export async function visitDto(db: Db, row: VisitRow): Promise<VisitDto> {
  return (await visitDtos(db, [row]))[0]!;
}

export async function findVisit(db: Db, id: string, path = 'id'): Promise<VisitRow> {
  const [row] = await db
    .select()
    .from(visits)
    .where(and(eq(visits.id, id), isNull(visits.deletedAt)))
    .limit(1);
  if (!row) throw notFound(path);
  return row;
}

/** GET /Visits: the research's visits in order, optionally only those of one research version. */
export async function listVisits(
  db: Db,
  actor: Actor,
  q: { researchId?: string; researchVersionId?: string },
): Promise<VisitDto[]> {
  const research = await researchToRead(db, actor, researchIdOf(actor, q.researchId));
  const rows = await db
    .select()
    .from(visits)
    .where(
      and(
        eq(visits.researchId, research.id),
        isNull(visits.deletedAt),
        q.researchVersionId
          ? sql`exists (select 1 from ${visitResearchVersions} where ${visitResearchVersions.visitId} = ${visits.id} and ${visitResearchVersions.researchVersionId} = ${q.researchVersionId})`
          : undefined,
      ),
    )
    .orderBy(asc(visits.index));
  return visitDtos(db, rows);
}

export async function getVisit(db: Db, actor: Actor, id: string): Promise<VisitDto> {
  const row = await findVisit(db, id);
  await researchToRead(db, actor, row.researchId);
  return visitDto(db, row);
}
