import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, pk, updatedAt } from './columns.js';
import { users } from './identity.js';
import { researches, researchOrganisations } from './research.js';
import { formFields, forms } from './design.js';

/**
 * The last test of a rule (PUT /Rules/{id}/Test), kept as data so that each reader gets it in its own
 * language: the value as text, whether the action would fire, or why it could not be evaluated (an
 * EvaluationFailure of the expression language, docs/rules.md).
 */
export interface RuleTestOutcome {
  ok: boolean;
  value: string | null;
  fires: boolean;
  failure?: {
    reason: string;
    code?: string;
    name?: string;
    index?: number;
    detail?: string;
    position: number;
    end: number;
  } | null;
}

/**
 * Study rules (docs/rules.md; spec design-and-admin sections 3–5): an expression over the fields of one
 * form with an action on one of its fields, for one centre or the whole research. The form is stored
 * beside the form field so that a save loads the rules of a form in one indexed query; `related_codes` are
 * the expression's field codes (docs/rules.md "Field codes"), computed by the server. Soft deleted.
 */
export const rules = pgTable(
  'rules',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    /** Null: the rule applies to every centre of the research. */
    researchOrganisationId: uuid('research_organisation_id').references(() => researchOrganisations.id),
    /** The form of `form_field_id` (the form whose fields the expression names). */
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id),
    /** The field the action is on: the note's field, the field shown or hidden, the field a value is proposed to. */
    formFieldId: uuid('form_field_id')
      .notNull()
      .references(() => formFields.id),
    /** EmailAction, NoteAction, InsertAction, ToggleAction. */
    ruleType: text('rule_type').notNull(),
    message: text('message'),
    expression: text('expression').notNull(),
    relatedCodes: text('related_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Validated by QA; an edit cancels it. */
    isValidate: boolean('is_validate').notNull().default(false),
    /** Tested since its last edit: QA validates only a tested rule. */
    isTested: boolean('is_tested').notNull().default(false),
    lastResult: jsonb('last_result').$type<RuleTestOutcome>(),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    // The rules page: a research's live rules, newest first.
    index('rules_research_created_idx')
      .on(t.researchId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // A field's rules list and Calculate.
    index('rules_form_field_idx')
      .on(t.formFieldId)
      .where(sql`${t.deletedAt} is null`),
    // The save hook: the live rules of a form.
    index('rules_form_idx')
      .on(t.formId)
      .where(sql`${t.deletedAt} is null`),
  ],
);
