import type { FastifyInstance } from 'fastify';
import {
  common,
  organisationUser,
  organisationUserCreate,
  organisationUsersQuery,
  organisationUserUpdate,
  successMessage,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { envelope, messageOnly, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import * as members from './organisation-users.service.js';

/** Memberships of organisations. Who may act depends on the membership's organisation, so the services decide. */
export function organisationUsersRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['OrganisationUsers'];
  const params = common.idParams;
  const reply = { 200: envelope(organisationUser) };

  r.get(
    '/OrganisationUsers',
    { schema: { tags, querystring: organisationUsersQuery, response: { 200: paged(organisationUser) } } },
    async (req) => members.listMembersPage(app.deps, req.query, actorCallerOf(req)),
  );

  r.post('/OrganisationUsers', { schema: { tags, body: organisationUserCreate, response: reply } }, async (req) => {
    const caller = actorCallerOf(req);
    return { data: await members.addMember(app.deps, req.body, caller), message: successMessage('saved', caller.lang) };
  });

  for (const [url, hide] of [
    ['/OrganisationUsers/:id', false],
    ['/OrganisationUsers/:id/', true],
  ] as const) {
    r.put(url, { schema: { tags, hide, params, body: organisationUserUpdate, response: reply } }, async (req) => {
      const caller = actorCallerOf(req);
      return {
        data: await members.changeMemberRole(app.deps, req.params.id, req.body.userRoleString, caller),
        message: successMessage('saved', caller.lang),
      };
    });
  }

  r.put('/OrganisationUsers/:id/Verify', { schema: { tags, params, response: reply } }, async (req) => {
    const caller = actorCallerOf(req);
    return { data: await members.verifyMember(app.deps, req.params.id, caller), message: successMessage('saved', caller.lang) };
  });

  r.delete('/OrganisationUsers/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const caller = actorCallerOf(req);
    await members.removeMember(app.deps, req.params.id, caller);
    return { message: successMessage('deleted', caller.lang) };
  });

  r.post('/OrganisationUsers/:id/SetCurrent', { schema: { tags, params, response: reply } }, async (req) => {
    const caller = actorCallerOf(req);
    return { data: await members.setCurrentMembership(app.deps, req.params.id, caller) };
  });
}
