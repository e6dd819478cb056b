import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '@edc/domain';

/** The reply language: the signed-in user's choice, else Accept-Language, else Russian. */
export function requestLanguage(req: FastifyRequest): Language {
  if (req.actor?.language) return req.actor.language;
  const header = req.headers['accept-language'];
  if (typeof header === 'string') {
    const first = header.split(',')[0]?.trim().slice(0, 2).toLowerCase();
    if (first === 'en' || first === 'ru') return first;
  }
  return DEFAULT_LANGUAGE;
}
