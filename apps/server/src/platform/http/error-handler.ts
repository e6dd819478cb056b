import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorMessage, type Language } from '@edc/domain';
import { isConcurrencyFailure, isUniqueViolation } from '../db/errors.js';
import { AppError } from './errors.js';
import { requestLanguage } from './language.js';

const ruLocale = z.locales.ru();

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

/** The request part a validation context names (`body`, `querystring`, `params`, `headers`). */
function inputOf(req: FastifyRequest, context: string | undefined): unknown {
  if (context === 'body') return req.body;
  if (context === 'querystring') return req.query;
  if (context === 'params') return req.params;
  if (context === 'headers') return req.headers;
  return undefined;
}

/** Whether the input has nothing at the issue's path (so the field is missing rather than wrong). */
function isMissing(input: unknown, instancePath: string): boolean {
  if (input === undefined || input === null || typeof input !== 'object') return false;
  let value: unknown = input;
  for (const key of instancePath.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return false;
    value = (value as Record<string, unknown>)[key];
  }
  return value === undefined;
}

/** Turns a zod issue into a `{ code, message, path }` entry naming the field, in the caller's language. */
function describeIssue(issue: ValidationIssue, context: string | undefined, lang: Language, input: unknown) {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'body';
  const missing =
    issue.keyword === 'invalid_type' ? /received undefined/.test(issue.message) : isMissing(input, issue.instancePath);
  if (missing) {
    return { code: 'required', message: errorMessage('required', lang, { field }), path: field };
  }
  let detail = issue.message;
  if (lang === 'ru') {
    const ru = ruLocale.localeError({ ...issue.params, code: issue.keyword, path: [] } as never);
    detail = typeof ru === 'string' ? ru : (ru?.message ?? detail);
  }
  return { code: 'validation', message: errorMessage('validation', lang, { field, detail }), path: field };
}

/**
 * `spaFallback` answers GETs outside /api that match no route (the web app's own routes); Fastify allows
 * one not-found handler per prefix, so it is folded into this one.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  opts: { spaFallback?: (req: FastifyRequest, reply: FastifyReply) => unknown } = {},
): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = requestLanguage(req);
    if (err instanceof AppError) return reply.code(err.status).send(err.toBody(lang));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const input = inputOf(req, err.validationContext);
      const errors = (err.validation as unknown as ValidationIssue[]).map((i) =>
        describeIssue(i, err.validationContext, lang, input),
      );
      return reply.code(400).send({ errors });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ errors: [{ code: 'invalid_json', message: errorMessage('invalid_json', lang) }] });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ errors: [{ code: 'payload_too_large', message: errorMessage('payload_too_large', lang) }] });
    }
    // A unique index refused the write (two requests raced for the same e-mail, number or name): the
    // caller's data clashes with data already stored, which is a conflict, not a server fault.
    if (isUniqueViolation(err)) {
      return reply.code(409).send({ errors: [{ code: 'already_exists', message: errorMessage('already_exists', lang) }] });
    }
    // Two transactions waited on each other (PostgreSQL's deadlock detector ended this one) or could not be
    // serialised: the whole transaction was rolled back, so it is a conflict with another user's write.
    if (isConcurrencyFailure(err)) {
      return reply.code(409).send({ errors: [{ code: 'conflict', message: errorMessage('conflict', lang) }] });
    }
    if (err.statusCode === 429) {
      return reply.code(429).send({ errors: [{ code: 'rate_limited', message: errorMessage('rate_limited', lang) }] });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ errors: [{ code: 'validation', message: err.message }] });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ errors: [{ code: 'internal', message: errorMessage('internal', lang) }] });
  });

  app.setNotFoundHandler((req, reply) => {
    if (opts.spaFallback && req.method === 'GET' && !req.url.startsWith('/api/')) return opts.spaFallback(req, reply);
    const lang = requestLanguage(req);
    return reply.code(404).send({ errors: [{ code: 'route_not_found', message: errorMessage('route_not_found', lang) }] });
  });
}
