import type { z } from 'zod';
import {
  addNoteRefusal,
  isOpenNote,
  NOTE_CLOSERS,
  noteTypeOf,
  statusAfterComment,
  initialNoteStatus,
  type ItemNoteReply,
  type NoteStatus,
  type NoteType,
  type itemNoteAdd,
  type itemNoteClose,
  type itemNoteComment,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { conflict, forbidden } from '../../platform/http/errors.js';
import { formContext, missing, type FormContext } from '../data-entry/data-entry.context.js';
import { fieldContext, lockForm } from '../data-entry/field-context.js';
import { assertInResearch, assertSeesNote, isFormWriter } from './note-access.js';
import { noteActorOf } from './note-actor.js';
import { appendEntry, insertNote } from './note-entries.js';
import { noteReplies } from './note-replies.js';
import { findNote, type NoteRecord, type NoteRow } from './notes.repo.js';

/**
 * Raising, commenting and closing notes (docs/queries-and-validation.md). Each write is one transaction
 * holding the subject form's lock (lockForm: values, sections, validations and notes of one form change
 * one at a time, so a note is never raised against a validation in flight), with the note, an entry and
 * one audit record. Order of refusals as data entry's: 403 without subject view, 404 outside the scope,
 * 403 for a caller who may not do this, 409 for the note's or the section's state.
 */

/** The reply to a write, read in the write's transaction (the caller's abilities after it). */
export const replyOf = async (tx: Db, note: NoteRow, caller: ActorCaller, ctx: FormContext): Promise<ItemNoteReply> =>
  (await noteReplies(tx, [note], caller.actor, () => isFormWriter(caller.actor, ctx.subject, ctx.form)))[0]!;

/**
 * Runs `work` on a note the caller sees, in a transaction holding its form's lock, with the note read again
 * under the lock and its form context.
 */
export async function inNote<T>(
  deps: Deps,
  id: string,
  caller: ActorCaller,
  work: (tx: Db, note: NoteRecord, ctx: FormContext) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const found = await findNote(tx, id);
    if (!found) throw missing(caller, 'id');
    assertSeesNote(caller, found, 'id');
    await lockForm(tx, found.subjectFormId);
    const note = (await findNote(tx, id))!;
    const ctx = await formContext(tx, note.subjectFormId, caller, 'id');
    return work(tx, note, ctx);
  });
}

/**
 * POST /ItemNote/AddQaItemNote, AddDmItemNote, AddKioItemNote, AddComment: `type` is the path's, which must
 * be the caller's own (noteTypeOf: 403 note_wrong_type); a site's comment needs the form's writers (403);
 * a QA note while the section is not QA-validated, a DM note while it is not DM-validated, a KIO note while
 * the form is not KIO-validated (409).
 */
export async function addNote(
  deps: Deps,
  type: NoteType,
  input: z.infer<typeof itemNoteAdd>,
  caller: ActorCaller,
): Promise<ItemNoteReply> {
  return deps.db.transaction(async (tx) => {
    // The caller's view first (404 outside it), then the form's lock, then the field as it is under the lock.
    const seen = await fieldContext(tx, input.subjectFormFieldId, caller, 'subjectFormFieldId');
    await lockForm(tx, seen.subjectForm.id);
    const ctx = await fieldContext(tx, input.subjectFormFieldId, caller, 'subjectFormFieldId');
    const a = noteActorOf(caller.actor);
    const own = noteTypeOf(a);
    if (!own) throw forbidden();
    if (own !== type) throw forbidden('note_wrong_type');
    assertInResearch(caller.actor, ctx.subject.researchId);
    if (type === 'Comment' && !isFormWriter(caller.actor, ctx.subject, ctx.form)) throw forbidden();
    const refusal = addNoteRefusal(a, { section: ctx.section, form: ctx.subjectForm });
    if (refusal) throw refusal === 'forbidden' ? forbidden() : conflict(refusal);
    const note = await insertNote(
      tx,
      caller,
      {
        researchId: ctx.subject.researchId,
        researchOrganisationId: ctx.subject.researchOrganisationId,
        subjectId: ctx.subject.id,
        subjectVisitId: ctx.visit.id,
        subjectFormId: ctx.subjectForm.id,
        subjectFormSectionId: ctx.section.id,
        subjectFormFieldId: ctx.field.id,
        visitId: ctx.visit.visitId,
        formId: ctx.form.id,
        formFieldId: ctx.formField.id,
        type,
        status: initialNoteStatus(type),
        createdBy: caller.actor.userId,
        createdByEmployeeId: caller.actor.employee?.id ?? null,
        createdByEmployeeType: caller.actor.employee?.employeeType ?? null,
      },
      input.note,
      ctx.formField.text,
    );
    return replyOf(tx, note, caller, ctx);
  });
}

/**
 * POST /ItemNote/{id}/AnswerComment: whoever raises notes and sees this one comments it while it is open
 * (403 for callers who raise no notes, 409 note_not_open); the raising side's comment on a proposed
 * resolution sends it back to the site (Updated), any other leaves the status.
 */
export function commentNote(deps: Deps, id: string, input: z.infer<typeof itemNoteComment>, caller: ActorCaller) {
  return inNote(deps, id, caller, async (tx, note, ctx) => {
    const a = noteActorOf(caller.actor);
    if (!noteTypeOf(a)) throw forbidden();
    assertInResearch(caller.actor, note.researchId);
    if (!isOpenNote(note.status)) throw conflict('note_not_open');
    const status = statusAfterComment(a, note);
    const after = await appendEntry(tx, caller, 'comment', note, { kind: 'Comment', data: input.note, status });
    return replyOf(tx, after, caller, ctx);
  });
}

/**
 * POST /ItemNote/{id}/Close: the note type's closers (NOTE_CLOSERS by organisation type; 403 otherwise),
 * while the note is open (409 note_not_open); Closed, or NotApplicable when asked, with closeAt set.
 */
export function closeNote(deps: Deps, id: string, input: z.infer<typeof itemNoteClose>, caller: ActorCaller) {
  return inNote(deps, id, caller, async (tx, note, ctx) => {
    const orgType = caller.actor.employee?.organisationType;
    if (!orgType || !NOTE_CLOSERS[note.type].includes(orgType)) throw forbidden();
    assertInResearch(caller.actor, note.researchId);
    if (!isOpenNote(note.status)) throw conflict('note_not_open');
    const status: NoteStatus = input.status ?? 'Closed';
    const after = await appendEntry(
      tx,
      caller,
      'close',
      note,
      { kind: 'Close', data: input.note?.trim() || null, status },
      { close: true },
    );
    return replyOf(tx, after, caller, ctx);
  });
}
