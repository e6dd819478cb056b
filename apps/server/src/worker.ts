import { loadConfig } from './config.js';
import { openDatabase } from './platform/db/client.js';
import { resolveAuditKey, useAuditKey } from './platform/audit/audit-key.js';
import { outboxMailer, smtpMailer } from './platform/mail/mailer.js';
import type { Deps } from './platform/deps.js';
import { startJobQueue } from './platform/jobs/queue.js';
import { idleQueue } from './platform/jobs/jobs.js';
import { scheduledTasks } from './scheduled-tasks.js';
import { jobHandlers } from './jobs.js';
import path from 'node:path';
import { pino } from 'pino';
import { drTrialFromConfig } from './platform/dr-trial/dr-trial-client.js';

/**
 * `npm run worker`: a process that only runs background jobs (exports, imports), for scaling out beside
 * servers started with JOB_WORKERS=0. PostgreSQL only: the embedded database belongs to the server process,
 * which runs its jobs itself.
 */
const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL, name: 'worker' });
if (!config.DATABASE_URL) {
  console.error('npm run worker needs DATABASE_URL (PostgreSQL): with the embedded database the server runs the jobs itself.');
  process.exit(2);
}
const database = await openDatabase({ url: config.DATABASE_URL });
useAuditKey(resolveAuditKey(config, database.kind, log));
const mailer = config.SMTP_URL
  ? await smtpMailer(config.SMTP_URL, config.MAIL_FROM)
  : outboxMailer(path.join(config.dataDir, 'outbox'), log);
const deps: Deps = { config, db: database.db, mailer, jobs: idleQueue, drTrial: drTrialFromConfig(config) };
const queue = await startJobQueue({
  database,
  deps,
  handlers: jobHandlers,
  workers: Math.max(1, config.JOB_WORKERS),
  pollingSeconds: config.JOB_POLL_SECONDS,
  retrySeconds: config.JOB_RETRY_SECONDS,
  expireSeconds: config.JOB_EXPIRE_SECONDS,
  log,
  scheduled: scheduledTasks,
});
deps.jobs = queue;
log.info({ workers: Math.max(1, config.JOB_WORKERS) }, 'worker ready');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    try {
      await queue.stop();
      await database.close();
    } finally {
      process.exit(0);
    }
  });
}
