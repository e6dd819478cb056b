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
import { chainHeadText, chainLockText, subjectChainText } from '../../platform/audit/audit.js';
import { runNamed } from '../../platform/db/named.js';
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

/** Loads a subject form field the caller reads (404 naming `path` otherwise). */
export async function fieldContext(db: Db, subjectFormFieldId: string, caller: ActorCaller, path: string): Promise<FieldContext> {
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

/** The current (newest) value of a field, as a save compares and audits it. */
export interface CurrentValue {
  id: string;
  data: string | null;
  comment: string | null;
  clinicalSignificance: string | null;
  documentId: string | null;
}

/**
 * What saving a value needs (item-data.service.ts), read in one statement: the field, its section, form,
 * form field, field definition, visit and subject (only the columns the rules use), whether other fields
 * hang on it, the caller's names, the field's current value and the hash of the subject's audit chain head.
 */
export interface SaveContext {
  subject: {
    id: string;
    researchId: string;
    researchOrganisationId: string;
    isSigned: boolean;
    status: string;
  };
  visit: { id: string; signDate: unknown };
  subjectForm: { id: string };
  /** `rulesStamp`: the form's rules stamp as text (the key of the save's rule plan, rules/rule-plan.ts). */
  form: { id: string; employeeTypesList: string[]; rulesStamp: string };
  field: { id: string; isHidden: boolean };
  section: { isComplete: boolean; qaValidate: boolean; dmValidate: boolean };
  formField: {
    id: string;
    text: string;
    isRequired: boolean;
    mask: string | null;
    regExMask: string | null;
    clinicalSignificance: boolean;
  };
  fieldDef: { fieldType: string; optionList: string[] };
  hasChildren: boolean;
  /** A Time or DateTime field with a live time point: its values are checked against the point's window. */
  hasTimePoint: boolean;
  callerName: FieldContext['callerName'];
  current: CurrentValue | undefined;
  /** The hash of the newest record of the subject's audit chain (null when it has none), read under its lock. */
  chainHead: string | null;
}

interface SaveContextRow {
  field_id: string;
  subject_id: string;
  research_id: string;
  research_organisation_id: string;
  is_signed: boolean;
  subject_status: string;
  subject_visit_id: string;
  visit_sign_date: unknown;
  subject_form_id: string;
  form_id: string;
  employee_types_list: string[];
  rules_stamp: string;
  is_hidden: boolean;
  is_complete: boolean;
  qa_validate: boolean;
  dm_validate: boolean;
  form_field_id: string;
  text: string;
  is_required: boolean;
  mask: string | null;
  reg_ex_mask: string | null;
  clinical_significance: boolean;
  field_type: string;
  option_list: string[];
  has_children: boolean;
  has_time_point: boolean;
  caller_name: FieldContext['callerName'];
  current_id: string | null;
  current_data: string | null;
  current_comment: string | null;
  current_clinical_significance: string | null;
  current_document_id: string | null;
  chain_head: string | null;
}

/** saveContext's first statement ($1: the field): lockForm's locks, then the subject's audit chain lock. */
const SAVE_LOCK = `with locked as materialized (
    select sf.subject_id from subject_forms sf join subjects s on s.id = sf.subject_id
    where sf.id = (select subject_form_id from subject_form_fields where id = $1)
    for update of sf for share of s)
  select ${chainLockText(subjectChainText('locked.subject_id'))} from locked`;

/** saveContext's second statement ($1: the field, $2: the caller's user id). */
const SAVE_CONTEXT = `select sff.id as field_id, s.id as subject_id, s.research_id, s.research_organisation_id, s.is_signed,
    s.status as subject_status, sv.id as subject_visit_id, sv.sign_date as visit_sign_date, sf.id as subject_form_id,
    f.id as form_id, f.employee_types_list, f.rules_stamp::text as rules_stamp, sff.is_hidden, sec.is_complete, sec.qa_validate, sec.dm_validate,
    ff.id as form_field_id, ff.text, ff.is_required, ff.mask, ff.reg_ex_mask, ff.clinical_significance,
    fd.field_type, fd.option_list,
    exists (select 1 from subject_form_fields c where c.parent_subject_form_field_id = sff.id) as has_children,
    fd.field_type in ('Time', 'DateTime')
      and exists (select 1 from time_points tp where tp.form_field_id = ff.id and tp.deleted_at is null) as has_time_point,
    (select jsonb_build_object('firstName', u.first_name, 'lastName', u.last_name, 'patronymic', u.patronymic)
       from users u where u.id = $2) as caller_name,
    cur.id as current_id, cur.data as current_data, cur.comment as current_comment,
    cur.clinical_significance as current_clinical_significance, cur.document_id as current_document_id,
    ${chainHeadText(subjectChainText('s.id'))} as chain_head
  from subject_form_fields sff
  join subject_form_sections sec on sec.id = sff.subject_form_section_id
  join subject_forms sf on sf.id = sff.subject_form_id
  join forms f on f.id = sf.form_id
  join form_fields ff on ff.id = sff.form_field_id
  join fields fd on fd.id = ff.field_id
  join subject_visits sv on sv.id = sf.subject_visit_id
  join subjects s on s.id = sf.subject_id
  left join lateral (
    select d.id, d.data, d.comment, d.clinical_significance, d.document_id from item_data d
    where d.subject_form_field_id = sff.id order by d.seq desc limit 1) cur on true
  where sff.id = $1 and sf.deleted_at is null and sv.deleted_at is null and s.deleted_at is null`;

/**
 * Locks a field's form for a save and loads its SaveContext (404 naming `path` when the field does not
 * exist or the caller does not read its subject), in two statements. The first takes, in this order, the
 * form (FOR UPDATE) and subject (FOR SHARE) locks of lockForm, then the append lock of the subject's audit
 * chain (audit.ts): the record the save writes goes to that chain, so taking its lock now lets the next
 * statement read the chain's head with the rest. The second reads everything under those locks (its
 * snapshot is taken after them, so it sees what the transactions it waited for committed). Both run as
 * named prepared statements (platform/db/named.ts).
 */
export async function saveContext(tx: Db, subjectFormFieldId: string, caller: ActorCaller, path: string): Promise<SaveContext> {
  const locked = await runNamed(tx, 'save_lock', SAVE_LOCK, [subjectFormFieldId]);
  if (locked.length === 0) throw missing(caller, path);
  const [r] = await runNamed<SaveContextRow>(tx, 'save_context', SAVE_CONTEXT, [subjectFormFieldId, caller.actor.userId]);
  if (!r) throw missing(caller, path);
  const subject = {
    id: r.subject_id,
    researchId: r.research_id,
    researchOrganisationId: r.research_organisation_id,
    isSigned: r.is_signed,
    status: r.subject_status,
  };
  assertSeesSubject(caller.actor, subject, path);
  return {
    subject,
    visit: { id: r.subject_visit_id, signDate: r.visit_sign_date },
    subjectForm: { id: r.subject_form_id },
    form: { id: r.form_id, employeeTypesList: r.employee_types_list, rulesStamp: r.rules_stamp },
    field: { id: r.field_id, isHidden: r.is_hidden },
    section: { isComplete: r.is_complete, qaValidate: r.qa_validate, dmValidate: r.dm_validate },
    formField: {
      id: r.form_field_id,
      text: r.text,
      isRequired: r.is_required,
      mask: r.mask,
      regExMask: r.reg_ex_mask,
      clinicalSignificance: r.clinical_significance,
    },
    fieldDef: { fieldType: r.field_type, optionList: r.option_list },
    hasChildren: !!r.has_children,
    hasTimePoint: !!r.has_time_point,
    callerName: r.caller_name,
    current:
      r.current_id === null
        ? undefined
        : {
            id: r.current_id,
            data: r.current_data,
            comment: r.current_comment,
            clinicalSignificance: r.current_clinical_significance,
            documentId: r.current_document_id,
          },
    chainHead: r.chain_head,
  };
}
