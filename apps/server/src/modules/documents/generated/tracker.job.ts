import type { JobHandler } from '../../../platform/jobs/jobs.js';
import { storeGeneratedDocument } from './generated-documents.js';
import { pointWindowRows, readTracker, visitWindowRows } from './tracker-content.js';
import { renderTimeTrackerXlsx, renderTrackerXlsx } from './tracker-xlsx.js';
import type { TrackerParams } from './tracker.service.js';

/** The subjects the job's actor saw when asking: their centre (or every centre) and groups only if unblinded. */
const contentOf = (ctx: Parameters<JobHandler>[0]) => {
  const p = ctx.job.params as unknown as TrackerParams;
  const { centreId, seesGroup } = ctx.job.actor;
  return { p, read: () => readTracker(ctx.db, { researchId: p.researchId, centreId, seesGroup }) };
};

/** The tracker job (docs/documents.md "Trackers"): every subject's visits, status and date, as a workbook. */
export const trackerJob: JobHandler = async (ctx) => {
  const { p, read } = contentOf(ctx);
  const content = await read();
  const bytes = await renderTrackerXlsx(content, { lang: ctx.job.actor.language, timeZone: p.timeZone, now: new Date() });
  await storeGeneratedDocument(ctx.db, p.documentId, bytes);
  return { documentId: p.documentId, result: { sizeBytes: bytes.length, subjects: content.subjects.length } };
};

/** The time tracker job: planned windows against actual dates of visits and time points, as a workbook. */
export const timeTrackerJob: JobHandler = async (ctx) => {
  const { p, read } = contentOf(ctx);
  const content = await read();
  const visits = visitWindowRows(content);
  const points = await pointWindowRows(ctx.db, content);
  const bytes = await renderTimeTrackerXlsx(content, visits, points, {
    lang: ctx.job.actor.language,
    timeZone: p.timeZone,
    now: new Date(),
  });
  await storeGeneratedDocument(ctx.db, p.documentId, bytes);
  return { documentId: p.documentId, result: { sizeBytes: bytes.length, visits: visits.length, points: points.length } };
};
