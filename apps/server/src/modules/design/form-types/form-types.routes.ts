import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { design, successMessage } from '@edc/domain';
import { envelope, messageOnly } from '../../../platform/http/reply.js';
import { typed } from '../../../platform/http/typed.js';
import { designCaller } from '../shared/context.js';
import * as svc from './form-types.service.js';

export function formTypesRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['FormTypes'];
  const params = design.idParams;
  const one = { 200: envelope(design.formType) };

  r.get(
    '/FormTypes',
    { schema: { tags, querystring: design.formTypeListQuery, response: { 200: envelope(z.array(design.formType)) } } },
    async (req) => ({ data: await svc.listFormTypes(app.deps.db, designCaller(req).actor, req.query) }),
  );
  r.get('/FormTypes/:id', { schema: { tags, params, response: one } }, async (req) => ({
    data: await svc.getFormType(app.deps.db, designCaller(req).actor, req.params.id),
  }));
  r.post('/FormTypes', { schema: { tags, body: design.formTypeCreate, response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.createFormType(app.deps, c, req.body), message: successMessage('saved', c.lang) };
  });
  r.put('/FormTypes/:id', { schema: { tags, params, body: design.formTypeUpdate, response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.updateFormType(app.deps, c, req.params.id, req.body), message: successMessage('saved', c.lang) };
  });
  r.delete('/FormTypes/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const c = designCaller(req);
    await svc.deleteFormType(app.deps, c, req.params.id);
    return { message: successMessage('deleted', c.lang) };
  });
}
