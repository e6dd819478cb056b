import type { Config } from '../config.js';
import type { Db } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import type { JobQueue } from './jobs/jobs.js';
import type { DrTrialClient } from './dr-trial/dr-trial-client.js';

/** What services need from the outside world; built once in app.ts and passed explicitly. */
export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** The job queue: hands a recorded job to a worker (platform/jobs). */
  jobs: JobQueue;
  /** The external trial system DrTrial; null when it is not configured (docs/external-trial.md). */
  drTrial: DrTrialClient | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
