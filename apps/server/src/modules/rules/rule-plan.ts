import type { FieldType, RuleType, rules as ruleLanguage } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { runNamed } from '../../platform/db/named.js';
import { FIELD_CODE_SQL } from './field-codes.js';
import { cachedRule, parsedRule } from './rule-cache.js';

/**
 * What the rules of a save need from the design, its plan: the rules to run and the form fields they read or
 * act on. It depends only on the form, the subject's centre and the saved form field, and it changes only when
 * the design does, so it is kept in an in-process LRU under the form's `rules_stamp`, which triggers raise on
 * every change to the form's rules, form fields or field definitions (migration 0012). The stamp comes with
 * the save's context (field-context.ts), so a save whose plan is cached reads only the values (FIELD_VALUES);
 * a stale plan is never used, and several server instances never disagree.
 */

export interface PlannedRule {
  id: string;
  rule_type: RuleType;
  message: string | null;
  form_field_id: string;
  /** `updated_at` as text: the key of the rule's parsed tree (rule-cache.ts). */
  version: string;
  /** Whether the rule names the saved field (the others are toggles sharing a target with one that does). */
  triggered: boolean;
}

export interface PlannedField {
  formFieldId: string;
  code: string;
  text: string;
  fieldType: FieldType;
  /** Only a select's options matter (a proposal must be one of them). */
  optionList: string[] | null;
}

export interface RulePlan {
  /** The saved field's code. */
  savedCode: string;
  /** In the order the rules were created. */
  run: PlannedRule[];
  asts: Map<string, ruleLanguage.RuleAst | null>;
  fields: PlannedField[];
  fieldById: Map<string, PlannedField>;
  /** The form fields read (every planned field), and those the rules act on (their open Auto notes are read). */
  formFieldIds: string[];
  targetIds: string[];
}

/**
 * The plan's design ($1 the form, $2 the saved form field, $3 the subject's centre), in one statement:
 * - `t`: the form's rules stamp as this statement sees it (the plan is kept under it);
 * - `s`: the saved field's code, `r`: the rules to run, in the order they were created: the live rules of the
 *   form for that centre or the whole research naming that code (`triggered`; index rules_form_idx), and the
 *   other ToggleActions on the fields those toggle (a field several toggles share is decided by all of them);
 * - `d`: the form's live fields with the codes those rules read or the ids they act on.
 * The kinds of rows share text columns c1…c6 (the driver parses plain text fastest).
 */
const RULE_PLAN = `with saved as materialized (
    select ${FIELD_CODE_SQL} as code from form_fields ff join fields fd on fd.id = ff.field_id where ff.id = $2),
  candidates as materialized (
    select r.id, r.rule_type, r.message, r.related_codes, r.form_field_id, r.updated_at, r.created_at,
      saved.code = any(r.related_codes) as triggered
    from rules r cross join saved
    where r.form_id = $1 and r.deleted_at is null
      and (r.research_organisation_id is null or r.research_organisation_id = $3)
      and (saved.code = any(r.related_codes) or r.rule_type = 'ToggleAction')),
  run as materialized (
    select * from candidates c where c.triggered or (c.rule_type = 'ToggleAction' and c.form_field_id in (
      select t.form_field_id from candidates t where t.triggered and t.rule_type = 'ToggleAction')))
  select * from (
    select 't' as kind, null as id, (select rules_stamp::text from forms where id = $1) as c1, null as c2,
      null as c3, null as c4, null as c5, null as c6, null::timestamptz as at
    union all
    select 's', null, (select code from saved), null, null, null, null, null, null
    union all
    select 'r', r.id::text, r.rule_type, r.message, r.form_field_id::text, r.updated_at::text, r.triggered::text, null,
      r.created_at
    from run r
    union all
    select 'd', ff.id::text, ${FIELD_CODE_SQL}, ff.text, fd.field_type,
      case when fd.field_type = 'Select' then fd.option_list::text end, null, null, null
    from form_fields ff join fields fd on fd.id = ff.field_id
    where exists (select 1 from run) and ff.form_id = $1 and ff.deleted_at is null
      and (${FIELD_CODE_SQL} in (select unnest(related_codes) from run) or ff.id in (select form_field_id from run))
  ) x order by kind desc, at, id`;

/** The expressions of rules whose trees are not cached ($1 their ids). */
const RULE_TEXTS = `select id::text as id, expression from rules where id = any($1::uuid[])`;

interface PlanRow {
  kind: 't' | 's' | 'r' | 'd';
  id: string;
  c1: string;
  c2: string | null;
  c3: string | null;
  c4: string | null;
  c5: string | null;
  c6: string | null;
}

const CAPACITY = 2000;
/** By form, stamp, centre and saved form field. A Map keeps insertion order: the least recently used first. */
const plans = new Map<string, RulePlan>();

async function readPlan(
  tx: Db,
  formId: string,
  formFieldId: string,
  centreId: string,
): Promise<{ stamp: string; plan: RulePlan }> {
  const rows = await runNamed<PlanRow>(tx, 'rule_plan', RULE_PLAN, [formId, formFieldId, centreId]);
  let stamp = '';
  let savedCode = '';
  const run: PlannedRule[] = [];
  const fields: PlannedField[] = [];
  for (const x of rows) {
    if (x.kind === 't') stamp = x.c1;
    else if (x.kind === 's') savedCode = x.c1;
    else if (x.kind === 'r') {
      run.push({
        id: x.id,
        rule_type: x.c1 as RuleType,
        message: x.c2,
        form_field_id: x.c3!,
        version: x.c4!,
        triggered: x.c5 === 'true',
      });
    } else {
      fields.push({
        formFieldId: x.id,
        code: x.c1,
        text: x.c2!,
        fieldType: x.c3 as FieldType,
        optionList: x.c4 ? (JSON.parse(x.c4) as string[]) : null,
      });
    }
  }
  // The parsed trees: cached by version, else parsed from the texts read now.
  const asts = new Map<string, ruleLanguage.RuleAst | null>();
  const missing: PlannedRule[] = [];
  for (const r of run) {
    const ast = cachedRule(r.id, r.version);
    if (ast === undefined) missing.push(r);
    else asts.set(r.id, ast);
  }
  if (missing.length) {
    const texts = await runNamed<{ id: string; expression: string }>(tx, 'rule_texts', RULE_TEXTS, [missing.map((r) => r.id)]);
    for (const t of texts) {
      const r = missing.find((m) => m.id === t.id)!;
      asts.set(r.id, parsedRule(r.id, r.version, t.expression));
    }
  }
  const targetIds = [...new Set(run.map((r) => r.form_field_id))];
  return {
    stamp,
    plan: {
      savedCode,
      run,
      asts,
      fields,
      fieldById: new Map(fields.map((f) => [f.formFieldId, f])),
      formFieldIds: fields.map((f) => f.formFieldId),
      targetIds,
    },
  };
}

const keyOf = (formId: string, stamp: string, centreId: string, formFieldId: string) =>
  `${formId}|${stamp}|${centreId}|${formFieldId}`;

/**
 * The plan of a save: from the cache when the form's stamp read with the save's context (`stamp`) matches,
 * else read (one statement, two when some rule's tree is not cached) and kept under the stamp it was read with.
 */
export async function rulePlan(
  tx: Db,
  formId: string,
  formFieldId: string,
  centreId: string,
  stamp: string | undefined,
): Promise<RulePlan> {
  if (stamp !== undefined) {
    const key = keyOf(formId, stamp, centreId, formFieldId);
    const hit = plans.get(key);
    if (hit) {
      plans.delete(key);
      plans.set(key, hit);
      return hit;
    }
  }
  const read = await readPlan(tx, formId, formFieldId, centreId);
  plans.set(keyOf(formId, read.stamp, centreId, formFieldId), read.plan);
  if (plans.size > CAPACITY) plans.delete(plans.keys().next().value!);
  return read.plan;
}

/** For tests and benchmarks: the number of plans kept, and emptying the cache. */
export const rulePlanCache = {
  size: () => plans.size,
  clear: () => plans.clear(),
};
