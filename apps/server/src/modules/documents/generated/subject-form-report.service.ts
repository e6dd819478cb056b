import type { DocumentStatusReply, SubjectFormReportGenerate } from '@edc/domain';
import type { Deps } from '../../../platform/deps.js';
import type { ActorCaller } from '../../../platform/http/caller.js';
import { formContext } from '../../data-entry/data-entry.context.js';
import { noteTypesSeenBy } from '../../notes/note-actor.js';
import { startGeneration } from './generated-documents.js';
import { subjectFormReportName } from './visit-pdf.js';
import { findVisitTitle } from './visit-title.js';

/** What the subject_form_report job is given (jobs.params). */
export interface SubjectFormReportParams {
  documentId: string;
  subjectFormId: string;
  subjectVisitId: string;
  /** The note types the requester sees: the report shows those notes only. */
  noteTypes: string[];
  timeZone: string;
}

/** "Витальные показатели #2" for the second instance of a repeating form. */
export const formTitleOf = (title: string, repeatedIndex: number) =>
  repeatedIndex > 0 ? `${title} #${repeatedIndex + 1}` : title;

/**
 * POST /SubjectsForm/{id}/GenerateReport (docs/documents.md "Subject form report"; spec operations section 7,
 * "GenerateReport as blob", made here a document in the background like every other): whoever reads the
 * subject form (the subject's readers: 404 for an unknown form or one outside their scope, 403 with no subject
 * view) asks for its PDF. The document (type SubjectVisit, of the form's visit and subject, status Started), its
 * job and the audit record are written in one transaction; the client polls GET /Documents/{id} every 2 s.
 */
export async function generateSubjectFormReport(
  deps: Deps,
  subjectFormId: string,
  input: SubjectFormReportGenerate | undefined,
  caller: ActorCaller,
): Promise<DocumentStatusReply> {
  const ctx = await formContext(deps.db, subjectFormId, caller, 'id');
  return startGeneration(deps, caller, {
    researchId: ctx.subject.researchId,
    subjectId: ctx.subject.id,
    subjectVisitId: ctx.visit.id,
    type: 'SubjectVisit',
    kind: 'subject_form_report',
    name: subjectFormReportName(caller.lang, {
      formTitle: formTitleOf(ctx.form.title, ctx.subjectForm.repeatedIndex),
      visitTitle: await findVisitTitle(deps.db, ctx.visit.visitId),
      subjectNumber: ctx.subject.identificationNumber,
    }),
    params: {
      subjectFormId: ctx.subjectForm.id,
      subjectVisitId: ctx.visit.id,
      noteTypes: [...noteTypesSeenBy(caller.actor)],
      timeZone: caller.timeZone,
    },
    audit: { subjectFormId: ctx.subjectForm.id, format: input?.format ?? 'pdf' },
    centreId: ctx.subject.researchOrganisationId,
  });
}
