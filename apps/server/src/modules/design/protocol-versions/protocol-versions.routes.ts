import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { design, successMessage } from '@edc/domain';
import { envelope } from '../../../platform/http/reply.js';
import { typed } from '../../../platform/http/typed.js';
import { designCaller } from '../shared/context.js';
import * as svc from './protocol-versions.service.js';

export function protocolVersionsRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['ProtocolVersions'];
  const params = design.idParams;
  const one = { 200: envelope(design.protocolVersion) };

  r.get(
    '/ProtocolVersions',
    { schema: { tags, querystring: design.researchQuery, response: { 200: envelope(z.array(design.protocolVersion)) } } },
    async (req) => ({ data: await svc.listProtocolVersions(app.deps.db, designCaller(req).actor, req.query) }),
  );
  r.get('/ProtocolVersions/:id', { schema: { tags, params, response: one } }, async (req) => ({
    data: await svc.getProtocolVersion(app.deps.db, designCaller(req).actor, req.params.id),
  }));
  r.post('/ProtocolVersions', { schema: { tags, body: design.protocolVersionCreate, response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.createProtocolVersion(app.deps, c, req.body), message: successMessage('saved', c.lang) };
  });
  r.put('/ProtocolVersions/:id', { schema: { tags, params, body: design.protocolVersionUpdate, response: one } }, async (req) => {
    const c = designCaller(req);
    return {
      data: await svc.updateProtocolVersion(app.deps, c, req.params.id, req.body),
      message: successMessage('saved', c.lang),
    };
  });
}
