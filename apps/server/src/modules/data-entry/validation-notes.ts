import { and, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_NOTE_STATUSES } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { itemNotes } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { noteTypesSeenBy } from '../notes/note-actor.js';

/**
 * The open queries that stop a validation (domain validation.ts `openNotes`): notes New, Updated or
 * ResolutionProposed of a form, or of one of its sections, among the types the caller sees (monitors see
 * KIO notes only) — a site's Comment asks for no answer, so it never blocks. One lookup on
 * item_notes_subject_form_idx.
 */
export async function openNotesCount(
  tx: Db,
  caller: ActorCaller,
  where: { subjectFormId: string; subjectFormSectionId?: string },
): Promise<number> {
  const types = noteTypesSeenBy(caller.actor).filter((t) => t !== 'Comment');
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(itemNotes)
    .where(
      and(
        eq(itemNotes.subjectFormId, where.subjectFormId),
        where.subjectFormSectionId ? eq(itemNotes.subjectFormSectionId, where.subjectFormSectionId) : undefined,
        inArray(itemNotes.type, [...types]),
        inArray(itemNotes.status, [...OPEN_NOTE_STATUSES]),
      ),
    );
  return Number(row?.n ?? 0);
}
