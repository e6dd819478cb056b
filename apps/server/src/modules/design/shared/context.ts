import type { FastifyRequest } from 'fastify';
import type { Language } from '@edc/domain';
import type { AuditActor } from '../../../platform/audit/audit.js';
import type { Actor } from '../../../platform/http/actor.js';
import { callerOf, requireActor } from '../../../platform/http/guards.js';

/** Who calls a design service: the actor (for authorisation), its audit identity and its language. */
export interface DesignCaller {
  actor: Actor;
  audit: AuditActor;
  lang: Language;
  /** The user's time zone (X-Time-Zone), for the user's today. */
  timeZone: string;
}

export function designCaller(req: FastifyRequest): DesignCaller {
  const actor = requireActor(req);
  const { audit, lang, timeZone } = callerOf(req);
  return { actor, audit, lang, timeZone };
}
