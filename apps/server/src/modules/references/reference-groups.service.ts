import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ReferenceField,
  ReferenceGroupDetail,
  referenceGroupCreate,
  referenceGroupsQuery,
  referenceGroupUpdate,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { organisationReferenceGroups, referenceGroups } from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { findCentre } from '../centres/centres.queries.js';
import { centreGroupToChange, centreReferences as kind } from './centre-reference-kind.js';
import { organisationReferences } from './organisation-reference-kind.js';
import { copyOfRange, type RangeRow } from './reference-common.js';
import * as groups from './reference-group-store.js';
import { insertRanges, liveRangeRows } from './reference-range-store.js';
import { mayEditCentreReferences, mayReadCentreReferences } from './references.policy.js';

/**
 * A centre's reference groups: the shared rules of reference-group-store, plus what only a centre does —
 * start a group from one of its organisation's groups, and copy a group to another centre of the research.
 */

/** GET /ReferenceGroups?researchOrganisationId=: a centre's groups by start date, newest first. */
export async function listGroupsPage(deps: Deps, q: z.infer<typeof referenceGroupsQuery>, caller: ActorCaller) {
  const { db } = deps;
  const centre = await findCentre(db, q.researchOrganisationId);
  if (!centre) throw notFound('researchOrganisationId');
  if (!(await mayReadCentreReferences(db, caller.actor, centre))) throw forbidden();
  return groups.groupsPage(kind, db, centre.id, q);
}

export const getGroup = (deps: Deps, id: string, caller: ActorCaller): Promise<ReferenceGroupDetail> =>
  groups.getGroup(kind, deps.db, id, caller);

/** GET /ReferenceGroups/{id}/ByFormType: the fields of the group's form type a range may be set for. */
export const groupFields = (deps: Deps, id: string, caller: ActorCaller): Promise<ReferenceField[]> =>
  groups.groupFields(kind, deps.db, id, caller);

/** The live ranges of the organisation group a centre's group starts from: of the centre's organisation and form type. */
async function organisationGroupRanges(
  tx: Db,
  organisationGroupId: string,
  centre: { organisationId: string },
  formTypeId: string,
): Promise<RangeRow[]> {
  const [og] = await tx
    .select()
    .from(organisationReferenceGroups)
    .where(and(eq(organisationReferenceGroups.id, organisationGroupId), isNull(organisationReferenceGroups.deletedAt)));
  if (!og) throw notFound('organisationReferenceGroupId');
  if (og.organisationId !== centre.organisationId) {
    throw badRequest('foreign_organisation', 'organisationReferenceGroupId', { field: 'organisationReferenceGroupId' });
  }
  if (og.formTypeId !== formTypeId)
    throw badRequest('form_type_mismatch', 'formTypeId', { field: 'organisationReferenceGroupId' });
  return liveRangeRows(organisationReferences, tx, og.id);
}

/**
 * POST /ReferenceGroups: form type and start date required, the end optional and not before the start,
 * no overlap with the centre's other groups of the form type. Started from an organisation group (of the
 * centre's organisation and the same form type), the new group gets copies of its ranges.
 */
export async function createGroup(
  deps: Deps,
  input: z.infer<typeof referenceGroupCreate>,
  caller: ActorCaller,
): Promise<ReferenceGroupDetail> {
  return deps.db.transaction(async (tx) => {
    const centre = await findCentre(tx, input.researchOrganisationId);
    if (!centre) throw notFound('researchOrganisationId');
    if (!mayEditCentreReferences(caller.actor, centre.researchId)) throw forbidden();
    const period = await groups.checkedNewPeriod(tx, input);
    const source = input.organisationReferenceGroupId
      ? await organisationGroupRanges(tx, input.organisationReferenceGroupId, centre, input.formTypeId)
      : [];
    await groups.assertPeriodFree(kind, tx, centre.id, input.formTypeId, period);
    const [row] = await tx
      .insert(referenceGroups)
      .values({
        researchOrganisationId: centre.id,
        formTypeId: input.formTypeId,
        ...period,
        organisationReferenceGroupId: input.organisationReferenceGroupId ?? null,
      })
      .returning();
    await groups.auditGroup(kind, tx, caller, centre, 'create', { id: row!.id, after: row! });
    const reason = `copied from organisation reference group ${input.organisationReferenceGroupId}`;
    await insertRanges(kind, tx, caller, centre, row!.id, source.map(copyOfRange), reason);
    return groups.groupDetail(kind, tx, row!.id);
  });
}

/** PUT /ReferenceGroups/{id}: period and form type of an unlocked group; the form type only while it has no ranges. */
export const updateGroup = (
  deps: Deps,
  id: string,
  input: z.infer<typeof referenceGroupUpdate>,
  caller: ActorCaller,
): Promise<ReferenceGroupDetail> => groups.updateGroup(kind, deps.db, id, input, caller);

/** DELETE /ReferenceGroups/{id}: only an unlocked group; its ranges go with it, each audited. */
export const deleteGroup = (deps: Deps, id: string, caller: ActorCaller): Promise<void> =>
  groups.deleteGroup(kind, deps.db, id, caller);

/** PUT /ReferenceGroups/{id}/ToggleLock: locks (validates) or unlocks a group. */
export const toggleGroupLock = (deps: Deps, id: string, caller: ActorCaller): Promise<ReferenceGroupDetail> =>
  groups.toggleGroupLock(kind, deps.db, id, caller);

/**
 * PUT /ReferenceGroups/{id}/CopyTo/{researchOrganisationId}: a new, unlocked group with copies of the
 * ranges at another centre of the same research (a locked group may be copied). The period must be free
 * at the target, so copying to the group's own centre is refused as an overlap.
 */
export async function copyGroupTo(deps: Deps, id: string, targetId: string, caller: ActorCaller): Promise<ReferenceGroupDetail> {
  return deps.db.transaction(async (tx) => {
    const { centre, group: source } = await centreGroupToChange(tx, id, caller);
    const target = await findCentre(tx, targetId);
    if (!target) throw notFound('researchOrganisationId');
    if (target.researchId !== centre.researchId) {
      throw badRequest('foreign_research', 'researchOrganisationId', { field: 'researchOrganisationId' });
    }
    const period = { dateFrom: source.dateFrom, dateTo: source.dateTo };
    await groups.assertPeriodFree(kind, tx, target.id, source.formTypeId, period, undefined, 'researchOrganisationId');
    const [row] = await tx
      .insert(referenceGroups)
      .values({
        researchOrganisationId: target.id,
        formTypeId: source.formTypeId,
        ...period,
        organisationReferenceGroupId:
          target.organisationId === centre.organisationId ? source.organisationReferenceGroupId : null,
      })
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'reference_group.copy',
      entityType: 'reference_group',
      entityId: row!.id,
      researchId: target.researchId,
      after: { ...groups.auditedGroupOf(kind, row!), copiedFrom: source.id },
    });
    const ranges = await liveRangeRows(kind, tx, source.id);
    await insertRanges(kind, tx, caller, target, row!.id, ranges.map(copyOfRange), `copied from reference group ${source.id}`);
    return groups.groupDetail(kind, tx, row!.id);
  });
}
