import { generatesDocuments } from '@edc/domain';
import type { DocumentStatusReply } from '@edc/domain';
import type { Deps } from '../../../platform/deps.js';
import type { ActorCaller } from '../../../platform/http/caller.js';
import { forbidden } from '../../../platform/http/errors.js';
import { noteTypesSeenBy } from '../../notes/note-actor.js';
import { assertSeesSubject } from '../../subjects/subjects.policy.js';
import { findSubject } from '../../subjects/subjects.repo.js';
import { startGeneration } from './generated-documents.js';
import { subjectCardName } from './subject-card-pdf.js';

/** What the subject_card job is given (jobs.params). */
export interface SubjectCardParams {
  documentId: string;
  subjectId: string;
  noteTypes: string[];
  timeZone: string;
}

/**
 * POST /Subjects/{id}/GenerateSubjectCard (docs/documents.md "Subject card"): the subject's readers (404
 * outside their scope, 403 with no subject view) of an organisation that generates documents, or holding the
 * documents settings (administrators; a monitor's organisation, kio, gets 403) ask for the subject's casebook with its audit trail, made in the background.
 */
export async function generateSubjectCard(deps: Deps, subjectId: string, caller: ActorCaller): Promise<DocumentStatusReply> {
  const subject = await findSubject(deps.db, subjectId);
  assertSeesSubject(caller.actor, subject, 'id');
  const orgType = caller.actor.employee?.organisationType ?? '';
  const documentsAdmin = caller.actor.permissions.has('documents_settings');
  if (!generatesDocuments({ documentsAdmin, organisationType: orgType })) throw forbidden();
  return startGeneration(deps, caller, {
    researchId: subject!.researchId,
    subjectId: subject!.id,
    type: 'SubjectCard',
    kind: 'subject_card',
    name: subjectCardName(caller.lang, subject!.identificationNumber),
    params: { subjectId: subject!.id, noteTypes: [...noteTypesSeenBy(caller.actor)], timeZone: caller.timeZone },
    centreId: subject!.researchOrganisationId,
  });
}
