import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { design, successMessage } from '@edc/domain';
import { envelope, messageOnly } from '../../../platform/http/reply.js';
import { typed } from '../../../platform/http/typed.js';
import { designCaller } from '../shared/context.js';
import * as svc from './fields.service.js';

/** Field definitions (of form types). */
export function fieldsRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Fields'];
  const params = design.idParams;
  const one = { 200: envelope(design.field) };

  r.get(
    '/Fields',
    { schema: { tags, querystring: design.fieldListQuery, response: { 200: envelope(z.array(design.field)) } } },
    async (req) => ({ data: await svc.listFields(app.deps.db, designCaller(req).actor, req.query) }),
  );
  r.get('/Fields/:id', { schema: { tags, params, response: one } }, async (req) => ({
    data: await svc.getField(app.deps.db, designCaller(req).actor, req.params.id),
  }));
  r.post('/Fields', { schema: { tags, body: design.fieldCreate, response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.createField(app.deps, c, req.body), message: successMessage('saved', c.lang) };
  });
  r.put('/Fields/:id', { schema: { tags, params, body: design.fieldUpdate, response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.updateField(app.deps, c, req.params.id, req.body), message: successMessage('saved', c.lang) };
  });
  r.delete('/Fields/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const c = designCaller(req);
    await svc.deleteField(app.deps, c, req.params.id);
    return { message: successMessage('deleted', c.lang) };
  });
}
