import { inArray } from 'drizzle-orm';
import { rules as ruleLanguage, type CalculateReply, type FieldType, type RuleType } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { subjectFormFields } from '../../platform/db/schema/index.js';
import {
  auditParams,
  AUDIT_COLUMNS,
  chainHeadText,
  chainLockText,
  chainOf,
  sealAudit,
  type AuditActor,
  type AuditEntry,
} from '../../platform/audit/audit.js';
import { placeholders, runNamed } from '../../platform/db/named.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { fieldContext, type SaveContext } from '../data-entry/field-context.js';
import { recomputeVisibility, type VisibilityChange } from '../data-entry/visibility.js';
import { FIELD_CODE_SQL } from './field-codes.js';
import { parsedRule } from './rule-cache.js';
import { rulePlan, type PlannedRule } from './rule-plan.js';
import { queueRuleMails, ruleMailPlace, ruleMailRecipients, type RuleMail } from './rule-mails.js';
import { closeAutoNote, raiseAutoNote, type AutoNoteTarget, type Trigger } from './rule-notes.js';
import { insertableValue } from './rules.service.js';

/**
 * The actions of the rules, run on every save of a value (docs/rules.md "Actions"): after the value and its
 * audit record are written, in the same transaction, the live rules of the subject form's form that apply
 * to the subject's centre and name the saved field's code are evaluated over the form's current values, and
 * - InsertAction proposes its value for its field (nothing is stored: the reply lists it, and
 *   GET /SubjectsFormField/{id}/Calculate gives it again);
 * - ToggleAction hides its field while its condition holds and shows it when it no longer does
 *   (subject_form_fields.rule_hidden, then is_hidden recomputed with the children: the reply's `visibility`);
 * - NoteAction raises an Auto note on its field while its condition holds (one open note per rule and
 *   field) and closes it when the condition no longer holds;
 * - EmailAction mails its message when its condition becomes true (it was false or could not be evaluated
 *   before the save), after the commit.
 * A rule that cannot be evaluated (a missing value above all) does nothing. Each action taken writes one
 * audit record in the subject's chain naming the rule and the save (user, field, value) that triggered it.
 * What the design gives a save (its rules and the fields they read) is cached under the form's rules stamp
 * (rule-plan.ts): a save whose plan is cached reads only the values, and a form without rules costs nothing.
 */

export interface SavedValue {
  subjectId: string;
  researchId: string;
  /** The subject's centre. */
  centreId: string;
  subjectVisitId: string;
  subjectFormId: string;
  formId: string;
  formFieldId: string;
  subjectFormFieldId: string;
  /** The item data row the save wrote. */
  itemDataId: string;
  data: string | null;
  /** The field's value before the save (null when it had none). */
  previousData: string | null;
  /**
   * The hash of the save's audit record, the newest of the subject's chain (the save holds the chain's
   * lock): the rules' records chain after it. Unknown: the chain's head is read under its lock.
   */
  chainHead?: string;
  /** The form's rules stamp read with the save's context: the key of the save's cached plan (rule-plan.ts). */
  rulesStamp?: string;
}

export interface Proposal {
  subjectFormFieldId: string;
  value: string;
  ruleId: string;
}

export interface RuleEffects {
  proposals: Proposal[];
  /** Fields whose `is_hidden` changed (a toggled field and its children). */
  visibility: VisibilityChange[];
}

/** A rule as `calculate` reads it. */
interface RuleRow {
  id: string;
  rule_type: RuleType;
  message: string | null;
  expression?: string;
  related_codes?: string[];
  form_field_id: string;
  version: string;
}

interface FieldRow {
  id: string;
  form_field_id: string;
  subject_form_section_id: string;
  is_hidden: boolean;
  rule_hidden: boolean;
  text: string;
  code: string;
  field_type: FieldType;
  option_list: string[] | null;
  data: string | null;
  /** A target field's open Auto notes raised by rules: `rule id:note id` each. */
  auto_notes: string[] | null;
}

/**
 * The fields of a subject form the rules read or act on ($1 the subject form, $2 the codes, $3 the target
 * form fields, $4 the form), with their current values and, for the targets, their open Auto notes (index
 * item_notes_field_idx), in one statement: first the form's live fields with those codes or ids (the sets
 * hashed), then their subject form fields (index subject_form_fields_uq).
 */
const FORM_VALUES = `with design as materialized (
    select ff.id, ${FIELD_CODE_SQL} as code, fd.field_type, fd.option_list, ff.text
    from form_fields ff join fields fd on fd.id = ff.field_id
    where ff.form_id = $4 and ff.deleted_at is null
      and (${FIELD_CODE_SQL} in (select unnest($2::text[])) or ff.id in (select unnest($3::uuid[])))),
  targets as materialized (select unnest($3::uuid[]) as id)
  select sff.id, sff.form_field_id, sff.subject_form_section_id, sff.is_hidden, sff.rule_hidden, design.text,
    design.code, design.field_type, design.option_list,
    (select d.data from item_data d where d.subject_form_field_id = sff.id order by d.seq desc limit 1) as data,
    case when design.id in (select id from targets) then (
      select array_agg(n.rule_id::text || ':' || n.id::text) from item_notes n
      where n.subject_form_field_id = sff.id and n.rule_id is not null and n.type = 'Auto'
        and n.status in ('New', 'Updated', 'ResolutionProposed')) end as auto_notes
  from design join subject_form_fields sff on sff.subject_form_id = $1 and sff.form_field_id = design.id`;

/** A subject form's values by code, the types of those codes, and its fields by form field. */
interface FormState {
  values: Record<string, string | null>;
  fields: Record<string, ruleLanguage.RuleField>;
  byFormField: Map<string, FieldRow>;
}

const NO_OPTIONS: readonly string[] = Object.freeze([]);

function stateOf(rows: FieldRow[]): FormState {
  const values = Object.create(null) as Record<string, string | null>;
  const fields = Object.create(null) as Record<string, ruleLanguage.RuleField>;
  const byFormField = new Map<string, FieldRow>();
  const ambiguous = new Set<string>();
  for (const r of rows) {
    byFormField.set(r.form_field_id, r);
    if (ambiguous.has(r.code)) continue;
    if (r.code in fields) {
      // Two fields of the form carry this code: it names neither, and rules using it do nothing.
      delete fields[r.code];
      delete values[r.code];
      ambiguous.add(r.code);
      continue;
    }
    fields[r.code] = { fieldType: r.field_type, optionList: r.option_list ?? NO_OPTIONS };
    values[r.code] = r.data;
  }
  return { values, fields, byFormField };
}

const readState = async (tx: Db, subjectFormId: string, formId: string, codes: string[], formFieldIds: string[]) =>
  stateOf(await runNamed<FieldRow>(tx, 'rule_form_values', FORM_VALUES, [subjectFormId, codes, formFieldIds, formId]));

/**
 * The current state of the planned fields of a subject form ($1 the subject form, $2 the planned form fields,
 * $3 those the rules act on): their subject form fields (index subject_form_fields_uq), current values (index
 * item_data_field_idx) and, for the fields acted on, their open Auto notes (index item_notes_field_idx).
 */
export const FIELD_VALUES = `select sff.id, sff.form_field_id, sff.subject_form_section_id, sff.is_hidden, sff.rule_hidden,
    (select d.data from item_data d where d.subject_form_field_id = sff.id order by d.seq desc limit 1) as data,
    case when sff.form_field_id = any($3::uuid[]) then (
      select string_agg(n.rule_id::text || ':' || n.id::text, ',') from item_notes n
      where n.subject_form_field_id = sff.id and n.rule_id is not null and n.type = 'Auto'
        and n.status in ('New', 'Updated', 'ResolutionProposed')) end as auto_notes
  from subject_form_fields sff where sff.subject_form_id = $1 and sff.form_field_id = any($2::uuid[])`;

interface FieldValueRow {
  id: string;
  form_field_id: string;
  subject_form_section_id: string;
  is_hidden: boolean;
  rule_hidden: boolean;
  data: string | null;
  auto_notes: string | null;
}

/** The save's plan (rule-plan.ts) and, when a rule names the saved field, the planned fields' state. */
async function saveState(tx: Db, saved: SavedValue) {
  const plan = await rulePlan(tx, saved.formId, saved.formFieldId, saved.centreId, saved.rulesStamp);
  const fields: FieldRow[] = [];
  if (!plan.run.some((r) => r.triggered)) return { plan, fields };
  const rows = await runNamed<FieldValueRow>(tx, 'rule_field_values', FIELD_VALUES, [
    saved.subjectFormId,
    plan.formFieldIds,
    plan.targetIds,
  ]);
  for (const x of rows) {
    const design = plan.fieldById.get(x.form_field_id)!;
    fields.push({
      id: x.id,
      form_field_id: x.form_field_id,
      subject_form_section_id: x.subject_form_section_id,
      is_hidden: x.is_hidden,
      rule_hidden: x.rule_hidden,
      text: design.text,
      code: design.code,
      field_type: design.fieldType,
      option_list: design.optionList,
      data: x.data,
      auto_notes: x.auto_notes ? x.auto_notes.split(',') : null,
    });
  }
  return { plan, fields };
}

/**
 * Appends audit records to the subject's chain in one statement, after `chainHead` when the caller knows it
 * (it holds the chain's lock), else after the head read under the lock.
 */
async function appendAudits(
  tx: Db,
  actor: AuditActor,
  subjectId: string,
  entries: AuditEntry[],
  chainHead: string | undefined,
): Promise<void> {
  if (!entries.length) return;
  let prev = chainHead ?? null;
  if (chainHead === undefined) {
    const chain = chainOf(subjectId);
    await runNamed(tx, 'rule_audit_lock', `select ${chainLockText('$1')}`, [chain]);
    const [head] = await runNamed<{ hash: string | null }>(tx, 'rule_audit_head', `select ${chainHeadText('$1')} as hash`, [
      chain,
    ]);
    prev = head?.hash ?? null;
  }
  const params: unknown[] = [];
  const rows: string[] = [];
  for (const entry of entries) {
    const sealed = sealAudit(actor, entry, prev);
    prev = sealed.hash;
    rows.push(`(${placeholders(params.length + 1, 18)})`);
    params.push(...auditParams(sealed));
  }
  await runNamed(
    tx,
    `rule_audit_insert_${entries.length}`,
    `insert into audit_log (${AUDIT_COLUMNS}) values ${rows.join(', ')}`,
    params,
  );
}

const isTrue = (r: ruleLanguage.EvaluationResult | undefined) => !!r && r.ok && r.value === true;

/**
 * Runs the rules of a save (the module's header) in the save's transaction. Null when no rule named the
 * saved field (one query). Mails are queued on the caller's actor and go out after the commit (rule-mails.ts).
 */
export async function runRulesOnSave(tx: Db, caller: ActorCaller, saved: SavedValue): Promise<RuleEffects | null> {
  const {
    plan: { run, savedCode, asts },
    fields,
  } = await saveState(tx, saved);
  const triggered = run.filter((r) => r.triggered);
  if (!triggered.length) return null;
  // A toggled field is decided by all the toggles on it (the plan runs them too).
  const toggleTargets = new Set(triggered.filter((r) => r.rule_type === 'ToggleAction').map((r) => r.form_field_id));
  const state = stateOf(fields);

  const results = new Map<string, ruleLanguage.EvaluationResult>();
  for (const r of run) {
    const ast = asts.get(r.id);
    if (ast) results.set(r.id, ruleLanguage.evaluateRule(ast, state.values, state.fields));
  }

  const trigger = (r: PlannedRule): Trigger => ({
    rule: { id: r.id, type: r.rule_type },
    triggeredBy: { userId: caller.actor.userId, subjectFormFieldId: saved.subjectFormFieldId, itemDataId: saved.itemDataId },
  });
  const where = (target: FieldRow) => ({
    subjectFormId: saved.subjectFormId,
    subjectFormFieldId: target.id,
    formId: saved.formId,
    formFieldId: target.form_field_id,
    field: target.text,
  });
  const audits: AuditEntry[] = [];
  const audit = (r: PlannedRule, target: FieldRow, action: string, extra: Record<string, unknown>) =>
    audits.push({
      action,
      entityType: 'subject_form_field',
      entityId: target.id,
      researchId: saved.researchId,
      subjectId: saved.subjectId,
      after: { ...where(target), ...extra, ...trigger(r) },
    });

  // InsertAction: the first value per field that fits it and differs from its value.
  const proposals: Proposal[] = [];
  for (const r of triggered) {
    if (r.rule_type !== 'InsertAction') continue;
    const res = results.get(r.id);
    const target = state.byFormField.get(r.form_field_id);
    if (!res?.ok || !target || target.is_hidden || proposals.some((p) => p.subjectFormFieldId === target.id)) continue;
    const value = insertableValue(target.field_type, target.option_list ?? [], res.stored);
    if (value === null || value === target.data) continue;
    proposals.push({ subjectFormFieldId: target.id, value, ruleId: r.id });
    audit(r, target, 'rule.insert_proposed', { value, current: target.data });
  }

  // ToggleAction: hidden while any of the field's toggles holds; shown once those evaluated all say false.
  const toggled: { target: FieldRow; hidden: boolean; rule: PlannedRule }[] = [];
  for (const formFieldId of toggleTargets) {
    const target = state.byFormField.get(formFieldId);
    if (!target) continue;
    const mine = run.filter((r) => r.rule_type === 'ToggleAction' && r.form_field_id === formFieldId);
    const holding = mine.find((r) => isTrue(results.get(r.id)));
    const evaluated = mine.filter((r) => results.get(r.id)?.ok);
    if (!holding && !evaluated.length) continue;
    const hidden = !!holding;
    if (hidden === target.rule_hidden) continue;
    const rule = holding ?? evaluated.find((r) => r.triggered) ?? evaluated[0]!;
    toggled.push({ target, hidden, rule });
    audit(rule, target, 'rule.toggle', { isHidden: hidden });
  }
  let visibility: VisibilityChange[] = [];
  if (toggled.length) {
    for (const hidden of [true, false]) {
      const ids = toggled.filter((t) => t.hidden === hidden).map((t) => t.target.id);
      if (ids.length) await tx.update(subjectFormFields).set({ ruleHidden: hidden }).where(inArray(subjectFormFields.id, ids));
    }
    visibility = await recomputeVisibility(tx, saved.subjectFormId);
  }

  // NoteAction: one open Auto note per rule and field while the condition holds.
  const notes = triggered.filter(
    (r) => r.rule_type === 'NoteAction' && results.get(r.id)?.ok && state.byFormField.has(r.form_field_id),
  );
  for (const r of notes) {
    const target = state.byFormField.get(r.form_field_id)!;
    const note = target.auto_notes?.find((n) => n.startsWith(`${r.id}:`))?.slice(r.id.length + 1);
    if (isTrue(results.get(r.id)) && !note) {
      const t: AutoNoteTarget = {
        researchId: saved.researchId,
        researchOrganisationId: saved.centreId,
        subjectId: saved.subjectId,
        subjectVisitId: saved.subjectVisitId,
        subjectFormId: saved.subjectFormId,
        subjectFormSectionId: target.subject_form_section_id,
        subjectFormFieldId: target.id,
        formId: saved.formId,
        formFieldId: target.form_field_id,
        fieldText: target.text,
      };
      audits.push((await raiseAutoNote(tx, t, r.message ?? '', trigger(r))).audit);
    } else if (!isTrue(results.get(r.id)) && note) {
      const closed = await closeAutoNote(tx, note, target.text, trigger(r));
      if (closed) audits.push(closed.audit);
    }
  }

  // EmailAction: when the condition becomes true with this save.
  const emails = triggered.filter((r) => r.rule_type === 'EmailAction' && isTrue(results.get(r.id)));
  if (emails.length) {
    const before = { ...state.values, [savedCode]: saved.previousData };
    const firing = emails.filter((r) => {
      const ast = asts.get(r.id);
      if (!ast) return false;
      return !isTrue(ruleLanguage.evaluateRule(ast, before, state.fields));
    });
    if (firing.length) {
      const recipients = await ruleMailRecipients(tx, saved.researchId, saved.centreId);
      const place = await ruleMailPlace(tx, saved.subjectVisitId, saved.formId);
      const savedField = state.byFormField.get(saved.formFieldId);
      const mails: RuleMail[] = [];
      for (const r of firing) {
        const target = state.byFormField.get(r.form_field_id);
        const context = {
          ...place,
          message: r.message ?? '',
          field: savedField?.text ?? target?.text ?? '',
          value: saved.data,
        };
        for (const to of recipients) {
          mails.push({ to: to.email, lang: to.language === 'en' ? 'en' : 'ru', context, subjectVisitId: saved.subjectVisitId });
        }
        const entity = target ?? savedField;
        if (entity) audit(r, entity, 'rule.email', { message: r.message, recipients: recipients.map((x) => x.email) });
      }
      queueRuleMails(caller.actor, mails);
    }
  }

  await appendAudits(tx, caller.audit, saved.subjectId, audits, saved.chainHead);
  return { proposals, visibility };
}

/**
 * GET /SubjectsFormField/{id}/Calculate: the value the field's InsertAction rules propose now (the first of
 * them, in the order they were created, that can be evaluated and fits the field), or null when none can,
 * or the field already holds it. Read by whoever reads the subject.
 */
export async function calculate(deps: Deps, subjectFormFieldId: string, caller: ActorCaller): Promise<CalculateReply> {
  const ctx = await fieldContext(deps.db, subjectFormFieldId, caller, 'id');
  const rows = await runNamed<RuleRow>(
    deps.db,
    'rules_of_field',
    `select r.id, r.rule_type, r.message, r.expression, r.related_codes, r.form_field_id, r.updated_at::text as version
     from rules r
     where r.form_field_id = $1 and r.deleted_at is null and r.rule_type = 'InsertAction'
       and (r.research_organisation_id is null or r.research_organisation_id = $2)
     order by r.created_at, r.id`,
    [ctx.formField.id, ctx.subject.researchOrganisationId],
  );
  if (!rows.length) return null;
  const codes = [...new Set(rows.flatMap((r) => r.related_codes ?? []))];
  const state = await readState(deps.db, ctx.subjectForm.id, ctx.form.id, codes, [ctx.formField.id]);
  const target = state.byFormField.get(ctx.formField.id);
  if (!target) return null;
  for (const r of rows) {
    const ast = parsedRule(r.id, r.version, r.expression!);
    if (!ast) continue;
    const res = ruleLanguage.evaluateRule(ast, state.values, state.fields);
    if (!res.ok) continue;
    const value = insertableValue(target.field_type, target.option_list ?? [], res.stored);
    if (value === null) continue;
    return value === target.data ? null : { value, ruleId: r.id };
  }
  return null;
}

/** What the rules need of a save, from its context (data-entry field-context.ts) and the row it wrote. */
export function savedValueOf(
  ctx: Pick<SaveContext, 'subject' | 'visit' | 'subjectForm' | 'form' | 'formField' | 'field'>,
  itemDataId: string,
  data: string | null,
  previousData: string | null,
  chainHead?: string,
): SavedValue {
  return {
    subjectId: ctx.subject.id,
    researchId: ctx.subject.researchId,
    centreId: ctx.subject.researchOrganisationId,
    subjectVisitId: ctx.visit.id,
    subjectFormId: ctx.subjectForm.id,
    formId: ctx.form.id,
    formFieldId: ctx.formField.id,
    subjectFormFieldId: ctx.field.id,
    itemDataId,
    data,
    previousData,
    chainHead,
    rulesStamp: ctx.form.rulesStamp,
  };
}

/** A save's visibility changes followed by its rules' (the later change of a field wins). */
export function withRuleVisibility(saved: VisibilityChange[], effects: RuleEffects | null): VisibilityChange[] {
  if (!effects?.visibility.length) return saved;
  const byId = new Map(saved.map((c) => [c.subjectFormFieldId, c]));
  for (const c of effects.visibility) byId.set(c.subjectFormFieldId, c);
  return [...byId.values()];
}
