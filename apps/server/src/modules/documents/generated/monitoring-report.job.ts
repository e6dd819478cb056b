import type { NoteType } from '@edc/domain';
import type { JobHandler } from '../../../platform/jobs/jobs.js';
import { notFound } from '../../../platform/http/errors.js';
import { findMonitoringVisit } from '../../monitoring-visits/monitoring-visits.repo.js';
import { storeGeneratedDocument } from './generated-documents.js';
import { readMonitoringReport } from './monitoring-report-content.js';
import { renderMonitoringReportPdf } from './monitoring-report-pdf.js';
import { renderMonitoringReportXlsx } from './monitoring-report-xlsx.js';
import type { MonitoringReportParams } from './monitoring-report.service.js';

/**
 * The monitoring_report job: reads what was reviewed on the monitoring visit as it is now and stores it as a
 * PDF or a workbook (Started → Done). A visit deleted meanwhile is a refusal: the document ends in Error.
 */
export const monitoringReportJob: JobHandler = async (ctx) => {
  const p = ctx.job.params as unknown as MonitoringReportParams;
  if (!(await findMonitoringVisit(ctx.db, p.monitoringVisitId))) throw notFound('id');
  const content = await readMonitoringReport(ctx.db, p.monitoringVisitId, p.noteTypes as NoteType[]);
  const options = { lang: ctx.job.actor.language, timeZone: p.timeZone, now: new Date() };
  const bytes =
    p.format === 'xlsx' ? await renderMonitoringReportXlsx(content, options) : await renderMonitoringReportPdf(content, options);
  await storeGeneratedDocument(ctx.db, p.documentId, bytes);
  return {
    documentId: p.documentId,
    result: { sizeBytes: bytes.length, visits: content.covered.length, forms: content.validated.length },
  };
};
