import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { forms, subjectFormFields, subjectForms } from '../../../platform/db/schema/index.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import type { ActorCaller } from '../../../platform/http/caller.js';
import { badRequest, conflict } from '../../../platform/http/errors.js';
import { applicableForms } from '../../data-entry/data-entry.repo.js';
import { instantiate } from '../../data-entry/subject-forms.service.js';
import type { SubjectRecord } from '../../subjects/subjects.repo.js';
import type { SubjectVisitRow } from '../../subjects/subject-visits.repo.js';

/**
 * Subject forms of the clinical data import: found by FormOID and FormRepeatKey in the subject visit, or
 * added as "Add form" adds them (subject-forms.service createSubjectForm: the same checks, then the same
 * instantiate with its sections, fields, hidden states, log, audit record and visit status).
 */

type FormRow = typeof forms.$inferSelect;

/** A non-repeating form's own instance in the visit, or instance `repeat` (repeatedIndex + 1) of a repeating one. */
export async function findSubjectForm(
  tx: Db,
  subjectVisitId: string,
  form: FormRow,
  repeat: number,
): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: subjectForms.id })
    .from(subjectForms)
    .where(
      and(
        eq(subjectForms.subjectVisitId, subjectVisitId),
        eq(subjectForms.formId, form.id),
        isNull(subjectForms.deletedAt),
        form.repeating ? eq(subjectForms.repeatedIndex, repeat - 1) : isNull(subjectForms.contextSubjectFormFieldId),
      ),
    )
    .limit(1);
  return row?.id;
}

/**
 * Adds the form to the subject visit: not in a signed visit or subject (409), a form of the visit for the
 * subject's gender in the visit's research version (400), a repeating form's instances in order (409 unless
 * `repeat` is the next free index + 1). Gives the subject form's id.
 */
export async function createImportedForm(
  tx: Db,
  caller: ActorCaller,
  input: { subject: SubjectRecord; visit: SubjectVisitRow; form: FormRow; repeat: number; oid: string },
): Promise<string> {
  const { subject, visit, form } = input;
  if (subject.isSigned) throw conflict('subject_signed');
  if (visit.signDate) throw conflict('visit_signed');
  if (form.gender !== 'Both' && form.gender !== subject.gender) throw badRequest('form_other_gender', 'formId');
  const applicable = await applicableForms(tx, visit.visitId, {
    gender: subject.gender,
    researchVersionId: visit.researchVersionId,
  });
  if (!applicable.some((f) => f.id === form.id)) throw badRequest('form_not_in_visit', 'formId');
  const [taken] = await tx
    .select({ max: sql<number | null>`max(${subjectForms.repeatedIndex})` })
    .from(subjectForms)
    .where(and(eq(subjectForms.subjectVisitId, visit.id), eq(subjectForms.formId, form.id), isNull(subjectForms.deletedAt)));
  const next = taken?.max === null || taken?.max === undefined ? 0 : Number(taken.max) + 1;
  if (form.repeating && input.repeat - 1 !== next) {
    throw conflict('clinical_import_repeat_key_gap', 'formId', { key: input.repeat, oid: input.oid, expected: next + 1 });
  }
  return instantiate(tx, caller, { subject, visit }, form, { repeatedIndex: next, contextSubjectFormFieldId: null }).catch(
    (e: unknown) => {
      if (isUniqueViolation(e, 'subject_forms_instance_uq')) throw conflict('form_already_added', 'formId');
      throw e;
    },
  );
}

/** The subject form's fields by their form field. */
export async function fieldsByFormField(tx: Db, subjectFormId: string): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: subjectFormFields.id, formFieldId: subjectFormFields.formFieldId })
    .from(subjectFormFields)
    .where(eq(subjectFormFields.subjectFormId, subjectFormId));
  return new Map(rows.map((r) => [r.formFieldId, r.id]));
}
