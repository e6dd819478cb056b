import { z } from 'zod';
import { id, pageQuery } from './common.js';

/**
 * Study rules (spec design-and-admin sections 3, 4, 5, 7: Rules; docs/rules.md): an expression on the fields
 * of a form with an action — EmailAction, NoteAction, InsertAction, ToggleAction — on one form field, for one
 * centre or the whole research. Payload names are the spec's.
 */

export const RULE_TYPES = ['EmailAction', 'NoteAction', 'InsertAction', 'ToggleAction'] as const;
export type RuleType = (typeof RULE_TYPES)[number];

/** The rules page and a field's rules list: 10 per page by default (spec section 9). */
export const RULES_PAGE_SIZE = 10;

const expression = z.string().trim().min(1).max(10_000);
const message = z.string().trim().max(2000).nullish();

// ------------------------------------------------------------------------------------------ requests

/** GET /Rules: one page of the current research's rules; filters by the chain and by type. */
export const rulesQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(RULES_PAGE_SIZE),
  researchId: id.optional(),
  visitId: id.optional(),
  formId: id.optional(),
  formSectionId: id.optional(),
  formFieldId: id.optional(),
  ruleTypeString: z.enum(RULE_TYPES).optional(),
  isValidate: z.enum(['true', 'false']).optional(),
  search: z.string().trim().max(200).optional(),
});
export type RulesQuery = z.infer<typeof rulesQuery>;
/** GET /Rules/ByResearchId: every live rule of a research (the forms run them). */
export const rulesByResearchQuery = z.object({ researchId: id });

/**
 * POST /Rules and PUT /Rules/{id}: the expression's field codes are those of the form of `formFieldId`
 * (docs/rules.md "Field codes"); `relatedFormFieldCodes` is computed by the server from the expression (a
 * list sent is checked against it). A NoteAction and an EmailAction need their message.
 */
export const ruleInput = z.object({
  ruleTypeString: z.enum(RULE_TYPES),
  message,
  expression,
  formFieldId: id,
  /** Null: the whole research. */
  researchOrganisationId: id.nullish(),
  relatedFormFieldCodes: z.array(z.string().max(200)).max(200).optional(),
});
export type RuleInput = z.infer<typeof ruleInput>;

/** PUT /Rules/{id}/Test: a value for each related field code, as typed (DD/MM/YYYY, HH:mm, decimal commas). */
export const ruleTest = z.object({
  ruleDataList: z.array(z.object({ key: z.string().max(200), data: z.string().max(10_000).nullable() })).max(200),
});

// ------------------------------------------------------------------------------------------- replies

export const ruleReply = z.object({
  id,
  researchId: id,
  ruleTypeString: z.enum(RULE_TYPES),
  message: z.string().nullable(),
  expression: z.string(),
  researchOrganisationId: id.nullable(),
  /** The centre's number, when the rule applies to one centre. */
  researchOrganisationNumber: z.string().nullable(),
  formFieldId: id,
  relatedFormFieldCodes: z.array(z.string()),
  /** The fields the codes name (in the rule's form), for the test dialog. */
  relatedFormFieldList: z.array(
    z.object({
      code: z.string(),
      formFieldId: id,
      text: z.string(),
      fieldType: z.string(),
      optionList: z.array(z.string()),
    }),
  ),
  /** Validated by QA (only QA validates or cancels it; an edit cancels it). */
  isValidate: z.boolean(),
  /** Tested since its last change: validation is offered only then. */
  isTested: z.boolean(),
  formFieldChain: z.object({
    visit: z.object({ id, title: z.string() }),
    form: z.object({ id, title: z.string() }),
    formSection: z.object({ id, sectionName: z.string() }),
    formField: z.object({ id, text: z.string() }),
  }),
  /** The last test's outcome, in the caller's language. */
  result: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RuleReply = z.infer<typeof ruleReply>;

/** PUT /Rules/{id}/Test: the outcome — the value (as text), whether the action would fire, or why it cannot be evaluated. */
export const ruleTestReply = z.object({
  rule: ruleReply,
  ok: z.boolean(),
  value: z.string().nullable(),
  /** NoteAction, EmailAction, ToggleAction: the condition holds. InsertAction: a value is proposed. */
  fires: z.boolean(),
  /** Why it could not be evaluated (a missing value names the field code), in the caller's language. */
  reason: z.string().nullable(),
});
export type RuleTestReply = z.infer<typeof ruleTestReply>;

/**
 * GET /SubjectsFormField/{id}/Calculate: the value the field's InsertAction rules propose now (to accept or
 * reject; the 'value received' hint shows the old one), or null when none can be evaluated or the field
 * already holds it.
 */
export const calculateReply = z.object({ value: z.string(), ruleId: id }).nullable();
export type CalculateReply = z.infer<typeof calculateReply>;
