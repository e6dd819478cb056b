import type { Deps } from '../deps.js';

/**
 * A task the queue runs on a schedule (docs/job-queue.md, "Scheduled tasks"): pg-boss sends a message to
 * the task's own queue at each `cron` time (UTC) and one worker of one process runs it. Unlike a job it has
 * no `jobs` row: it acts for the system and writes its own audit records.
 */
export interface ScheduledTask {
  /** The pg-boss queue and schedule name. */
  name: string;
  /** A five-field cron expression, in UTC. */
  cron: string;
  run(deps: Deps): Promise<unknown>;
}
