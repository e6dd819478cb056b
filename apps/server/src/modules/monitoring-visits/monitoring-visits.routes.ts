import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  common,
  monitoringVisit,
  monitoringVisitBrief,
  monitoringVisitCreate,
  monitoringVisitReportGenerate,
  documentStatusReply,
  monitoringVisitSubjectsQuery,
  monitoringVisitsStatistic as monitoringVisitsStatisticSchema,
  monitoringVisitsQuery,
  monitoringVisitUpdate,
  subjectWithVisits,
  successMessage,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { envelope, messageOnly, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import * as service from './monitoring-visits.service.js';
import { monitoringVisitSubjects } from './monitoring-visit-subjects.service.js';
import { monitoringVisitsStatistic } from './monitoring-visits-statistic.service.js';
import { generateMonitoringReport } from '../documents/generated/monitoring-report.service.js';

/**
 * Monitoring visits (spec operations sections 2–7) and the monitoring visits of one subject visit. Who may
 * read and plan them: monitoring-visits.policy.ts, docs/monitoring-visits.md.
 */
export function monitoringVisitsRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['MonitoringVisits'];
  const params = common.idParams;
  const reply = { 200: envelope(monitoringVisit) };

  r.get(
    '/MonitoringVisits',
    { schema: { tags, querystring: monitoringVisitsQuery, response: { 200: paged(monitoringVisit) } } },
    async (req) => service.listMonitoringVisits(app.deps, req.query, actorCallerOf(req)),
  );

  r.get('/MonitoringVisits/:id', { schema: { tags, params, response: reply } }, async (req) => ({
    data: await service.getMonitoringVisit(app.deps, req.params.id, actorCallerOf(req)),
  }));

  r.post('/MonitoringVisits', { schema: { tags, body: monitoringVisitCreate, response: reply } }, async (req) => {
    const caller = actorCallerOf(req);
    return {
      data: await service.createMonitoringVisit(app.deps, req.body, caller),
      message: successMessage('saved', caller.lang),
    };
  });

  // The spec's path ends with a slash; both spellings are served.
  for (const [url, hide] of [
    ['/MonitoringVisits/:id/', false],
    ['/MonitoringVisits/:id', true],
  ] as const) {
    r.put(url, { schema: { tags, hide, params, body: monitoringVisitUpdate, response: reply } }, async (req) => {
      const caller = actorCallerOf(req);
      return {
        data: await service.updateMonitoringVisit(app.deps, req.params.id, req.body, caller),
        message: successMessage('saved', caller.lang),
      };
    });
  }

  r.post('/MonitoringVisits/:id/Confirm', { schema: { tags, params, response: reply } }, async (req) => {
    const caller = actorCallerOf(req);
    return {
      data: await service.confirmMonitoringVisit(app.deps, req.params.id, caller),
      message: successMessage('saved', caller.lang),
    };
  });

  r.post(
    '/MonitoringVisits/:id/GenerateReport',
    {
      schema: {
        tags,
        params,
        body: monitoringVisitReportGenerate,
        description:
          'What was reviewed on the monitoring visit (subject visits covered, forms validated by its team, notes raised and closed during it), made in the background as a PDF (format pdf, the default) or a workbook (xlsx): the document comes back Started; poll GET /Documents/{id} every 2 s.',
        response: { 200: envelope(documentStatusReply) },
      },
      // The body is optional (a PDF by default): none is read as {}.
      preValidation: async (req) => {
        req.body ??= {};
      },
    },
    async (req) => ({ data: await generateMonitoringReport(app.deps, req.params.id, req.body, actorCallerOf(req)) }),
  );

  r.delete('/MonitoringVisits/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const caller = actorCallerOf(req);
    await service.deleteMonitoringVisit(app.deps, req.params.id, caller);
    return { message: successMessage('deleted', caller.lang) };
  });

  r.get(
    '/Statistic/MonitoringVisitsStatistic/:researchId',
    {
      schema: {
        tags: ['Statistic'],
        params: z.object({ researchId: common.id }),
        response: { 200: envelope(monitoringVisitsStatisticSchema) },
      },
    },
    async (req) => ({ data: await monitoringVisitsStatistic(app.deps, req.params.researchId, actorCallerOf(req)) }),
  );

  r.get(
    '/Subjects/MonitoringVisit/:id',
    {
      schema: {
        tags: ['Subjects'],
        params,
        querystring: monitoringVisitSubjectsQuery,
        response: { 200: paged(subjectWithVisits) },
      },
    },
    async (req) => monitoringVisitSubjects(app.deps, req.params.id, req.query, actorCallerOf(req)),
  );

  r.get(
    '/SubjectsVisit/:id/MonitoringVisits',
    { schema: { tags: ['SubjectsVisit'], params, response: { 200: envelope(z.array(monitoringVisitBrief)) } } },
    async (req) => ({ data: await service.monitoringVisitsOfSubjectVisit(app.deps, req.params.id, actorCallerOf(req)) }),
  );
}
