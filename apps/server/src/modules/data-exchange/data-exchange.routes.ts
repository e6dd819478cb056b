import type { FastifyInstance } from 'fastify';
import { clinicalImportRequest, dataExportRequest, jobReply } from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { envelope } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import { requestExport, requestImport } from './data-exchange.requests.js';

/**
 * Clinical data exchange (docs/data-exchange.md): a request records a background job and answers with it at
 * once; the screen follows it at GET /Jobs/{id} and downloads its file at /Documents/{documentId}/File.
 */
export function dataExchangeRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Data exchange'];
  const one = { 200: envelope(jobReply) };
  r.post('/DataExports', { schema: { tags, body: dataExportRequest, response: one } }, async (req) => ({
    data: await requestExport(app.deps, req.body, actorCallerOf(req)),
  }));
  r.post(
    '/ClinicalData/Import',
    { bodyLimit: 25 * 1024 * 1024, schema: { tags, body: clinicalImportRequest, response: one } },
    async (req) => ({ data: await requestImport(app.deps, req.body, actorCallerOf(req)) }),
  );
}
