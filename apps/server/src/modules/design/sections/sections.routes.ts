import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { design, successMessage } from '@edc/domain';
import { envelope, messageOnly } from '../../../platform/http/reply.js';
import { typed } from '../../../platform/http/typed.js';
import { designCaller } from '../shared/context.js';
import { moveOf, orderReply } from '../visits/visits.routes.js';
import * as svc from './sections.service.js';

export function sectionsRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['FormSections'];
  const params = design.idParams;
  const one = { 200: envelope(design.section) };
  const oneWithFields = { 200: envelope(design.sectionWithFields) };

  r.get(
    '/FormSections',
    { schema: { tags, querystring: design.sectionListQuery, response: { 200: envelope(z.array(design.section)) } } },
    async (req) => ({ data: await svc.listSections(app.deps.db, designCaller(req).actor, req.query.formId) }),
  );
  r.get(
    '/FormSections/WithReferences',
    { schema: { tags, querystring: design.sectionListQuery, response: { 200: envelope(z.array(design.sectionWithFields)) } } },
    async (req) => ({ data: await svc.listSectionsWithFields(app.deps.db, designCaller(req).actor, req.query.formId) }),
  );
  r.get('/FormSections/:id', { schema: { tags, params, response: oneWithFields } }, async (req) => ({
    data: await svc.getSection(app.deps.db, designCaller(req).actor, req.params.id),
  }));
  r.post('/FormSections', { schema: { tags, body: design.sectionCreate, response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.createSection(app.deps, c, req.body), message: successMessage('saved', c.lang) };
  });
  r.put('/FormSections/:id', { schema: { tags, params, body: design.sectionUpdate, response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.updateSection(app.deps, c, req.params.id, req.body), message: successMessage('saved', c.lang) };
  });
  r.delete('/FormSections/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const c = designCaller(req);
    await svc.deleteSection(app.deps, c, req.params.id);
    return { message: successMessage('deleted', c.lang) };
  });
  r.post(
    '/FormSections/:id/ChangeIndex/:endIndex',
    { schema: { tags, params: design.changeIndexParams, body: design.changeIndexBody, response: { 200: orderReply } } },
    async (req) => {
      const c = designCaller(req);
      return { data: await svc.changeSectionIndex(app.deps, c, req.params.id, moveOf(req.params, req.body)) };
    },
  );
  r.post(
    '/FormSections/:id/Copy',
    { schema: { tags, params, body: design.sectionCopy, response: oneWithFields } },
    async (req) => {
      const c = designCaller(req);
      return {
        data: await svc.copySection(app.deps, c, req.params.id, req.body?.formId),
        message: successMessage('copied', c.lang),
      };
    },
  );
}
