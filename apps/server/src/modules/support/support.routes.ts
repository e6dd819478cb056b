import type { FastifyInstance } from 'fastify';
import { successMessage, supportTicket, supportTicketRequest, supportTicketsQuery } from '@edc/domain';
import { callerOf, requireActor, requirePermission } from '../../platform/http/guards.js';
import { messageOnly, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import * as support from './support.service.js';

export function supportRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Support'];

  // Public (the help widget also shows on the sign-in page); a session, when sent, is still resolved.
  r.post(
    '/support/addTicket',
    {
      config: { public: true, rateLimit: { max: app.deps.config.AUTH_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: { tags, body: supportTicketRequest, response: { 200: messageOnly } },
    },
    async (req) => {
      const caller = callerOf(req);
      const { ticket, mailFailures } = await support.addTicket(app.deps, req.body, { ...caller, actor: req.actor });
      for (const err of mailFailures) req.log.warn({ err, ticketId: ticket.id }, 'support ticket copy not mailed');
      return { message: successMessage('ticket_sent', caller.lang) };
    },
  );

  r.get(
    '/support/tickets',
    { schema: { tags, querystring: supportTicketsQuery, response: { 200: paged(supportTicket) } } },
    async (req) => {
      requirePermission(requireActor(req), 'support_tickets');
      return support.listTickets(app.deps, req.query);
    },
  );
}
