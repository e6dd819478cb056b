import { and, eq, isNull } from 'drizzle-orm';
import { JOB_ATTEMPTS } from '@edc/domain';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/client.js';
import { documents, subjectVisitDocuments, subjectVisits } from '../../platform/db/schema/index.js';
import { DrTrialError } from '../../platform/dr-trial/dr-trial-client.js';
import { AppError, conflict } from '../../platform/http/errors.js';
import type { JobHandler } from '../../platform/jobs/jobs.js';
import { documentBytes } from '../documents/documents.repo.js';
import { drTrialTargetOf } from './dr-trial-send.service.js';

interface SendParams {
  documentId: string;
  /** Absent for a generated visit PDF (its document is the entity). */
  subjectVisitDocumentId?: string;
  subjectVisitId: string;
}

async function markFailed(db: Db, documentId: string) {
  await db.update(documents).set({ drTrialStatus: 'Failed' }).where(eq(documents.id, documentId));
}

/**
 * The dr_trial_send job: hands the document's PDF to DrTrial. DrTrial down, slow or answering 5xx/408/429:
 * the attempt fails and the queue tries again (JOB_ATTEMPTS in all, JOB_RETRY_SECONDS apart), the document
 * staying Queued; after the last attempt it is Failed. A refusal by DrTrial (another 4xx), or a document
 * deleted or unlinked meanwhile, fails at once. Sending again puts the same document at the same address,
 * so an attempt whose answer was lost does not leave a second copy in DrTrial.
 */
export const drTrialSendJob: JobHandler = async (ctx) => {
  const p = ctx.job.params as unknown as SendParams;
  const db = ctx.db;
  const [doc] = await db
    .select({ id: documents.id, name: documents.name, researchId: documents.researchId, subjectId: subjectVisits.subjectId })
    .from(documents)
    .innerJoin(subjectVisits, eq(subjectVisits.id, p.subjectVisitId))
    // An uploaded document is sent while its lineage entry stands; a generated visit PDF has none.
    .leftJoin(subjectVisitDocuments, eq(subjectVisitDocuments.documentId, documents.id))
    .where(and(eq(documents.id, p.documentId), isNull(documents.deletedAt), isNull(subjectVisitDocuments.deletedAt)));
  const target = doc ? await drTrialTargetOf(db, p.subjectVisitId) : null;
  const client = ctx.deps.drTrial;
  if (!doc || !target || !client) {
    await markFailed(db, p.documentId);
    if (!client) throw conflict('dr_trial_off');
    throw doc ? conflict('dr_trial_not_linked') : conflict('not_found');
  }
  try {
    await client.sendVisitDocument({
      ...target,
      documentId: doc.id,
      name: doc.name,
      subjectVisitId: p.subjectVisitId,
      bytes: (await documentBytes(db, doc.id))!,
    });
  } catch (e) {
    if (e instanceof DrTrialError && !e.retryable) {
      await markFailed(db, doc.id);
      throw new AppError(502, 'dr_trial_send_refused', { status: e.status ?? '' });
    }
    if (ctx.job.attempts >= JOB_ATTEMPTS) await markFailed(db, doc.id);
    throw e;
  }
  const sentAt = new Date();
  await db.transaction(async (tx) => {
    await tx.update(documents).set({ drTrialStatus: 'Sent', drTrialSentAt: sentAt }).where(eq(documents.id, doc.id));
    await writeAudit(tx, ctx.job.actor, {
      action: 'subject_visit_document.sent_to_dr_trial',
      entityType: p.subjectVisitDocumentId ? 'subject_visit_document' : 'document',
      entityId: p.subjectVisitDocumentId ?? doc.id,
      researchId: doc.researchId,
      subjectId: doc.subjectId,
      after: { documentId: doc.id, drTrialStatus: 'Sent', attempt: ctx.job.attempts, ...target },
    });
  });
  return { result: { documentId: doc.id, sentAt: sentAt.toISOString() } };
};
