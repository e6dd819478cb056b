import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditVerificationRun, common } from '@edc/domain';
import { forbidden } from '../../platform/http/errors.js';
import { actorCallerOf } from '../../platform/http/caller.js';
import { requireActor } from '../../platform/http/guards.js';
import { envelope, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import { listVerifications, startVerification, verificationOf } from './audit-verifications.service.js';

/** The audit trail's verification: user role Admin only (docs/audit-trail.md). */
function adminOnly(req: FastifyRequest) {
  if (requireActor(req).userRole !== 'Admin') throw forbidden();
}

export function auditRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Audit'];
  const one = { 200: envelope(auditVerificationRun) };

  // Walks the whole audit chain under the configured key in the background, its progress and result kept.
  r.post('/Audit/Verifications', { schema: { tags, response: one } }, async (req) => {
    adminOnly(req);
    return { data: await startVerification(app.deps, actorCallerOf(req)) };
  });
  r.get(
    '/Audit/Verifications',
    { schema: { tags, querystring: common.pageQuery, response: { 200: paged(auditVerificationRun) } } },
    async (req) => {
      adminOnly(req);
      return listVerifications(app.deps.db, req.query, actorCallerOf(req).lang);
    },
  );
  r.get('/Audit/Verifications/:id', { schema: { tags, params: common.idParams, response: one } }, async (req) => {
    adminOnly(req);
    return { data: await verificationOf(app.deps.db, req.params.id, actorCallerOf(req).lang) };
  });
}
