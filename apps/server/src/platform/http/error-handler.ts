import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorMessage, type Language } from '@edc/domain';
import { AppError } from './errors.js';
import { requestLanguage } from './language.js';

const ruLocale = z.locales.ru();

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

/** Turns a zod issue into a `{ code, message, path }` entry naming the field, in the caller's language. */
function describeIssue(issue: ValidationIssue, context: string | undefined, lang: Language) {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'body';
  if (issue.keyword === 'invalid_type' && /received undefined/.test(issue.message)) {
    return { code: 'required', message: errorMessage('required', lang, { field }), path: field };
  }
  let detail = issue.message;
  if (lang === 'ru') {
    const ru = ruLocale.localeError({ ...issue.params, code: issue.keyword, path: [] } as never);
    detail = typeof ru === 'string' ? ru : (ru?.message ?? detail);
  }
  return { code: 'validation', message: errorMessage('validation', lang, { field, detail }), path: field };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = requestLanguage(req);
    if (err instanceof AppError) return reply.code(err.status).send(err.toBody(lang));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = (err.validation as unknown as ValidationIssue[]).map((i) => describeIssue(i, err.validationContext, lang));
      return reply.code(400).send({ errors });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ errors: [{ code: 'invalid_json', message: errorMessage('invalid_json', lang) }] });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ errors: [{ code: 'payload_too_large', message: errorMessage('payload_too_large', lang) }] });
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
    const lang = requestLanguage(req);
    return reply.code(404).send({ errors: [{ code: 'route_not_found', message: errorMessage('route_not_found', lang) }] });
  });
}
