import type { FastifyInstance } from 'fastify';
import { design, redcapImportRequest, successMessage } from '@edc/domain';
import { envelope } from '../../../platform/http/reply.js';
import { typed } from '../../../platform/http/typed.js';
import { designCaller } from '../shared/context.js';
import { importRedcapDictionary } from './redcap-import.js';

/** REDCap projects (docs/data-exchange.md "REDCap"): a data dictionary imported as a research version. */
export function redcapRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.post(
    '/ResearchVersions/ImportRedcapDictionary',
    {
      bodyLimit: 6 * 1024 * 1024,
      schema: { tags: ['ODM'], body: redcapImportRequest, response: { 200: envelope(design.odmImportReply) } },
    },
    async (req) => {
      const c = designCaller(req);
      return { data: await importRedcapDictionary(app.deps, c, req.body), message: successMessage('imported', c.lang) };
    },
  );
}
