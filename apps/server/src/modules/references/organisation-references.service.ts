import type { z } from 'zod';
import type {
  OrganisationReference,
  OrganisationReferenceGroupDetail,
  ReferenceField,
  organisationReferenceCreate,
  organisationReferenceGroupCreate,
  organisationReferenceGroupsQuery,
  referenceGroupUpdate,
  referenceUpdate,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import { organisationReferenceGroups } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { findOrganisation } from '../organisations/organisations.repo.js';
import { organisationReferences as kind } from './organisation-reference-kind.js';
import * as groups from './reference-group-store.js';
import * as ranges from './reference-range-store.js';
import { mayEditOrganisationReferences, mayReadOrganisationReferences } from './references.policy.js';

/**
 * An organisation's own reference groups and ranges: the shared rules of reference-group-store and
 * reference-range-store; only finding the organisation and creating a group are its own.
 */

/** GET /OrganisationReferenceGroups?organisationId=: by start date, newest first. */
export async function listOrganisationGroupsPage(
  deps: Deps,
  q: z.infer<typeof organisationReferenceGroupsQuery>,
  caller: ActorCaller,
) {
  const { db } = deps;
  if (!(await findOrganisation(db, q.organisationId))) throw notFound('organisationId');
  if (!(await mayReadOrganisationReferences(db, caller.actor, q.organisationId))) throw forbidden();
  return groups.groupsPage(kind, db, q.organisationId, q);
}

export const getOrganisationGroup = (deps: Deps, id: string, caller: ActorCaller): Promise<OrganisationReferenceGroupDetail> =>
  groups.getGroup(kind, deps.db, id, caller);

export const organisationGroupFields = (deps: Deps, id: string, caller: ActorCaller): Promise<ReferenceField[]> =>
  groups.groupFields(kind, deps.db, id, caller);

export async function createOrganisationGroup(
  deps: Deps,
  input: z.infer<typeof organisationReferenceGroupCreate>,
  caller: ActorCaller,
): Promise<OrganisationReferenceGroupDetail> {
  return deps.db.transaction(async (tx) => {
    if (!(await findOrganisation(tx, input.organisationId))) throw notFound('organisationId');
    if (!mayEditOrganisationReferences(caller.actor, input.organisationId)) throw forbidden();
    const period = await groups.checkedNewPeriod(tx, input);
    await groups.assertPeriodFree(kind, tx, input.organisationId, input.formTypeId, period);
    const [row] = await tx
      .insert(organisationReferenceGroups)
      .values({ organisationId: input.organisationId, formTypeId: input.formTypeId, ...period })
      .returning();
    await groups.auditGroup(kind, tx, caller, { id: input.organisationId }, 'create', { id: row!.id, after: row! });
    return groups.groupDetail(kind, tx, row!.id);
  });
}

export const updateOrganisationGroup = (
  deps: Deps,
  id: string,
  input: z.infer<typeof referenceGroupUpdate>,
  caller: ActorCaller,
): Promise<OrganisationReferenceGroupDetail> => groups.updateGroup(kind, deps.db, id, input, caller);

export const deleteOrganisationGroup = (deps: Deps, id: string, caller: ActorCaller): Promise<void> =>
  groups.deleteGroup(kind, deps.db, id, caller);

export const toggleOrganisationGroupLock = (
  deps: Deps,
  id: string,
  caller: ActorCaller,
): Promise<OrganisationReferenceGroupDetail> => groups.toggleGroupLock(kind, deps.db, id, caller);

// ------------------------------------------------------------------------------------------- ranges

export const createOrganisationReference = (
  deps: Deps,
  input: z.infer<typeof organisationReferenceCreate>,
  caller: ActorCaller,
): Promise<OrganisationReference> => ranges.createRange(kind, deps.db, input.organisationReferenceGroupId, input, caller);

export const updateOrganisationReference = (
  deps: Deps,
  id: string,
  input: z.infer<typeof referenceUpdate>,
  caller: ActorCaller,
): Promise<OrganisationReference> => ranges.updateRange(kind, deps.db, id, input, caller);

export const deleteOrganisationReference = (deps: Deps, id: string, caller: ActorCaller): Promise<void> =>
  ranges.deleteRange(kind, deps.db, id, caller);
