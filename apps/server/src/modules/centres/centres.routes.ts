import type { FastifyInstance } from 'fastify';
import { common, researchOrganisation, researchOrganisationsQuery } from '@edc/domain';
import { requireActor } from '../../platform/http/guards.js';
import { envelope, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import { centreFor, centresPageFor } from './centres.queries.js';

/** Reading centres (research organisations); creating and changing them comes with the design API. */
export function centresRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['ResearchOrganisations'];
  const { db } = app.deps;

  r.get(
    '/ResearchOrganisations',
    { schema: { tags, querystring: researchOrganisationsQuery, response: { 200: paged(researchOrganisation) } } },
    async (req) => centresPageFor(db, requireActor(req), req.query),
  );

  r.get(
    '/ResearchOrganisations/:id',
    { schema: { tags, params: common.idParams, response: { 200: envelope(researchOrganisation) } } },
    async (req) => ({ data: await centreFor(db, requireActor(req), req.params.id) }),
  );
}
