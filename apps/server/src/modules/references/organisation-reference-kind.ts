import { and, eq, isNull } from 'drizzle-orm';
import type { OrganisationReference } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { organisationReferenceGroups, organisationReferenceRanges, organisations } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { rangeDto } from './reference-common.js';
import { lockGroup } from './reference-group-store.js';
import type { ReferenceKind } from './reference-kind.js';
import { mayEditOrganisationReferences, mayReadOrganisationReferences } from './references.policy.js';

/**
 * An organisation's own reference groups and ranges (a laboratory's normal ranges, say): the same rules
 * as a centre's, with the organisation as owner and no research.
 */

type GroupRow = typeof organisationReferenceGroups.$inferSelect;
type RangeRow = typeof organisationReferenceRanges.$inferSelect;

/** A live group of a live organisation. */
async function findGroup(db: Db, id: string): Promise<GroupRow | undefined> {
  const [row] = await db
    .select({ g: organisationReferenceGroups })
    .from(organisationReferenceGroups)
    .innerJoin(organisations, eq(organisations.id, organisationReferenceGroups.organisationId))
    .where(
      and(eq(organisationReferenceGroups.id, id), isNull(organisationReferenceGroups.deletedAt), isNull(organisations.deletedAt)),
    )
    .limit(1);
  return row?.g;
}

export const organisationReferences: ReferenceKind<{
  group: GroupRow;
  range: RangeRow;
  owner: { organisationId: string };
  reference: OrganisationReference;
}> = {
  groups: organisationReferenceGroups,
  ranges: organisationReferenceRanges,
  rangeGroupId: organisationReferenceRanges.organisationReferenceGroupId,
  groupOwnerId: organisationReferenceGroups.organisationId,
  ownerRowId: organisations.id,
  groupKey: 'organisationReferenceGroupId',
  entity: { group: 'organisation_reference_group', range: 'organisation_reference' },
  ownerFields: (g) => ({ organisationId: g.organisationId }),
  groupIdOf: (r) => r.organisationReferenceGroupId,
  toReference: (r, field) => ({ ...rangeDto(r, field), organisationReferenceGroupId: r.organisationReferenceGroupId }),

  async groupToChange(tx, id, caller: ActorCaller, path) {
    const found = await findGroup(tx, id);
    if (!found) throw notFound(path);
    if (!mayEditOrganisationReferences(caller.actor, found.organisationId)) throw forbidden();
    const group = await lockGroup(organisationReferences, tx, id, path);
    return { group, owner: { id: group.organisationId } };
  },

  async groupToRead(db, id, caller) {
    const found = await findGroup(db, id);
    if (!found || !(await mayReadOrganisationReferences(db, caller.actor, found.organisationId))) throw notFound('id');
    return found;
  },
};
