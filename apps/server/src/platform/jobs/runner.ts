import { and, eq, inArray, sql } from 'drizzle-orm';
import { JOB_ATTEMPTS } from '@edc/domain';
import { documents, jobInputs, jobs } from '../db/schema/index.js';
import type { Deps } from '../deps.js';
import { AppError } from '../http/errors.js';
import type { JobContext, JobHandlers, JobRow } from './jobs.js';

/** Progress is written at most this often (a job of a million values would otherwise write a million rows). */
const PROGRESS_EVERY_MS = 500;

/**
 * Runs one attempt of a job (called by a queue worker with the job's id): Queued or Running (a worker that
 * stopped mid-way) → Running → Done, or back to Queued for the queue's next attempt, or Failed after the last
 * one. A refusal (AppError: the input is wrong, the research is gone) fails at once, as a retry would end
 * the same. Returns whether the queue should retry (the attempt threw something else).
 */
export async function runJob(deps: Deps, handlers: JobHandlers, jobId: string): Promise<{ retry: boolean; error?: unknown }> {
  const db = deps.db;
  const [job] = await db
    .update(jobs)
    .set({ status: 'Running', attempts: sql`${jobs.attempts} + 1`, startedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, ['Queued', 'Running'])))
    .returning();
  if (!job) return { retry: false };
  const attempt = job.attempts;
  const handler = handlers[job.kind as keyof JobHandlers];
  if (!handler) {
    const error = { code: 'job_unknown_kind', params: { kind: job.kind } };
    await finish(deps, job.id, { status: 'Failed', error });
    await failDocument(deps, job.documentId, error);
    return { retry: false };
  }
  let last = 0;
  let lastPercent = -1;
  const ctx: JobContext = {
    job: job as JobContext['job'],
    deps,
    db,
    async progress(processed, total) {
      const now = Date.now();
      const percent = total ? Math.min(99, Math.floor((processed / total) * 100)) : 0;
      if (now - last < PROGRESS_EVERY_MS && percent === lastPercent) return;
      last = now;
      lastPercent = percent;
      await db
        .update(jobs)
        .set({ processed, ...(total !== undefined ? { total } : {}), progress: percent, updatedAt: new Date() })
        .where(eq(jobs.id, jobId));
    },
    async input() {
      const [row] = await db.select().from(jobInputs).where(eq(jobInputs.jobId, jobId));
      return row?.content ?? Buffer.alloc(0);
    },
  };
  try {
    const outcome = await handler(ctx);
    await finish(deps, job.id, {
      status: 'Done',
      progress: 100,
      documentId: outcome.documentId ?? job.documentId ?? null,
      result: outcome.result ?? null,
      error: null,
    });
    return { retry: false };
  } catch (e) {
    const refused = e instanceof AppError;
    const error = refused ? { code: e.code, params: e.params } : { code: 'job_failed', params: {} };
    if (refused || attempt >= JOB_ATTEMPTS) {
      await finish(deps, job.id, { status: 'Failed', error });
      await failDocument(deps, job.documentId, refused ? error : { code: 'document_generation_failed', params: {} });
      return { retry: false, error: e };
    }
    // Not the last attempt: the screen says so, not that the job has failed.
    const retrying = { code: 'job_attempt_failed', params: { attempt, attempts: JOB_ATTEMPTS } };
    await db.update(jobs).set({ status: 'Queued', error: retrying, updatedAt: new Date() }).where(eq(jobs.id, jobId));
    return { retry: true, error: e };
  }
}

async function finish(deps: Deps, id: string, set: Partial<JobRow>) {
  await deps.db
    .update(jobs)
    .set({ ...set, finishedAt: new Date(), updatedAt: new Date() })
    .where(eq(jobs.id, id));
}

/**
 * A job that was recorded with the document it makes (documents generated in the background,
 * docs/documents.md) and has failed for good leaves that document in status Error, with the reason kept.
 */
async function failDocument(deps: Deps, documentId: string | null, error: { code: string; params: unknown }) {
  if (!documentId) return;
  await deps.db
    .update(documents)
    .set({ status: 'Error', error, finishedAt: new Date() })
    .where(and(eq(documents.id, documentId), eq(documents.status, 'Started')));
}
