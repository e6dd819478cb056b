import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './platform/http/trust-proxy.js';

/** Configuration from the environment, validated once at start; a bad value stops the process with a clear message. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Public address used in mailed links. */
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('EDC <no-reply@edc.local>'),
  /** Shared secret for sign-in from the external trial / medical information system. */
  EXTERNAL_LOGIN_SECRET: z.string().min(16).optional(),
  /**
   * Secret keying the audit chain (HMAC-SHA256, docs/audit-trail.md). Without it the embedded database uses
   * DATA_DIR/audit.key, made once; PostgreSQL in production refuses to start without it.
   */
  AUDIT_KEY: z.string().min(32).optional(),
  /** Seed the demo world into an empty database at start (on by default for the embedded database). */
  DEMO_SEED: z.enum(['auto', 'on', 'off']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /**
   * Which peers may tell the client's address in X-Forwarded-For: unset or `off` (default) trusts none;
   * a hop count (`1`); or a comma-separated list of addresses and CIDRs (`10.0.0.1, 192.168.0.0/16`).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.trust;
    }),
  /** Hours a session may last however active it is (besides the hour of idleness that ends it sooner). */
  SESSION_MAX_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(12),
  /** Swagger UI and the OpenAPI document at /api/docs: on by default, off by default when NODE_ENV=production. */
  API_DOCS: z.enum(['on', 'off']).optional(),
  /**
   * How replies are written (platform/http/serializer.ts): `compiled` (fast-json-stringify, the default in production)
   * or `checked` against their zod schemas (the default otherwise, so the tests check every reply).
   */
  RESPONSE_SERIALISER: z.enum(['compiled', 'checked']).optional(),
  /** gzip/brotli for JSON replies and static files when the client accepts them (on by default). */
  COMPRESSION: z.enum(['on', 'off']).default('on'),
  /**
   * Server processes sharing the port (node:cluster; PostgreSQL only: the embedded database belongs to one process).
   * Sessions, sign-in throttling and jobs are in the database; docs/operations.md "Several processes".
   */
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /** Requests per minute allowed to each Auth endpoint from one address. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /**
   * Company registry for the organisation lookup (suggestion protocol, see platform/company-lookup). Both
   * set: the registry answers; otherwise the lookup searches the organisations already in the database.
   */
  COMPANY_LOOKUP_URL: z.string().url().optional(),
  COMPANY_LOOKUP_KEY: z.string().min(1).optional(),
  /**
   * Background jobs (exports, imports) this process runs at once of each kind; 0 leaves them to
   * `npm run worker` processes (PostgreSQL only: the embedded database is opened by one process).
   */
  JOB_WORKERS: z.coerce.number().int().min(0).max(16).default(2),
  /** Seconds between a worker's looks for new jobs (at least 0.5). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  /** Seconds before a failed attempt of a job is tried again. */
  JOB_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Seconds an attempt may run before the queue takes it for dead (a killed process) and hands the job to
   * another worker (docs/job-queue.md "Attempts, failures, restarts"); also the longest a job may run. Set
   * where the jobs are sent (servers and workers alike).
   */
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(2).max(86_400).default(3600),
  /**
   * The external trial system DrTrial (docs/external-trial.md): its API's base address and the bearer token
   * this server presents. Both set: visits load from it and signed visits' PDFs are sent to it; otherwise the
   * link is off and its buttons are hidden.
   */
  DRTRIAL_URL: z.string().url().optional(),
  DRTRIAL_TOKEN: z.string().min(1).optional(),
  /** Seconds a call to DrTrial may take before it counts as failed. */
  DRTRIAL_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(15),
});

export type Config = z.infer<typeof schema> & { dataDir: string; publicUrl: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}
