import { and, asc, eq, isNull } from 'drizzle-orm';
import type { OrganisationType, SubjectActor } from '@edc/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Db } from '../../../platform/db/client.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { researchOrganisations, subjects, subjectVisits, visits } from '../../../platform/db/schema/index.js';
import type { ActorCaller } from '../../../platform/http/caller.js';
import { badRequest, conflict } from '../../../platform/http/errors.js';
import { notBefore, notInFuture } from '../../subjects/date-checks.js';
import { uniqueNumberConflict } from '../../subjects/subject-change.js';
import {
  auditedSubject,
  findSubject,
  identificationNumberOf,
  nextIdentificationSeq,
  type SubjectRecord,
} from '../../subjects/subjects.repo.js';
import type { SubjectVisitRow } from '../../subjects/subject-visits.repo.js';
import { recordSubjectVisit } from '../../subjects/subject-visits.service.js';
import type { SubjectDetails } from './clinical-plan.js';

/**
 * Subjects and subject visits of the clinical data import. They are found by what the file names, or made
 * as the subjects services make them (subjects.service createSubject, subject-visits.service
 * createSubjectVisit) with the same rules, numbers, dates, versions and audit records. What differs is who
 * may: the importer (data_import in the research, checked by the job) rather than the centre's own writers,
 * so the state rules are asked as for a writer of the subject's centre.
 */

export type CentreRow = typeof researchOrganisations.$inferSelect;
type VisitRow = typeof visits.$inferSelect;

/** What the import's audit records add to `after`: the source (odm_import), the job and the file. */
export type ImportSource = Record<string, unknown>;

/** The subject rules' view of a writer of the centre (site or test site: the rules ask only its type). */
const writerOf = (centre: Pick<CentreRow, 'organisationType'>): SubjectActor => ({
  organisationType: centre.organisationType as OrganisationType,
  employeeType: null,
});

/** The research's live subject with this screening number, locked until the import ends. */
export async function findSubjectByNumber(
  tx: Db,
  researchId: string,
  screeningNumber: string,
): Promise<SubjectRecord | undefined> {
  const [row] = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.researchId, researchId), eq(subjects.screeningNumber, screeningNumber), isNull(subjects.deletedAt)))
    .limit(1);
  return row ? findSubject(tx, row.id, { lock: true }) : undefined;
}

/**
 * Enrols a new subject in the centre from the file's details (clinical-plan.ts detailsOf): 400
 * `clinical_import_subject_details` when the file lacks one, then createSubject's checks and numbering.
 */
export async function createImportedSubject(
  tx: Db,
  caller: ActorCaller,
  source: ImportSource,
  input: { researchId: string; centre: CentreRow; screeningNumber: string; details: SubjectDetails },
): Promise<SubjectRecord> {
  const { birthDate, gender, screenDate, fullName } = input.details;
  if (!birthDate || !gender || !screenDate) {
    throw badRequest('clinical_import_subject_details', 'subjectKey', { subject: input.screeningNumber });
  }
  notInFuture(birthDate, 'birthDate');
  notInFuture(screenDate, 'screenDate', 'future_screen_date');
  notBefore(screenDate, birthDate, 'screenDate');
  // One enrolment at a time per centre, so running numbers never collide.
  await tx
    .select({ id: researchOrganisations.id })
    .from(researchOrganisations)
    .where(eq(researchOrganisations.id, input.centre.id))
    .for('no key update');
  const seq = await nextIdentificationSeq(tx, input.centre.id);
  const [row] = await tx
    .insert(subjects)
    .values({
      researchId: input.researchId,
      researchOrganisationId: input.centre.id,
      fullName: fullName?.slice(0, 300) || null,
      gender,
      birthDate,
      screenDate,
      screeningNumber: input.screeningNumber,
      identificationSeq: seq,
      identificationNumber: identificationNumberOf(input.centre.number, seq),
    })
    .returning()
    .catch((e: unknown) => uniqueNumberConflict(e, { screeningNumber: input.screeningNumber }));
  await writeAudit(tx, caller.audit, {
    action: 'subject.create',
    entityType: 'subject',
    entityId: row!.id,
    researchId: row!.researchId,
    subjectId: row!.id,
    after: { ...source, ...auditedSubject(row!) },
  });
  return { ...row!, centreNumber: input.centre.number };
}

/** The subject's visit for a study event: its only occurrence, or occurrence `repeat` (repeatIndex + 1) of a repeating visit. */
export async function findOccurrence(
  tx: Db,
  subjectId: string,
  visit: VisitRow,
  repeat: number,
): Promise<SubjectVisitRow | undefined> {
  const [row] = await tx
    .select()
    .from(subjectVisits)
    .where(
      and(
        eq(subjectVisits.subjectId, subjectId),
        eq(subjectVisits.visitId, visit.id),
        isNull(subjectVisits.deletedAt),
        visit.repeating ? eq(subjectVisits.repeatIndex, repeat - 1) : undefined,
      ),
    )
    .orderBy(asc(subjectVisits.repeatIndex))
    .limit(1);
  return row;
}

/**
 * Records occurrence `repeat` of a visit for the subject on `date`, with createSubjectVisit's rules: the
 * subject editable and screened first (a Started subject's screening visit screens it), a non-repeating
 * visit once, the date neither in the future nor before screening, the visit in the centre's research version.
 * A repeating visit's occurrences come in order: only the next one can be made (409 otherwise).
 */
export async function createImportedVisit(
  tx: Db,
  caller: ActorCaller,
  source: ImportSource,
  input: { subject: SubjectRecord; centre: CentreRow; visit: VisitRow; repeat: number; date: string; oid: string },
): Promise<{ subject: SubjectRecord; visit: SubjectVisitRow }> {
  const { centre, visit, date } = input;
  const s = (await findSubject(tx, input.subject.id, { lock: true }))!;
  try {
    const { row, subject } = await recordSubjectVisit(tx, caller, s, visit, date, writerOf(centre), {
      assertNext: (next) => {
        if (input.repeat - 1 !== next)
          throw conflict('clinical_import_repeat_key_gap', 'visitId', { key: input.repeat, oid: input.oid, expected: next + 1 });
      },
      auditExtra: { ...source },
    });
    return { subject, visit: row };
  } catch (e) {
    if (isUniqueViolation(e, 'subject_visits_occurrence_uq')) throw conflict('visit_already_exists', 'visitId');
    throw e;
  }
}
