import { and, eq, isNull } from 'drizzle-orm';
import type { Reference } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { referenceGroups, referenceRanges, researchOrganisations } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { findCentre, type CentreRow } from '../centres/centres.queries.js';
import { rangeDto } from './reference-common.js';
import { lockGroup } from './reference-group-store.js';
import type { ReferenceKind } from './reference-kind.js';
import { mayEditCentreReferences, mayReadCentreReferences } from './references.policy.js';

/**
 * A centre's reference groups and ranges: the ones its subjects' values are checked against. Owned by the
 * centre, changed by references_edit in its research and audited there; a group may have been started
 * from one of the organisation's groups (`organisationReferenceGroupId`).
 */

export type CentreGroupRow = typeof referenceGroups.$inferSelect;
type RangeRow = typeof referenceRanges.$inferSelect;

/** A live group of a live centre, with the centre. */
export async function findCentreGroup(db: Db, id: string): Promise<{ group: CentreGroupRow; centre: CentreRow } | undefined> {
  const [group] = await db
    .select()
    .from(referenceGroups)
    .where(and(eq(referenceGroups.id, id), isNull(referenceGroups.deletedAt)))
    .limit(1);
  const centre = group && (await findCentre(db, group.researchOrganisationId));
  return group && centre ? { group, centre } : undefined;
}

/** Loads a group to change: 404 unknown, 403 without references_edit in its research; row-locked. */
export async function centreGroupToChange(tx: Db, id: string, caller: ActorCaller, path = 'id') {
  const found = await findCentreGroup(tx, id);
  if (!found) throw notFound(path);
  if (!mayEditCentreReferences(caller.actor, found.centre.researchId)) throw forbidden();
  return { centre: found.centre, group: await lockGroup(centreReferences, tx, id, path) };
}

export const centreReferences: ReferenceKind<{
  group: CentreGroupRow;
  range: RangeRow;
  owner: { researchOrganisationId: string; organisationReferenceGroupId: string | null };
  reference: Reference;
}> = {
  groups: referenceGroups,
  ranges: referenceRanges,
  rangeGroupId: referenceRanges.referenceGroupId,
  groupOwnerId: referenceGroups.researchOrganisationId,
  ownerRowId: researchOrganisations.id,
  groupKey: 'referenceGroupId',
  entity: { group: 'reference_group', range: 'reference' },
  ownerFields: (g) => ({
    researchOrganisationId: g.researchOrganisationId,
    organisationReferenceGroupId: g.organisationReferenceGroupId,
  }),
  groupIdOf: (r) => r.referenceGroupId,
  toReference: (r, field) => ({ ...rangeDto(r, field), referenceGroupId: r.referenceGroupId }),

  async groupToChange(tx, id, caller, path) {
    const { centre, group } = await centreGroupToChange(tx, id, caller, path);
    return { group, owner: centre };
  },

  async groupToRead(db, id, caller) {
    const found = await findCentreGroup(db, id);
    if (!found || !(await mayReadCentreReferences(db, caller.actor, found.centre))) throw notFound('id');
    return found.group;
  },
};
