import type { ItemNoteReply, NoteStatus, NoteType } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import type { Actor } from '../../platform/http/actor.js';
import { abilitiesOf } from './note-access.js';
import { entriesOf, namesOf, type NoteRow } from './notes.repo.js';

/**
 * Notes in the API's shape (ItemNoteReply) with their entries and what the caller may do with each, in
 * two queries whatever their number (the entries, the creators' names). `formWriter` tells whether the
 * caller writes the note's form (the answer's precondition).
 */
export async function noteReplies(
  db: Db,
  notes: readonly NoteRow[],
  actor: Actor,
  formWriter: (note: NoteRow) => boolean,
): Promise<ItemNoteReply[]> {
  const entries = await entriesOf(
    db,
    notes.map((n) => n.id),
  );
  const names = await namesOf(
    db,
    notes.map((n) => n.createdBy),
  );
  return notes.map((n) => ({
    id: n.id,
    type: n.type as NoteType,
    status: n.status as NoteStatus,
    createdAt: n.createdAt.toISOString(),
    closeAt: n.closeAt?.toISOString() ?? null,
    createdBy: { id: n.createdBy, fullName: names.get(n.createdBy ?? '') ?? '', employeeType: n.createdByEmployeeType },
    subjectFormFieldId: n.subjectFormFieldId,
    entries: entries.get(n.id) ?? [],
    ...abilitiesOf(actor, n, formWriter(n)),
  }));
}
