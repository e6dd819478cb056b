import type { DocumentStatusReply, SubjectVisitDocumentGenerate } from '@edc/domain';
import type { Deps } from '../../../platform/deps.js';
import type { ActorCaller } from '../../../platform/http/caller.js';
import { conflict } from '../../../platform/http/errors.js';
import { noteTypesSeenBy } from '../../notes/note-actor.js';
import { assertMayWrite, assertSeesSubject } from '../../subjects/subjects.policy.js';
import { drTrialTargetOf } from '../../external-trial/dr-trial-send.service.js';
import { drTrialOf } from '../../external-trial/dr-trial-visits.service.js';
import { findSubject } from '../../subjects/subjects.repo.js';
import { findSubjectVisit } from '../../subjects/subject-visits.repo.js';
import { findVisitTitle } from './visit-title.js';
import { startGeneration } from './generated-documents.js';
import { visitPdfName } from './visit-pdf.js';

/** What the visit_pdf job is given (jobs.params). */
export interface VisitPdfParams {
  documentId: string;
  subjectVisitId: string;
  /** The note types the requester sees: the PDF shows those notes only. */
  noteTypes: string[];
  /** The requester's time zone: the times printed are theirs, with the zone named. */
  timeZone: string;
  /** Send the PDF to DrTrial once made (docs/external-trial.md). */
  sendToDrTrial?: boolean;
  subjectId?: string;
}

/**
 * POST /SubjectVisitDocuments/Generate (docs/documents.md "Visit PDF"): whoever sees the subject visit
 * (404 outside their scope, 403 without any subject view) asks for the PDF of a signed visit (409
 * visit_not_signed otherwise). The document (type SubjectVisit, status Started), the job and the audit record
 * are written in one transaction; the job is handed to the queue once it committed.
 */
export async function generateVisitPdf(
  deps: Deps,
  input: SubjectVisitDocumentGenerate,
  caller: ActorCaller,
): Promise<DocumentStatusReply> {
  const visit = await findSubjectVisit(deps.db, input.subjectVisitId);
  const subject = visit ? await findSubject(deps.db, visit.subjectId) : undefined;
  assertSeesSubject(caller.actor, subject, 'subjectVisitId');
  if (!visit!.signDate) throw conflict('visit_not_signed', 'subjectVisitId');
  if (input.sendToDrTrial) {
    // Sending is writing: the same checks as the send button (external-trial/dr-trial-send.service.ts).
    drTrialOf(deps);
    assertMayWrite(caller.actor, subject!);
    if (!(await drTrialTargetOf(deps.db, visit!.id))) throw conflict('dr_trial_not_linked', 'sendToDrTrial');
  }
  return startGeneration(deps, caller, {
    researchId: subject!.researchId,
    subjectId: subject!.id,
    subjectVisitId: visit!.id,
    type: 'SubjectVisit',
    kind: 'visit_pdf',
    name: visitPdfName(caller.lang, {
      visitTitle: await findVisitTitle(deps.db, visit!.visitId),
      subjectNumber: subject!.identificationNumber,
    }),
    sendToDrTrial: input.sendToDrTrial,
    params: {
      subjectVisitId: visit!.id,
      noteTypes: [...noteTypesSeenBy(caller.actor)],
      timeZone: caller.timeZone,
      ...(input.sendToDrTrial ? { sendToDrTrial: true, subjectId: subject!.id } : {}),
    },
    centreId: subject!.researchOrganisationId,
  });
}
