import { and, asc, eq, isNull, max, count, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { COMPLETED_STATUSES, formatVersionIndex, type CompletedStatus, type SubjectVisit, type VisitType } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import {
  protocolVersions,
  researchOrganisationVersions,
  researchVersions,
  subjectVisits,
  visits,
} from '../../platform/db/schema/index.js';
import { timingOf } from './subjects.repo.js';

export type SubjectVisitRow = typeof subjectVisits.$inferSelect;

const centreVersion = alias(researchVersions, 'centre_research_version');
const visitVersion = alias(researchVersions, 'visit_research_version');

/** Subject visits in the API's shape: with their visit, window and timing, and the versions they were created under. */
export async function listSubjectVisits(
  db: Db,
  where: SQL | undefined,
  subject: { screenDate: string; randomizationDate: string | null },
): Promise<SubjectVisit[]> {
  const rows = await db
    .select({
      sv: subjectVisits,
      v: {
        id: visits.id,
        title: visits.title,
        visitType: visits.visitType,
        index: visits.index,
        repeating: visits.repeating,
        dayNumber: visits.dayNumber,
        dayPlus: visits.dayPlus,
        dayMinus: visits.dayMinus,
      },
      rovId: researchOrganisationVersions.id,
      rovStartedDate: researchOrganisationVersions.startedDate,
      crvId: centreVersion.id,
      crvMajor: centreVersion.majorIndex,
      crvMinor: centreVersion.minorIndex,
      crvStartedDate: centreVersion.startedDate,
      pvId: protocolVersions.id,
      pvNumber: protocolVersions.protocolVersionNumber,
      pvDate: protocolVersions.protocolVersionDate,
      vrvId: visitVersion.id,
      vrvMajor: visitVersion.majorIndex,
      vrvMinor: visitVersion.minorIndex,
      vrvStartedDate: visitVersion.startedDate,
    })
    .from(subjectVisits)
    .innerJoin(visits, eq(visits.id, subjectVisits.visitId))
    .leftJoin(researchOrganisationVersions, eq(researchOrganisationVersions.id, subjectVisits.researchOrganisationVersionId))
    .leftJoin(centreVersion, eq(centreVersion.id, researchOrganisationVersions.researchVersionId))
    .leftJoin(protocolVersions, eq(protocolVersions.id, researchOrganisationVersions.protocolVersionId))
    .leftJoin(visitVersion, eq(visitVersion.id, subjectVisits.researchVersionId))
    .where(and(isNull(subjectVisits.deletedAt), where))
    .orderBy(asc(visits.index), asc(subjectVisits.repeatIndex), asc(subjectVisits.date), asc(subjectVisits.id));
  return rows.map((r) => {
    const visitType = r.v.visitType as VisitType;
    const { window, timing } = timingOf({ ...r.v, visitType }, subject, r.sv.date);
    return {
      id: r.sv.id,
      subjectId: r.sv.subjectId,
      visitId: r.sv.visitId,
      date: r.sv.date,
      formCompletedStatus: r.sv.formCompletedStatus as CompletedStatus,
      signDate: r.sv.signDate,
      startValidatingDate: r.sv.startValidatingDate?.toISOString() ?? null,
      repeatIndex: r.sv.repeatIndex,
      timing,
      window,
      visit: { ...r.v, visitTypeString: visitType },
      researchOrganisationVersion:
        r.rovId && r.crvId && r.pvId
          ? {
              id: r.rovId,
              startedDate: r.rovStartedDate!,
              researchVersion: {
                id: r.crvId,
                index: formatVersionIndex({ majorIndex: r.crvMajor!, minorIndex: r.crvMinor! }),
                startedDate: r.crvStartedDate!,
              },
              protocolVersion: { id: r.pvId, protocolVersionNumber: r.pvNumber!, protocolVersionDate: r.pvDate! },
            }
          : null,
      researchVersion: r.vrvId
        ? {
            id: r.vrvId,
            index: formatVersionIndex({ majorIndex: r.vrvMajor!, minorIndex: r.vrvMinor! }),
            startedDate: r.vrvStartedDate!,
          }
        : null,
      createdAt: r.sv.createdAt.toISOString(),
    };
  });
}

/** Visits in the order of their completed status (Empty first, KioValidated last), then in schedule order. */
export function byCompletedStatus(list: SubjectVisit[]): SubjectVisit[] {
  const rank = (s: CompletedStatus) => COMPLETED_STATUSES.indexOf(s);
  // Array.prototype.sort is stable: schedule order holds within a status.
  return [...list].sort((a, b) => rank(a.formCompletedStatus) - rank(b.formCompletedStatus));
}

export async function findSubjectVisit(db: Db, id: string): Promise<SubjectVisitRow | undefined> {
  const [row] = await db
    .select()
    .from(subjectVisits)
    .where(and(eq(subjectVisits.id, id), isNull(subjectVisits.deletedAt)))
    .limit(1);
  return row;
}

/** How many live occurrences of a visit a subject has, and the highest repeat index among them. */
export async function occurrencesOf(
  db: Db,
  subjectId: string,
  visitId: string,
): Promise<{ n: number; maxRepeat: number | null }> {
  const [row] = await db
    .select({ n: count(), maxRepeat: max(subjectVisits.repeatIndex) })
    .from(subjectVisits)
    .where(and(eq(subjectVisits.subjectId, subjectId), eq(subjectVisits.visitId, visitId), isNull(subjectVisits.deletedAt)));
  return { n: row?.n ?? 0, maxRepeat: row?.maxRepeat ?? null };
}

export const auditedSubjectVisit = (r: SubjectVisitRow) => ({
  id: r.id,
  subjectId: r.subjectId,
  visitId: r.visitId,
  date: r.date,
  formCompletedStatus: r.formCompletedStatus,
  repeatIndex: r.repeatIndex,
  researchOrganisationVersionId: r.researchOrganisationVersionId,
  researchVersionId: r.researchVersionId,
});
