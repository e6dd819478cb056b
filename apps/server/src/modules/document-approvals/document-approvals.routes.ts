import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  common,
  documentApprovalAdd,
  documentApprovalNoteAdd,
  documentApprovalNoteReply,
  documentApprovalNotesQuery,
  documentApprovalReject,
  documentApprovalReply,
  documentApprovalsPersonalQuery,
  documentApprovalsQuery,
  documentApproverReply,
  documentApproversQuery,
  successMessage,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { envelope, messageOnly, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import * as service from './document-approvals.service.js';

/**
 * /DocumentApprovals and /DocumentApprovalNotes (spec design-and-admin section 7; docs/documents.md
 * "Approvals"). The service decides who may act.
 */
export function documentApprovalsRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['DocumentApprovals'];
  const params = common.idParams;
  const one = { 200: envelope(documentApprovalReply) };

  r.get(
    '/DocumentApprovals',
    {
      schema: {
        tags,
        description:
          "The research's approvals (researchId, default the current research), newest first: documents administrators see every one, other employees of the research those they approve.",
        querystring: documentApprovalsQuery,
        response: { 200: paged(documentApprovalReply) },
      },
    },
    async (req) => service.listApprovals(app.deps, req.query, actorCallerOf(req)),
  );
  r.get(
    '/DocumentApprovals/Personal',
    {
      schema: {
        tags,
        description: 'The Pending approvals of the research waiting for the caller (the profile), newest first.',
        querystring: documentApprovalsPersonalQuery,
        response: { 200: paged(documentApprovalReply) },
      },
    },
    async (req) => service.personalApprovals(app.deps, req.query, actorCallerOf(req)),
  );
  r.get(
    '/DocumentApprovals/Approvers',
    {
      schema: {
        tags,
        description:
          "Employees of the research who may be chosen as approvers (documents administrators), ordered by their centre's type: admin, site, testSite, qa, kio.",
        querystring: documentApproversQuery,
        response: { 200: envelope(z.array(documentApproverReply)) },
      },
    },
    async (req) => ({ data: await service.listApprovers(app.deps, req.query, actorCallerOf(req)) }),
  );
  r.get('/DocumentApprovals/:id', { schema: { tags, params, response: one } }, async (req) => ({
    data: await service.getApproval(app.deps, req.params.id, actorCallerOf(req)),
  }));
  r.post(
    '/DocumentApprovals',
    {
      schema: {
        tags,
        description:
          'Sends a document (made, status Done) and a research version for approval to employees of the research; with lastDocumentApprovalId, sends a Rejected approval of the same document again. Documents administrators.',
        body: documentApprovalAdd,
        response: one,
      },
    },
    async (req) => {
      const c = actorCallerOf(req);
      return { data: await service.addApproval(app.deps, req.body, c), message: successMessage('saved', c.lang) };
    },
  );
  r.put(
    '/DocumentApprovals/:id/Approve',
    {
      schema: { tags, params, description: 'A listed approver, while Pending.', body: z.unknown().optional(), response: one },
    },
    async (req) => {
      const c = actorCallerOf(req);
      return {
        data: await service.decide(app.deps, req.params.id, 'Approved', undefined, c),
        message: successMessage('saved', c.lang),
      };
    },
  );
  r.put(
    '/DocumentApprovals/:id/Reject',
    {
      schema: {
        tags,
        params,
        description: 'A listed approver, while Pending; message (the reason) is kept as a note of the approval.',
        body: documentApprovalReject,
        response: one,
      },
    },
    async (req) => {
      const c = actorCallerOf(req);
      return {
        data: await service.decide(app.deps, req.params.id, 'Rejected', req.body.message, c),
        message: successMessage('saved', c.lang),
      };
    },
  );
  r.delete('/DocumentApprovals/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const c = actorCallerOf(req);
    await service.deleteApproval(app.deps, req.params.id, c);
    return { message: successMessage('deleted', c.lang) };
  });

  r.get(
    '/DocumentApprovalNotes',
    {
      schema: {
        tags,
        description: 'The notes of an approval, oldest first: whoever sees the approval.',
        querystring: documentApprovalNotesQuery,
        response: { 200: envelope(z.array(documentApprovalNoteReply)) },
      },
    },
    async (req) => ({ data: await service.listNotes(app.deps, req.query.documentApprovalId, actorCallerOf(req)) }),
  );
  r.post(
    '/DocumentApprovalNotes',
    {
      schema: {
        tags,
        description: 'A listed approver, while Pending.',
        body: documentApprovalNoteAdd,
        response: { 200: envelope(documentApprovalNoteReply) },
      },
    },
    async (req) => {
      const c = actorCallerOf(req);
      return { data: await service.addNote(app.deps, req.body, c), message: successMessage('saved', c.lang) };
    },
  );
}
