import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  isOpenNote,
  validationSideOf,
  type NoteStatus,
  type SubjectFormReply,
  type SubjectFormSectionReply,
  type SubjectVisitPage,
  type ValidationSide,
} from '@edc/domain';
import { api } from '../../shared/api/client';
import { useSubjectContext } from '../subjects/api';
import { applySection, invalidateVisit, updateCachedForm } from './api';

/**
 * Validation by QA, data managers and monitors (spec operations sections 4 and 6; docs/queries-and-validation.md):
 * sections (QA and DM), forms (QA, DM, KIO, and their reverts) and the selective validation of a visit's forms.
 * The server refuses with 409 and a message (section_not_complete, kio_needs_qa_dm, ...); the callers show it
 * and stop their progress (spec section 8).
 */

/** The caller shows a refusal itself (a toast or the dialog's alert), and its own success text. */
const quiet = { quietErrors: true, quietSuccess: true } as const;

/** The path segment of each side's endpoints. */
const SIDE_PATH: Record<ValidationSide, 'Qa' | 'Dm' | 'Kio'> = { qa: 'Qa', dm: 'Dm', kio: 'Kio' };

/** The side the current employee validates for (QA, DM or KIO), null for everyone else (site users see only the state). */
export function useValidationSide(): ValidationSide | null {
  return validationSideOf(useSubjectContext().actor);
}

/** Open notes the caller sees, from an indicator (the most urgent status): 1 when one is open, else 0. */
export const openNotesOf = (noteStatus: NoteStatus | null | undefined): number => (noteStatus && isOpenNote(noteStatus) ? 1 : 0);

/** Whether a side has validated a form or section. */
export function validatedBy(
  side: ValidationSide,
  v: { qaValidate: boolean; dmValidate: boolean; kioValidate?: boolean },
): boolean {
  return side === 'qa' ? v.qaValidate : side === 'dm' ? v.dmValidate : Boolean(v.kioValidate);
}

// ----------------------------------------------------------------------------------------------- calls

/** POST /SubjectsFormSection/{id}/QaValidate or /DmValidate: `validate` false reverts. */
export const validateSection = (sectionId: string, side: 'qa' | 'dm', validate: boolean) =>
  api.post<SubjectFormSectionReply>(`/SubjectsFormSection/${sectionId}/${SIDE_PATH[side]}Validate`, { validate }, quiet);

/** POST /SubjectsForm/{Qa|Dm|Kio}Validate or /Revert{Qa|Dm|Kio}Validate. */
export const validateForm = (subjectFormId: string, side: ValidationSide, validate: boolean) =>
  api.post<SubjectFormReply>(`/SubjectsForm/${validate ? '' : 'Revert'}${SIDE_PATH[side]}Validate`, { subjectFormId }, quiet);

export interface FormValidationChange {
  subjectFormId: string;
  validate: boolean;
}

/**
 * POST /SubjectsVisit/{id}/{Qa|Dm|Kio}Validate: with `validateSubjectFormList` (selective validation) each
 * listed form is validated or reverted; without it, every form of the visit that may be is validated.
 */
export const validateVisit = (subjectVisitId: string, side: ValidationSide, changes?: FormValidationChange[]) =>
  api.post<SubjectVisitPage>(
    `/SubjectsVisit/${subjectVisitId}/${SIDE_PATH[side]}Validate`,
    changes ? { validateSubjectFormList: changes } : {},
    quiet,
  );

// ------------------------------------------------------------------------------------------ refreshes

/**
 * After a validation: the forms read again (their sections, log and dates), the visit page (its status,
 * the form cards), the subject lists and matrix (the visit cell's colour) and the visit statistic.
 */
export function invalidateValidation(qc: QueryClient, subjectVisitId: string, subjectFormIds: readonly string[] = []) {
  return Promise.all([
    ...subjectFormIds.map((id) => qc.invalidateQueries({ queryKey: ['subjectForm', id] })),
    invalidateVisit(qc, subjectVisitId),
    qc.invalidateQueries({ queryKey: ['statistic', 'subjectVisits'] }),
  ]);
}

/** A form's reply applied to its cached copies: the validation state and log (the sections as the server has them). */
function applyFormValidation(form: SubjectFormReply, reply: SubjectFormReply): SubjectFormReply {
  const sections = new Map(reply.subjectFormSectionList.map((s) => [s.id, s]));
  return {
    ...form,
    isComplete: reply.isComplete,
    qaValidate: reply.qaValidate,
    qaValidateDate: reply.qaValidateDate,
    dmValidate: reply.dmValidate,
    dmValidateDate: reply.dmValidateDate,
    kioValidate: reply.kioValidate,
    kioValidateDate: reply.kioValidateDate,
    subjectFormLogList: reply.subjectFormLogList,
    version: reply.version,
    subjectFormSectionList: form.subjectFormSectionList.map((s) => {
      const fresh = sections.get(s.id);
      return fresh && (fresh.qaValidate !== s.qaValidate || fresh.dmValidate !== s.dmValidate || fresh.version !== s.version)
        ? { ...s, qaValidate: fresh.qaValidate, dmValidate: fresh.dmValidate, version: fresh.version }
        : s;
    }),
  };
}

/** A section's validation or its revert by the caller's side (QA or DM). */
export function useSectionValidation(formId: string, subjectVisitId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { sectionId: string; side: 'qa' | 'dm'; validate: boolean }) =>
      validateSection(v.sectionId, v.side, v.validate),
    onSuccess: (reply) => {
      updateCachedForm(qc, formId, (f) => applySection(f, reply.data));
      void invalidateValidation(qc, subjectVisitId, [formId]);
    },
  });
}

/** A form's validation or its revert by the caller's side (QA, DM or KIO). */
export function useFormValidation(formId: string, subjectVisitId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { side: ValidationSide; validate: boolean }) => validateForm(formId, v.side, v.validate),
    onSuccess: (reply) => {
      updateCachedForm(qc, formId, (f) => applyFormValidation(f, reply.data));
      void invalidateValidation(qc, subjectVisitId, [formId]);
    },
  });
}

/** The selective validation of a visit's forms: only the forms whose state changes are sent. */
export function useVisitValidation(subjectVisitId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { side: ValidationSide; changes: FormValidationChange[] }) =>
      validateVisit(subjectVisitId, v.side, v.changes),
    onSuccess: (_reply, v) =>
      invalidateValidation(
        qc,
        subjectVisitId,
        v.changes.map((c) => c.subjectFormId),
      ),
  });
}
