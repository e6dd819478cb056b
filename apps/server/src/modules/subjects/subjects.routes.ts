import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  common,
  subjectCreate,
  subjectEnd,
  subjectEndWithReason,
  subjectGroupChange,
  subjectRandomise,
  subjectRandomiseUpdate,
  subjectSign,
  subjectStatusCounts,
  subjectStatusCountsQuery,
  subjectsQuery,
  subjectUpdate,
  subjectVisit,
  subjectVisitChangeDateQuery,
  subjectVisitCreate,
  subjectVisitsQuery,
  subjectStatistic as subjectStatisticSchema,
  subjectVisitsStatistic,
  subjectVisitsStatisticQuery,
  subjectWithVisits,
  successMessage,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { envelope, messageOnly, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import * as subjects from './subjects.service.js';
import * as actions from './subject-actions.service.js';
import * as subjectVisits from './subject-visits.service.js';
import { changeRandomisationGroup } from './subject-group.service.js';
import { subjectStatistic, subjectVisitsStatistic as visitsStatistic } from './subject-statistics.service.js';

/**
 * Subjects, subject visits and the visit statistic (spec operations section 7). Who may read and write
 * depends on the subject's research and centre, so the services decide once it is loaded
 * (subjects.policy.ts; docs/subjects.md).
 */
export function subjectsRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Subjects'];
  const params = common.idParams;
  const reply = { 200: envelope(subjectWithVisits) };

  r.get('/Subjects', { schema: { tags, querystring: subjectsQuery, response: { 200: paged(subjectWithVisits) } } }, async (req) =>
    subjects.listSubjectsPage(app.deps, req.query, actorCallerOf(req)),
  );

  r.get(
    '/Subjects/StatusCounts',
    { schema: { tags, querystring: subjectStatusCountsQuery, response: { 200: envelope(subjectStatusCounts) } } },
    async (req) => ({ data: await subjects.subjectStatusCounts(app.deps, req.query, actorCallerOf(req)) }),
  );

  r.get('/Subjects/:id', { schema: { tags, params, response: reply } }, async (req) => ({
    data: await subjects.getSubject(app.deps, req.params.id, actorCallerOf(req)),
  }));

  r.get('/Subjects/:id/List', { schema: { tags, params, response: { 200: envelope(z.array(subjectVisit)) } } }, async (req) => ({
    data: await subjectVisits.subjectVisitsByStatus(app.deps, req.params.id, actorCallerOf(req)),
  }));

  r.post('/Subjects', { schema: { tags, body: subjectCreate, response: reply } }, async (req) => {
    const caller = actorCallerOf(req);
    return { data: await subjects.createSubject(app.deps, req.body, caller), message: successMessage('saved', caller.lang) };
  });

  // The spec's path ends with a slash; both spellings are served.
  for (const [url, hide] of [
    ['/Subjects/:id/', false],
    ['/Subjects/:id', true],
  ] as const) {
    r.put(url, { schema: { tags, hide, params, body: subjectUpdate, response: reply } }, async (req) => {
      const caller = actorCallerOf(req);
      return {
        data: await subjects.updateSubject(app.deps, req.params.id, req.body, caller),
        message: successMessage('saved', caller.lang),
      };
    });
  }

  r.post('/Subjects/:id/Randomise', { schema: { tags, params, body: subjectRandomise, response: reply } }, async (req) => {
    const caller = actorCallerOf(req);
    return {
      data: await actions.randomiseSubject(app.deps, req.params.id, req.body, caller),
      message: successMessage('saved', caller.lang),
    };
  });

  r.put('/Subjects/:id/Randomise', { schema: { tags, params, body: subjectRandomiseUpdate, response: reply } }, async (req) => {
    const caller = actorCallerOf(req);
    return {
      data: await actions.updateRandomisation(app.deps, req.params.id, req.body, caller),
      message: successMessage('saved', caller.lang),
    };
  });

  r.put(
    '/Subjects/:id/RandomisationGroup',
    { schema: { tags, params, body: subjectGroupChange, response: reply } },
    async (req) => {
      const caller = actorCallerOf(req);
      return {
        data: await changeRandomisationGroup(app.deps, req.params.id, req.body, caller),
        message: successMessage('saved', caller.lang),
      };
    },
  );

  for (const [path, kind, body] of [
    ['Failure', 'Failed', subjectEndWithReason],
    ['End', 'End', subjectEnd],
    ['EndAheadSchedule', 'EndAheadSchedule', subjectEndWithReason],
  ] as const) {
    r.post(`/Subjects/:id/${path}`, { schema: { tags, params, body, response: reply } }, async (req) => {
      const caller = actorCallerOf(req);
      return {
        data: await actions.endSubject(app.deps, req.params.id, kind, req.body, caller),
        message: successMessage('saved', caller.lang),
      };
    });
  }

  r.post('/Subjects/:id/Sign', { schema: { tags, params, body: subjectSign, response: reply } }, async (req) => {
    const caller = actorCallerOf(req);
    return {
      data: await actions.signSubject(app.deps, req.params.id, req.body, caller),
      message: successMessage('saved', caller.lang),
    };
  });

  r.delete('/Subjects/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const caller = actorCallerOf(req);
    await subjects.deleteSubject(app.deps, req.params.id, caller);
    return { message: successMessage('deleted', caller.lang) };
  });

  // ------------------------------------------------------------------------------------ subject visits
  const visitTags = ['SubjectsVisit'];

  r.get(
    '/SubjectsVisit',
    { schema: { tags: visitTags, querystring: subjectVisitsQuery, response: { 200: envelope(z.array(subjectVisit)) } } },
    async (req) => ({ data: await subjectVisits.subjectVisitsOf(app.deps, req.query.subjectId, actorCallerOf(req)) }),
  );

  r.post(
    '/SubjectsVisit',
    { schema: { tags: visitTags, body: subjectVisitCreate, response: { 200: envelope(subjectVisit) } } },
    async (req) => {
      const caller = actorCallerOf(req);
      return {
        data: await subjectVisits.createSubjectVisit(app.deps, req.body, caller),
        message: successMessage('saved', caller.lang),
      };
    },
  );

  r.post(
    '/SubjectsVisit/:id/ChangeDate',
    {
      schema: { tags: visitTags, params, querystring: subjectVisitChangeDateQuery, response: { 200: envelope(subjectVisit) } },
    },
    async (req) => {
      const caller = actorCallerOf(req);
      return {
        data: await subjectVisits.changeSubjectVisitDate(app.deps, req.params.id, req.query.date, caller),
        message: successMessage('saved', caller.lang),
      };
    },
  );

  // ---------------------------------------------------------------------------------------- statistic
  r.get(
    '/Statistic/SubjectVisitsStatistic/:researchId',
    {
      schema: {
        tags: ['Statistic'],
        params: z.object({ researchId: common.id }),
        querystring: subjectVisitsStatisticQuery,
        response: { 200: envelope(subjectVisitsStatistic) },
      },
    },
    async (req) => ({
      data: await visitsStatistic(app.deps, req.params.researchId, req.query, actorCallerOf(req)),
    }),
  );

  r.get(
    '/Statistic/SubjectStatistic/:researchId',
    {
      schema: {
        tags: ['Statistic'],
        params: z.object({ researchId: common.id }),
        querystring: subjectVisitsStatisticQuery,
        response: { 200: envelope(subjectStatisticSchema) },
      },
    },
    async (req) => ({
      data: await subjectStatistic(app.deps, req.params.researchId, req.query, actorCallerOf(req)),
    }),
  );
}
