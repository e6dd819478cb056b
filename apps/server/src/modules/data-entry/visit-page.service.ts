import { eq } from 'drizzle-orm';
import type { SubjectFormBrief, SubjectVisitPage } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import { subjectVisits, visits } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { listSubjectVisits } from '../subjects/subject-visits.repo.js';
import { mayEnter, siteActor, visitContext } from './data-entry.context.js';
import { applicableForms, subjectFormBriefs } from './data-entry.repo.js';
import { canSignVisit } from './entry-rules.js';
import { latestSignature } from './signatures.js';
import { noteTypesSeenBy } from '../notes/note-actor.js';
import { withVisitNoteStatus } from '../notes/note-indicators.js';

/**
 * GET /SubjectsVisit/{id}: the subject visit page (spec section 2): the visit with its versions, the
 * subject, its forms with their progress (the visit's own forms, and its context forms as "linked forms"),
 * the forms the caller may still add, the signature and what the caller may do.
 */
export async function visitPage(
  deps: Deps,
  id: string,
  pointList: readonly string[],
  caller: ActorCaller,
): Promise<SubjectVisitPage> {
  const { db } = deps;
  const ctx = await visitContext(db, id, caller, 'id');
  const { subject, visit } = ctx;
  const noteTypes = noteTypesSeenBy(caller.actor);
  const [sv] = await withVisitNoteStatus(db, await listSubjectVisits(db, eq(subjectVisits.id, id), subject), noteTypes);
  const [design] = await db
    .select({ description: visits.description, pointList: visits.pointList })
    .from(visits)
    .where(eq(visits.id, visit.visitId));
  const canEdit = (f: Parameters<typeof mayEnter>[2]) => mayEnter(caller, ctx, f);
  const all = await subjectFormBriefs(db, { subjectVisitId: id }, canEdit, noteTypes);
  const shown = pointList.length ? await subjectFormBriefs(db, { subjectVisitId: id }, canEdit, noteTypes, pointList) : all;
  const strip = ({ row: _r, formRow: _f, ...b }: (typeof all)[number]): SubjectFormBrief => b;
  const writer =
    caller.actor.permissions.has('subjects_edit') &&
    caller.actor.employee?.researchOrganisationId === subject.researchOrganisationId &&
    !subject.isSigned &&
    !visit.signDate;
  const added = new Set(all.filter((b) => b.contextSubjectFormFieldId === null).map((b) => b.form.id));
  const applicable = await applicableForms(db, visit.visitId, {
    gender: subject.gender,
    researchVersionId: visit.researchVersionId,
  });
  const available = writer ? applicable.filter((f) => (f.repeating || !added.has(f.id)) && mayEnter(caller, ctx, f)) : [];
  // A required form (docs/data-entry.md): an applicable form of the visit flagged `isRequired`; missing while
  // the visit has no subject form of its own of it (a context instance does not count).
  const missingRequired = applicable.filter((f) => f.isRequired && !added.has(f.id));
  return {
    ...sv!,
    description: design?.description ?? null,
    pointList: design?.pointList ?? [],
    completeMessage: visit.completeMessage,
    completedAt: visit.completedAt?.toISOString() ?? null,
    subject: {
      id: subject.id,
      identificationNumber: subject.identificationNumber,
      screeningNumber: subject.screeningNumber,
      gender: subject.gender,
    },
    subjectFormList: shown.filter((b) => b.contextSubjectFormFieldId === null).map(strip),
    linkedSubjectFormList: shown.filter((b) => b.contextSubjectFormFieldId !== null).map(strip),
    availableFormList: available.map((f) => ({
      id: f.id,
      title: f.title,
      index: f.index,
      repeating: f.repeating,
      isRequired: f.isRequired,
    })),
    missingRequiredFormList: missingRequired.map((f) => ({ id: f.id, title: f.title, index: f.index })),
    signature: await latestSignature(db, { subjectVisitId: id }),
    canSign: writer && canSignVisit(siteActor(caller)) && all.length > 0 && all.every((b) => b.isComplete),
    canAddForms: writer && available.length > 0,
  };
}
