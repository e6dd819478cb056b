import type { FastifyRequest } from 'fastify';
import type { Actor } from './actor.js';
import { callerOf, requireActor } from './guards.js';

/** What a service needs to know of the request: its audit identity, user agent and reply language. */
export type Caller = ReturnType<typeof callerOf>;

/** A caller that is signed in: services that decide by membership or scope also get the actor. */
export interface ActorCaller extends Caller {
  actor: Actor;
}

export function actorCallerOf(req: FastifyRequest): ActorCaller {
  return { ...callerOf(req), actor: requireActor(req) };
}
