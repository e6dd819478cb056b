import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  common,
  companyLookupQuery,
  companyLookupReply,
  organisationFull,
  organisationCreate,
  organisationDetail,
  organisationListQuery,
  organisationShort,
  organisationShortQuery,
  organisationUpdate,
  successMessage,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { requirePermission } from '../../platform/http/guards.js';
import { envelope, messageOnly, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import * as organisations from './organisations.service.js';
import { lookupCompanies } from './company-lookup.service.js';

export function organisationsRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Organisations'];
  const params = common.idParams;

  r.get(
    '/Organisations',
    { schema: { tags, querystring: organisationListQuery, response: { 200: paged(organisationFull) } } },
    async (req) => organisations.listOrganisationsPage(app.deps, req.query, actorCallerOf(req)),
  );

  // Public: registration looks up the organisation to join. Rate limited like the Auth endpoints.
  r.get(
    '/Organisations/Short',
    {
      config: { public: true, rateLimit: { max: app.deps.config.AUTH_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: { tags, querystring: organisationShortQuery, response: { 200: envelope(z.array(organisationShort)) } },
    },
    async (req) => ({ data: await organisations.listShortNames(app.deps, req.query.search) }),
  );

  // Public too: registration creates an organisation from the same lookup. Rate limited like the Auth endpoints.
  r.get(
    '/Organisations/Lookup',
    {
      config: { public: true, rateLimit: { max: app.deps.config.AUTH_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: { tags, querystring: companyLookupQuery, response: { 200: envelope(companyLookupReply) } },
    },
    async (req) => ({ data: await lookupCompanies(app.deps, req.query.query, req.log) }),
  );

  r.get('/Organisations/:id', { schema: { tags, params, response: { 200: envelope(organisationDetail) } } }, async (req) => ({
    data: await organisations.getOrganisation(app.deps, req.params.id, actorCallerOf(req)),
  }));

  r.post(
    '/Organisations',
    { schema: { tags, body: organisationCreate, response: { 200: envelope(organisationFull) } } },
    async (req) => {
      const caller = actorCallerOf(req);
      requirePermission(caller.actor, 'organizations_settings');
      return {
        data: await organisations.createOrganisation(app.deps, req.body, caller),
        message: successMessage('saved', caller.lang),
      };
    },
  );

  // Who may edit depends on membership of this organisation: decided in the service once it is loaded.
  for (const [url, hide] of [
    ['/Organisations/:id', false],
    ['/Organisations/:id/', true],
  ] as const) {
    r.put(
      url,
      { schema: { tags, hide, params, body: organisationUpdate, response: { 200: envelope(organisationFull) } } },
      async (req) => {
        const caller = actorCallerOf(req);
        return {
          data: await organisations.updateOrganisation(app.deps, req.params.id, req.body, caller),
          message: successMessage('saved', caller.lang),
        };
      },
    );
  }

  r.delete('/Organisations/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const caller = actorCallerOf(req);
    requirePermission(caller.actor, 'organizations_settings');
    await organisations.deleteOrganisation(app.deps, req.params.id, caller);
    return { message: successMessage('deleted', caller.lang) };
  });
}
