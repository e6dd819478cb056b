import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import type { Config } from './config.js';
import type { Database } from './platform/db/client.js';
import type { Mailer } from './platform/mail/mailer.js';
import { outboxMailer, smtpMailer } from './platform/mail/mailer.js';
import { registerErrorHandling } from './platform/http/error-handler.js';
import { registerTextGuard } from './platform/http/text-guard.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { responseSerializerCompiler } from './platform/http/serializer.js';
import { COMPRESS_THRESHOLD, compressReplies } from './platform/http/compress-reply.js';
import { serverLoggerOptions } from './platform/http/server-logger.js';
import { databaseRateLimitStore } from './platform/http/rate-limit-store.js';
import { fastifyTrustProxy } from './platform/http/trust-proxy.js';
import { SERVER_ROOT } from './platform/server-root.js';
import { resolveAuditKey, useAuditKey } from './platform/audit/audit-key.js';
import { requestLanguage } from './platform/http/language.js';
import { errorMessage } from '@edc/domain';
import { auditActorOf } from './platform/http/guards.js';
import { unauthorized } from './platform/http/errors.js';
import type { Deps } from './platform/deps.js';
import { startJobQueue } from './platform/jobs/queue.js';
import { drTrialFromConfig } from './platform/dr-trial/dr-trial-client.js';
import { scheduledTasks } from './scheduled-tasks.js';
import { idleQueue, type JobHandlers } from './platform/jobs/jobs.js';
import { jobHandlers } from './jobs.js';
import { resolveActor } from './modules/auth/session.service.js';
import { apiRoutes } from './routes.js';

export interface AppOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: boolean | object;
  /** What the background jobs do (tests replace them to try the queue itself). */
  jobHandlers?: JobHandlers;
}

const DEFAULT_WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? serverLoggerOptions(config.LOG_LEVEL),
    genReqId: () => uuidv7(),
    // Requests Node's HTTP parser refuses (raw non-ASCII in the URL, broken headers).
    clientErrorHandler: (_err, socket) => {
      if (!socket.writable) return socket.destroy();
      const body = JSON.stringify({ errors: [{ code: 'validation', message: errorMessage('invalid_url', 'en') }] });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    },
    // Malformed URLs (un-encoded characters, bad percent escapes) get the usual error shape too.
    frameworkErrors: (error, req, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .send({ errors: [{ code: 'validation', message: errorMessage('invalid_url', requestLanguage(req)) }] });
    },
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    // Off unless TRUST_PROXY names the proxies: req.ip (rate limit, lockout, audit) is then the real peer.
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY ?? false),
  });
  app.setValidatorCompiler(validatorCompiler);
  // Replies: compiled serialisation in production, checked against their schemas elsewhere (serializer.ts).
  app.setSerializerCompiler(
    responseSerializerCompiler(config.RESPONSE_SERIALISER ?? (config.NODE_ENV === 'production' ? 'compiled' : 'checked')),
  );
  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : DEFAULT_WEB_DIST;
  const serveWeb = fs.existsSync(path.join(webDist, 'index.html'));
  // The single-page app answers every other GET; its router decides.
  registerErrorHandling(app, {
    spaFallback: serveWeb ? (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html') : undefined,
  });
  // NUL and lone surrogates in params, query or body: 400 naming the field, before any validation or handler.
  registerTextGuard(app);

  const mailer =
    opts.mailer ??
    (config.SMTP_URL
      ? await smtpMailer(config.SMTP_URL, config.MAIL_FROM)
      : outboxMailer(path.join(config.dataDir, 'outbox'), app.log));
  // An action call (SetCurrent, Verify...) may come with a JSON content type and no body: treat it as none.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    body === '' ? done(null, undefined) : jsonParser(req, body as string, done),
  );
  useAuditKey(resolveAuditKey(config, opts.database.kind, app.log));
  const deps: Deps = {
    config,
    db: opts.database.db,
    mailer,
    jobs: idleQueue,
    drTrial: drTrialFromConfig(config),
  };
  app.decorate('deps', deps);
  const queue = await startJobQueue({
    database: opts.database,
    deps,
    handlers: opts.jobHandlers ?? jobHandlers,
    workers: config.JOB_WORKERS,
    pollingSeconds: config.JOB_POLL_SECONDS,
    retrySeconds: config.JOB_RETRY_SECONDS,
    expireSeconds: config.JOB_EXPIRE_SECONDS,
    log: app.log,
    scheduled: scheduledTasks,
  });
  deps.jobs = queue;
  // The queue stops (its running jobs finish) before the database is closed.
  app.addHook('onClose', async () => queue.stop());

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
      },
    },
  });
  // JSON replies and static files, brotli or gzip as the client accepts (a page of the matrix: ~244 KB → ~35 KB).
  // Replies in memory are compressed in one call (compress-reply.ts); streams go through @fastify/compress.
  if (config.COMPRESSION === 'on') {
    compressReplies(app);
    await app.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD,
      brotliOptions: { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  }
  // Counted in the database, so that several server processes share the limits.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(opts.database.db) as never });
  await app.register(swagger, {
    openapi: {
      info: { title: 'EDC API', version: '0.1.0', description: 'Clinical-research EDC and trial management' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Swagger UI (and its OpenAPI JSON) are not served in production unless API_DOCS=on.
  if ((config.API_DOCS ?? (config.NODE_ENV === 'production' ? 'off' : 'on')) === 'on')
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });
  // No API reply (data, errors, documents) is kept by the browser or a shared cache.
  app.addHook('onSend', async (req, reply) => {
    if (req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?')) {
      if (!String(reply.getHeader('cache-control') ?? '').includes('no-store')) reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
    }
  });

  await app.register(
    async (api) => {
      // Every /api route needs a live session unless its config says `public`.
      api.addHook('onRequest', async (req) => {
        const header = req.headers.authorization;
        const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
        if (token) {
          try {
            req.actor = await resolveActor(app.deps.db, token, auditActorOf(req), config.SESSION_MAX_HOURS * 3_600_000);
          } catch (e) {
            if (!req.routeOptions.config.public) throw e;
          }
        }
        if (!req.actor && !req.routeOptions.config.public && req.routeOptions.url) throw unauthorized();
      });
      api.get('/health', { config: { public: true } }, async () => ({ data: { status: 'ok', database: opts.database.kind } }));
      apiRoutes(api);
    },
    { prefix: '/api' },
  );

  if (serveWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false, maxAge: '1h', immutable: false });
  return app;
}
