import type { JobHandler } from '../../../platform/jobs/jobs.js';
import { notFound } from '../../../platform/http/errors.js';
import { storeGeneratedDocument } from './generated-documents.js';
import { readReferenceReport } from './reference-report-content.js';
import { renderReferenceReportPdf, renderReferenceReportXlsx } from './reference-report-render.js';
import type { ReferenceReportParams } from './reference-report.service.js';

/**
 * The reference_report job: the centre's reference groups and ranges as they are now, as a PDF or a workbook.
 * A centre deleted meanwhile is a refusal: the document ends in Error.
 */
export const referenceReportJob: JobHandler = async (ctx) => {
  const p = ctx.job.params as unknown as ReferenceReportParams;
  const content = await readReferenceReport(ctx.db, p.centreId);
  if (!content) throw notFound('researchOrganisationId');
  const options = { lang: ctx.job.actor.language, timeZone: p.timeZone, now: new Date() };
  const bytes =
    p.format === 'xlsx' ? await renderReferenceReportXlsx(content, options) : await renderReferenceReportPdf(content, options);
  await storeGeneratedDocument(ctx.db, p.documentId, bytes);
  return {
    documentId: p.documentId,
    result: { sizeBytes: bytes.length, groups: content.groups.length },
  };
};
