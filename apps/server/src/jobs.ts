import type { JobHandlers } from './platform/jobs/jobs.js';
import { exportJob } from './modules/data-exchange/export/export.job.js';
import { importJob } from './modules/data-exchange/import/import.job.js';
import { scheduleJob } from './modules/time-points/schedule.job.js';

/** What each kind of background job does (platform/jobs runs them; docs/data-exchange.md). */
export const jobHandlers: JobHandlers = {
  data_export: exportJob,
  clinical_import: importJob,
  scheduled_activities: scheduleJob,
};
