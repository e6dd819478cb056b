import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  fields,
  formFields,
  forms,
  researchOrganisations,
  subjectFormFields,
  subjectForms,
  subjectFormSections,
  subjects,
  subjectVisits,
} from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { assertSeesSubject } from '../subjects/subjects.policy.js';
import { missing, type FormContext, type SectionRow, type SubjectFormFieldRow } from './data-entry.context.js';

/** A subject form field with everything a value's rules need: its section, form, form field, field, visit and subject. */
export interface FieldContext extends FormContext {
  field: SubjectFormFieldRow;
  section: SectionRow;
  formField: typeof formFields.$inferSelect;
  fieldDef: typeof fields.$inferSelect;
  /** Whether other fields of the form hang on this one (their visibility follows its value). */
  hasChildren: boolean;
  /** The caller's names, for the reply to a value it saves. */
  callerName: { firstName: string | null; lastName: string | null; patronymic: string | null } | null;
}

/**
 * Locks what a change of a form's data serialises on: the subject form (FOR UPDATE: values, sections and the
 * form's completion of one form change one at a time) and its subject (FOR SHARE: a visit's signature or
 * end, which lock the subject FOR UPDATE, waits for the changes in flight and is waited for by the next).
 */
export async function lockForm(tx: Db, subjectFormId: string): Promise<void> {
  await tx.execute(
    sql`select 1 from ${subjectForms} sf join ${subjects} s on s.id = sf.subject_id where sf.id = ${subjectFormId} for update of sf for share of s`,
  );
}

/** Loads a subject form field the caller reads (404 naming `path` otherwise); `lock` locks its form first (lockForm). */
export async function fieldContext(
  db: Db,
  subjectFormFieldId: string,
  caller: ActorCaller,
  path: string,
  opts: { lock?: boolean } = {},
): Promise<FieldContext> {
  if (opts.lock) {
    const locked = (await db.execute(
      sql`select 1 from ${subjectForms} sf join ${subjects} s on s.id = sf.subject_id
          where sf.id = (select subject_form_id from ${subjectFormFields} where id = ${subjectFormFieldId})
          for update of sf for share of s`,
    )) as unknown as { rows: unknown[] };
    if (locked.rows.length === 0) throw missing(caller, path);
  }
  const [row] = await db
    .select({
      field: subjectFormFields,
      section: subjectFormSections,
      subjectForm: subjectForms,
      form: forms,
      formField: formFields,
      fieldDef: fields,
      visit: subjectVisits,
      subject: subjects,
      centreNumber: researchOrganisations.number,
      hasChildren: sql<boolean>`exists (select 1 from ${subjectFormFields} c where c.parent_subject_form_field_id = ${subjectFormFields.id})`,
      callerName: sql<{
        firstName: string | null;
        lastName: string | null;
        patronymic: string | null;
      } | null>`(select jsonb_build_object('firstName', u.first_name, 'lastName', u.last_name, 'patronymic', u.patronymic) from users u where u.id = ${caller.actor.userId})`,
    })
    .from(subjectFormFields)
    .innerJoin(subjectFormSections, eq(subjectFormSections.id, subjectFormFields.subjectFormSectionId))
    .innerJoin(subjectForms, eq(subjectForms.id, subjectFormFields.subjectFormId))
    .innerJoin(forms, eq(forms.id, subjectForms.formId))
    .innerJoin(formFields, eq(formFields.id, subjectFormFields.formFieldId))
    .innerJoin(fields, eq(fields.id, formFields.fieldId))
    .innerJoin(subjectVisits, eq(subjectVisits.id, subjectForms.subjectVisitId))
    .innerJoin(subjects, eq(subjects.id, subjectForms.subjectId))
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, subjects.researchOrganisationId))
    .where(
      and(
        eq(subjectFormFields.id, subjectFormFieldId),
        isNull(subjectForms.deletedAt),
        isNull(subjectVisits.deletedAt),
        isNull(subjects.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw missing(caller, path);
  const subject = { ...row.subject, centreNumber: row.centreNumber };
  assertSeesSubject(caller.actor, subject, path);
  return {
    subject,
    visit: row.visit,
    subjectForm: row.subjectForm,
    form: row.form,
    field: row.field,
    section: row.section,
    formField: row.formField,
    fieldDef: row.fieldDef,
    hasChildren: !!row.hasChildren,
    callerName: row.callerName,
  };
}
