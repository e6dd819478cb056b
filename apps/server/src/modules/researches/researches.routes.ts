import type { FastifyInstance } from 'fastify';
import { common, research, researchesQuery } from '@edc/domain';
import { requireActor } from '../../platform/http/guards.js';
import { envelope, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import { researchesPageFor, researchFor } from './researches.queries.js';

/** Reading researches; creating and changing them is the design API's (same module, other files). */
export function researchesRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Researches'];
  const { db } = app.deps;

  r.get('/Researches', { schema: { tags, querystring: researchesQuery, response: { 200: paged(research) } } }, async (req) =>
    researchesPageFor(db, requireActor(req), req.query),
  );

  r.get('/Researches/:id', { schema: { tags, params: common.idParams, response: { 200: envelope(research) } } }, async (req) => ({
    data: await researchFor(db, requireActor(req), req.params.id),
  }));
}
