import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { design, successMessage, VERSION_ACTION_NAMES } from '@edc/domain';
import { envelope, messageOnly } from '../../../platform/http/reply.js';
import { typed } from '../../../platform/http/typed.js';
import { designCaller } from '../shared/context.js';
import { getVersion, listVersions } from './research-versions.queries.js';
import * as svc from './research-versions.service.js';

export function researchVersionsRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['ResearchVersions'];
  const params = design.idParams;
  const one = { 200: envelope(design.researchVersion) };

  r.get(
    '/ResearchVersions',
    { schema: { tags, querystring: design.researchQuery, response: { 200: envelope(z.array(design.researchVersion)) } } },
    async (req) => ({ data: await listVersions(app.deps.db, designCaller(req).actor, req.query) }),
  );

  r.get('/ResearchVersions/:id', { schema: { tags, params, response: one } }, async (req) => ({
    data: await getVersion(app.deps.db, designCaller(req).actor, req.params.id),
  }));

  r.post('/ResearchVersions', { schema: { tags, body: design.researchVersionCreate, response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.createVersion(app.deps, c, req.body), message: successMessage('saved', c.lang) };
  });

  r.put('/ResearchVersions/:id', { schema: { tags, params, body: design.researchVersionUpdate, response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.updateVersion(app.deps, c, req.params.id, req.body), message: successMessage('saved', c.lang) };
  });

  r.delete('/ResearchVersions/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const c = designCaller(req);
    await svc.deleteVersion(app.deps, c, req.params.id);
    return { message: successMessage('deleted', c.lang) };
  });

  for (const action of VERSION_ACTION_NAMES) {
    r.post(
      `/ResearchVersions/:id/${action}`,
      { schema: { tags, params, body: z.unknown().optional(), response: one } },
      async (req) => {
        const c = designCaller(req);
        return { data: await svc.transition(app.deps, c, req.params.id, action), message: successMessage('saved', c.lang) };
      },
    );
  }

  r.post(
    '/ResearchVersions/:id/ChangeStatus',
    { schema: { tags, params, body: design.researchVersionChangeStatus, response: one } },
    async (req) => {
      const c = designCaller(req);
      return {
        data: await svc.changeStatus(app.deps, c, req.params.id, req.body.versionStatus, req.body.reason),
        message: successMessage('saved', c.lang),
      };
    },
  );

  r.post(
    '/ResearchVersions/SetAuthor',
    { schema: { tags, body: design.researchVersionSetAuthor, response: one } },
    async (req) => {
      const c = designCaller(req);
      return { data: await svc.setAuthor(app.deps, c, req.body), message: successMessage('saved', c.lang) };
    },
  );
}
