import type { JobKind, Language } from '@edc/domain';
import type { AuditActor } from '../audit/audit.js';
import type { Db } from '../db/client.js';
import type { jobs } from '../db/schema/index.js';
import type { Deps } from '../deps.js';

export type JobRow = typeof jobs.$inferSelect;

/** Who asked for a job; the worker acts for them (stored in jobs.actor). */
export interface JobActor extends AuditActor {
  userId: string;
  language: Language;
  /** Whether they see randomisation groups (blinding, docs/subjects.md). */
  seesGroup: boolean;
  /** The centre their view of subjects is limited to (null: every centre of the research). */
  centreId: string | null;
}

export interface JobContext {
  job: JobRow & { params: Record<string, unknown>; actor: JobActor };
  deps: Deps;
  db: Db;
  /** Records progress: `processed` of `total` units (values, subjects); written at most twice a second. */
  progress(processed: number, total?: number | null): Promise<void>;
  /** The job's input file (job_inputs), for imports. */
  input(): Promise<Buffer>;
}

/** What a job leaves: its result document, and what the screen shows of its outcome. */
export interface JobOutcome {
  documentId?: string | null;
  result?: unknown;
}

export type JobHandler = (ctx: JobContext) => Promise<JobOutcome>;
export type JobHandlers = Partial<Record<JobKind, JobHandler>>;

/** The queue as services see it: a job recorded in `jobs` is handed to a worker once its transaction committed. */
export interface JobQueue {
  enqueue(kind: JobKind, jobId: string): Promise<void>;
  /** Sends a task's message now (scheduled.ts): one worker runs the task with `data`. */
  runTask(name: string, data?: Record<string, unknown>): Promise<void>;
}

/** The queue before it is started: nothing is sent. */
export const idleQueue: JobQueue = { enqueue: async () => {}, runTask: async () => {} };
