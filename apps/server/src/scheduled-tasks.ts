import type { ScheduledTask } from './platform/jobs/scheduled.js';
import { medicationExpiryTask } from './modules/iwrs/expiry.task.js';
import { documentExpiryTask } from './modules/documents/expiry.task.js';
import { auditVerifyTask } from './modules/audit/audit-verify.task.js';

/** What the queue runs on a schedule or when sent (docs/job-queue.md, "Scheduled tasks"). */
export const scheduledTasks: ScheduledTask[] = [medicationExpiryTask, documentExpiryTask, auditVerifyTask];
