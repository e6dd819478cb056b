import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { design, successMessage } from '@edc/domain';
import { envelope, messageOnly } from '../../../platform/http/reply.js';
import { typed } from '../../../platform/http/typed.js';
import { designCaller } from '../shared/context.js';
import * as svc from './form-templates.service.js';

export function formTemplatesRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['FormTemplates'];
  const params = design.idParams;
  const one = { 200: envelope(design.formTemplate) };

  r.get(
    '/FormTemplates',
    { schema: { tags, querystring: design.formTemplateListQuery, response: { 200: envelope(z.array(design.formTemplate)) } } },
    async (req) => ({ data: await svc.listTemplates(app.deps.db, designCaller(req).actor, req.query) }),
  );
  r.get('/FormTemplates/:id', { schema: { tags, params, response: one } }, async (req) => ({
    data: await svc.getTemplate(app.deps.db, designCaller(req).actor, req.params.id),
  }));
  r.post('/FormTemplates', { schema: { tags, body: design.formTemplateCreate, response: one } }, async (req) => {
    const c = designCaller(req);
    const { formId, ...rest } = req.body;
    return { data: await svc.saveFormAsTemplate(app.deps, c, formId, rest, 'formId'), message: successMessage('saved', c.lang) };
  });
  // {id} is the form to save as a template.
  r.post(
    '/FormTemplates/:id/CopyFormToTemplate',
    { schema: { tags, params, body: design.copyFormToTemplate, response: one } },
    async (req) => {
      const c = designCaller(req);
      return {
        data: await svc.saveFormAsTemplate(app.deps, c, req.params.id, req.body ?? {}),
        message: successMessage('saved', c.lang),
      };
    },
  );
  r.delete('/FormTemplates/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const c = designCaller(req);
    await svc.deleteTemplate(app.deps, c, req.params.id);
    return { message: successMessage('deleted', c.lang) };
  });
}
