import type { FastifyInstance } from 'fastify';
import { common, design, research, successMessage } from '@edc/domain';
import { requirePermission } from '../../../platform/http/guards.js';
import { envelope, messageOnly } from '../../../platform/http/reply.js';
import { typed } from '../../../platform/http/typed.js';
import { designCaller } from '../shared/context.js';
import * as svc from './researches-admin.service.js';

/** Creating and changing researches (reading is modules/researches). */
export function researchesAdminRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Researches'];
  const params = common.idParams;
  const reply = { 200: envelope(research) };

  r.post('/Researches', { schema: { tags, body: design.researchCreate, response: reply } }, async (req) => {
    const c = designCaller(req);
    requirePermission(c.actor, 'researches');
    return { data: await svc.createResearch(app.deps, c, req.body), message: successMessage('saved', c.lang) };
  });

  for (const url of ['/Researches/:id', '/Researches/:id/']) {
    r.put(url, { schema: { tags, params, body: design.researchUpdate, response: reply } }, async (req) => {
      const c = designCaller(req);
      return { data: await svc.updateResearch(app.deps, c, req.params.id, req.body), message: successMessage('saved', c.lang) };
    });
  }

  r.delete('/Researches/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const c = designCaller(req);
    requirePermission(c.actor, 'researches');
    await svc.deleteResearch(app.deps, c, req.params.id);
    return { message: successMessage('deleted', c.lang) };
  });

  const action = (path: string, run: typeof svc.lockResearch) =>
    r.put(`/Researches/:id/${path}`, { schema: { tags, params, response: reply } }, async (req) => {
      const c = designCaller(req);
      requirePermission(c.actor, 'researches');
      return { data: await run(app.deps, c, req.params.id), message: successMessage('saved', c.lang) };
    });
  action('Lock', svc.lockResearch);
  action('Archive', svc.archiveResearch);
  action('ToggleIwrsConnection', svc.toggleIwrs);
}
