import type { Deps } from '../deps.js';

/**
 * A task the queue runs (docs/job-queue.md, "Scheduled tasks"): pg-boss carries a message to the task's own queue and one
 * worker of one process runs it, at each `cron` time (UTC) when the task has a schedule, and whenever it is
 * sent (`runTask`), with the message's data. Unlike a job it has no `jobs` row: it acts for the system, keeps
 * its own record and writes its own audit records.
 */
export interface ScheduledTask {
  /** The pg-boss queue and schedule name. */
  name: string;
  /** A five-field cron expression, in UTC; none for a task run only when sent. */
  cron?: string;
  run(deps: Deps, data?: Record<string, unknown>): Promise<unknown>;
}
