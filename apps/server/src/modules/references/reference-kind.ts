import type { ReferenceField } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import type {
  organisationReferenceGroups,
  organisationReferenceRanges,
  organisations,
  referenceGroups,
  referenceRanges,
  researchOrganisations,
} from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import type { RangeRow } from './reference-common.js';

/**
 * What tells an organisation's reference groups from a centre's: their tables, their owner, who may read
 * and change them, and the names the API and the audit trail give them. The rules are the same for both
 * (reference-group-store.ts, reference-range-store.ts), so each service states only its kind.
 */

/** The stored fields every group has, whoever owns it. */
export interface StoredGroup {
  id: string;
  formTypeId: string;
  dateFrom: string;
  dateTo: string | null;
  isLocked: boolean;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** A group's owner as its writes need it: its row to lock, and the research to audit them in (a centre's). */
export interface GroupOwner {
  id: string;
  researchId?: string;
}

/** The row types and reply shapes of one kind. */
export interface KindTypes {
  group: StoredGroup;
  range: RangeRow;
  /** The owner's fields of a group, in its reply and audit record. */
  owner: Record<string, string | null>;
  /** A range's reply. */
  reference: object;
}

export interface ReferenceKind<T extends KindTypes> {
  groups: typeof referenceGroups | typeof organisationReferenceGroups;
  ranges: typeof referenceRanges | typeof organisationReferenceRanges;
  /** The ranges' column naming their group. */
  rangeGroupId: typeof referenceRanges.referenceGroupId | typeof organisationReferenceRanges.organisationReferenceGroupId;
  /** The groups' column naming their owner. */
  groupOwnerId: typeof referenceGroups.researchOrganisationId | typeof organisationReferenceGroups.organisationId;
  /** The owner's id column, row-locked to serialise the owner's group writes. */
  ownerRowId: typeof researchOrganisations.id | typeof organisations.id;
  /** How the API names a range's group: in bodies, replies, error paths and range audit records. */
  groupKey: 'referenceGroupId' | 'organisationReferenceGroupId';
  /** Audit entity types (actions are `<entity>.<verb>`). */
  entity: { group: string; range: string };
  ownerFields(g: T['group']): T['owner'];
  /** The group of a stored range (its `groupKey` column). */
  groupIdOf(r: T['range']): string;
  /** A range's reply: the common fields and its group under `groupKey`. */
  toReference(r: T['range'], field: ReferenceField): T['reference'];
  /** A live group the caller may change, row-locked until the transaction ends: 404 naming `path`, else 403. */
  groupToChange(tx: Db, id: string, caller: ActorCaller, path: string): Promise<{ group: T['group']; owner: GroupOwner }>;
  /** A live group the caller may read; outside the caller's scope it does not exist (404 naming `id`). */
  groupToRead(db: Db, id: string, caller: ActorCaller): Promise<T['group']>;
}
