import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  canAnswerNote,
  canAnswerWithData,
  isOpenNote,
  type ItemDataSaved,
  type ItemNoteAnswered,
  type itemNoteAnswer,
  type NoteStatus,
} from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { itemNotes } from '../../platform/db/schema/index.js';
import type { Deps } from '../../platform/deps.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict, forbidden } from '../../platform/http/errors.js';
import { saveValueIn } from '../data-entry/item-data.service.js';
import { revertValidationForChange } from '../data-entry/validation.service.js';
import { assertInResearch, isFormWriter } from './note-access.js';
import { noteActorOf } from './note-actor.js';
import { appendEntry } from './note-entries.js';
import { inNote, replyOf } from './note-writes.service.js';

const noteRowOf = async (tx: Db, id: string) => (await tx.select().from(itemNotes).where(eq(itemNotes.id, id)))[0]!;

/**
 * POST /ItemNote/{id}/Answer (spec section 4): the site users who write the note's form (403 otherwise)
 * answer a query while it is New or Updated (409 note_not_answerable); the note becomes ResolutionProposed.
 * With `itemData` the field's value changes in the same transaction, as POST /ItemData/WithReason would
 * change it (its rules, its audit record, its 409 on a stale value), and the answer's entry names the
 * value; not for a file field (400 note_answer_file_field). In a QA- or DM-validated section the change
 * reverts the validation first (validation.service.ts; 409 form_kio_validated once the monitor validated
 * the form), where a plain change is refused.
 */
export function answerNote(
  deps: Deps,
  id: string,
  input: z.infer<typeof itemNoteAnswer>,
  caller: ActorCaller,
): Promise<ItemNoteAnswered> {
  return inNote(deps, id, caller, async (tx, note, ctx) => {
    const writer = isFormWriter(caller.actor, ctx.subject, ctx.form);
    if (!writer) throw forbidden();
    assertInResearch(caller.actor, note.researchId);
    if (!canAnswerNote(noteActorOf(caller.actor), note, writer)) throw conflict('note_not_answerable');
    let itemData: ItemDataSaved | null = null;
    if (input.itemData) {
      if (!canAnswerWithData(note.fieldType)) throw badRequest('note_answer_file_field', 'itemData');
      itemData = await saveValueIn(tx, caller, 'change', {
        ...input.itemData,
        subjectFormFieldId: note.subjectFormFieldId,
        answering: true,
      });
      // A value that really changed reverts the section's QA/DM validation (the same value again changes nothing).
      if (itemData.itemData.id !== input.itemData.currentItemDataId) {
        await revertValidationForChange(tx, caller, ctx, note.subjectFormSectionId, input.itemData.reasonForChange);
      }
    }
    // The value may have closed the note itself (an Auto note whose rule no longer holds, docs/rules.md):
    // the answer is recorded, and the note stays closed.
    const fresh = itemData ? await noteRowOf(tx, note.id) : note;
    const after = await appendEntry(
      tx,
      caller,
      'answer',
      { ...note, ...fresh },
      {
        kind: 'Answer',
        data: input.note,
        status: isOpenNote(fresh.status as NoteStatus) ? 'ResolutionProposed' : (fresh.status as NoteStatus),
        itemDataId: itemData?.itemData.id ?? null,
      },
    );
    return { itemNote: await replyOf(tx, after, caller, ctx), itemData };
  });
}
