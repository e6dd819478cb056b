import type { FastifyInstance } from 'fastify';
import { drTrialVisitsLoad, drTrialVisitsQuery, drTrialVisitsReply, externalTrialSettings, successMessage } from '@edc/domain';
import { requireActor } from '../../platform/http/guards.js';
import { envelope } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import { designCaller } from '../design/shared/context.js';
import { loadDrTrialVisits, previewDrTrialVisits } from './dr-trial-visits.service.js';

/** The external trial system's visits (docs/external-trial.md) and whether the link is on. */
export function drTrialVisitsRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Visits'];
  const reply = { 200: envelope(drTrialVisitsReply) };

  r.get(
    '/ExternalTrial/Settings',
    { schema: { tags: ['ExternalTrial'], response: { 200: envelope(externalTrialSettings) } } },
    async (req) => {
      requireActor(req);
      return { data: { enabled: app.deps.drTrial !== null } };
    },
  );
  r.get('/Visits/FromDrTrial', { schema: { tags, querystring: drTrialVisitsQuery, response: reply } }, async (req) => ({
    data: await previewDrTrialVisits(app.deps, designCaller(req), req.query, (err) =>
      req.log.warn({ err }, 'DrTrial visits not loaded'),
    ),
  }));
  r.post('/Visits/FromDrTrial', { schema: { tags, body: drTrialVisitsLoad, response: reply } }, async (req) => {
    const c = designCaller(req);
    const data = await loadDrTrialVisits(app.deps, c, req.body, (err) => req.log.warn({ err }, 'DrTrial visits not loaded'));
    return { data, message: successMessage('saved', c.lang) };
  });
}
