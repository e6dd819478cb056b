import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, pk, tstz, updatedAt } from './columns.js';
import { users } from './identity.js';
import { employees, researches } from './research.js';
import { formFields, forms, formSections } from './design.js';
import { subjects, subjectVisits } from './subjects.js';
import { documents } from './documents.js';

/**
 * Data entry (docs/data-entry.md, "Model and API"): a subject visit's forms, their sections and fields,
 * the values entered (item data, append-only: the current value is the newest row), status logs, and
 * electronic signatures (21 CFR Part 11). Subject forms carry the subject and research ids so that scoping
 * and audit need no joins.
 */

/** A form of the design, instantiated for one subject visit (repeating forms once per repeatedIndex). */
export const subjectForms = pgTable(
  'subject_forms',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    subjectVisitId: uuid('subject_visit_id')
      .notNull()
      .references(() => subjectVisits.id),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id),
    /**
     * A context form: the subject form field it was created from (a form field's contextForm). Null for the
     * visit's own forms. Context forms are the visit's "linked forms".
     */
    contextSubjectFormFieldId: uuid('context_subject_form_field_id'),
    /** 0 for a form's first instance in a visit, then 1, 2... for a repeating form. */
    repeatedIndex: integer('repeated_index').notNull().default(0),
    isComplete: boolean('is_complete').notNull().default(false),
    completeDate: tstz('complete_date'),
    qaValidate: boolean('qa_validate').notNull().default(false),
    qaValidateDate: tstz('qa_validate_date'),
    dmValidate: boolean('dm_validate').notNull().default(false),
    dmValidateDate: tstz('dm_validate_date'),
    kioValidate: boolean('kio_validate').notNull().default(false),
    kioValidateDate: tstz('kio_validate_date'),
    createdBy: uuid('created_by').references(() => users.id),
    createdByEmployeeId: uuid('created_by_employee_id').references(() => employees.id),
    /** Optimistic concurrency on form-level actions (Complete). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('subject_forms_visit_idx').on(t.subjectVisitId),
    index('subject_forms_subject_idx').on(t.subjectId),
    index('subject_forms_form_idx').on(t.formId),
    index('subject_forms_context_idx').on(t.contextSubjectFormFieldId),
    uniqueIndex('subject_forms_instance_uq')
      .on(t.subjectVisitId, t.formId, t.repeatedIndex)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * The live entries of each form (live subject forms in live visits of live subjects) per centre, kept by the writes
 * (migration 0033's triggers, signed rows folded by compact_subject_tallies(); docs/reports.md "At scale").
 */
export const formEntryTallies = pgTable(
  'form_entry_tallies',
  {
    formId: uuid('form_id').notNull(),
    researchId: uuid('research_id').notNull(),
    researchOrganisationId: uuid('research_organisation_id').notNull(),
    isTest: boolean('is_test').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('form_entry_tallies_form_idx').on(t.formId, t.researchOrganisationId)],
);

/**
 * The live entries of each form with the keys of the summary tables' order (screening number, subject, visit repeat
 * and date, form repeat), kept by migration 0034's triggers: a page at any depth is an index-only scan of its index.
 */
export const formEntryOrder = pgTable(
  'form_entry_order',
  {
    subjectFormId: uuid('subject_form_id')
      .primaryKey()
      .references(() => subjectForms.id, { onDelete: 'cascade' }),
    formId: uuid('form_id').notNull(),
    researchOrganisationId: uuid('research_organisation_id').notNull(),
    isTest: boolean('is_test').notNull(),
    screeningNumber: text('screening_number').notNull(),
    subjectId: uuid('subject_id').notNull(),
    visitRepeatIndex: integer('visit_repeat_index').notNull(),
    visitDate: date('visit_date').notNull(),
    repeatedIndex: integer('repeated_index').notNull(),
  },
  // Covering (INCLUDE research_organisation_id, is_test in the migration, which drizzle cannot say).
  (t) => [
    index('form_entry_order_page_idx').on(
      t.formId,
      t.screeningNumber,
      t.subjectId,
      t.visitRepeatIndex,
      t.visitDate,
      t.repeatedIndex,
      t.subjectFormId,
    ),
  ],
);

/** The form's status history (spec section 4: Created, Complete, QaValidated, RevertQaValidate, ...). */
export const subjectFormLogs = pgTable(
  'subject_form_logs',
  {
    id: pk(),
    subjectFormId: uuid('subject_form_id')
      .notNull()
      .references(() => subjectForms.id),
    status: text('status').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    employeeId: uuid('employee_id').references(() => employees.id),
    employeeType: text('employee_type'),
    createdAt: createdAt(),
  },
  (t) => [index('subject_form_logs_form_idx').on(t.subjectFormId, t.createdAt)],
);

/** A section of a subject form: its status (Completed, NotCompleted, NotApplicable) and its confirmation. */
export const subjectFormSections = pgTable(
  'subject_form_sections',
  {
    id: pk(),
    subjectFormId: uuid('subject_form_id')
      .notNull()
      .references(() => subjectForms.id),
    formSectionId: uuid('form_section_id')
      .notNull()
      .references(() => formSections.id),
    /** Null until a status is chosen. */
    status: text('status'),
    statusMessage: text('status_message'),
    isComplete: boolean('is_complete').notNull().default(false),
    completeDate: tstz('complete_date'),
    completeByUserId: uuid('complete_by_user_id').references(() => users.id),
    completeByEmployeeId: uuid('complete_by_employee_id').references(() => employees.id),
    completeByEmployeeType: text('complete_by_employee_type'),
    comment: text('comment'),
    qaValidate: boolean('qa_validate').notNull().default(false),
    dmValidate: boolean('dm_validate').notNull().default(false),
    /** Optimistic concurrency: every change adds one; a write based on another value answers 409. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subject_form_sections_form_idx').on(t.subjectFormId),
    index('subject_form_sections_section_idx').on(t.formSectionId),
    uniqueIndex('subject_form_sections_uq').on(t.subjectFormId, t.formSectionId),
  ],
);

/** The section's status history. */
export const subjectFormSectionStatusLogs = pgTable(
  'subject_form_section_status_logs',
  {
    id: pk(),
    subjectFormSectionId: uuid('subject_form_section_id')
      .notNull()
      .references(() => subjectFormSections.id),
    status: text('status'),
    statusMessage: text('status_message'),
    isComplete: boolean('is_complete').notNull(),
    reasonForChange: text('reason_for_change'),
    createdBy: uuid('created_by').references(() => users.id),
    employeeId: uuid('employee_id').references(() => employees.id),
    employeeType: text('employee_type'),
    createdAt: createdAt(),
  },
  (t) => [index('subject_form_section_status_logs_section_idx').on(t.subjectFormSectionId, t.createdAt)],
);

/** A field of a subject form section; child fields point at their parent's subject form field. */
export const subjectFormFields = pgTable(
  'subject_form_fields',
  {
    id: pk(),
    subjectFormId: uuid('subject_form_id')
      .notNull()
      .references(() => subjectForms.id),
    subjectFormSectionId: uuid('subject_form_section_id')
      .notNull()
      .references(() => subjectFormSections.id),
    formFieldId: uuid('form_field_id')
      .notNull()
      .references(() => formFields.id),
    parentSubjectFormFieldId: uuid('parent_subject_form_field_id'),
    /** Whether the field is hidden by its parent's value or by a rule (`rule_hidden`; kept in step with every value change). */
    isHidden: boolean('is_hidden').notNull().default(false),
    /**
     * Hidden by a ToggleAction rule whose condition held on the last save that evaluated it (docs/rules.md
     * "Actions"); `is_hidden` is this or the parent's value, and hides the field's children too.
     */
    ruleHidden: boolean('rule_hidden').notNull().default(false),
    /**
     * The current value: `seq` and `data` of the field's newest item_data row, kept by statement triggers on
     * item_data (migration 0027); never written by the application. Null before the first value.
     */
    currentSeq: bigint('current_seq', { mode: 'number' }),
    currentData: text('current_data'),
    createdAt: createdAt(),
  },
  (t) => [
    index('subject_form_fields_form_idx').on(t.subjectFormId),
    index('subject_form_fields_section_idx').on(t.subjectFormSectionId),
    index('subject_form_fields_form_field_idx').on(t.formFieldId),
    index('subject_form_fields_parent_idx').on(t.parentSubjectFormFieldId),
    uniqueIndex('subject_form_fields_uq').on(t.subjectFormId, t.formFieldId),
  ],
);

/**
 * A value of a subject form field. Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE): a change
 * or a clearing is a new row; the current value is the newest row (highest `seq`).
 */
export const itemData = pgTable(
  'item_data',
  {
    id: pk(),
    /** Insertion order: the newest row of a field is its current value. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    subjectFormFieldId: uuid('subject_form_field_id')
      .notNull()
      .references(() => subjectFormFields.id),
    /** The value as text (numbers with a dot); null when the field was cleared. */
    data: text('data'),
    comment: text('comment'),
    clinicalSignificance: text('clinical_significance'),
    reasonForChange: text('reason_for_change'),
    /** A file field's PDF. */
    documentId: uuid('document_id').references(() => documents.id),
    createdBy: uuid('created_by').references(() => users.id),
    employeeId: uuid('employee_id').references(() => employees.id),
    employeeType: text('employee_type'),
    createdAt: createdAt(),
  },
  (t) => [index('item_data_field_idx').on(t.subjectFormFieldId, t.seq)],
);

/**
 * An electronic signature (21 CFR Part 11, 11.50 and 11.70): who signed (printed name, user, role), when,
 * what it means, and what it covers (a subject visit or a subject) with the SHA-256 of the signed content,
 * so that a later change of that content shows.
 */
export const signatures = pgTable(
  'signatures',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    /** Null for the signature of a whole subject. */
    subjectVisitId: uuid('subject_visit_id').references(() => subjectVisits.id),
    signerUserId: uuid('signer_user_id')
      .notNull()
      .references(() => users.id),
    signerEmployeeId: uuid('signer_employee_id').references(() => employees.id),
    signerEmployeeType: text('signer_employee_type'),
    printedName: text('printed_name').notNull(),
    meaning: text('meaning').notNull(),
    signDate: date('sign_date').notNull(),
    signedAt: tstz('signed_at').notNull().defaultNow(),
    contentHash: text('content_hash').notNull(),
  },
  (t) => [index('signatures_subject_idx').on(t.subjectId), index('signatures_visit_idx').on(t.subjectVisitId)],
);
