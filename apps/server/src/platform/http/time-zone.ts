import type { FastifyRequest } from 'fastify';
import { isTimeZone, TIME_ZONE_HEADER, todayIn } from '@edc/domain';

const HEADER = TIME_ZONE_HEADER.toLowerCase();

/**
 * The user's time zone as the browser names it (`X-Time-Zone`), else UTC. It decides only the user's own
 * "today" (a default date, what is overdue); a name the runtime does not know counts as no name, so an
 * unusual browser still works (docs/dates.md).
 */
export function requestTimeZone(req: FastifyRequest): string {
  const header = req.headers[HEADER];
  return typeof header === 'string' && isTimeZone(header) ? header : 'UTC';
}

/** The user's today, YYYY-MM-DD. */
export function userToday(caller: { timeZone: string }, now: Date = new Date()): string {
  return todayIn(caller.timeZone, now);
}
