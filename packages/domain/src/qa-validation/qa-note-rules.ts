import type { Localised } from '../enum-labels.js';
import type { ErrorCode } from '../messages.js';

/**
 * QA validation of the study design (spec design-and-admin sections 3, 4 and 6; docs/qa-validation.md):
 * QA raises notes on a visit, a form, a field or a rule of a research version; the designers answer; QA
 * closes them and validates. The pure rules shared by the server (which enforces them) and the browser
 * (which offers only what they allow).
 */

/** In the spec's order, which is also the priority of a set's indicator (New first). */
export const QA_NOTE_STATUSES = ['New', 'Updated', 'ResolutionProposed', 'Closed'] as const;
export type QaNoteStatus = (typeof QA_NOTE_STATUSES)[number];

export const QA_NOTE_ACTIONS = ['Comment', 'Resolve', 'Close', 'Delete'] as const;
export type QaNoteAction = (typeof QA_NOTE_ACTIONS)[number];

/** Who acts on a note: QA of the research, or a designer of the sponsor's (admin) side. */
export const QA_NOTE_ROLES = ['Qa', 'Designer'] as const;
export type QaNoteRole = (typeof QA_NOTE_ROLES)[number];

export const QA_NOTE_STATUS_COLOURS: Record<QaNoteStatus, 'red' | 'orange' | 'green' | 'blue'> = {
  New: 'red',
  Updated: 'orange',
  ResolutionProposed: 'green',
  Closed: 'blue',
};

export const isOpenQaNote = (s: QaNoteStatus): boolean => s !== 'Closed';

/** What an allowed action leaves: the note's next status, or the note gone. */
export type QaNoteOutcome = QaNoteStatus | 'Deleted';

/**
 * The state machine as a table: action → role → status it may be done from → what it leads to. A cell
 * that is absent is refused. A designer's answer marks the note Updated; a QA comment sends it back to the
 * designers (New); only a New note may be marked resolved by a designer; QA closes any open note and
 * deletes any note; a closed note takes no more messages.
 */
export const QA_NOTE_MACHINE: Record<QaNoteAction, Record<QaNoteRole, Partial<Record<QaNoteStatus, QaNoteOutcome>>>> = {
  Comment: {
    Qa: { New: 'New', Updated: 'New', ResolutionProposed: 'New' },
    Designer: { New: 'Updated', Updated: 'Updated', ResolutionProposed: 'ResolutionProposed' },
  },
  Resolve: {
    Qa: {},
    Designer: { New: 'ResolutionProposed' },
  },
  Close: {
    Qa: { New: 'Closed', Updated: 'Closed', ResolutionProposed: 'Closed' },
    Designer: {},
  },
  Delete: {
    Qa: { New: 'Deleted', Updated: 'Deleted', ResolutionProposed: 'Deleted', Closed: 'Deleted' },
    Designer: {},
  },
};

export type QaNoteStep =
  | { ok: true; next: QaNoteOutcome }
  | { ok: false; status: 403 | 409; code: Extract<ErrorCode, 'forbidden' | 'qa_note_closed' | 'qa_note_not_new'> };

/**
 * Whether `role` may do `action` on a note in `status`: 403 when the role never may, 409 when it may but not
 * in this status (a closed note, a note that is no longer New).
 */
export function qaNoteStep(status: QaNoteStatus, action: QaNoteAction, role: QaNoteRole | null): QaNoteStep {
  const cells = role ? QA_NOTE_MACHINE[action][role] : {};
  if (Object.keys(cells).length === 0) return { ok: false, status: 403, code: 'forbidden' };
  const next = cells[status];
  if (next) return { ok: true, next };
  return { ok: false, status: 409, code: status === 'Closed' ? 'qa_note_closed' : 'qa_note_not_new' };
}

/** The actions `role` may take on a note in `status` (the buttons of a note dialog). */
export const qaNoteActionsFor = (status: QaNoteStatus, role: QaNoteRole | null): QaNoteAction[] =>
  QA_NOTE_ACTIONS.filter((a) => qaNoteStep(status, a, role).ok);

/**
 * The role a caller acts in on a research's QA notes: its QA centre's staff are QA; those who may change the
 * research's design are designers; everyone else neither.
 */
export function qaNoteRoleOf(a: { isQaOfResearch: boolean; mayEditDesign: boolean }): QaNoteRole | null {
  if (a.isQaOfResearch) return 'Qa';
  if (a.mayEditDesign) return 'Designer';
  return null;
}

/** The indicator of a set of notes: the status of highest priority among them, null for none. */
export function qaNotesIndicator(statuses: Iterable<QaNoteStatus>): QaNoteStatus | null {
  let best: number | null = null;
  for (const s of statuses) {
    const i = QA_NOTE_STATUSES.indexOf(s);
    if (best === null || i < best) best = i;
  }
  return best === null ? null : QA_NOTE_STATUSES[best]!;
}

/**
 * Toggling a QA visit's or form's validation: a cancellation is always possible; a validation only while the
 * version is under QA validation and every note of the item is closed.
 */
export function qaToggleRefusal(item: {
  validated: boolean;
  openNotes: number;
  versionValidating: boolean;
}): Extract<ErrorCode, 'qa_open_notes' | 'qa_version_not_validating'> | null {
  if (item.validated) return null;
  if (!item.versionValidating) return 'qa_version_not_validating';
  return item.openNotes > 0 ? 'qa_open_notes' : null;
}

/** A QA visit or form not validated yet, named for the gate's message. */
export interface UnvalidatedItem {
  kind: 'visit' | 'form';
  title: string;
  /** The visit of a form. */
  visitTitle?: string;
}

/** How many items the gate's message names before "and N more". */
export const GATE_NAMED_ITEMS = 5;

/**
 * The list of what is not validated, for the "Start testing" refusal, in both languages: the first few by
 * name, then how many more.
 */
export function describeUnvalidated(items: readonly UnvalidatedItem[], max = GATE_NAMED_ITEMS): Localised {
  const named = items.slice(0, max);
  const more = items.length - named.length;
  const ru = named.map((i) => (i.kind === 'visit' ? `визит «${i.title}»` : `форма «${i.title}» (визит «${i.visitTitle ?? ''}»)`));
  const en = named.map((i) => (i.kind === 'visit' ? `visit “${i.title}”` : `form “${i.title}” (visit “${i.visitTitle ?? ''}”)`));
  if (more > 0) {
    ru.push(`и ещё ${more}`);
    en.push(`and ${more} more`);
  }
  return { ru: ru.join(', '), en: en.join(', ') };
}

/** What the design change that withdrew a validation touched (the table the trigger saw change). */
export const QA_WITHDRAWAL_CAUSES = ['forms', 'form_sections', 'form_fields', 'fields', 'rules', 'visits'] as const;
export type QaWithdrawalCause = (typeof QA_WITHDRAWAL_CAUSES)[number];
