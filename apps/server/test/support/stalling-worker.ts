// A worker process (as `npm run worker` starts it: the same queue, the real job handlers, DATABASE_URL and
// AUDIT_KEY from the environment) whose subject_card_archive attempts stop half-way: the job is claimed and
// Running, its first subject counted, then nothing more happens, as in a process about to be killed. It tells
// its parent (IPC) `claimed` with the job's id. test/api/job-restart.test.ts SIGKILLs it there.
import { loadConfig } from '../../src/config.js';
import { jobHandlers } from '../../src/jobs.js';
import { resolveAuditKey, useAuditKey } from '../../src/platform/audit/audit-key.js';
import { openDatabase } from '../../src/platform/db/client.js';
import type { Deps } from '../../src/platform/deps.js';
import { drTrialFromConfig } from '../../src/platform/dr-trial/dr-trial-client.js';
import { startJobQueue } from '../../src/platform/jobs/queue.js';
import { idleQueue } from '../../src/platform/jobs/jobs.js';

const config = loadConfig();
if (!config.DATABASE_URL) throw new Error('the stalling worker needs DATABASE_URL');
const database = await openDatabase({ url: config.DATABASE_URL!, migrate: false });
useAuditKey(resolveAuditKey(config, database.kind));
const deps: Deps = {
  config,
  db: database.db,
  mailer: { send: async () => {} } as unknown as Deps['mailer'],
  jobs: idleQueue,
  drTrial: drTrialFromConfig(config),
};
deps.jobs = await startJobQueue({
  database,
  deps,
  handlers: {
    ...jobHandlers,
    subject_card_archive: async (ctx) => {
      await ctx.progress(1, 2);
      process.send!({ claimed: ctx.job.id });
      return new Promise(() => {});
    },
  },
  workers: 1,
  pollingSeconds: config.JOB_POLL_SECONDS,
  retrySeconds: config.JOB_RETRY_SECONDS,
  expireSeconds: config.JOB_EXPIRE_SECONDS,
  log: { info: () => {}, error: () => {} },
});
process.send!({ ready: true });
