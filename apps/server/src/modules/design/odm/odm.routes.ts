import type { FastifyInstance } from 'fastify';
import { design, formatVersionIndex, successMessage } from '@edc/domain';
import { envelope } from '../../../platform/http/reply.js';
import { typed } from '../../../platform/http/typed.js';
import { designCaller } from '../shared/context.js';
import { buildOdm, loadVersionDesign } from './odm-export.js';
import { importOdm } from './odm-import.js';

export function odmRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['ODM'];

  // The design of a research version as a CDISC ODM 1.3.2 document (application/xml, as a download).
  r.get('/ResearchVersions/:id/Odm', { schema: { tags, params: design.idParams } }, async (req, reply) => {
    const data = await loadVersionDesign(app.deps.db, designCaller(req).actor, req.params.id);
    const name = `${data.research.grlsProtocolNumber}-v${formatVersionIndex(data.version)}`.replace(/[^A-Za-z0-9._-]+/g, '_');
    return reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.odm.xml"`)
      .send(buildOdm(data));
  });

  r.post(
    '/ResearchVersions/ImportOdm',
    {
      bodyLimit: 25 * 1024 * 1024,
      schema: { tags, body: design.odmImportRequest, response: { 200: envelope(design.odmImportReply) } },
    },
    async (req) => {
      const c = designCaller(req);
      return { data: await importOdm(app.deps, c, req.body), message: successMessage('imported', c.lang) };
    },
  );
}
