import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  common,
  forecastReply,
  forecastRequest,
  scheduleDocumentReply,
  scheduleRequest,
  subjectTimePointReply,
  subjectTimePointsQuery,
  successMessage,
  timeDeviationCreate,
  timeDeviationReply,
  timePointCreate,
  timePointReply,
  timePointsQuery,
  timePointUpdate,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { envelope, messageOnly } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import { employeesCountForecast } from './forecast.service.js';
import { generateSchedule, scheduleStatus } from './schedule.service.js';
import { subjectTimePoints } from './subject-time-points.service.js';
import { createTimeDeviation, deleteTimeDeviation } from './time-deviations.service.js';
import * as points from './time-points.service.js';

/**
 * Time points and deviations, the forecast and the scheduled activities report (spec design-and-admin
 * section 7), and a subject visit's time points (spec operations section 7); docs/time-points.md "API".
 * The services decide who may act (time-points.policy.ts). GET /FormFields/Time, the fields a point may go
 * on, is the form fields module's.
 */
export function timePointsRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['TimePoints'];
  const params = common.idParams;
  const one = { 200: envelope(timePointReply) };
  const schedule = { 200: envelope(scheduleDocumentReply) };

  r.get(
    '/TimePoints',
    { schema: { tags, querystring: timePointsQuery, response: { 200: envelope(z.array(timePointReply)) } } },
    async (req) => ({
      data: await points.listTimePoints(app.deps, req.query.visitId, actorCallerOf(req)),
    }),
  );
  r.post('/TimePoints', { schema: { tags, body: timePointCreate, response: one } }, async (req) => {
    const c = actorCallerOf(req);
    return { data: await points.createTimePoint(app.deps, req.body, c), message: successMessage('saved', c.lang) };
  });
  // The spec spells it with a trailing slash; both spellings are served.
  for (const [url, hide] of [
    ['/TimePoints/:id/', false],
    ['/TimePoints/:id', true],
  ] as const) {
    r.put(url, { schema: { tags, hide, params, body: timePointUpdate, response: one } }, async (req) => {
      const c = actorCallerOf(req);
      return {
        data: await points.updateTimePoint(app.deps, req.params.id, req.body, c),
        message: successMessage('saved', c.lang),
      };
    });
  }
  r.delete('/TimePoints/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const c = actorCallerOf(req);
    await points.deleteTimePoint(app.deps, req.params.id, c);
    return { message: successMessage('deleted', c.lang) };
  });

  r.post(
    '/TimePoints/EmployeesCountForecast',
    { schema: { tags, body: forecastRequest, response: { 200: envelope(forecastReply) } } },
    async (req) => ({ data: await employeesCountForecast(app.deps, req.body, actorCallerOf(req)) }),
  );
  r.post(
    '/TimePoints/GenerateScheduledActivities',
    { schema: { tags, body: scheduleRequest.required({ visitId: true }), response: schedule } },
    async (req) => ({ data: await generateSchedule(app.deps, req.body, actorCallerOf(req)) }),
  );
  r.post(
    '/TimePoints/:id/GenerateScheduledActivities',
    { schema: { tags, params, body: scheduleRequest, response: schedule } },
    async (req) => ({
      data: await generateSchedule(app.deps, { ...req.body, pointId: req.params.id }, actorCallerOf(req)),
    }),
  );
  r.get(
    '/TimePoints/ScheduledActivities/:documentId',
    { schema: { tags, params: z.object({ documentId: common.id }), response: schedule } },
    async (req) => ({ data: await scheduleStatus(app.deps, req.params.documentId, actorCallerOf(req)) }),
  );

  r.post(
    '/TimeDeviations',
    { schema: { tags: ['TimeDeviations'], body: timeDeviationCreate, response: { 200: envelope(timeDeviationReply) } } },
    async (req) => {
      const c = actorCallerOf(req);
      return { data: await createTimeDeviation(app.deps, req.body, c), message: successMessage('saved', c.lang) };
    },
  );
  r.delete(
    '/TimeDeviations/:id',
    { schema: { tags: ['TimeDeviations'], params, response: { 200: messageOnly } } },
    async (req) => {
      const c = actorCallerOf(req);
      await deleteTimeDeviation(app.deps, req.params.id, c);
      return { message: successMessage('deleted', c.lang) };
    },
  );

  r.get(
    '/SubjectTimePoints',
    {
      schema: {
        tags: ['SubjectTimePoints'],
        querystring: subjectTimePointsQuery,
        response: { 200: envelope(z.array(subjectTimePointReply)) },
      },
    },
    async (req) => ({ data: await subjectTimePoints(app.deps, req.query.subjectVisitId, actorCallerOf(req)) }),
  );
}
