import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '../../src/platform/db/schema/index.js';
import { startJobQueue } from '../../src/platform/jobs/queue.js';
import type { JobContext, JobHandlers } from '../../src/platform/jobs/jobs.js';
import { badRequest } from '../../src/platform/http/errors.js';
import { makeCast } from '../support/cast.js';
import { callsAs, createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The job queue (docs/data-exchange.md "Job queue"): pg-boss on the database's own client runs a recorded
 * job in a worker, with its progress and outcome in `jobs`; a failed attempt is retried, a refusal is not,
 * and a job recorded while no worker ran is taken up by the next worker that starts. The work is replaced
 * by a scripted handler here: the exports and the import have their own tests.
 */

let mode: 'ok' | 'refuse' | 'flaky' | 'fail' = 'ok';
const seen: string[] = [];
const handlers: JobHandlers = {
  async data_export(ctx: JobContext) {
    seen.push(`${ctx.job.id}:${ctx.job.attempts}`);
    await ctx.progress(5, 10);
    if (mode === 'refuse') throw badRequest('validation', 'format', { field: 'format', detail: 'test' });
    if (mode === 'fail' || (mode === 'flaky' && ctx.job.attempts === 1)) throw new Error('boom');
    return { result: { values: 10, by: ctx.job.actor.userId } };
  },
};

let t: TestApp;
let token: string;
let researchId: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKERS: '1' }, { jobHandlers: handlers });
  const cast = await makeCast(t.app, t.database.db);
  token = cast.callers.admin.token;
  adminId = cast.callers.admin.userId;
  researchId = cast.world.research.id;
});
afterAll(async () => t?.close());

const api = () => callsAs(t.app, token);

/** Every reply read while waiting, to see the states a job went through. */
const seenReplies: any[] = [];

async function until(id: string, statuses: string[], timeoutMs = 20_000) {
  const start = Date.now();
  for (;;) {
    const job = await api().ok('GET', `/Jobs/${id}`);
    seenReplies.push(job);
    if (statuses.includes(job.status)) return job;
    if (Date.now() - start > timeoutMs) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('job queue', () => {
  it('runs a recorded job to Done, for the one who asked, with its result', async () => {
    mode = 'ok';
    const job = await api().ok('POST', '/DataExports', { researchId, format: 'csv' });
    expect(job).toMatchObject({ status: 'Queued', kind: 'data_export', progress: 0, attempts: 0 });
    const done = await until(job.id, ['Done', 'Failed']);
    expect(done).toMatchObject({ status: 'Done', progress: 100, attempts: 1, result: { values: 10, by: adminId }, error: null });
    expect(done.startedAt).toBeTruthy();
    expect(done.finishedAt).toBeTruthy();
    const list = await callsAs(t.app, token).send('GET', `/Jobs?kind=data_export&researchId=${researchId}`);
    expect(list.body.data.map((j: { id: string }) => j.id)).toContain(job.id);
  });

  it('retries an attempt that failed and then succeeds', async () => {
    mode = 'flaky';
    const job = await api().ok('POST', '/DataExports', { researchId, format: 'csv' });
    const done = await until(job.id, ['Done', 'Failed']);
    expect(done).toMatchObject({ status: 'Done', attempts: 2 });
  });

  it('fails after the last attempt, with a message in the reader’s language', async () => {
    mode = 'fail';
    const job = await api().ok('POST', '/DataExports', { researchId, format: 'csv' });
    const failed = await until(job.id, ['Done', 'Failed'], 30_000);
    expect(failed).toMatchObject({ status: 'Failed', attempts: 3, error: { code: 'job_failed' } });
    expect(failed.error.message).toMatch(/внутренней ошибки/);
    // Between attempts (a second apart here) the job is Queued again and says it will be retried.
    const between = seenReplies.filter((r) => r.id === job.id && r.status === 'Queued' && r.attempts > 0);
    expect(between.length).toBeGreaterThan(0);
    for (const r of between)
      expect(r.error).toMatchObject({ code: 'job_attempt_failed', message: expect.stringMatching(/будет повторено/) });
  });

  it('does not retry a refusal', async () => {
    mode = 'refuse';
    const job = await api().ok('POST', '/DataExports', { researchId, format: 'csv' });
    const failed = await until(job.id, ['Done', 'Failed']);
    expect(failed).toMatchObject({ status: 'Failed', attempts: 1, error: { code: 'validation' } });
  });

  it('hands a job recorded while no worker ran to the next worker that starts', async () => {
    mode = 'ok';
    // A job left Running by a worker that stopped, as the database shows it after a crash.
    const job = await api().ok('POST', '/DataExports', { researchId, format: 'xlsx' });
    await until(job.id, ['Done']);
    const [orphan] = await t.database.db
      .insert(jobs)
      .values({
        researchId,
        kind: 'data_export',
        name: 'orphan',
        params: {},
        actor: { userId: adminId },
        status: 'Running',
        attempts: 1,
      })
      .returning();
    const queue = await startJobQueue({
      database: t.database,
      deps: t.app.deps,
      handlers,
      workers: 1,
      pollingSeconds: 0.5,
      retrySeconds: 1,
      log: { info: () => {}, error: () => {} },
    });
    try {
      const done = await until(orphan!.id, ['Done', 'Failed']);
      expect(done).toMatchObject({ status: 'Done', attempts: 2 });
    } finally {
      await queue.stop();
    }
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, orphan!.id));
    expect(row!.status).toBe('Done');
  });
});
