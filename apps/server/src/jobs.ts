import type { JobHandlers } from './platform/jobs/jobs.js';

/** What each kind of background job does (platform/jobs runs them; docs/data-exchange.md). */
export const jobHandlers: JobHandlers = {};
