import type { FastifyInstance } from 'fastify';
import { common, jobReply, jobsQuery } from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { envelope, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import { jobReplyOf, listJobs } from './jobs.service.js';

/** Background jobs (docs/data-exchange.md "Job queue"): their progress and outcome, which the screens poll. */
export function jobsRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Jobs'];
  r.get('/Jobs', { schema: { tags, querystring: jobsQuery, response: { 200: paged(jobReply) } } }, async (req) =>
    listJobs(app.deps, req.query, actorCallerOf(req)),
  );
  r.get('/Jobs/:id', { schema: { tags, params: common.idParams, response: { 200: envelope(jobReply) } } }, async (req) => ({
    data: await jobReplyOf(app.deps.db, req.params.id, actorCallerOf(req)),
  }));
}
