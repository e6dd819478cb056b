import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  common,
  itemNoteAdd,
  itemNoteAnswer,
  itemNoteAnswered,
  itemNoteClose,
  itemNoteComment,
  itemNoteFilter,
  itemNoteHistoryQuery,
  itemNoteReply,
  itemNoteRow,
  itemNoteStatistic,
  successMessage,
  type NoteType,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { envelope, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import { contentDisposition } from '../documents/documents.routes.js';
import { answerNote } from './note-answer.service.js';
import { addNote, closeNote, commentNote } from './note-writes.service.js';
import { filteredNotes } from './notes-list.service.js';
import { getNote, noteHistory } from './notes-read.service.js';
import { noteReport } from './notes-report.service.js';
import { noteStatistic } from './notes-statistic.service.js';

/** The add endpoints and the note type each raises (the caller's own type: noteTypeOf). */
const ADD_PATHS: Record<string, NoteType> = {
  AddQaItemNote: 'QaNote',
  AddDmItemNote: 'DmNote',
  AddKioItemNote: 'KioNote',
  AddComment: 'Comment',
};

/**
 * Notes (queries) on subject form fields (docs/queries-and-validation.md; spec operations section 7:
 * ItemNote, Statistic/ItemNoteStatistic). Handlers are thin: the services decide who sees and does what.
 */
export function notesRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['ItemNote'];
  const params = common.idParams;
  const note = { 200: envelope(itemNoteReply) };
  const saved = <T>(lang: 'ru' | 'en', data: T) => ({ data, message: successMessage('saved', lang) });

  r.get(
    '/ItemNote/FilteredList',
    { schema: { tags, querystring: itemNoteFilter, response: { 200: paged(itemNoteRow) } } },
    async (req) => filteredNotes(app.deps, req.query, actorCallerOf(req)),
  );
  r.get(
    '/ItemNote/GenerateReport',
    {
      schema: {
        tags,
        description: 'The notes of the filter (no paging) as an XLSX workbook, in the caller’s language',
        querystring: itemNoteFilter.omit({ page: true, pageSize: true }),
      },
    },
    async (req, res) => {
      const report = await noteReport(app.deps, req.query, actorCallerOf(req));
      return res
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(report.fileName))
        .header('cache-control', 'private, no-store')
        .send(report.stream);
    },
  );
  r.get(
    '/ItemNote/History',
    { schema: { tags, querystring: itemNoteHistoryQuery, response: { 200: envelope(z.array(itemNoteReply)) } } },
    async (req) => ({ data: await noteHistory(app.deps, req.query.subjectFormFieldId, actorCallerOf(req)) }),
  );
  r.get('/ItemNote/:id', { schema: { tags, params, response: note } }, async (req) => ({
    data: await getNote(app.deps, req.params.id, actorCallerOf(req)),
  }));
  for (const [path, type] of Object.entries(ADD_PATHS)) {
    r.post(`/ItemNote/${path}`, { schema: { tags, body: itemNoteAdd, response: note } }, async (req) => {
      const caller = actorCallerOf(req);
      return saved(caller.lang, await addNote(app.deps, type, req.body, caller));
    });
  }
  r.post(
    '/ItemNote/:id/Answer',
    { schema: { tags, params, body: itemNoteAnswer, response: { 200: envelope(itemNoteAnswered) } } },
    async (req) => {
      const caller = actorCallerOf(req);
      return saved(caller.lang, await answerNote(app.deps, req.params.id, req.body, caller));
    },
  );
  r.post('/ItemNote/:id/AnswerComment', { schema: { tags, params, body: itemNoteComment, response: note } }, async (req) => {
    const caller = actorCallerOf(req);
    return saved(caller.lang, await commentNote(app.deps, req.params.id, req.body, caller));
  });
  r.post('/ItemNote/:id/Close', { schema: { tags, params, body: itemNoteClose, response: note } }, async (req) => {
    const caller = actorCallerOf(req);
    return saved(caller.lang, await closeNote(app.deps, req.params.id, req.body, caller));
  });
  // The spec's {id} is the research's, named as the other statistics name it.
  r.get(
    '/Statistic/ItemNoteStatistic/:researchId',
    {
      schema: {
        tags: ['Statistic'],
        params: z.object({ researchId: common.id }),
        response: { 200: envelope(itemNoteStatistic) },
      },
    },
    async (req) => ({ data: await noteStatistic(app.deps, req.params.researchId, actorCallerOf(req)) }),
  );
}
