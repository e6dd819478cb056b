import { generatesDocuments } from '@edc/domain';
import { and, eq } from 'drizzle-orm';
import type { DocumentStatusReply } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import { jobs } from '../../../platform/db/schema/index.js';
import type { Deps } from '../../../platform/deps.js';
import type { Actor } from '../../../platform/http/actor.js';
import type { ActorCaller } from '../../../platform/http/caller.js';
import { forbidden } from '../../../platform/http/errors.js';
import { canInResearch } from '../../../platform/http/research-scope.js';
import { findCentre } from '../../centres/centres.queries.js';
import { noteTypesSeenBy } from '../../notes/note-actor.js';
import { assertSeesSubject } from '../../subjects/subjects.policy.js';
import { startGeneration, type DocumentRow } from './generated-documents.js';
import { subjectCardArchiveName } from './subject-card-archive-zip.js';

/** What the subject_card_archive job is given (jobs.params). */
export interface SubjectCardArchiveParams {
  documentId: string;
  centreId: string;
  noteTypes: string[];
  timeZone: string;
}

export const ZIP_FILE = { extension: 'zip', contentType: 'application/zip' };

/**
 * POST /ResearchOrganisations/{id}/GenerateSubjectCardArchive (docs/documents.md "Subject cards archive"): the
 * centre's subjects' readers (404 for a centre outside their view — a site user sees their own centre only —
 * 403 with no subject view) of an organisation that generates documents or holding documents_settings.
 */
export async function generateSubjectCardArchive(
  deps: Deps,
  centreId: string,
  caller: ActorCaller,
): Promise<DocumentStatusReply> {
  const centre = await findCentre(deps.db, centreId);
  assertSeesSubject(
    caller.actor,
    centre ? { researchId: centre.researchId, researchOrganisationId: centre.id } : undefined,
    'id',
  );
  const orgType = caller.actor.employee?.organisationType ?? '';
  const documentsAdmin = caller.actor.permissions.has('documents_settings');
  if (!generatesDocuments({ documentsAdmin, organisationType: orgType })) throw forbidden();
  return startGeneration(deps, caller, {
    researchId: centre!.researchId,
    type: 'SubjectCardArchive',
    kind: 'subject_card_archive',
    name: subjectCardArchiveName(caller.lang, centre!.number),
    file: ZIP_FILE,
    params: { centreId: centre!.id, noteTypes: [...noteTypesSeenBy(caller.actor)], timeZone: caller.timeZone },
    audit: { centreId: centre!.id },
    centreId: centre!.id,
  });
}

/** The centre an archive was made of (its job's parameters); undefined for another document. */
export async function archiveCentreOf(db: Db, documentId: string): Promise<string | undefined> {
  const [job] = await db
    .select({ params: jobs.params })
    .from(jobs)
    .where(and(eq(jobs.documentId, documentId), eq(jobs.kind, 'subject_card_archive')))
    .limit(1);
  return (job?.params as { centreId?: string } | undefined)?.centreId;
}

/** Who reads an archive: its author, documents administrators of the research, and the readers of its centre's subjects. */
export function readsArchive(actor: Actor, doc: DocumentRow, centreId: string, researchId: string): boolean {
  if (doc.createdBy !== null && doc.createdBy === actor.userId) return true;
  if (canInResearch(actor, 'documents_settings', doc.researchId)) return true;
  try {
    assertSeesSubject(actor, { researchId, researchOrganisationId: centreId });
    return generatesDocuments({ documentsAdmin: false, organisationType: actor.employee?.organisationType });
  } catch {
    return false;
  }
}
