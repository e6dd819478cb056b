import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { design, successMessage } from '@edc/domain';
import { envelope, messageOnly } from '../../../platform/http/reply.js';
import { typed } from '../../../platform/http/typed.js';
import { designCaller } from '../shared/context.js';
import { moveOf, orderReply } from '../visits/visits.routes.js';
import { getFormField, listFormFields, listTimeFields } from './form-fields.queries.js';
import * as svc from './form-fields.service.js';

export function formFieldsRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['FormFields'];
  const params = design.idParams;
  const one = { 200: envelope(design.formField) };
  const many = { 200: envelope(z.array(design.formField)) };

  r.get('/FormFields', { schema: { tags, querystring: design.formFieldListQuery, response: many } }, async (req) => ({
    data: await listFormFields(app.deps.db, designCaller(req).actor, req.query),
  }));
  r.get(
    '/FormFields/Time',
    { schema: { tags, querystring: design.formFieldTimeQuery, response: { 200: envelope(z.array(design.timeFormField)) } } },
    async (req) => ({ data: await listTimeFields(app.deps.db, designCaller(req).actor, req.query) }),
  );
  r.get('/FormFields/:id', { schema: { tags, params, response: one } }, async (req) => ({
    data: await getFormField(app.deps.db, designCaller(req).actor, req.params.id),
  }));
  r.post('/FormFields', { schema: { tags, body: design.formFieldCreate, response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.createFormField(app.deps, c, req.body), message: successMessage('saved', c.lang) };
  });
  r.post('/FormFields/List', { schema: { tags, body: design.formFieldCreateList, response: many } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.createFormFieldList(app.deps, c, req.body), message: successMessage('saved', c.lang) };
  });
  r.put('/FormFields/:id', { schema: { tags, params, body: design.formFieldUpdate, response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.updateFormField(app.deps, c, req.params.id, req.body), message: successMessage('saved', c.lang) };
  });
  r.delete('/FormFields/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const c = designCaller(req);
    await svc.deleteFormField(app.deps, c, req.params.id);
    return { message: successMessage('deleted', c.lang) };
  });
  r.post(
    '/FormFields/:id/ChangeIndex/:endIndex',
    { schema: { tags, params: design.changeIndexParams, body: design.changeIndexBody, response: { 200: orderReply } } },
    async (req) => {
      const c = designCaller(req);
      return { data: await svc.changeFormFieldIndex(app.deps, c, req.params.id, moveOf(req.params, req.body)) };
    },
  );
  // {id} is the parent (a select field).
  r.post(
    '/FormFields/:id/SetChildFormField',
    { schema: { tags, params, body: design.setChildFormField, response: one } },
    async (req) => {
      const c = designCaller(req);
      return {
        data: await svc.setChildFormField(app.deps, c, req.params.id, req.body),
        message: successMessage('saved', c.lang),
      };
    },
  );
  // {id} is the dependent field that loses its parent.
  r.post(
    '/FormFields/:id/CleanParentFormField',
    { schema: { tags, params, body: z.unknown().optional(), response: one } },
    async (req) => {
      const c = designCaller(req);
      return { data: await svc.cleanParentFormField(app.deps, c, req.params.id), message: successMessage('saved', c.lang) };
    },
  );
}
