import type { NoteType } from '@edc/domain';
import { eq } from 'drizzle-orm';
import { documents } from '../../../platform/db/schema/index.js';
import type { JobContext, JobHandler } from '../../../platform/jobs/jobs.js';
import { queueDrTrialSend } from '../../external-trial/dr-trial-send.service.js';
import { storeGeneratedDocument } from './generated-documents.js';
import { readVisitContent } from './visit-content.js';
import { renderVisitPdf } from './visit-pdf.js';
import type { VisitPdfParams } from './visit-pdf.service.js';

/**
 * The visit_pdf job: reads the subject visit as it is now, renders its PDF in the requester's language and
 * stores it in the document the request recorded (Started → Done). A visit gone meanwhile is a refusal; it
 * and the last failed attempt leave the document in Error with the reason (platform/jobs/runner.ts).
 */
export const visitPdfJob: JobHandler = async (ctx) => {
  const p = ctx.job.params as unknown as VisitPdfParams;
  const content = await readVisitContent(ctx.db, p.subjectVisitId, p.noteTypes as NoteType[]);
  const bytes = await renderVisitPdf(content, { lang: ctx.job.actor.language, timeZone: p.timeZone, now: new Date() });
  await storeGeneratedDocument(ctx.db, p.documentId, bytes);
  if (p.sendToDrTrial) await sendToDrTrialOnceMade(ctx, p);
  return { documentId: p.documentId, result: { sizeBytes: bytes.length } };
};

/**
 * A visit PDF asked for with sendToDrTrial goes to DrTrial once made: its dr_trial_send job is recorded after
 * the document is Done (the request checked the link, the writer and the visit's DrTrial ids).
 */
async function sendToDrTrialOnceMade(ctx: JobContext, p: VisitPdfParams) {
  const [doc] = await ctx.db
    .select({
      status: documents.status,
      drTrialStatus: documents.drTrialStatus,
      name: documents.name,
      researchId: documents.researchId,
    })
    .from(documents)
    .where(eq(documents.id, p.documentId));
  if (doc?.status !== 'Done') return;
  const jobId = await ctx.db.transaction((tx) =>
    queueDrTrialSend(tx, {
      documentId: p.documentId,
      previousStatus: doc.drTrialStatus,
      subjectVisitId: p.subjectVisitId,
      researchId: doc.researchId,
      subjectId: p.subjectId!,
      name: doc.name,
      actor: ctx.job.actor,
    }),
  );
  if (jobId) await ctx.deps.jobs.enqueue('dr_trial_send', jobId);
}
