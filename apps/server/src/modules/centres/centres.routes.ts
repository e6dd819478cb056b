import type { FastifyInstance } from 'fastify';
import {
  centreListQuery,
  common,
  researchOrganisation,
  researchOrganisationCreate,
  researchOrganisationUpdate,
  researchOrganisationVersion,
  researchOrganisationVersionCreate,
  researchOrganisationVersionsQuery,
  successMessage,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { requireActor } from '../../platform/http/guards.js';
import { envelope, messageOnly, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import { centreFor, centresPageFor } from './centres.queries.js';
import { createCentre, deleteCentre, updateCentre } from './centres.service.js';
import { addCentreVersion, listCentreVersionsPage } from './centre-versions.service.js';

/**
 * Centres (research organisations) and the research versions they work in. Who may act depends on the
 * centre's research, so the services decide once it is loaded.
 */
export function centresRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['ResearchOrganisations'];
  const { db } = app.deps;
  const params = common.idParams;
  const one = { 200: envelope(researchOrganisation) };

  r.get(
    '/ResearchOrganisations',
    { schema: { tags, querystring: centreListQuery, response: { 200: paged(researchOrganisation) } } },
    async (req) => centresPageFor(db, requireActor(req), req.query),
  );

  r.get('/ResearchOrganisations/:id', { schema: { tags, params, response: one } }, async (req) => ({
    data: await centreFor(db, requireActor(req), req.params.id),
  }));

  r.post('/ResearchOrganisations', { schema: { tags, body: researchOrganisationCreate, response: one } }, async (req) => {
    const caller = actorCallerOf(req);
    return { data: await createCentre(app.deps, req.body, caller), message: successMessage('saved', caller.lang) };
  });

  for (const [url, hide] of [
    ['/ResearchOrganisations/:id', false],
    ['/ResearchOrganisations/:id/', true],
  ] as const) {
    r.put(url, { schema: { tags, hide, params, body: researchOrganisationUpdate, response: one } }, async (req) => {
      const caller = actorCallerOf(req);
      return {
        data: await updateCentre(app.deps, req.params.id, req.body, caller),
        message: successMessage('saved', caller.lang),
      };
    });
  }

  r.delete('/ResearchOrganisations/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const caller = actorCallerOf(req);
    await deleteCentre(app.deps, req.params.id, caller);
    return { message: successMessage('deleted', caller.lang) };
  });

  const versionTags = ['ResearchOrganisationVersions'];
  r.get(
    '/ResearchOrganisationVersions',
    {
      schema: {
        tags: versionTags,
        querystring: researchOrganisationVersionsQuery,
        response: { 200: paged(researchOrganisationVersion) },
      },
    },
    async (req) => listCentreVersionsPage(app.deps, req.query, actorCallerOf(req)),
  );

  r.post(
    '/ResearchOrganisationVersions',
    {
      schema: {
        tags: versionTags,
        body: researchOrganisationVersionCreate,
        response: { 200: envelope(researchOrganisationVersion) },
      },
    },
    async (req) => {
      const caller = actorCallerOf(req);
      return { data: await addCentreVersion(app.deps, req.body, caller), message: successMessage('saved', caller.lang) };
    },
  );
}
