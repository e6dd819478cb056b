import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, tstz, updatedAt } from './columns.js';
import { users } from './identity.js';
import { employees, researches, researchOrganisations } from './research.js';
import { formFields, forms, visits } from './design.js';
import { subjects, subjectVisits } from './subjects.js';
import { itemData, subjectFormFields, subjectForms, subjectFormSections } from './data-entry.js';
import { rules } from './rules.js';

/**
 * Notes (queries) on subject form fields (docs/queries-and-validation.md): a note of a type (Comment,
 * QaNote, DmNote, KioNote, Auto) in a status, and its entries (the note itself, the site's answers,
 * comments, the closing), append-only. The note carries the whole chain from the research to the field,
 * the design's visit, form and form field, and who raised it, so that the queries page filters and orders
 * on this table alone; its first text, newest entry and entry count are kept on it for the same reason.
 */
export const itemNotes = pgTable(
  'item_notes',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    /** The subject's centre. */
    researchOrganisationId: uuid('research_organisation_id')
      .notNull()
      .references(() => researchOrganisations.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    subjectVisitId: uuid('subject_visit_id')
      .notNull()
      .references(() => subjectVisits.id),
    subjectFormId: uuid('subject_form_id')
      .notNull()
      .references(() => subjectForms.id),
    subjectFormSectionId: uuid('subject_form_section_id')
      .notNull()
      .references(() => subjectFormSections.id),
    subjectFormFieldId: uuid('subject_form_field_id')
      .notNull()
      .references(() => subjectFormFields.id),
    /** The design's visit, form and form field (the queries page's filters). */
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id),
    formFieldId: uuid('form_field_id')
      .notNull()
      .references(() => formFields.id),
    type: text('type').notNull(),
    status: text('status').notNull(),
    /** The note's text (its first entry's). */
    note: text('note').notNull(),
    /** The newest entry's text and how many entries there are. */
    lastEntry: text('last_entry'),
    entryCount: integer('entry_count').notNull().default(1),
    /** Null for an Auto note (raised by a rule). */
    createdBy: uuid('created_by').references(() => users.id),
    createdByEmployeeId: uuid('created_by_employee_id').references(() => employees.id),
    createdByEmployeeType: text('created_by_employee_type'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closeAt: tstz('close_at'),
    /** An Auto note: the rule that raised it (docs/rules.md "Actions"); null for every other note. */
    ruleId: uuid('rule_id').references(() => rules.id),
  },
  (t) => {
    // The columns the queries page filters on besides an index's leading ones: carried in its covering
    // indexes (as trailing key columns: drizzle has no INCLUDE), so counting and choosing a page's ids read
    // the index alone (index-only scans), never the wide rows.
    const covering = [
      t.researchOrganisationId,
      t.createdByEmployeeId,
      t.createdByEmployeeType,
      t.subjectId,
      t.visitId,
      t.formId,
      t.formFieldId,
    ];
    const cover = (...lead: typeof covering) => covering.filter((c) => !lead.includes(c));
    return [
      // The queries page, newest first (id breaks ties; ascending columns read backwards give the list's
      // `created_at desc, id desc`): the whole research in the list's order (a page stops after its notes),
      // then by type and status, within a centre (site users, the site filter), by who raised it ('my queries').
      index('item_notes_research_list_idx').on(t.researchId, t.createdAt, t.id, t.type, t.status, ...cover()),
      index('item_notes_research_type_status_idx').on(t.researchId, t.type, t.status, t.createdAt, t.id, ...cover()),
      index('item_notes_centre_type_status_idx').on(
        t.researchOrganisationId,
        t.type,
        t.status,
        t.createdAt,
        t.id,
        t.researchId,
        ...cover(t.researchOrganisationId),
      ),
      index('item_notes_creator_type_status_idx').on(
        t.createdByEmployeeId,
        t.type,
        t.status,
        t.createdAt,
        t.id,
        t.researchId,
        ...cover(t.createdByEmployeeId),
      ),
      // The design filters and the subject numbers: selective, the rows are read.
      index('item_notes_visit_created_idx').on(t.visitId, t.createdAt),
      index('item_notes_form_created_idx').on(t.formId, t.createdAt),
      index('item_notes_form_field_created_idx').on(t.formFieldId, t.createdAt),
      index('item_notes_subject_created_idx').on(t.subjectId, t.createdAt),
      // A field's history, and the indicators of a form's fields and sections and of a visit (grouped by status).
      index('item_notes_field_idx').on(t.subjectFormFieldId, t.createdAt),
      index('item_notes_subject_form_idx').on(t.subjectFormId, t.type, t.status),
      index('item_notes_subject_visit_idx').on(t.subjectVisitId, t.type, t.status),
      // A rule's Auto notes (rules module: one open Auto note per rule and field).
      index('item_notes_rule_idx').on(t.ruleId, t.subjectFormFieldId),
    ];
  },
);

/** An entry of a note: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export const itemNoteEntries = pgTable(
  'item_note_entries',
  {
    id: pk(),
    itemNoteId: uuid('item_note_id')
      .notNull()
      .references(() => itemNotes.id),
    /** Note, Answer, Comment or Close. */
    kind: text('kind').notNull(),
    data: text('data'),
    /** The status the entry left the note in. */
    status: text('status').notNull(),
    /** The value an answer changed. */
    itemDataId: uuid('item_data_id').references(() => itemData.id),
    createdBy: uuid('created_by').references(() => users.id),
    employeeId: uuid('employee_id').references(() => employees.id),
    employeeType: text('employee_type'),
    createdAt: createdAt(),
  },
  (t) => [index('item_note_entries_note_idx').on(t.itemNoteId, t.createdAt)],
);
