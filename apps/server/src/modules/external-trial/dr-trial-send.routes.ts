import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { subjectVisitDocument, successMessage } from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { envelope } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import { sendDocumentToDrTrial } from './dr-trial-send.service.js';

/** Sending a signed visit's document to DrTrial (docs/external-trial.md). */
export function drTrialSendRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.post(
    '/SubjectVisitDocuments/:id/SendToDrTrial',
    {
      schema: {
        tags: ['SubjectVisitDocuments'],
        params: z.object({ id: z.string().uuid() }),
        body: z.unknown().optional(),
        response: { 200: envelope(subjectVisitDocument) },
      },
    },
    async (req) => {
      const caller = actorCallerOf(req);
      return {
        data: await sendDocumentToDrTrial(app.deps, req.params.id, caller),
        message: successMessage('saved', caller.lang),
      };
    },
  );
}
