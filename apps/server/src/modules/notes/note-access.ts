import { canAnswerNote, canCloseNote, canCommentNote, canEditForm, type NoteStatus, type NoteType } from '@edc/domain';
import type { Actor } from '../../platform/http/actor.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { assertSeesSubject } from '../subjects/subjects.policy.js';
import { noteActorOf, noteTypesSeenBy } from './note-actor.js';

/**
 * Who sees and acts on a note (docs/queries-and-validation.md, "Who may do what"): a note is read by whoever
 * reads its subject (another centre's note answers 404, as data entry does) among the note types the caller
 * sees (a monitor reading a QA note: 404); the rules of packages/domain notes/note-rules.ts decide the rest.
 */

interface Scoped {
  researchId: string;
  researchOrganisationId: string;
  type: string;
}

/** 403 for callers with no subject view, 404 (naming `path`) outside their scope or for a type they do not see. */
export function assertSeesNote(caller: ActorCaller, note: Scoped, path: string): void {
  assertSeesSubject(caller.actor, { researchId: note.researchId, researchOrganisationId: note.researchOrganisationId }, path);
  if (!noteTypesSeenBy(caller.actor).includes(note.type as NoteType)) throw notFound(path);
}

/**
 * The form's writers (spec section 4: "site users whose role can edit the form"): site and test-site
 * employees of the subject's centre with `subjects_edit` whose role is in the form's employeeTypesList.
 * Unlike data entry (mayEnter) a signed visit does not matter: a comment or an answer is not data; an
 * answer that changes the value is refused there by the value's own rules.
 */
export function isFormWriter(
  actor: Actor,
  subject: { researchOrganisationId: string },
  form: { employeeTypesList: readonly string[] },
): boolean {
  if (!actor.permissions.has('subjects_edit')) return false;
  if (actor.employee?.researchOrganisationId !== subject.researchOrganisationId) return false;
  return canEditForm(noteActorOf(actor), form);
}

/** Writes on notes are made in the caller's own research (an Admin-role user reading another research does not raise queries there). */
export function assertInResearch(actor: Actor, researchId: string): void {
  if (actor.employee?.researchId !== researchId) throw forbidden();
}

/** What the caller may do with a note now (the reply's canAnswer, canComment, canClose). */
export function abilitiesOf(actor: Actor, note: { type: string; status: string; researchId: string }, formWriter: boolean) {
  const a = noteActorOf(actor);
  const n = { type: note.type as NoteType, status: note.status as NoteStatus };
  const inResearch = actor.employee?.researchId === note.researchId;
  return {
    canAnswer: inResearch && canAnswerNote(a, n, formWriter),
    canComment: inResearch && canCommentNote(a, n),
    canClose: inResearch && canCloseNote(a, n),
  };
}
