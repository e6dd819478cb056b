import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, pk, tstz, updatedAt } from './columns.js';
import { users } from './identity.js';
import { researches } from './research.js';
import { formFields, forms, researchVersions, visits } from './design.js';
import { rules } from './rules.js';

/**
 * QA validation of the design (docs/qa-validation.md): a QA visit for every visit and a QA form for every
 * form of a research version, made when the version enters QaValidating and kept in step with its design;
 * each validated or not. A validation is withdrawn by triggers (the migration) in the transaction of any
 * change to the form, its sections, fields, field definitions or rules (or the visit itself): `withdrawn_at`
 * and `withdrawn_cause` say when and what, and `withdrawal_audited` stays false until the withdrawal is
 * written to the audit trail (qa-withdrawals.ts).
 */
const validationColumns = () => ({
  validated: boolean('validated').notNull().default(false),
  validatedAt: tstz('validated_at'),
  validatedBy: uuid('validated_by').references(() => users.id),
  withdrawnAt: tstz('withdrawn_at'),
  withdrawnCause: text('withdrawn_cause'),
  withdrawalAudited: boolean('withdrawal_audited').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const qaVisits = pgTable(
  'qa_visits',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    researchVersionId: uuid('research_version_id')
      .notNull()
      .references(() => researchVersions.id),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id),
    ...validationColumns(),
  },
  (t) => [
    uniqueIndex('qa_visits_version_visit_uq').on(t.researchVersionId, t.visitId),
    index('qa_visits_visit_idx').on(t.visitId),
    index('qa_visits_unaudited_idx')
      .on(t.researchVersionId)
      .where(sql`not ${t.withdrawalAudited}`),
  ],
);

export const qaForms = pgTable(
  'qa_forms',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    researchVersionId: uuid('research_version_id')
      .notNull()
      .references(() => researchVersions.id),
    qaVisitId: uuid('qa_visit_id')
      .notNull()
      .references(() => qaVisits.id),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id),
    ...validationColumns(),
  },
  (t) => [
    uniqueIndex('qa_forms_version_form_uq').on(t.researchVersionId, t.formId),
    index('qa_forms_qa_visit_idx').on(t.qaVisitId),
    index('qa_forms_form_idx').on(t.formId),
    index('qa_forms_unaudited_idx')
      .on(t.researchVersionId)
      .where(sql`not ${t.withdrawalAudited}`),
  ],
);

/**
 * A QA note on a visit (qa_form_id null), a form, one of its fields or one of its rules, in a status (New,
 * Updated, ResolutionProposed, Closed). Soft deleted: QA may delete any note, the audit trail keeps it.
 */
export const qaItemNotes = pgTable(
  'qa_item_notes',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    researchVersionId: uuid('research_version_id')
      .notNull()
      .references(() => researchVersions.id),
    qaVisitId: uuid('qa_visit_id')
      .notNull()
      .references(() => qaVisits.id),
    qaFormId: uuid('qa_form_id').references(() => qaForms.id),
    formFieldId: uuid('form_field_id').references(() => formFields.id),
    ruleId: uuid('rule_id').references(() => rules.id),
    status: text('status').notNull().default('New'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    // The notes page: a version's live notes, newest first.
    index('qa_item_notes_version_created_idx')
      .on(t.researchVersionId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('qa_item_notes_qa_visit_idx')
      .on(t.qaVisitId, t.status)
      .where(sql`${t.deletedAt} is null`),
    index('qa_item_notes_qa_form_idx')
      .on(t.qaFormId, t.status)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** The thread of a QA note: its messages, append-only, oldest first. */
export const qaNotes = pgTable(
  'qa_notes',
  {
    id: pk(),
    qaItemNoteId: uuid('qa_item_note_id')
      .notNull()
      .references(() => qaItemNotes.id),
    data: text('data').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('qa_notes_item_note_idx').on(t.qaItemNoteId, t.createdAt)],
);
