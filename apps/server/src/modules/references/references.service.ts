import { count } from 'drizzle-orm';
import type { z } from 'zod';
import type { Reference, referenceCreate, referencesQuery, referenceUpdate } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import { referenceRanges } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { pageOf } from '../../platform/http/paging.js';
import { centreReferences as kind, findCentreGroup } from './centre-reference-kind.js';
import * as ranges from './reference-range-store.js';
import { mayReadCentreReferences } from './references.policy.js';

/**
 * A centre's ranges: the shared rules of reference-range-store; reading them one by one or paged is the
 * centre's own (an organisation's ranges are read with their group).
 */

/** GET /References?referenceGroupId=: the ranges of a group the caller may read. */
export async function listReferencesPage(deps: Deps, q: z.infer<typeof referencesQuery>, caller: ActorCaller) {
  const { db } = deps;
  const found = await findCentreGroup(db, q.referenceGroupId);
  if (!found) throw notFound('referenceGroupId');
  if (!(await mayReadCentreReferences(db, caller.actor, found.centre))) throw forbidden();
  const [rows, [counted]] = await Promise.all([
    ranges.referencesOf(kind, db, found.group.id, q),
    db.select({ n: count() }).from(referenceRanges).where(ranges.liveRangesOf(kind, found.group.id)),
  ]);
  return pageOf(rows, counted?.n ?? 0, q);
}

/** GET /References/{id}: outside the caller's scope it does not exist (404). */
export async function getReference(deps: Deps, id: string, caller: ActorCaller): Promise<Reference> {
  const { db } = deps;
  const row = await ranges.findRange(kind, db, id);
  const found = row && (await findCentreGroup(db, row.referenceGroupId));
  if (!row || !found || !(await mayReadCentreReferences(db, caller.actor, found.centre))) throw notFound('id');
  return ranges.referenceDto(kind, db, row);
}

/** POST /References: see createRange. */
export const createReference = (deps: Deps, input: z.infer<typeof referenceCreate>, caller: ActorCaller): Promise<Reference> =>
  ranges.createRange(kind, deps.db, input.referenceGroupId, input, caller);

/** PUT /References/{id}: any of the fields; the merged range is checked as a new one would be. */
export const updateReference = (
  deps: Deps,
  id: string,
  input: z.infer<typeof referenceUpdate>,
  caller: ActorCaller,
): Promise<Reference> => ranges.updateRange(kind, deps.db, id, input, caller);

/** DELETE /References/{id}: soft delete, only in an unlocked group. */
export const deleteReference = (deps: Deps, id: string, caller: ActorCaller): Promise<void> =>
  ranges.deleteRange(kind, deps.db, id, caller);
