import type { ScheduledTask } from './platform/jobs/scheduled.js';
import { medicationExpiryTask } from './modules/iwrs/expiry.task.js';
import { documentExpiryTask } from './modules/documents/expiry.task.js';

/** What the queue runs on a schedule (docs/job-queue.md, "Scheduled tasks"). */
export const scheduledTasks: ScheduledTask[] = [medicationExpiryTask, documentExpiryTask];
