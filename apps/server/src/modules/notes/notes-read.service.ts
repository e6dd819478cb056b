import type { ItemNoteReply } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { formContext, missing } from '../data-entry/data-entry.context.js';
import { fieldContext } from '../data-entry/field-context.js';
import { assertSeesNote, isFormWriter } from './note-access.js';
import { noteTypesSeenBy } from './note-actor.js';
import { noteReplies } from './note-replies.js';
import { findNote, notesOfField } from './notes.repo.js';

/** GET /ItemNote/{id}: a note the caller sees (404 another centre's, or a type it does not see), with its entries. */
export async function getNote(deps: Deps, id: string, caller: ActorCaller): Promise<ItemNoteReply> {
  const note = await findNote(deps.db, id);
  if (!note) throw missing(caller, 'id');
  assertSeesNote(caller, note, 'id');
  const ctx = await formContext(deps.db, note.subjectFormId, caller, 'id');
  const [reply] = await noteReplies(deps.db, [note], caller.actor, () => isFormWriter(caller.actor, ctx.subject, ctx.form));
  return reply!;
}

/** GET /ItemNote/History?subjectFormFieldId=: the notes of a field the caller reads, of the types it sees, newest first. */
export async function noteHistory(deps: Deps, subjectFormFieldId: string, caller: ActorCaller): Promise<ItemNoteReply[]> {
  const ctx = await fieldContext(deps.db, subjectFormFieldId, caller, 'subjectFormFieldId');
  const notes = await notesOfField(deps.db, ctx.field.id, noteTypesSeenBy(caller.actor));
  const writer = isFormWriter(caller.actor, ctx.subject, ctx.form);
  return noteReplies(deps.db, notes, caller.actor, () => writer);
}
