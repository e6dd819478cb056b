import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { design, successMessage } from '@edc/domain';
import { envelope, messageOnly } from '../../../platform/http/reply.js';
import { typed } from '../../../platform/http/typed.js';
import { designCaller } from '../shared/context.js';
import { moveOf, orderReply } from '../visits/visits.routes.js';
import { getForm, listForms } from './forms.queries.js';
import * as svc from './forms.service.js';

export function formsRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Forms'];
  const params = design.idParams;
  const one = { 200: envelope(design.form) };
  const many = { 200: envelope(z.array(design.form)) };

  r.get('/Forms', { schema: { tags, querystring: design.formListQuery, response: many } }, async (req) => ({
    data: await listForms(app.deps.db, designCaller(req).actor, req.query),
  }));
  r.get('/Forms/:id', { schema: { tags, params, response: one } }, async (req) => ({
    data: await getForm(app.deps.db, designCaller(req).actor, req.params.id),
  }));
  r.post('/Forms', { schema: { tags, body: design.formCreate, response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.createForm(app.deps, c, req.body), message: successMessage('saved', c.lang) };
  });
  r.put('/Forms/:id', { schema: { tags, params, body: design.formUpdate, response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.updateForm(app.deps, c, req.params.id, req.body), message: successMessage('saved', c.lang) };
  });
  r.delete('/Forms/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const c = designCaller(req);
    await svc.deleteForm(app.deps, c, req.params.id);
    return { message: successMessage('deleted', c.lang) };
  });
  r.post('/Forms/FromTemplate', { schema: { tags, body: design.formFromTemplate, response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.formFromTemplate(app.deps, c, req.body), message: successMessage('saved', c.lang) };
  });
  r.post('/Forms/:id/ToggleComplete', { schema: { tags, params, body: z.unknown().optional(), response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.toggleFormComplete(app.deps, c, req.params.id), message: successMessage('saved', c.lang) };
  });
  r.post(
    '/Forms/:id/ChangeIndex/:endIndex',
    { schema: { tags, params: design.changeIndexParams, body: design.changeIndexBody, response: { 200: orderReply } } },
    async (req) => {
      const c = designCaller(req);
      return { data: await svc.changeFormIndex(app.deps, c, req.params.id, moveOf(req.params, req.body)) };
    },
  );
  r.post(
    '/Forms/:id/CopyToVisitList',
    { schema: { tags, params, body: design.formCopyToVisitList, response: many } },
    async (req) => {
      const c = designCaller(req);
      return {
        data: await svc.copyToVisitList(app.deps, c, req.params.id, req.body.visitIdList),
        message: successMessage('copied', c.lang),
      };
    },
  );
  // {id} is the visit the listed forms are copied into.
  r.post('/Forms/:id/CopyFormList', { schema: { tags, params, body: design.formCopyFormList, response: many } }, async (req) => {
    const c = designCaller(req);
    return {
      data: await svc.copyFormList(app.deps, c, req.params.id, req.body.formIdList),
      message: successMessage('copied', c.lang),
    };
  });
  // Replies with the form (without version n) and its new copy (version n only).
  r.post(
    '/Forms/:id/SplitVersion/:n',
    { schema: { tags, params: design.splitVersionParams, body: z.unknown().optional(), response: many } },
    async (req) => {
      const c = designCaller(req);
      return { data: await svc.splitVersion(app.deps, c, req.params.id, req.params.n), message: successMessage('saved', c.lang) };
    },
  );
}
