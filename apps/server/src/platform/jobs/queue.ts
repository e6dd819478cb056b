import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { JOB_ATTEMPTS, JOB_KINDS, type JobKind } from '@edc/domain';
import { QUEUE_SCHEMA, type Database } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import type { Deps } from '../deps.js';
import type { JobHandlers, JobQueue } from './jobs.js';
import type { ScheduledTask } from './scheduled.js';
import { runJob } from './runner.js';

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface QueueOptions {
  database: Database;
  deps: Deps;
  handlers: JobHandlers;
  /** Jobs this process runs at once per kind; 0 only sends jobs (the workers are `npm run worker` processes). */
  workers: number;
  /** Seconds between a worker's looks for new jobs (pg-boss's minimum is 0.5). */
  pollingSeconds: number;
  /** Seconds before a failed attempt is tried again. */
  retrySeconds: number;
  /**
   * Seconds before an attempt still active is taken for one whose worker died (a killed process): pg-boss
   * fails it and, attempts remaining, hands it to another worker. 3600 unless told.
   */
  expireSeconds?: number;
  log: Logger;
  /** Tasks run on a schedule or when sent, by the processes with workers (scheduled.ts). */
  scheduled?: ScheduledTask[];
}

/** How often, and after how long, Queued jobs are sent to the queue again. */
const SWEEP_MS = 60_000;

export interface RunningQueue extends JobQueue {
  stop(): Promise<void>;
}

/**
 * The job queue (docs/data-exchange.md "Job queue"): pg-boss 10 in the database's `pgboss` schema, on the
 * database's own client (`executeSql`), so it works the same on PostgreSQL and on the embedded PGlite. A
 * queued message carries only the id of a `jobs` row; runner.ts runs it. pg-boss retries a failed attempt
 * (JOB_ATTEMPTS in all) and hands an attempt whose worker died to another once it expires.
 */
export async function startJobQueue(opts: QueueOptions): Promise<RunningQueue> {
  const expireInSeconds = opts.expireSeconds ?? 60 * 60;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => opts.database.executeSql(text, values) },
    schema: QUEUE_SCHEMA,
    // The cron clock runs where the workers are; pg-boss lets one process send each scheduled message.
    schedule: opts.workers > 0 && (opts.scheduled?.length ?? 0) > 0,
    // Its clean-up and expiry checks; the jobs table keeps our own record of every job.
    supervise: opts.workers > 0,
    // How often expired attempts are looked for (one process at a time): often enough for the expiry.
    maintenanceIntervalSeconds: Math.max(1, Math.min(120, Math.floor(expireInSeconds / 2))),
    migrate: true,
  });
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  await boss.start();
  // The queues' retry settings follow the configuration of the process that starts last.
  const settings = { retryLimit: JOB_ATTEMPTS - 1, retryDelay: opts.retrySeconds, expireInSeconds };
  for (const kind of JOB_KINDS) {
    if (await boss.getQueue(kind)) await boss.updateQueue(kind, { name: kind, ...settings });
    else
      await boss.createQueue(kind, { name: kind, ...settings }).catch(async (e: unknown) => {
        // Another process made it first.
        if (!(await boss.getQueue(kind))) throw e;
      });
  }
  const send = async (kind: JobKind, jobId: string) => {
    // The job's own id: sending it again (a restart's recovery, the sweep) is a no-op while pg-boss still has it.
    await boss.send(kind, { jobId }, { id: jobId });
  };
  // A request has committed its job before it hands it over: a failed send leaves the job Queued for the
  // sweep below (or the next start) rather than failing a request whose job is already recorded.
  const enqueue = async (kind: JobKind, jobId: string) => {
    await send(kind, jobId).catch((err: unknown) => opts.log.error({ err, jobId }, 'job not handed to the queue yet'));
  };
  if (opts.workers > 0) {
    for (const kind of JOB_KINDS) {
      for (let i = 0; i < opts.workers; i++) {
        await boss.work<{ jobId: string }>(kind, { pollingIntervalSeconds: opts.pollingSeconds, batchSize: 1 }, async ([job]) => {
          const outcome = await runJob(opts.deps, opts.handlers, job!.data.jobId);
          if (outcome.error)
            opts.log.error({ err: outcome.error, jobId: job!.data.jobId, retry: outcome.retry }, 'job attempt failed');
          // Throwing hands the attempt back to pg-boss for a retry; otherwise the message is done.
          if (outcome.retry) throw outcome.error instanceof Error ? outcome.error : new Error('job attempt failed');
        });
      }
    }
    // Jobs recorded but never handed over (a stop between the commit and the send) or cut short: sent again.
    const open = await opts.deps.db
      .select({ id: jobs.id, kind: jobs.kind })
      .from(jobs)
      .where(inArray(jobs.status, ['Queued', 'Running']));
    for (const j of open) await enqueue(j.kind as JobKind, j.id);
    if (open.length) opts.log.info({ count: open.length }, 'open jobs handed to the queue again');
  }
  const tasks = opts.scheduled ?? [];
  for (const task of tasks) {
    if (!(await boss.getQueue(task.name)))
      await boss.createQueue(task.name, { name: task.name, expireInSeconds: 60 * 60 }).catch(async (e: unknown) => {
        if (!(await boss.getQueue(task.name))) throw e;
      });
  }
  if (opts.workers > 0) {
    for (const task of tasks) {
      if (task.cron) await boss.schedule(task.name, task.cron, {}, { tz: 'UTC' });
      await boss.work<Record<string, unknown>>(
        task.name,
        { pollingIntervalSeconds: opts.pollingSeconds, batchSize: 1 },
        async ([message]) => {
          const result = await task.run(opts.deps, message?.data ?? {});
          opts.log.info({ task: task.name, result }, 'scheduled task done');
        },
      );
    }
  }
  // Every minute, jobs Queued for more than a minute are sent again (a send that failed, a server that sends
  // beside separate workers): a no-op for those pg-boss still holds.
  const sweep =
    opts.workers > 0
      ? setInterval(() => {
          void opts.deps.db
            .select({ id: jobs.id, kind: jobs.kind })
            .from(jobs)
            .where(and(eq(jobs.status, 'Queued'), lt(jobs.updatedAt, new Date(Date.now() - SWEEP_MS))))
            .then(async (rows) => {
              for (const j of rows) await enqueue(j.kind as JobKind, j.id);
            })
            .catch((err: unknown) => opts.log.error({ err }, 'job sweep failed'));
        }, SWEEP_MS).unref()
      : null;
  // The kept subject counts (migration 0020) gain signed rows with every write; every minute they are folded
  // into one row per key, so that reading them stays a few dozen rows (one process at a time: an advisory lock).
  const compaction =
    opts.workers > 0
      ? setInterval(() => {
          opts.deps.db
            .execute(sql`select compact_subject_tallies()`)
            .catch((err: unknown) => opts.log.error({ err }, 'subject count compaction failed'));
        }, SWEEP_MS).unref()
      : null;
  return {
    enqueue,
    async runTask(name, data = {}) {
      if (!tasks.some((t) => t.name === name)) throw new Error(`no task ${name}`);
      // As with jobs, a send that fails leaves the caller's record as it is (an audit run stays Queued and is
      // sent again by the next request) rather than failing a request whose record is committed.
      await boss.send(name, data).catch((err: unknown) => opts.log.error({ err, task: name }, 'task not handed to the queue'));
    },
    async stop() {
      if (sweep) clearInterval(sweep);
      if (compaction) clearInterval(compaction);
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}
