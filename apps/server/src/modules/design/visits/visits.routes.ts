import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { design, successMessage } from '@edc/domain';
import { envelope, messageOnly } from '../../../platform/http/reply.js';
import { typed } from '../../../platform/http/typed.js';
import { designCaller } from '../shared/context.js';
import { getVisit, listVisits } from './visits.queries.js';
import * as svc from './visits.service.js';

export const orderReply = envelope(z.array(z.object({ id: z.string(), index: z.number() })));

/** The move of a ChangeIndex call: endIndex from the path (the path wins over a body endIndex), startIndex from the body. */
export const moveOf = (params: { endIndex: number }, body: { startIndex?: number } | null | undefined) => ({
  startIndex: body?.startIndex,
  endIndex: params.endIndex,
});

export function visitsRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Visits'];
  const params = design.idParams;
  const one = { 200: envelope(design.visit) };

  r.get(
    '/Visits',
    { schema: { tags, querystring: design.visitListQuery, response: { 200: envelope(z.array(design.visit)) } } },
    async (req) => ({ data: await listVisits(app.deps.db, designCaller(req).actor, req.query) }),
  );
  r.get('/Visits/:id', { schema: { tags, params, response: one } }, async (req) => ({
    data: await getVisit(app.deps.db, designCaller(req).actor, req.params.id),
  }));
  r.post('/Visits', { schema: { tags, body: design.visitCreate, response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.createVisit(app.deps, c, req.body), message: successMessage('saved', c.lang) };
  });
  r.put('/Visits/:id', { schema: { tags, params, body: design.visitUpdate, response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.updateVisit(app.deps, c, req.params.id, req.body), message: successMessage('saved', c.lang) };
  });
  r.delete('/Visits/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const c = designCaller(req);
    await svc.deleteVisit(app.deps, c, req.params.id);
    return { message: successMessage('deleted', c.lang) };
  });
  r.post('/Visits/:id/ToggleComplete', { schema: { tags, params, body: z.unknown().optional(), response: one } }, async (req) => {
    const c = designCaller(req);
    return { data: await svc.toggleVisitComplete(app.deps, c, req.params.id), message: successMessage('saved', c.lang) };
  });
  r.post(
    '/Visits/:id/ChangeIndex/:endIndex',
    { schema: { tags, params: design.changeIndexParams, body: design.changeIndexBody, response: { 200: orderReply } } },
    async (req) => {
      const c = designCaller(req);
      return { data: await svc.changeVisitIndex(app.deps, c, req.params.id, moveOf(req.params, req.body)) };
    },
  );
}
