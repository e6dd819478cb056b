import { visibleNoteTypes, type EmployeeType, type NoteActor, type NoteType } from '@edc/domain';
import type { Actor } from '../../platform/http/actor.js';

/** The caller as the note rules see it (packages/domain notes/note-rules.ts): its centre's type and its role. */
export const noteActorOf = (actor: Actor): NoteActor => ({
  organisationType: actor.employee?.organisationType ?? null,
  employeeType: (actor.employee?.employeeType ?? null) as EmployeeType | null,
});

/** The note types the caller sees (monitors only KIO notes). */
export const noteTypesSeenBy = (actor: Actor): readonly NoteType[] => visibleNoteTypes(noteActorOf(actor));
