import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  canAddVisitToSubject,
  canChangeSubjectVisitDate,
  canCreateSubjectVisit,
  formatVersionIndex,
  statusAfterVisit,
  type SubjectActor,
  type SubjectStatus,
  type SubjectVisit,
  type VisitType,
  type subjectVisitCreate,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { subjectVisits, visits } from '../../platform/db/schema/index.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { notBefore, notInFuture } from './date-checks.js';
import { centreVersionOn, versionIdsOfVisit } from './centre-version.js';
import { saveSubject } from './subject-change.js';
import { assertMayWrite, assertRule, assertSeesSubject, subjectActorOf } from './subjects.policy.js';
import { factsOf, findSubject, type SubjectRecord } from './subjects.repo.js';
import {
  auditedSubjectVisit,
  byCompletedStatus,
  findSubjectVisit,
  listSubjectVisits,
  occurrencesOf,
  type SubjectVisitRow,
} from './subject-visits.repo.js';
import { noteTypesSeenBy } from '../notes/note-actor.js';
import { withVisitNoteStatus } from '../notes/note-indicators.js';

/** A subject the caller sees, for reading its visits (404 naming `path` otherwise). */
async function subjectToRead(db: Db, id: string, caller: ActorCaller, path: string): Promise<SubjectRecord> {
  const subject = await findSubject(db, id);
  assertSeesSubject(caller.actor, subject, path);
  return subject!;
}

/**
 * GET /SubjectsVisit?subjectId=: the subject's visits in schedule order (visit index, then occurrence),
 * each with the indicator of the notes the caller sees in its forms.
 */
export async function subjectVisitsOf(deps: Deps, subjectId: string, caller: ActorCaller): Promise<SubjectVisit[]> {
  const subject = await subjectToRead(deps.db, subjectId, caller, 'subjectId');
  const list = await listSubjectVisits(deps.db, eq(subjectVisits.subjectId, subject.id), subject);
  return withVisitNoteStatus(deps.db, list, noteTypesSeenBy(caller.actor));
}

/** GET /Subjects/{id}/List: the subject's visits in completed-status order (spec operations section 4). */
export async function subjectVisitsByStatus(deps: Deps, subjectId: string, caller: ActorCaller): Promise<SubjectVisit[]> {
  const subject = await subjectToRead(deps.db, subjectId, caller, 'id');
  const list = await listSubjectVisits(deps.db, eq(subjectVisits.subjectId, subject.id), subject);
  return byCompletedStatus(await withVisitNoteStatus(deps.db, list, noteTypesSeenBy(caller.actor)));
}

async function subjectVisitReply(db: Db, id: string, subject: SubjectRecord): Promise<SubjectVisit> {
  const [row] = await listSubjectVisits(db, eq(subjectVisits.id, id), subject);
  return row!;
}

/**
 * Records a visit of a locked subject on `date`, with the rules of every visit creation: the subject's state
 * allows it (`actorForRules` in its centre), a non-repeating visit once, the date neither in the future nor
 * before screening, the visit in the research version the centre works in on that date; the next occurrence
 * (repeatIndex), its audit record (`auditExtra` added to it), and a Started subject screened by its screening
 * visit. `assertNext` may refuse the occurrence's index before anything is written (the ODM import's repeat keys).
 */
export async function recordSubjectVisit(
  tx: Db,
  caller: ActorCaller,
  s: SubjectRecord,
  visit: typeof visits.$inferSelect,
  date: string,
  actorForRules: SubjectActor,
  opts: { assertNext?: (repeatIndex: number) => void; auditExtra?: Record<string, unknown> } = {},
): Promise<{ row: SubjectVisitRow; subject: SubjectRecord }> {
  const visitType = visit.visitType as VisitType;
  assertRule(canAddVisitToSubject(await factsOf(tx, s), actorForRules, visitType), 'visitId');
  const { n, maxRepeat } = await occurrencesOf(tx, s.id, visit.id);
  assertRule(canCreateSubjectVisit(actorForRules, visit, n), 'visitId');
  const repeatIndex = maxRepeat === null ? 0 : maxRepeat + 1;
  opts.assertNext?.(repeatIndex);
  notInFuture(date, 'date', 'future_visit_date');
  notBefore(date, s.screenDate, 'date');
  const current = await centreVersionOn(tx, s.researchId, s.researchOrganisationId, date);
  if (current) {
    const linked = await versionIdsOfVisit(tx, visit.id);
    if (linked.length > 0 && !linked.includes(current.researchVersionId)) {
      throw conflict('visit_not_in_version', 'visitId', { index: formatVersionIndex(current) });
    }
  }
  const [row] = await tx
    .insert(subjectVisits)
    .values({
      subjectId: s.id,
      visitId: visit.id,
      date,
      repeatIndex,
      researchOrganisationVersionId: current?.researchOrganisationVersionId ?? null,
      researchVersionId: current?.researchVersionId ?? null,
    })
    .returning();
  await writeAudit(tx, caller.audit, {
    action: 'subject_visit.create',
    entityType: 'subject_visit',
    entityId: row!.id,
    researchId: s.researchId,
    subjectId: s.id,
    after: { ...opts.auditExtra, ...auditedSubjectVisit(row!) },
  });
  const status = statusAfterVisit(s.status as SubjectStatus, visitType);
  const subject = status === s.status ? s : await saveSubject(tx, s, { status }, caller, { action: 'subject.screen' });
  return { row: row!, subject };
}

/**
 * POST /SubjectsVisit: a site user records a visit of their subject on a date (not in the future, not
 * before screening). A non-repeating visit happens once, a repeating one any number of times (numbered by
 * repeatIndex); a visit tied to the external system is created there unless it repeats. The visit must
 * belong to the research version the centre works in on the visit's date when it is tied to versions at all. Creating the
 * screening visit of a Started subject makes it Screened.
 */
export async function createSubjectVisit(
  deps: Deps,
  input: z.infer<typeof subjectVisitCreate>,
  caller: ActorCaller,
): Promise<SubjectVisit> {
  const { actor } = caller;
  try {
    const { id, subject } = await deps.db.transaction(async (tx) => {
      const subject = await findSubject(tx, input.subjectId, { lock: true });
      assertSeesSubject(actor, subject, 'subjectId');
      assertMayWrite(actor, subject!);
      const s = subject!;
      const [visit] = await tx
        .select()
        .from(visits)
        .where(and(eq(visits.id, input.visitId), eq(visits.researchId, s.researchId), isNull(visits.deletedAt)))
        .limit(1);
      if (!visit) throw notFound('visitId');
      const { row, subject: after } = await recordSubjectVisit(tx, caller, s, visit, input.date, subjectActorOf(actor));
      return { id: row!.id, subject: after };
    });
    return subjectVisitReply(deps.db, id, subject);
  } catch (e) {
    // Two creations of the same occurrence at once: the loser sees what the winner made.
    if (isUniqueViolation(e, 'subject_visits_occurrence_uq')) throw conflict('visit_already_exists', 'visitId');
    throw e;
  }
}

/** POST /SubjectsVisit/{id}/ChangeDate?date=: the same date rules, while the subject is editable and the visit unsigned. */
export async function changeSubjectVisitDate(deps: Deps, id: string, date: string, caller: ActorCaller): Promise<SubjectVisit> {
  const { actor } = caller;
  const subject = await deps.db.transaction(async (tx) => {
    const before = await findSubjectVisit(tx, id);
    const subject = before ? await findSubject(tx, before.subjectId, { lock: true }) : undefined;
    assertSeesSubject(actor, subject, 'id');
    assertMayWrite(actor, subject!);
    const s = subject!;
    assertRule(canChangeSubjectVisitDate(await factsOf(tx, s), subjectActorOf(actor), before!));
    notInFuture(date, 'date', 'future_visit_date');
    notBefore(date, s.screenDate, 'date');
    if (date === before!.date) return s;
    const [after] = await tx
      .update(subjectVisits)
      .set({ date, updatedAt: new Date() })
      .where(eq(subjectVisits.id, id))
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'subject_visit.change_date',
      entityType: 'subject_visit',
      entityId: id,
      researchId: s.researchId,
      subjectId: s.id,
      before: auditedSubjectVisit(before!),
      after: auditedSubjectVisit(after!),
    });
    return s;
  });
  return subjectVisitReply(deps.db, id, subject);
}
