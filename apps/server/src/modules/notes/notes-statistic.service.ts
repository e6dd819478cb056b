import { count } from 'drizzle-orm';
import type { ItemNoteStatistic, NoteStatus } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import { itemNotes } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { noteTypesSeenBy } from './note-actor.js';
import { noteScopeOf, notesWhere } from './notes-filter.js';

const COUNT_OF: Record<NoteStatus, keyof Omit<ItemNoteStatistic[number], 'type'>> = {
  New: 'newCount',
  Updated: 'updatedCount',
  ResolutionProposed: 'resolutionProposedCount',
  Closed: 'closedCount',
  NotApplicable: 'notApplicableCount',
};

/**
 * GET /Statistic/ItemNoteStatistic/{researchId} (the research statistic's Records tab): per note type the
 * caller sees, how many notes are in each status, scoped as the queries page is (site users their centre;
 * 403 for another research, as the other statistics). One grouped query.
 */
export async function noteStatistic(deps: Deps, researchId: string, caller: ActorCaller): Promise<ItemNoteStatistic> {
  const scope = await noteScopeOf(deps.db, caller.actor, { researchId });
  const rows = await deps.db
    .select({ type: itemNotes.type, status: itemNotes.status, n: count() })
    .from(itemNotes)
    .where(await notesWhere(deps.db, scope, {}, caller.actor))
    .groupBy(itemNotes.type, itemNotes.status);
  return noteTypesSeenBy(caller.actor).map((type) => {
    const line = { type, newCount: 0, updatedCount: 0, resolutionProposedCount: 0, closedCount: 0, notApplicableCount: 0 };
    for (const r of rows) if (r.type === type) line[COUNT_OF[r.status as NoteStatus]] += Number(r.n);
    return line;
  });
}
