import type { EmployeeType, OrganisationType } from '../enums.js';

/**
 * Notes (queries) on subject form fields (spec operations sections 3, 4 and 6; docs/queries-and-validation.md).
 * The pure rules shared by the server (which enforces them) and the browser (which offers only what they allow).
 */

export const NOTE_TYPES = ['Comment', 'QaNote', 'DmNote', 'KioNote', 'Auto'] as const;
export type NoteType = (typeof NOTE_TYPES)[number];

/** In the spec's order, which is also the priority of the indicator (New first). */
export const NOTE_STATUSES = ['New', 'Updated', 'ResolutionProposed', 'Closed', 'NotApplicable'] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];
/** The statuses of a note that still waits for someone. */
export const OPEN_NOTE_STATUSES: readonly NoteStatus[] = ['New', 'Updated', 'ResolutionProposed'];
export const isOpenNote = (s: NoteStatus): boolean => OPEN_NOTE_STATUSES.includes(s);

export const NOTE_STATUS_COLOURS: Record<NoteStatus, 'red' | 'orange' | 'green' | 'blue' | 'grey'> = {
  New: 'red',
  Updated: 'orange',
  ResolutionProposed: 'green',
  Closed: 'blue',
  NotApplicable: 'grey',
};

/** What an entry of a note is: the note raised, an answer of the site, a comment, the closing. */
export const NOTE_ENTRY_KINDS = ['Note', 'Answer', 'Comment', 'Close'] as const;
export type NoteEntryKind = (typeof NOTE_ENTRY_KINDS)[number];

/** The answer suggestions of the answer dialog (spec section 5). */
export const NOTE_ANSWER_SUGGESTIONS = ['Значение верно', 'Значение отредактировано', 'Добавлены данные'] as const;

export interface NoteActor {
  organisationType: OrganisationType | null;
  employeeType: EmployeeType | null;
}

/** Who may close each note type: the caller's organisation type is in the list (spec section 4). */
export const NOTE_CLOSERS: Record<NoteType, readonly OrganisationType[]> = {
  QaNote: ['Qa'],
  DmNote: ['Qa'],
  Auto: ['Site', 'TestSite', 'Qa', 'Kio'],
  KioNote: ['Kio'],
  Comment: [],
};

const isSite = (a: NoteActor) => a.organisationType === 'Site' || a.organisationType === 'TestSite';
const isDataManager = (a: NoteActor) => a.organisationType === 'Qa' && a.employeeType === 'DataManager';

/**
 * The type of note the caller raises (spec section 6): QA staff a QaNote, data managers a DmNote, monitors a
 * KioNote, site staff a Comment (a remark that needs no answer); nobody else raises notes.
 */
export function noteTypeOf(a: NoteActor): NoteType | null {
  if (a.organisationType === 'Qa') return isDataManager(a) ? 'DmNote' : 'QaNote';
  if (a.organisationType === 'Kio') return 'KioNote';
  if (isSite(a)) return 'Comment';
  return null;
}

/** The note types a caller sees: monitors see only their own type (spec section 6), everyone else all. */
export function visibleNoteTypes(a: NoteActor): readonly NoteType[] {
  return a.organisationType === 'Kio' ? ['KioNote'] : NOTE_TYPES;
}

/** Where a note is raised: the validation state it depends on. */
export interface NoteTarget {
  section: { qaValidate: boolean; dmValidate: boolean };
  form: { kioValidate: boolean };
}

export type NoteRefusal = 'forbidden' | 'section_qa_validated' | 'section_dm_validated' | 'form_kio_validated';

/**
 * Whether the caller may raise a note here, or why not: a QA note while the section is not QA-validated, a
 * DM note while it is not DM-validated, a KIO note while the form is not KIO-validated; a site's comment
 * needs the form's writers (checked by the server with the form's roles).
 */
export function addNoteRefusal(a: NoteActor, t: NoteTarget): NoteRefusal | null {
  const type = noteTypeOf(a);
  if (!type) return 'forbidden';
  if (type === 'QaNote' && t.section.qaValidate) return 'section_qa_validated';
  if (type === 'DmNote' && t.section.dmValidate) return 'section_dm_validated';
  if (type === 'KioNote' && t.form.kioValidate) return 'form_kio_validated';
  return null;
}

/** Closing: the caller's organisation type is among the type's closers and the note is still open. */
export function canCloseNote(a: NoteActor, note: { type: NoteType; status: NoteStatus }): boolean {
  return !!a.organisationType && NOTE_CLOSERS[note.type].includes(a.organisationType) && isOpenNote(note.status);
}

/** Notes a site answers: the queries (not its own comments), while New or Updated. */
export function isAnswerable(note: { type: NoteType; status: NoteStatus }): boolean {
  return note.type !== 'Comment' && (note.status === 'New' || note.status === 'Updated');
}

/**
 * Answering (spec section 4): site users whose role may edit the form (`mayEditForm`), while the note is
 * neither ResolutionProposed, Closed nor NotApplicable.
 */
export function canAnswerNote(a: NoteActor, note: { type: NoteType; status: NoteStatus }, mayEditForm: boolean): boolean {
  return isSite(a) && mayEditForm && isAnswerable(note);
}

/**
 * An answer with a data change is not possible for file fields (spec section 4), nor for calculated fields,
 * whose values come from their rules (docs/rules.md).
 */
export const canAnswerWithData = (fieldType: string): boolean => fieldType !== 'File' && fieldType !== 'Calculated';

/**
 * The status after a comment (AnswerComment): the raising side's comment on a proposed resolution sends the
 * query back to the site (Updated); any other comment leaves the status as it is.
 */
export function statusAfterComment(a: NoteActor, note: { type: NoteType; status: NoteStatus }): NoteStatus {
  if (note.status !== 'ResolutionProposed') return note.status;
  return a.organisationType && NOTE_CLOSERS[note.type].includes(a.organisationType) && !isSite(a) ? 'Updated' : note.status;
}

/** Who may comment: whoever may raise notes and sees the note, while it is open. */
export function canCommentNote(a: NoteActor, note: { type: NoteType; status: NoteStatus }): boolean {
  return noteTypeOf(a) !== null && visibleNoteTypes(a).includes(note.type) && isOpenNote(note.status);
}

/** The status a site's comment note starts with: a remark needs no answer, so it is never open. */
export const initialNoteStatus = (type: NoteType): NoteStatus => (type === 'Comment' ? 'NotApplicable' : 'New');

/** The most urgent status among notes (the indicator on a field, section, form or visit); null when none. */
export function topNoteStatus(statuses: Iterable<NoteStatus>): NoteStatus | null {
  let best: number | null = null;
  for (const s of statuses) {
    const i = NOTE_STATUSES.indexOf(s);
    if (best === null || i < best) best = i;
  }
  return best === null ? null : NOTE_STATUSES[best]!;
}

/**
 * The note's age in whole days, counted in calendar days of the caller's time zone: from creation to today
 * while open, from creation to closing once closed (spec section 4: 'Created today', 'Created N days ago',
 * 'closed after N days'). Dates are YYYY-MM-DD.
 */
export function noteAgeDays(createdDate: string, untilDate: string): number {
  const ms = Date.parse(`${untilDate}T00:00:00Z`) - Date.parse(`${createdDate}T00:00:00Z`);
  return Math.max(0, Math.round(ms / 86_400_000));
}
