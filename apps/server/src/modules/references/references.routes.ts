import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  common,
  copyToParams,
  organisationReference,
  organisationReferenceCreate,
  organisationReferenceGroup,
  organisationReferenceGroupCreate,
  organisationReferenceGroupDetail,
  organisationReferenceGroupsQuery,
  reference,
  referenceCreate,
  referenceField,
  referenceGroup,
  referenceGroupCreate,
  referenceGroupDetail,
  referenceGroupsQuery,
  referenceGroupUpdate,
  referencesQuery,
  referenceUpdate,
  successMessage,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { envelope, messageOnly, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import * as groups from './reference-groups.service.js';
import * as refs from './references.service.js';
import * as org from './organisation-references.service.js';

/**
 * Reference ranges (spec section 7): an organisation's groups and ranges, a centre's groups and ranges.
 * Who may act depends on the owner (organisation or centre's research), so the services decide.
 */
export function referencesRoutes(app: FastifyInstance) {
  const r = typed(app);
  const params = common.idParams;
  const deleted = { 200: messageOnly };
  const fieldList = { 200: envelope(z.array(referenceField)) };
  const saved = <T>(data: T, lang: 'ru' | 'en') => ({ data, message: successMessage('saved', lang) });

  // ------------------------------------------------------------------------- organisation groups
  {
    const tags = ['OrganisationReferenceGroups'];
    const one = { 200: envelope(organisationReferenceGroupDetail) };
    r.get(
      '/OrganisationReferenceGroups',
      { schema: { tags, querystring: organisationReferenceGroupsQuery, response: { 200: paged(organisationReferenceGroup) } } },
      async (req) => org.listOrganisationGroupsPage(app.deps, req.query, actorCallerOf(req)),
    );
    r.get('/OrganisationReferenceGroups/:id', { schema: { tags, params, response: one } }, async (req) => ({
      data: await org.getOrganisationGroup(app.deps, req.params.id, actorCallerOf(req)),
    }));
    r.get('/OrganisationReferenceGroups/:id/ByFormType', { schema: { tags, params, response: fieldList } }, async (req) => ({
      data: await org.organisationGroupFields(app.deps, req.params.id, actorCallerOf(req)),
    }));
    r.post(
      '/OrganisationReferenceGroups',
      { schema: { tags, body: organisationReferenceGroupCreate, response: one } },
      async (req) => {
        const c = actorCallerOf(req);
        return saved(await org.createOrganisationGroup(app.deps, req.body, c), c.lang);
      },
    );
    r.put(
      '/OrganisationReferenceGroups/:id',
      { schema: { tags, params, body: referenceGroupUpdate, response: one } },
      async (req) => {
        const c = actorCallerOf(req);
        return saved(await org.updateOrganisationGroup(app.deps, req.params.id, req.body, c), c.lang);
      },
    );
    r.put('/OrganisationReferenceGroups/:id/ToggleLock', { schema: { tags, params, response: one } }, async (req) => {
      const c = actorCallerOf(req);
      return saved(await org.toggleOrganisationGroupLock(app.deps, req.params.id, c), c.lang);
    });
    r.delete('/OrganisationReferenceGroups/:id', { schema: { tags, params, response: deleted } }, async (req) => {
      const c = actorCallerOf(req);
      await org.deleteOrganisationGroup(app.deps, req.params.id, c);
      return { message: successMessage('deleted', c.lang) };
    });
  }

  // ------------------------------------------------------------------------- organisation ranges
  {
    const tags = ['OrganisationReferences'];
    const one = { 200: envelope(organisationReference) };
    r.post('/OrganisationReferences', { schema: { tags, body: organisationReferenceCreate, response: one } }, async (req) => {
      const c = actorCallerOf(req);
      return saved(await org.createOrganisationReference(app.deps, req.body, c), c.lang);
    });
    r.put('/OrganisationReferences/:id', { schema: { tags, params, body: referenceUpdate, response: one } }, async (req) => {
      const c = actorCallerOf(req);
      return saved(await org.updateOrganisationReference(app.deps, req.params.id, req.body, c), c.lang);
    });
    r.delete('/OrganisationReferences/:id', { schema: { tags, params, response: deleted } }, async (req) => {
      const c = actorCallerOf(req);
      await org.deleteOrganisationReference(app.deps, req.params.id, c);
      return { message: successMessage('deleted', c.lang) };
    });
  }

  // ------------------------------------------------------------------------------- centre groups
  {
    const tags = ['ReferenceGroups'];
    const one = { 200: envelope(referenceGroupDetail) };
    r.get(
      '/ReferenceGroups',
      { schema: { tags, querystring: referenceGroupsQuery, response: { 200: paged(referenceGroup) } } },
      async (req) => groups.listGroupsPage(app.deps, req.query, actorCallerOf(req)),
    );
    r.get('/ReferenceGroups/:id', { schema: { tags, params, response: one } }, async (req) => ({
      data: await groups.getGroup(app.deps, req.params.id, actorCallerOf(req)),
    }));
    r.get('/ReferenceGroups/:id/ByFormType', { schema: { tags, params, response: fieldList } }, async (req) => ({
      data: await groups.groupFields(app.deps, req.params.id, actorCallerOf(req)),
    }));
    r.post('/ReferenceGroups', { schema: { tags, body: referenceGroupCreate, response: one } }, async (req) => {
      const c = actorCallerOf(req);
      return saved(await groups.createGroup(app.deps, req.body, c), c.lang);
    });
    r.put('/ReferenceGroups/:id', { schema: { tags, params, body: referenceGroupUpdate, response: one } }, async (req) => {
      const c = actorCallerOf(req);
      return saved(await groups.updateGroup(app.deps, req.params.id, req.body, c), c.lang);
    });
    r.put(
      '/ReferenceGroups/:id/CopyTo/:researchOrganisationId',
      { schema: { tags, params: copyToParams, response: one } },
      async (req) => {
        const c = actorCallerOf(req);
        return {
          data: await groups.copyGroupTo(app.deps, req.params.id, req.params.researchOrganisationId, c),
          message: successMessage('copied', c.lang),
        };
      },
    );
    r.put('/ReferenceGroups/:id/ToggleLock', { schema: { tags, params, response: one } }, async (req) => {
      const c = actorCallerOf(req);
      return saved(await groups.toggleGroupLock(app.deps, req.params.id, c), c.lang);
    });
    r.delete('/ReferenceGroups/:id', { schema: { tags, params, response: deleted } }, async (req) => {
      const c = actorCallerOf(req);
      await groups.deleteGroup(app.deps, req.params.id, c);
      return { message: successMessage('deleted', c.lang) };
    });
  }

  // ------------------------------------------------------------------------------- centre ranges
  {
    const tags = ['References'];
    const one = { 200: envelope(reference) };
    r.get('/References', { schema: { tags, querystring: referencesQuery, response: { 200: paged(reference) } } }, async (req) =>
      refs.listReferencesPage(app.deps, req.query, actorCallerOf(req)),
    );
    r.get('/References/:id', { schema: { tags, params, response: one } }, async (req) => ({
      data: await refs.getReference(app.deps, req.params.id, actorCallerOf(req)),
    }));
    r.post('/References', { schema: { tags, body: referenceCreate, response: one } }, async (req) => {
      const c = actorCallerOf(req);
      return saved(await refs.createReference(app.deps, req.body, c), c.lang);
    });
    r.put('/References/:id', { schema: { tags, params, body: referenceUpdate, response: one } }, async (req) => {
      const c = actorCallerOf(req);
      return saved(await refs.updateReference(app.deps, req.params.id, req.body, c), c.lang);
    });
    r.delete('/References/:id', { schema: { tags, params, response: deleted } }, async (req) => {
      const c = actorCallerOf(req);
      await refs.deleteReference(app.deps, req.params.id, c);
      return { message: successMessage('deleted', c.lang) };
    });
  }
}
