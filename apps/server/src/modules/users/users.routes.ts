import type { FastifyInstance } from 'fastify';
import { me } from '@edc/domain';
import { requireActor } from '../../platform/http/guards.js';
import { envelope } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import { getMe } from './me.service.js';

export function usersRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Users'];
  r.get('/Users/me', { schema: { tags, response: { 200: envelope(me) } } }, async (req) => ({
    data: await getMe(app.deps.db, requireActor(req)),
  }));
}
