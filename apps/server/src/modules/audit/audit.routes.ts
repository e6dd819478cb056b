import type { FastifyInstance } from 'fastify';
import { auditVerification } from '@edc/domain';
import { verifyAuditChain } from '../../platform/audit/audit.js';
import { forbidden } from '../../platform/http/errors.js';
import { requireActor } from '../../platform/http/guards.js';
import { envelope } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';

export function auditRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Audit'];

  // Walks the whole audit chain under the configured key: user role Admin only (docs/audit-trail.md).
  r.get('/Audit/Verify', { schema: { tags, response: { 200: envelope(auditVerification) } } }, async (req) => {
    if (requireActor(req).userRole !== 'Admin') throw forbidden();
    return { data: await verifyAuditChain(app.deps.db) };
  });
}
