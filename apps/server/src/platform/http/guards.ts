import type { FastifyRequest } from 'fastify';
import { requestLanguage } from './language.js';
import { requestTimeZone } from './time-zone.js';
import type { PermissionKey } from '@edc/domain';
import type { AuditActor } from '../audit/audit.js';
import type { Actor } from './actor.js';
import { forbidden, unauthorized } from './errors.js';

export function requireActor(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}

export function can(actor: Actor, key: PermissionKey): boolean {
  return actor.permissions.has(key);
}

export function requirePermission(actor: Actor, key: PermissionKey): void {
  if (!can(actor, key)) throw forbidden();
}

/** The audit identity of a request: its actor when signed in, and its address. */
export function auditActorOf(req: FastifyRequest, actor: Actor | undefined = req.actor): AuditActor {
  return {
    userId: actor?.userId ?? null,
    email: actor?.email ?? null,
    employeeId: actor?.employee?.id ?? null,
    employeeType: actor?.employee?.employeeType ?? null,
    ip: req.ip,
  };
}

/** What a service needs to know of the request besides its input. */
export function callerOf(req: FastifyRequest) {
  return {
    audit: auditActorOf(req),
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'].slice(0, 300) : undefined,
    lang: requestLanguage(req),
    timeZone: requestTimeZone(req),
  };
}
