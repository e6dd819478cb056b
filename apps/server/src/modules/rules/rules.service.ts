import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  rules as ruleLanguage,
  validateItemValue,
  type FieldType,
  type Language,
  type RuleReply,
  type RuleTestReply,
  type RuleType,
  type RulesQuery,
  type ruleInput,
  type ruleTest,
} from '@edc/domain';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import {
  fields,
  formFields,
  forms,
  researches,
  researchOrganisations,
  rules,
  type RuleTestOutcome,
} from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { offsetOf, pageOf, searchAny } from '../../platform/http/paging.js';
import { canGlobally } from '../../platform/http/research-scope.js';
import { formCodes, ruleFieldsOf, type FormCodes } from './field-codes.js';
import { countRules, findRule, findRules, ruleReplies, type RuleRow } from './rules.repo.js';
import {
  assertReadsRulesAnywhere,
  inScope,
  isQaOfResearch,
  mayEditRules,
  mayTestRules,
  rulesScope,
  type RulesScope,
} from './rules.policy.js';

/**
 * Study rules (docs/rules.md "API"; spec design-and-admin sections 2–8): the rules page and a field's rules
 * list, create, edit (which cancels the validation and the test), soft delete, QA's validation, and the test
 * dialog. Every write is one transaction with its audit record (entity `rule`).
 */

type Input = z.infer<typeof ruleInput>;
type TestInput = z.infer<typeof ruleTest>;

/** The rule types whose expression is a condition (the others give the value to insert). */
const CONDITION_TYPES: readonly RuleType[] = ['NoteAction', 'EmailAction', 'ToggleAction'];
const NEEDS_MESSAGE: readonly RuleType[] = ['NoteAction', 'EmailAction'];

const localised = (f: (lang: Language) => string) => ({ ru: f('ru'), en: f('en') });

/** 400 naming `expression` with the language's own message(s), position included. */
function expressionError(errors: readonly ruleLanguage.RuleError[]) {
  return badRequest('rule_expression_invalid', 'expression', {
    detail: localised((lang) => errors.map((e) => ruleLanguage.ruleErrorMessage(e, lang)).join('; ')),
  });
}

/** The result type a rule must give: a condition, or the target field's type for an InsertAction. */
export const expectedTypeOf = (type: RuleType, targetFieldType: string): ruleLanguage.RuleValueType[] =>
  CONDITION_TYPES.includes(type) ? ['boolean'] : [ruleLanguage.ruleTypeOfFieldType(targetFieldType)];

// --------------------------------------------------------------------------------------------- reading

/** A live rule the caller reads: 403 for callers who read no rules (or not this research's), 404 otherwise. */
async function ruleToRead(db: Db, caller: ActorCaller, id: string): Promise<RuleRow> {
  assertReadsRulesAnywhere(caller.actor);
  const rule = await findRule(db, id);
  if (!rule) throw notFound('id');
  const scope = rulesScope(caller.actor, rule.researchId);
  if (!scope) throw forbidden('rules_view_forbidden');
  if (!inScope(scope, rule.researchOrganisationId)) throw notFound('id');
  return rule;
}

/** The research a list is about (the query's, else the current employee's) and the caller's scope in it. */
function listScope(caller: ActorCaller, researchId: string | undefined): { researchId: string; scope: NonNullable<RulesScope> } {
  assertReadsRulesAnywhere(caller.actor);
  const id = researchId ?? caller.actor.employee?.researchId;
  if (!id) throw badRequest('research_required', 'researchId');
  const scope = rulesScope(caller.actor, id);
  if (!scope) throw forbidden('rules_view_forbidden');
  return { researchId: id, scope };
}

const scopeWhere = (researchId: string, scope: NonNullable<RulesScope>): SQL | undefined =>
  and(
    eq(rules.researchId, researchId),
    scope.centreId ? or(isNull(rules.researchOrganisationId), eq(rules.researchOrganisationId, scope.centreId)) : undefined,
  );

/** GET /Rules: one page of a research's rules (newest first), filtered by the chain, the type, validation and text. */
export async function listRules(deps: Deps, q: RulesQuery, caller: ActorCaller) {
  const { researchId, scope } = listScope(caller, q.researchId);
  const where = and(
    scopeWhere(researchId, scope),
    q.visitId
      ? inArray(rules.formId, deps.db.select({ id: forms.id }).from(forms).where(eq(forms.visitId, q.visitId)))
      : undefined,
    q.formId ? eq(rules.formId, q.formId) : undefined,
    q.formSectionId
      ? inArray(
          rules.formFieldId,
          deps.db.select({ id: formFields.id }).from(formFields).where(eq(formFields.formSectionId, q.formSectionId)),
        )
      : undefined,
    q.formFieldId ? eq(rules.formFieldId, q.formFieldId) : undefined,
    q.ruleTypeString ? eq(rules.ruleType, q.ruleTypeString) : undefined,
    q.isValidate ? eq(rules.isValidate, q.isValidate === 'true') : undefined,
    searchAny(q.search, [rules.message, rules.expression]),
  );
  const total = await countRules(deps.db, where);
  const rows = await findRules(deps.db, where, { limit: q.pageSize, offset: offsetOf(q) });
  return pageOf(await ruleReplies(deps.db, rows, caller.lang), total, q);
}

/** GET /Rules/ByResearchId: every live rule of a research the caller reads. */
export async function rulesOfResearch(deps: Deps, researchId: string, caller: ActorCaller): Promise<RuleReply[]> {
  const { scope } = listScope(caller, researchId);
  const rows = await findRules(deps.db, scopeWhere(researchId, scope));
  return ruleReplies(deps.db, rows, caller.lang);
}

/** GET /Rules/{id}. */
export async function getRule(deps: Deps, id: string, caller: ActorCaller): Promise<RuleReply> {
  const rule = await ruleToRead(deps.db, caller, id);
  return (await ruleReplies(deps.db, [rule], caller.lang))[0]!;
}

// --------------------------------------------------------------------------------------------- writing

/** The caller edits rules somewhere (else every write is 403 before anything is looked up). */
function assertEditsRulesAnywhere(caller: ActorCaller): void {
  if (!canGlobally(caller.actor, 'rules_edit') && !caller.actor.permissions.has('rules_edit')) throw forbidden();
}

/** The field a rule is on, with its form, type and research (404 naming `formFieldId` when unknown or deleted). */
async function targetField(db: Db, formFieldId: string) {
  const [row] = await db
    .select({
      id: formFields.id,
      formId: formFields.formId,
      researchId: formFields.researchId,
      fieldType: fields.fieldType,
      researchStatus: researches.status,
    })
    .from(formFields)
    .innerJoin(fields, eq(fields.id, formFields.fieldId))
    .innerJoin(forms, eq(forms.id, formFields.formId))
    .innerJoin(researches, eq(researches.id, formFields.researchId))
    .where(
      and(eq(formFields.id, formFieldId), isNull(formFields.deletedAt), isNull(forms.deletedAt), isNull(researches.deletedAt)),
    )
    .limit(1);
  if (!row) throw notFound('formFieldId');
  return row;
}
type Target = Awaited<ReturnType<typeof targetField>>;

/** What a rule's input becomes once checked (docs/rules.md "API"): its message, centre and related codes. */
interface CheckedRule {
  ruleType: RuleType;
  message: string | null;
  expression: string;
  researchOrganisationId: string | null;
  relatedCodes: string[];
}

/**
 * The checks of a rule's input (400 naming the field): the centre is one of the research's; a NoteAction and
 * an EmailAction have a message; an InsertAction does not insert into a file field; the expression parses,
 * names no ambiguous code and type-checks against the form's fields (a condition, or the target's type);
 * `relatedFormFieldCodes`, when sent, are the expression's.
 */
async function checkedRule(db: Db, input: Input, target: Target): Promise<CheckedRule> {
  const centreId = input.researchOrganisationId ?? null;
  if (centreId) {
    const [centre] = await db
      .select({ researchId: researchOrganisations.researchId })
      .from(researchOrganisations)
      .where(and(eq(researchOrganisations.id, centreId), isNull(researchOrganisations.deletedAt)));
    if (!centre) throw badRequest('unknown_reference', 'researchOrganisationId', { field: 'researchOrganisationId' });
    if (centre.researchId !== target.researchId) {
      throw badRequest('foreign_research', 'researchOrganisationId', { field: 'researchOrganisationId' });
    }
  }
  const message = input.message?.trim() || null;
  if (NEEDS_MESSAGE.includes(input.ruleTypeString) && !message) throw badRequest('rule_message_required', 'message');
  if (input.ruleTypeString === 'InsertAction' && target.fieldType === 'File') {
    throw badRequest('rule_target_file', 'formFieldId');
  }
  const codes = await formCodes(db, target.formId);
  const relatedCodes = checkExpression(input.expression, codes, expectedTypeOf(input.ruleTypeString, target.fieldType));
  if (input.relatedFormFieldCodes) {
    const sent = new Set(input.relatedFormFieldCodes.map((c) => c.trim()));
    if (sent.size !== relatedCodes.length || relatedCodes.some((c) => !sent.has(c))) {
      throw badRequest('rule_related_codes_mismatch', 'relatedFormFieldCodes', { codes: relatedCodes.join(', ') || '—' });
    }
  }
  return {
    ruleType: input.ruleTypeString,
    message,
    expression: input.expression,
    researchOrganisationId: centreId,
    relatedCodes,
  };
}

/** Parses and type-checks an expression over a form's codes; gives its related codes (400 naming `expression`). */
export function checkExpression(text: string, codes: FormCodes, expected: ruleLanguage.RuleValueType[]): string[] {
  const parsed = ruleLanguage.parseRule(text);
  if (!parsed.ok) throw expressionError([parsed.error]);
  const related = ruleLanguage.relatedFieldCodes(parsed.ast);
  const ambiguous = related.find((c) => codes.ambiguous.has(c));
  if (ambiguous !== undefined) throw badRequest('rule_code_ambiguous', 'expression', { code: ambiguous });
  const checked = ruleLanguage.typeCheck(parsed.ast, ruleFieldsOf(codes), expected);
  if (!checked.ok) throw expressionError(checked.errors);
  return related;
}

/** What the audit trail keeps of a rule. */
const audited = (r: typeof rules.$inferSelect) => ({
  id: r.id,
  ruleTypeString: r.ruleType,
  message: r.message,
  expression: r.expression,
  formId: r.formId,
  formFieldId: r.formFieldId,
  researchOrganisationId: r.researchOrganisationId,
  relatedFormFieldCodes: r.relatedCodes,
  isValidate: r.isValidate,
  isTested: r.isTested,
});

async function replyOf(db: Db, id: string, lang: Language): Promise<RuleReply> {
  const row = await findRule(db, id);
  return (await ruleReplies(db, [row!], lang))[0]!;
}

/** POST /Rules: `rules_edit` in the research of `formFieldId` (403), a current research (409), then the checks (400). */
export async function createRule(deps: Deps, input: Input, caller: ActorCaller): Promise<RuleReply> {
  assertEditsRulesAnywhere(caller);
  const target = await targetField(deps.db, input.formFieldId);
  if (!mayEditRules(caller.actor, target.researchId)) throw forbidden();
  if (target.researchStatus !== 'Current') throw conflict('research_not_current');
  const checked = await checkedRule(deps.db, input, target);
  const id = await deps.db.transaction((tx) => insertChecked(tx, caller, target, checked));
  return replyOf(deps.db, id, caller.lang);
}

/**
 * A rule carried in by an ODM design import (docs/rules.md "ODM"), inside the import's transaction: the same
 * checks as a creation (the centre, the message, the target, the expression against the form's codes), then
 * the row, neither tested nor validated, and its audit record. The import has checked the caller's rights.
 */
export async function insertImportedRule(
  tx: Db,
  caller: Pick<ActorCaller, 'audit'> & { actor: { userId: string } },
  input: Input,
  source: { odmOid: string },
): Promise<string> {
  const target = await targetField(tx, input.formFieldId);
  const checked = await checkedRule(tx, input, target);
  return insertChecked(tx, caller, target, checked, { source: 'odm', odmOid: source.odmOid });
}

/** Inserts a checked rule on its target field and audits its creation (`rule.create`, with where it came from). */
async function insertChecked(
  tx: Db,
  caller: Pick<ActorCaller, 'audit'> & { actor: { userId: string } },
  target: Awaited<ReturnType<typeof targetField>>,
  checked: Awaited<ReturnType<typeof checkedRule>>,
  origin: Record<string, string> = {},
): Promise<string> {
  const [row] = await tx
    .insert(rules)
    .values({
      ...checked,
      researchId: target.researchId,
      formId: target.formId,
      formFieldId: target.id,
      createdBy: caller.actor.userId,
      updatedBy: caller.actor.userId,
    })
    .returning();
  await writeAudit(tx, caller.audit, {
    action: 'rule.create',
    entityType: 'rule',
    entityId: row!.id,
    researchId: row!.researchId,
    after: { ...audited(row!), ...origin },
  });
  return row!.id;
}

/** A live rule the caller edits: 403 without `rules_edit`, 404 when unknown, 403 in another research. */
async function ruleToEdit(db: Db, caller: ActorCaller, id: string): Promise<RuleRow> {
  assertEditsRulesAnywhere(caller);
  const rule = await findRule(db, id);
  if (!rule) throw notFound('id');
  if (!mayEditRules(caller.actor, rule.researchId)) throw forbidden();
  return rule;
}

/**
 * PUT /Rules/{id}: the same checks as a creation; the field must stay in the rule's research. A change
 * cancels the validation and the test (isValidate, isTested and the result are cleared); an input that
 * changes nothing changes nothing.
 */
export async function updateRule(deps: Deps, id: string, input: Input, caller: ActorCaller): Promise<RuleReply> {
  const rule = await ruleToEdit(deps.db, caller, id);
  const target = await targetField(deps.db, input.formFieldId);
  if (target.researchId !== rule.researchId) throw badRequest('foreign_research', 'formFieldId', { field: 'formFieldId' });
  if (target.researchStatus !== 'Current') throw conflict('research_not_current');
  const checked = await checkedRule(deps.db, input, target);
  const same =
    checked.ruleType === rule.ruleType &&
    checked.message === rule.message &&
    checked.expression === rule.expression &&
    checked.researchOrganisationId === rule.researchOrganisationId &&
    target.id === rule.formFieldId;
  if (same) return (await ruleReplies(deps.db, [rule], caller.lang))[0]!;
  await deps.db.transaction(async (tx) => {
    const before = await findRule(tx, id, { lock: true });
    if (!before) throw notFound('id');
    const [after] = await tx
      .update(rules)
      .set({
        ...checked,
        formId: target.formId,
        formFieldId: target.id,
        isValidate: false,
        isTested: false,
        lastResult: null,
        updatedBy: caller.actor.userId,
        updatedAt: new Date(),
      })
      .where(eq(rules.id, id))
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'rule.update',
      entityType: 'rule',
      entityId: id,
      researchId: rule.researchId,
      before: audited(before),
      after: audited(after!),
    });
  });
  return replyOf(deps.db, id, caller.lang);
}

/** DELETE /Rules/{id}: soft; the rule no longer runs (its Auto notes stay as they are). */
export async function deleteRule(deps: Deps, id: string, caller: ActorCaller): Promise<void> {
  const rule = await ruleToEdit(deps.db, caller, id);
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx
      .update(rules)
      .set({ deletedAt: new Date(), updatedBy: caller.actor.userId })
      .where(and(eq(rules.id, id), isNull(rules.deletedAt)))
      .returning();
    if (!gone) throw notFound('id');
    await writeAudit(tx, caller.audit, {
      action: 'rule.delete',
      entityType: 'rule',
      entityId: id,
      researchId: rule.researchId,
      before: audited(rule),
    });
  });
}

/**
 * PUT /Rules/{id}/ToggleValidate: QA of the rule's research only (403 rule_validate_qa_only); validating
 * needs a test since the last edit (409 rule_not_tested); cancelling is always possible.
 */
export async function toggleValidate(deps: Deps, id: string, caller: ActorCaller): Promise<RuleReply> {
  const rule = await ruleToRead(deps.db, caller, id);
  if (!isQaOfResearch(caller.actor, rule.researchId)) throw forbidden('rule_validate_qa_only');
  await deps.db.transaction(async (tx) => {
    const before = await findRule(tx, id, { lock: true });
    if (!before) throw notFound('id');
    if (!before.isValidate && !before.isTested) throw conflict('rule_not_tested');
    const [after] = await tx.update(rules).set({ isValidate: !before.isValidate }).where(eq(rules.id, id)).returning();
    await writeAudit(tx, caller.audit, {
      action: after!.isValidate ? 'rule.validate' : 'rule.cancel_validation',
      entityType: 'rule',
      entityId: id,
      researchId: rule.researchId,
      before: { isValidate: before.isValidate },
      after: { isValidate: after!.isValidate },
    });
  });
  return replyOf(deps.db, id, caller.lang);
}

/** Whether a value an InsertAction gives fits its target field (a select's options, a number's form). */
export function insertableValue(fieldType: string, optionList: readonly string[], stored: string): string | null {
  const check = validateItemValue(fieldType as FieldType, stored, { optionList: [...optionList] });
  return check.ok ? check.value : null;
}

/** The outcome of a rule over values in their stored form (the test dialog; the save hook's reasoning is the same). */
export function outcomeOf(
  type: RuleType,
  ast: ruleLanguage.RuleAst,
  values: ruleLanguage.RuleValues,
  fieldsByCode: ruleLanguage.RuleFields,
  target: { fieldType: string; optionList: readonly string[] } | undefined,
): RuleTestOutcome {
  const res = ruleLanguage.evaluateRule(ast, values, fieldsByCode);
  if (!res.ok) {
    const { ok: _ok, ...failure } = res;
    return { ok: false, value: null, fires: false, failure };
  }
  if (type === 'InsertAction') {
    const value = target ? insertableValue(target.fieldType, target.optionList, res.stored) : null;
    return { ok: true, value: res.stored, fires: value !== null };
  }
  return { ok: true, value: res.stored, fires: res.value === true };
}

/**
 * PUT /Rules/{id}/Test: QA of the research and those who edit rules (403). Each `ruleDataList` entry is a
 * related code (400 rule_test_key_unknown naming `ruleDataList.{i}.key`) and its value as typed in the
 * dialog, read by the field's type (400 rule_test_value_invalid naming `ruleDataList.{i}.data`); a code
 * without an entry has no value. The outcome is stored on the rule (isTested, result) and returned.
 */
export async function testRule(deps: Deps, id: string, input: TestInput, caller: ActorCaller): Promise<RuleTestReply> {
  const rule = await ruleToRead(deps.db, caller, id);
  if (!mayTestRules(caller.actor, rule.researchId)) throw forbidden();
  const codes = await formCodes(deps.db, rule.formId);
  const values: Record<string, string | null> = Object.create(null) as Record<string, string | null>;
  for (const [i, entry] of input.ruleDataList.entries()) {
    const code = entry.key.trim();
    if (!rule.relatedCodes.includes(code)) throw badRequest('rule_test_key_unknown', `ruleDataList.${i}.key`, { code });
    const field = codes.byCode.get(code);
    const parsed = ruleLanguage.parseTestInput(field?.fieldType ?? 'Text', entry.data, field?.optionList);
    if (!parsed.ok) {
      throw badRequest('rule_test_value_invalid', `ruleDataList.${i}.data`, {
        code,
        detail: localised((lang) => ruleLanguage.testInputErrorMessage(parsed.error, lang)),
      });
    }
    values[code] = parsed.value;
  }
  const type = rule.ruleType as RuleType;
  const target = codes.byId.get(rule.formFieldId);
  const fieldsByCode = ruleFieldsOf(codes);
  let outcome: RuleTestOutcome;
  const parsed = ruleLanguage.parseRule(rule.expression);
  const checked = parsed.ok
    ? ruleLanguage.typeCheck(parsed.ast, fieldsByCode, expectedTypeOf(type, target?.fieldType ?? 'Text'))
    : null;
  if (!parsed.ok || !checked?.ok) {
    // The form changed under the rule (a field's type or code): it cannot be evaluated as it stands.
    const error = parsed.ok ? (checked as { errors: ruleLanguage.RuleError[] }).errors[0]! : parsed.error;
    outcome = {
      ok: false,
      value: null,
      fires: false,
      failure: { reason: 'type_mismatch', position: error.position, end: error.end },
    };
  } else {
    outcome = outcomeOf(type, parsed.ast, values, fieldsByCode, target);
  }
  await deps.db.transaction(async (tx) => {
    // Only the rule as it was tested: an edit or a deletion meanwhile leaves it untested (409).
    const now = await findRule(tx, id, { lock: true });
    const same =
      now && now.expression === rule.expression && now.ruleType === rule.ruleType && now.formFieldId === rule.formFieldId;
    if (!same) throw conflict('conflict');
    await tx.update(rules).set({ isTested: true, lastResult: outcome }).where(eq(rules.id, id));
    await writeAudit(tx, caller.audit, {
      action: 'rule.test',
      entityType: 'rule',
      entityId: id,
      researchId: rule.researchId,
      before: { isTested: rule.isTested },
      after: { isTested: true, ruleDataList: input.ruleDataList, outcome },
    });
  });
  const reply = await replyOf(deps.db, id, caller.lang);
  return {
    rule: reply,
    ok: outcome.ok,
    value: outcome.value,
    fires: outcome.fires,
    reason: outcome.ok ? null : reply.result,
  };
}
