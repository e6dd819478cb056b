import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { SubjectVisitDocument } from '@edc/domain';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/client.js';
import { documents, researches, subjects, subjectVisits, visits } from '../../platform/db/schema/index.js';
import type { Deps } from '../../platform/deps.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { conflict } from '../../platform/http/errors.js';
import { lineageRows, findVisitDocument } from '../documents/documents.repo.js';
import { missing, reply, visitToRead } from '../documents/documents.service.js';
import { insertJob, jobActorOf } from '../jobs/jobs.service.js';
import type { JobActor } from '../../platform/jobs/jobs.js';
import { assertMayWrite } from '../subjects/subjects.policy.js';
import { drTrialOf } from './dr-trial-visits.service.js';

/** The DrTrial ids a subject visit is sent under, or null when the subject, the visit or the research is not linked. */
export async function drTrialTargetOf(db: Db, subjectVisitId: string) {
  const [row] = await db
    .select({ research: researches.drTrialId, subject: subjects.drTrialId, visit: visits.drTrialId })
    .from(subjectVisits)
    .innerJoin(subjects, eq(subjects.id, subjectVisits.subjectId))
    .innerJoin(visits, eq(visits.id, subjectVisits.visitId))
    .innerJoin(researches, eq(researches.id, subjects.researchId))
    .where(eq(subjectVisits.id, subjectVisitId));
  if (!row?.research || !row.subject || !row.visit) return null;
  return { drTrialResearchId: row.research, drTrialSubjectId: row.subject, drTrialVisitId: row.visit };
}

/**
 * POST /SubjectVisitDocuments/{id}/SendToDrTrial (docs/external-trial.md "Sending a visit's PDF"): the
 * document's latest version is marked `sendToDrTrial`, Queued, and a `dr_trial_send` job is recorded with its
 * audit record in one transaction; the job sends it, retrying while DrTrial is unavailable. Who: the
 * document's writers (subjects_edit in the subject's centre). Refused with 409 when the link is off, the visit
 * is not signed, the subject or visit is not linked to DrTrial, or the document is already Queued or Sent
 * (a Failed one may be sent again).
 */
export async function sendDocumentToDrTrial(deps: Deps, id: string, caller: ActorCaller): Promise<SubjectVisitDocument> {
  const jobId = await deps.db.transaction(async (tx) => {
    const named = await findVisitDocument(tx, id);
    if (!named) throw missing(caller, 'id');
    const ctx = await visitToRead(tx, named.subjectVisitId, caller, 'id', true);
    assertMayWrite(caller.actor, ctx.subject);
    drTrialOf(deps);
    if (!ctx.visit.signDate) throw conflict('dr_trial_visit_not_signed');
    if (!(await drTrialTargetOf(tx, ctx.visit.id))) throw conflict('dr_trial_not_linked');
    const [latest] = await lineageRows(tx, named.lineageId);
    const doc = latest!.doc;
    const jobId = await queueDrTrialSend(tx, {
      documentId: doc.id,
      previousStatus: doc.drTrialStatus,
      subjectVisitId: ctx.visit.id,
      subjectVisitDocumentId: latest!.svd.id,
      researchId: ctx.subject.researchId,
      subjectId: ctx.subject.id,
      name: doc.name,
      // The subject's centre: only its staff read the job (jobs.policy.ts).
      actor: jobActorOf(caller, ctx.subject.researchOrganisationId),
    });
    if (!jobId) throw conflict('dr_trial_already_sent');
    return jobId;
  });
  await deps.jobs.enqueue('dr_trial_send', jobId);
  return reply(deps.db, id);
}

/**
 * Marks a document Queued for DrTrial and records its dr_trial_send job with the audit record, in the caller's
 * transaction; null when the document is gone or already Queued or Sent. The caller hands the job to the
 * queue once its transaction committed. Used by the send button and by a visit PDF generated with
 * sendToDrTrial (documents/generated/visit-pdf.job.ts).
 */
export async function queueDrTrialSend(
  tx: Db,
  send: {
    documentId: string;
    previousStatus: string | null;
    subjectVisitId: string;
    /** The uploaded document's lineage entry; a generated visit PDF has none. */
    subjectVisitDocumentId?: string;
    researchId: string;
    subjectId: string;
    name: string;
    actor: JobActor;
  },
): Promise<string | null> {
  const [queued] = await tx
    .update(documents)
    .set({ sendToDrTrial: true, drTrialStatus: 'Queued', drTrialSentAt: null })
    .where(
      and(
        eq(documents.id, send.documentId),
        isNull(documents.deletedAt),
        or(isNull(documents.drTrialStatus), inArray(documents.drTrialStatus, ['Failed'])),
      ),
    )
    .returning({ id: documents.id });
  if (!queued) return null;
  const job = await insertJob(tx, {
    researchId: send.researchId,
    kind: 'dr_trial_send',
    name: send.name,
    params: {
      documentId: send.documentId,
      subjectVisitId: send.subjectVisitId,
      ...(send.subjectVisitDocumentId ? { subjectVisitDocumentId: send.subjectVisitDocumentId } : {}),
    },
    actor: send.actor,
  });
  await writeAudit(tx, send.actor, {
    action: 'subject_visit_document.send_to_dr_trial',
    entityType: send.subjectVisitDocumentId ? 'subject_visit_document' : 'document',
    entityId: send.subjectVisitDocumentId ?? send.documentId,
    researchId: send.researchId,
    subjectId: send.subjectId,
    before: { drTrialStatus: send.previousStatus },
    after: { documentId: send.documentId, drTrialStatus: 'Queued', jobId: job.id },
  });
  return job.id;
}
