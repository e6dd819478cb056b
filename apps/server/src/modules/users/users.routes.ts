import type { FastifyInstance } from 'fastify';
import { changePasswordRequest, common, me, successMessage, user, userCreate, userListQuery, userUpdate } from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { callerOf, requireActor, requirePermission } from '../../platform/http/guards.js';
import { envelope, messageOnly, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import { getMe } from './me.service.js';
import { mayEditUser, mayReadUser } from './users.policy.js';
import * as users from './users.service.js';

export function usersRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Users'];
  const params = common.idParams;

  r.get('/Users/me', { schema: { tags, response: { 200: envelope(me) } } }, async (req) => ({
    data: await getMe(app.deps.db, requireActor(req)),
  }));

  r.get('/Users', { schema: { tags, querystring: userListQuery, response: { 200: paged(user) } } }, async (req) => {
    requirePermission(requireActor(req), 'users_settings');
    return users.listUsersPage(app.deps, req.query);
  });

  // Someone else's record is outside the caller's scope: 404, as if it did not exist.
  r.get('/Users/:id', { schema: { tags, params, response: { 200: envelope(user) } } }, async (req) => {
    if (!mayReadUser(requireActor(req), req.params.id)) throw notFound('id');
    return { data: await users.getUser(app.deps, req.params.id) };
  });

  r.post('/Users', { schema: { tags, body: userCreate, response: { 200: envelope(user) } } }, async (req) => {
    requirePermission(requireActor(req), 'users_settings');
    const caller = callerOf(req);
    return { data: await users.createUser(app.deps, req.body, caller), message: successMessage('saved', caller.lang) };
  });

  // The spec spells it with a trailing slash; both spellings are served.
  for (const [url, hide] of [
    ['/Users/:id/', false],
    ['/Users/:id', true],
  ] as const) {
    r.put(url, { schema: { tags, hide, params, body: userUpdate, response: { 200: envelope(user) } } }, async (req) => {
      const caller = actorCallerOf(req);
      if (!mayEditUser(caller.actor, req.params.id)) throw forbidden();
      const data = await users.updateUser(app.deps, req.params.id, req.body, caller);
      // Someone who has just switched their own language is answered in the new one.
      return { data, message: successMessage('saved', data.id === caller.actor.userId ? data.language : caller.lang) };
    });
  }

  r.delete('/Users/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const caller = actorCallerOf(req);
    requirePermission(caller.actor, 'users_settings');
    if (req.params.id === caller.actor.userId) throw badRequest('cannot_delete_self', 'id');
    await users.deleteUser(app.deps, req.params.id, caller);
    return { message: successMessage('deleted', caller.lang) };
  });

  r.post(
    '/Users/:id/ChangePassword',
    { schema: { tags, params, body: changePasswordRequest, response: { 200: messageOnly } } },
    async (req) => {
      const caller = actorCallerOf(req);
      if (req.params.id !== caller.actor.userId) throw forbidden();
      await users.changeOwnPassword(app.deps, req.body, caller);
      return { message: successMessage('password_changed', caller.lang) };
    },
  );
}
