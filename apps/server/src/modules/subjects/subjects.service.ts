import { and, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  SUBJECT_STATUSES,
  subjectRules,
  type SubjectStatusCounts,
  type SubjectWithVisits,
  type subjectCreate,
  type subjectStatusCountsQuery,
  type subjectsQuery,
  type subjectUpdate,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { researchOrganisations, subjects } from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { conflict, forbidden } from '../../platform/http/errors.js';
import { pageOf } from '../../platform/http/paging.js';
import { jsonItems } from '../../platform/http/json-text.js';
import { notAfter, notBefore, notInFuture } from './date-checks.js';
import { changeSubject, checkVersion, saveSubject, uniqueNumberConflict } from './subject-change.js';
import { assertRule, assertSeesSubject, listScopeOf, seesGroup, subjectActorOf } from './subjects.policy.js';
import {
  auditedSubject,
  countByStatus,
  countSubjects,
  factsOf,
  findSubjectWithVisits,
  firstVisitDate,
  identificationNumberOf,
  listSubjects,
  nextIdentificationSeq,
  subjectsWhere,
} from './subjects.repo.js';
import { subjectTallyByStatus, subjectTallyTotal, talliesAnswer } from './subject-tallies.repo.js';

/** GET /Subjects: one page of the matrix, each row with its subject visits. */
export async function listSubjectsPage(deps: Deps, q: z.infer<typeof subjectsQuery>, caller: ActorCaller) {
  const { db } = deps;
  const scope = await listScopeOf(db, caller.actor, q);
  const page = { page: q.Page ?? q.page ?? 1, pageSize: q.PageSize ?? q.pageSize ?? DEFAULT_PAGE_SIZE };
  const where = subjectsWhere(scope, q);
  // Without a number search the total is the kept count (subject-tallies.repo.ts), not a count over the research.
  const total = talliesAnswer(q) ? await subjectTallyTotal(db, scope, q.statusList) : await countSubjects(db, where);
  // Counted first: a page in the second half is then read from the end (listSubjects).
  const rows = await listSubjects(db, where, q, page, total, seesGroup(caller.actor));
  return pageOf(jsonItems<SubjectWithVisits>(rows), total, page);
}

/** GET /Subjects/StatusCounts: the toolbar's count per status, over the list's filters without the status filter. */
export async function subjectStatusCounts(
  deps: Deps,
  q: z.infer<typeof subjectStatusCountsQuery>,
  caller: ActorCaller,
): Promise<SubjectStatusCounts> {
  const scope = await listScopeOf(deps.db, caller.actor, q);
  const byStatus = talliesAnswer(q)
    ? await subjectTallyByStatus(deps.db, scope)
    : await countByStatus(deps.db, subjectsWhere(scope, q));
  const counts = Object.fromEntries(
    SUBJECT_STATUSES.filter((s) => s !== 'Deleted').map((s) => [s, byStatus.get(s) ?? 0]),
  ) as SubjectStatusCounts['counts'];
  return { counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
}

/** A subject the caller sees, with its visits (404 outside the caller's scope). */
export async function getSubject(deps: Deps, id: string, caller: ActorCaller): Promise<SubjectWithVisits> {
  const row = await findSubjectWithVisits(deps.db, id, seesGroup(caller.actor));
  assertSeesSubject(caller.actor, row);
  return JSON.parse(row!.json) as SubjectWithVisits;
}

/** The reply of a change: the subject as the caller may see it, with its visits. */
export async function subjectReply(db: Db, id: string, caller: ActorCaller): Promise<SubjectWithVisits> {
  return JSON.parse((await findSubjectWithVisits(db, id, seesGroup(caller.actor)))!.json) as SubjectWithVisits;
}

async function assertScreeningNumberFree(db: Db, researchId: string, screeningNumber: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(
      and(
        eq(subjects.researchId, researchId),
        eq(subjects.screeningNumber, screeningNumber),
        isNull(subjects.deletedAt),
        exceptId ? ne(subjects.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict('screening_number_taken', 'screeningNumber', { number: screeningNumber });
}

/**
 * POST /Subjects: a site or test-site employee enrols a subject in their own centre. The subject starts
 * as Started and gets the centre's next identification number.
 */
export async function createSubject(
  deps: Deps,
  input: z.infer<typeof subjectCreate>,
  caller: ActorCaller,
): Promise<SubjectWithVisits> {
  const { actor } = caller;
  const employee = actor.employee;
  if (!employee || !actor.permissions.has('subjects_edit')) throw forbidden();
  notInFuture(input.birthDate, 'birthDate');
  notInFuture(input.screenDate, 'screenDate', 'future_screen_date');
  notBefore(input.screenDate, input.birthDate, 'screenDate');
  try {
    const id = await deps.db.transaction(async (tx) => {
      // One enrolment at a time per centre, so running numbers never collide.
      const [centre] = await tx
        .select({ number: researchOrganisations.number, type: researchOrganisations.organisationType })
        .from(researchOrganisations)
        .where(eq(researchOrganisations.id, employee.researchOrganisationId))
        .for('no key update');
      await assertScreeningNumberFree(tx, employee.researchId, input.screeningNumber);
      const seq = await nextIdentificationSeq(tx, employee.researchOrganisationId);
      const [row] = await tx
        .insert(subjects)
        .values({
          researchId: employee.researchId,
          researchOrganisationId: employee.researchOrganisationId,
          fullName: input.fullName || null,
          gender: input.genderString,
          birthDate: input.birthDate,
          screenDate: input.screenDate,
          screeningNumber: input.screeningNumber,
          identificationSeq: seq,
          identificationNumber: identificationNumberOf(centre!.number, seq),
          // A test site's subjects try the design; they stay test subjects for good (docs/qa-validation.md).
          isTest: centre!.type === 'TestSite',
        })
        .returning();
      await writeAudit(tx, caller.audit, {
        action: 'subject.create',
        entityType: 'subject',
        entityId: row!.id,
        researchId: row!.researchId,
        subjectId: row!.id,
        after: auditedSubject(row!),
      });
      return row!.id;
    });
    return subjectReply(deps.db, id, caller);
  } catch (e) {
    return uniqueNumberConflict(e, input);
  }
}

/** PUT /Subjects/{id}/: the subject's details; `version` guards against stale edits. */
export async function updateSubject(
  deps: Deps,
  id: string,
  input: z.infer<typeof subjectUpdate>,
  caller: ActorCaller,
): Promise<SubjectWithVisits> {
  await changeSubject(
    deps,
    id,
    caller,
    async (tx, before) => {
      checkVersion(before, input.version);
      assertRule(subjectRules.edit(await factsOf(tx, before), subjectActorOf(caller.actor)));
      const next = {
        fullName: input.fullName === undefined ? before.fullName : input.fullName || null,
        gender: input.genderString ?? before.gender,
        birthDate: input.birthDate ?? before.birthDate,
        screenDate: input.screenDate ?? before.screenDate,
        screeningNumber: input.screeningNumber ?? before.screeningNumber,
      };
      const patch = Object.fromEntries(Object.entries(next).filter(([k, v]) => v !== before[k as keyof typeof next])) as Partial<
        typeof next
      >;
      if (Object.keys(patch).length === 0) return;
      if (patch.birthDate) {
        notInFuture(patch.birthDate, 'birthDate');
        notAfter(patch.birthDate, next.screenDate, 'birthDate');
      }
      if (patch.screenDate) {
        notInFuture(patch.screenDate, 'screenDate', 'future_screen_date');
        notBefore(patch.screenDate, next.birthDate, 'screenDate');
        notAfter(patch.screenDate, before.randomizationDate, 'screenDate');
        notAfter(patch.screenDate, before.endDate, 'screenDate');
        notAfter(patch.screenDate, await firstVisitDate(tx, before.id), 'screenDate');
      }
      if (patch.screeningNumber) await assertScreeningNumberFree(tx, before.researchId, patch.screeningNumber, before.id);
      await saveSubject(tx, before, patch, caller, { action: 'subject.update', reason: input.reasonForChange });
    },
    input,
  );
  return subjectReply(deps.db, id, caller);
}

/** DELETE /Subjects/{id}: soft delete; the subject leaves every list and count, its history stays in the audit trail. */
export async function deleteSubject(deps: Deps, id: string, caller: ActorCaller): Promise<void> {
  await changeSubject(deps, id, caller, async (tx, before) => {
    assertRule(subjectRules.delete(await factsOf(tx, before), subjectActorOf(caller.actor)));
    await saveSubject(tx, before, { status: 'Deleted', deletedAt: new Date() }, caller, { action: 'subject.delete' });
  });
}
