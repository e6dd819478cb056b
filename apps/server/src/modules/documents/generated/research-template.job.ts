import type { JobHandler } from '../../../platform/jobs/jobs.js';
import { storeGeneratedDocument } from './generated-documents.js';
import { readResearchTemplate } from './research-template-content.js';
import { renderResearchTemplate } from './research-template-pdf.js';
import type { ResearchTemplateParams } from './research-template.service.js';

/** The research_template job: the blank CRF of the chosen visits as the design is now (Started → Done or Error). */
export const researchTemplateJob: JobHandler = async (ctx) => {
  const p = ctx.job.params as unknown as ResearchTemplateParams;
  const content = await readResearchTemplate(ctx.db, p.researchVersionId, p.visitIds, p.protocolVersionId);
  const bytes = await renderResearchTemplate(content, ctx.job.name, {
    lang: ctx.job.actor.language,
    timeZone: p.timeZone,
    now: new Date(),
  });
  await storeGeneratedDocument(ctx.db, p.documentId, bytes);
  return { documentId: p.documentId, result: { sizeBytes: bytes.length, visits: content.visits.length } };
};
