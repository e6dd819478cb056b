import type { CompletedStatus } from '../subjects/subject-status.js';
import type { EntryActor } from './access.js';

/**
 * Validation of subject forms by QA, data managers and monitors (spec operations section 4 "Form lifecycle",
 * section 6; docs/queries-and-validation.md). QA and DM validate sections and forms, in either order; the
 * monitor (KIO, source data verification) validates a form only once both have. Pure rules shared by the
 * server (which enforces them) and the browser (which offers only what they allow).
 */

export const VALIDATION_SIDES = ['qa', 'dm', 'kio'] as const;
export type ValidationSide = (typeof VALIDATION_SIDES)[number];

/**
 * The side the caller validates for: data managers of a QA organisation DM, other QA staff QA, monitors KIO;
 * nobody else validates.
 */
export function validationSideOf(a: EntryActor): ValidationSide | null {
  if (a.organisationType === 'Qa') return a.employeeType === 'DataManager' ? 'dm' : 'qa';
  if (a.organisationType === 'Kio') return 'kio';
  return null;
}

export interface ValidatedSection {
  isComplete: boolean;
  qaValidate: boolean;
  dmValidate: boolean;
}
export interface ValidatedForm {
  isComplete: boolean;
  qaValidate: boolean;
  dmValidate: boolean;
  kioValidate: boolean;
}

export type ValidationRefusal =
  | 'forbidden'
  | 'section_not_complete'
  | 'subject_form_not_complete'
  | 'already_validated'
  | 'not_validated'
  | 'kio_needs_qa_dm'
  | 'form_kio_validated'
  | 'open_notes';

/**
 * Why a section cannot be validated (`validate` true) or its validation reverted (false) by a side, or null
 * when it can: QA and DM only (monitors validate forms), the section confirmed, not twice, and no revert once
 * the form is KIO-validated. Open queries (`openNotes`) stop a validation.
 */
export function sectionValidationRefusal(
  side: ValidationSide | null,
  section: ValidatedSection,
  form: ValidatedForm,
  validate: boolean,
  openNotes = 0,
): ValidationRefusal | null {
  if (side !== 'qa' && side !== 'dm') return 'forbidden';
  const done = side === 'qa' ? section.qaValidate : section.dmValidate;
  if (validate) {
    if (!section.isComplete) return 'section_not_complete';
    if (done) return 'already_validated';
    if (openNotes > 0) return 'open_notes';
    return null;
  }
  if (!done) return 'not_validated';
  if (form.kioValidate) return 'form_kio_validated';
  return null;
}

/**
 * Why a form cannot be validated or reverted by a side: QA and DM need a complete form; KIO needs both QA and
 * DM; QA and DM cannot revert once KIO validated (spec: the revert is hidden for QA then).
 */
export function formValidationRefusal(
  side: ValidationSide | null,
  form: ValidatedForm,
  validate: boolean,
  openNotes = 0,
): ValidationRefusal | null {
  if (!side) return 'forbidden';
  const done = side === 'qa' ? form.qaValidate : side === 'dm' ? form.dmValidate : form.kioValidate;
  if (validate) {
    if (!form.isComplete) return 'subject_form_not_complete';
    if (done) return 'already_validated';
    if (side === 'kio' && !(form.qaValidate && form.dmValidate)) return 'kio_needs_qa_dm';
    if (openNotes > 0) return 'open_notes';
    return null;
  }
  if (!done) return 'not_validated';
  if (side !== 'kio' && form.kioValidate) return 'form_kio_validated';
  return null;
}

/** A form's place in the visit's completed-status sequence. */
export function formCompletedStatus(form: ValidatedForm): CompletedStatus {
  if (!form.isComplete) return 'Started';
  if (form.kioValidate) return 'KioValidated';
  if (form.qaValidate && form.dmValidate) return 'QaAndDmValidated';
  if (form.qaValidate) return 'QaValidated';
  if (form.dmValidate) return 'DmValidated';
  return 'Completed';
}

const RANK: Record<CompletedStatus, number> = {
  Empty: 0,
  Started: 1,
  Completed: 2,
  QaValidated: 3,
  DmValidated: 3,
  QaAndDmValidated: 4,
  KioValidated: 5,
};

/**
 * The visit's completed status from its forms: Empty without forms, otherwise the least advanced form's;
 * forms validated by QA only and by DM only together give Completed (neither side has the whole visit).
 */
export function visitCompletedStatus(forms: readonly ValidatedForm[]): CompletedStatus {
  if (forms.length === 0) return 'Empty';
  const statuses = forms.map(formCompletedStatus);
  let least = statuses[0]!;
  for (const s of statuses) if (RANK[s] < RANK[least]) least = s;
  if (RANK[least] === 3 && statuses.some((s) => s === 'QaValidated') && statuses.some((s) => s === 'DmValidated')) {
    return 'Completed';
  }
  return least;
}

/** The form log's status of a validation or its revert. */
export function validationLogStatus(
  side: ValidationSide,
  validate: boolean,
  after: { qaValidate: boolean; dmValidate: boolean },
):
  | 'QaValidated'
  | 'DmValidated'
  | 'QaAndDmValidated'
  | 'KioValidated'
  | 'RevertQaValidate'
  | 'RevertDmValidate'
  | 'RevertKioValidate' {
  if (!validate) return side === 'qa' ? 'RevertQaValidate' : side === 'dm' ? 'RevertDmValidate' : 'RevertKioValidate';
  if (side === 'kio') return 'KioValidated';
  if (after.qaValidate && after.dmValidate) return 'QaAndDmValidated';
  return side === 'qa' ? 'QaValidated' : 'DmValidated';
}
