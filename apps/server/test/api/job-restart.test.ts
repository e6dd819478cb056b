import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import PgBoss from 'pg-boss';
import { jobHandlers } from '../../src/jobs.js';
import { auditLog, documentFiles, documents, jobs } from '../../src/platform/db/schema/index.js';
import type { JobHandler, JobHandlers } from '../../src/platform/jobs/jobs.js';
import { startJobQueue, type RunningQueue } from '../../src/platform/jobs/queue.js';
import { runJob } from '../../src/platform/jobs/runner.js';
import { QUEUE_SCHEMA } from '../../src/platform/db/client.js';
import { TEST_AUDIT_KEY } from '../support/test-app.js';
import { setupEntryApp } from './data-entry-support.js';

/**
 * A worker that dies in the middle of a job (docs/job-queue.md "Attempts, failures, restarts"): its attempt
 * stays active in the queue until it expires (JOB_EXPIRE_SECONDS, 20 s here: long enough for the second attempt on a loaded machine), then a worker started after it
 * takes the job up again and the document ends Done once: one file, one generation audit record. The app
 * itself runs no worker (JOB_WORKERS=0): it only records and sends the requests.
 */
const EXPIRE = '20';
const { t, api, as, newVisit, db } = setupEntryApp({ JOB_EXPIRE_SECONDS: EXPIRE });
const log = { info: () => {}, error: () => {} };
const queues: RunningQueue[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const q of queues) await q.stop();
});

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../..');

/** A worker started in this process on the app's database. */
async function inProcessWorker(handlers: JobHandlers = jobHandlers) {
  const q = await startJobQueue({
    database: t.database,
    deps: t.app.deps,
    handlers,
    workers: 1,
    pollingSeconds: 0.5,
    retrySeconds: 1,
    expireSeconds: Number(EXPIRE),
    log,
  });
  queues.push(q);
  return q;
}

/** Asks for the archive of the centre of two new subjects. */
async function requestArchive() {
  const a = await newVisit();
  await newVisit();
  const centreId = a.subject.researchOrganisationId as string;
  return api(as('sitePi')).ok('POST', `/ResearchOrganisations/${centreId}/GenerateSubjectCardArchive`, {});
}

/** The document Done exactly once: one file, a valid archive of the centre's cards, one generation record. */
async function expectDoneOnce(documentId: string, attempts: number) {
  // The attempt expires JOB_EXPIRE_SECONDS after the claim; the queue looks for such attempts every half of that.
  let done = await api(as('sitePi')).ok('GET', `/Documents/${documentId}`);
  for (let i = 0; i < 120 && done.status === 'Started'; i++) {
    await new Promise((r) => setTimeout(r, 500));
    done = await api(as('sitePi')).ok('GET', `/Documents/${documentId}`);
  }
  expect(done).toMatchObject({ status: 'Done', error: null });
  const files = await db().select().from(documentFiles).where(eq(documentFiles.documentId, documentId));
  expect(files).toHaveLength(1);
  expect(files[0]!.content.length).toBe(done.sizeBytes);
  expect(Object.keys(unzipSync(new Uint8Array(files[0]!.content))).length).toBeGreaterThanOrEqual(2);
  let [job] = await db().select().from(jobs).where(eq(jobs.documentId, documentId));
  // The job's own record is closed just after the document's transaction.
  for (let i = 0; i < 100 && job!.status === 'Running'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    [job] = await db().select().from(jobs).where(eq(jobs.documentId, documentId));
  }
  expect(job).toMatchObject({ status: 'Done', attempts, progress: 100, error: null });
  const records = await db()
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'document'), eq(auditLog.entityId, documentId)));
  expect(records.map((r) => r.action)).toEqual(['document.generate']);
  return done;
}

describe('a job whose worker died half-way', () => {
  it(
    'is taken up again after its attempt expires and ends Done once; the stalled worker, woken, stores nothing',
    { timeout: 150_000 },
    async () => {
      // Worker A claims the archive job, counts a subject and stalls (a process about to die: it never answers).
      let claimed!: () => void;
      const claimedP = new Promise<void>((r) => (claimed = r));
      let wake!: () => void;
      const woken = new Promise<void>((r) => (wake = r));
      let zombie: Promise<unknown> | undefined;
      const stalling: JobHandler = async (ctx) => {
        await ctx.progress(1, 2);
        claimed();
        await woken;
        // Woken after the job was handed on and finished: it goes on with the real work.
        zombie = jobHandlers.subject_card_archive!(ctx);
        return zombie as ReturnType<JobHandler>;
      };
      const started = await requestArchive();
      const [job] = await db().select().from(jobs).where(eq(jobs.documentId, started.id));
      // What a worker does before it runs a job: claims the queue's message (active from now on, with its
      // expiry), then runs the attempt. A process killed there answers no more: nothing completes or fails it.
      const a = new PgBoss({
        db: { executeSql: (text, values) => t.database.executeSql(text, values) },
        schema: QUEUE_SCHEMA,
        supervise: false,
        schedule: false,
        migrate: false,
      });
      await a.start();
      const [message] = await a.fetch<{ jobId: string }>('subject_card_archive');
      expect(message?.data.jobId).toBe(job!.id);
      const attemptA = runJob(t.app.deps, { subject_card_archive: stalling }, job!.id);
      await claimedP;
      const [running] = await db().select().from(jobs).where(eq(jobs.documentId, started.id));
      expect(running).toMatchObject({ status: 'Running', attempts: 1, processed: 1 });
      expect((await api(as('sitePi')).ok('GET', `/Documents/${started.id}`)).status).toBe('Started');

      // Worker B starts: once A's attempt has expired, B runs the job to its end.
      await inProcessWorker();
      const done = await expectDoneOnce(started.id, 2);

      // A wakes up and finishes its attempt: the document is no longer Started, so it keeps B's file.
      wake();
      await attemptA;
      await zombie;
      await a.stop({ graceful: false, close: false });
      await expectDoneOnce(started.id, 2);
      const [doc] = await db().select().from(documents).where(eq(documents.id, started.id));
      expect(doc!.sizeBytes).toBe(done.sizeBytes);
      // Worker B stops here: left polling, it would take the next test's job before that test's worker could.
      for (const q of queues.splice(0)) await q.stop();
    },
  );

  // On PostgreSQL only: an embedded database belongs to one process, so no second process can work on it.
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'a worker process killed (SIGKILL) mid-job: the next worker process finishes it (PostgreSQL only: PGlite belongs to one process)',
    async () => {
      expect(t.url).toMatch(/^postgres/);
      const env = {
        ...process.env,
        DATABASE_URL: t.url!,
        AUDIT_KEY: TEST_AUDIT_KEY,
        LOG_LEVEL: 'silent',
        JOB_WORKERS: '1',
        JOB_POLL_SECONDS: '0.5',
        JOB_RETRY_SECONDS: '1',
        JOB_EXPIRE_SECONDS: EXPIRE,
        DATA_DIR: path.join(t.app.deps.config.dataDir, 'worker'),
      };
      const spawnWorker = (entry: string) => {
        const child = fork(entry, [], {
          cwd: serverDir,
          env,
          execArgv: ['--import', 'tsx'],
          stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
        });
        children.push(child);
        return child;
      };
      // A: the worker process that stalls in the archive job, killed there.
      const a = spawnWorker(path.join(here, '../support/stalling-worker.ts'));
      const messages: Record<string, unknown>[] = [];
      a.on('message', (m) => messages.push(m as Record<string, unknown>));
      await new Promise<void>((resolve) => {
        const check = () => (messages.some((m) => m.ready) ? resolve() : setTimeout(check, 100));
        check();
      });
      const started = await requestArchive();
      const [job] = await db().select().from(jobs).where(eq(jobs.documentId, started.id));
      await new Promise<void>((resolve) => {
        const check = () => (messages.some((m) => m.claimed === job!.id) ? resolve() : setTimeout(check, 100));
        check();
      });
      a.kill('SIGKILL');
      await once(a, 'exit');
      expect(a.signalCode).toBe('SIGKILL');
      const [running] = await db().select().from(jobs).where(eq(jobs.id, job!.id));
      expect(running).toMatchObject({ status: 'Running', attempts: 1, processed: 1 });

      // B: the worker entry itself (npm run worker), started after the kill.
      const b = spawnWorker(path.join(serverDir, 'src/worker.ts'));
      try {
        await expectDoneOnce(started.id, 2);
      } finally {
        b.kill('SIGTERM');
        await once(b, 'exit');
      }
    },
    240_000,
  );
});
