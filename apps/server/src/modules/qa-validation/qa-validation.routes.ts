import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  common,
  qaFormReply,
  qaFormsQuery,
  qaItemNoteAdd,
  qaItemNoteReply,
  qaItemNotesQuery,
  qaNoteAdd,
  qaVisitReply,
  qaVisitsQuery,
  successMessage,
  type QaFormReply,
  type QaVisitReply,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { envelope, messageOnly, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import * as items from './qa-items.service.js';
import * as notes from './qa-notes.service.js';

/**
 * QA validation of the design (spec design-and-admin section 7, QA; docs/qa-validation.md): the notes and
 * their threads, the QA visits and forms and their validation. The services decide who may act (qa.policy.ts).
 */
export function qaValidationRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['QaValidation'];
  const params = common.idParams;
  const note = { 200: envelope(qaItemNoteReply) };

  r.get(
    '/QaItemNotes',
    { schema: { tags, querystring: qaItemNotesQuery, response: { 200: paged(qaItemNoteReply) } } },
    async (req) => notes.listQaNotes(app.deps, actorCallerOf(req), req.query),
  );
  r.get('/QaItemNotes/:id', { schema: { tags, params, response: note } }, async (req) => ({
    data: await notes.getQaNote(app.deps, actorCallerOf(req), req.params.id),
  }));
  r.post('/QaItemNotes', { schema: { tags, body: qaItemNoteAdd, response: note } }, async (req) => {
    const c = actorCallerOf(req);
    return { data: await notes.addQaNote(app.deps, c, req.body), message: successMessage('saved', c.lang) };
  });
  for (const action of ['Resolve', 'Close'] as const) {
    r.post(
      `/QaItemNotes/:id/${action}`,
      { schema: { tags, params, body: z.unknown().optional(), response: note } },
      async (req) => {
        const c = actorCallerOf(req);
        const data = (await notes.stepQaNote(app.deps, c, req.params.id, action))!;
        return { data, message: successMessage('saved', c.lang) };
      },
    );
  }
  r.delete('/QaItemNotes/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const c = actorCallerOf(req);
    await notes.stepQaNote(app.deps, c, req.params.id, 'Delete');
    return { message: successMessage('deleted', c.lang) };
  });
  r.post('/QaNotes', { schema: { tags, body: qaNoteAdd, response: note } }, async (req) => {
    const c = actorCallerOf(req);
    const data = (await notes.stepQaNote(app.deps, c, req.body.qaItemNoteId, 'Comment', req.body.data, 'qaItemNoteId'))!;
    return { data, message: successMessage('saved', c.lang) };
  });

  r.get(
    '/QaVisits',
    { schema: { tags, querystring: qaVisitsQuery, response: { 200: envelope(z.array(qaVisitReply)) } } },
    async (req) => ({
      data: await items.getQaVisits(app.deps, actorCallerOf(req), req.query.researchVersionId),
    }),
  );
  r.post(
    '/QaVisits/:id/ToggleValidate',
    { schema: { tags, params, body: z.unknown().optional(), response: { 200: envelope(qaVisitReply) } } },
    async (req) => {
      const c = actorCallerOf(req);
      const data = (await items.toggleValidate(app.deps, c, 'visit', req.params.id)) as QaVisitReply;
      return { data, message: successMessage('saved', c.lang) };
    },
  );
  r.get(
    '/QaForms',
    { schema: { tags, querystring: qaFormsQuery, response: { 200: envelope(z.array(qaFormReply)) } } },
    async (req) => ({
      data: await items.getQaForms(app.deps, actorCallerOf(req), req.query.qaVisitId),
    }),
  );
  r.post(
    '/QaForms/:id/ToggleValidate',
    { schema: { tags, params, body: z.unknown().optional(), response: { 200: envelope(qaFormReply) } } },
    async (req) => {
      const c = actorCallerOf(req);
      const data = (await items.toggleValidate(app.deps, c, 'form', req.params.id)) as QaFormReply;
      return { data, message: successMessage('saved', c.lang) };
    },
  );
}
