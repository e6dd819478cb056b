// The rules run on a save, on PostgreSQL, in-process (issue 13, docs/rules.md "Actions"):
// evaluating the rules of a 300-field form with 100 rules on one save: p95 ≤ 5 ms on the server.
// The form: 300 fields with codes F001…F300 (numbers, selects, checkboxes, dates), 300 values; 100 rules all
// naming F001 (so one save of F001 runs every one of them): 10 InsertAction (BMI, rounding, sums, day counts,
// CKD-EPI), 60 NoteAction ranges, 20 ToggleAction, 10 EmailAction. The saves change F001 between 70 and 71:
// each proposes 10 values (with their 10 audit records), and the conditions keep their state.
// Printed:
// - the hook (rule-actions.ts runRulesOnSave) timed in-process inside a transaction holding the save's locks,
//   rolled back after each run so every run does the same work (the values statement and the audit records;
//   the plan is cached after the first run, as on a server);
// - beside it, the raw evaluation: the same 100 parsed rules evaluated over the same values in memory;
// - the whole save (POST /ItemData/WithReason's service, committed) on that form, and on the same form without
//   rules, so that what the rules add to a save shows; and the hook on a form without rules (its plan cached).
// Run: NODE_OPTIONS=--max-semi-space-size=32 npx tsx bench/rules.bench.ts — the young generation the server
// runs with (apps/server "start"); BENCH_DATABASE_URL names the database server to use.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { rules as ruleLanguage } from '@edc/domain';
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { seedDemoWorld, DEMO_PASSWORD } from '../apps/server/src/seed/demo-world.js';
import { asDemoUser } from '../apps/server/src/seed/seed-caller.js';
import { saveContext } from '../apps/server/src/modules/data-entry/field-context.js';
import { changeItemData } from '../apps/server/src/modules/data-entry/item-data.service.js';
import { FIELD_VALUES, runRulesOnSave, savedValueOf } from '../apps/server/src/modules/rules/rule-actions.js';
import { rulePlan } from '../apps/server/src/modules/rules/rule-plan.js';
import pg from 'pg';
import { verifyAuditChain } from '../apps/server/src/platform/audit/audit.js';
import { PerformanceObserver } from 'node:perf_hooks';
import { BENCH_AUDIT_KEY, percentile, report, scratchDatabase } from './support.js';

const FIELDS = 300;
const RUNS = 400;
/** The rule mix: 100 in all. */
const INSERTS = 10;
const NOTES = 60;
const TOGGLES = 20;
const EMAILS = 10;

const scratch = await scratchDatabase('edc_bench_rules');
const database = await openDatabase({ url: scratch.url });
const { db } = database;
await seedDemoWorld(db);
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/edc-bench', AUDIT_KEY: BENCH_AUDIT_KEY }),
  database,
  logger: false,
  mailer: { send: async () => {} },
});
await app.ready();

async function api(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  const json = res.json() as { data: any };
  if (res.statusCode !== 200) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return json.data;
}
const signIn = async (email: string) =>
  (await api('POST', '/Auth/SignIn', undefined, { email, password: DEMO_PASSWORD })).accessToken as string;

// ------------------------------------------------------------------------------------------ the design
const t0 = performance.now();
const admin = await signIn('admin@demo.test');
const site = await signIn('site@demo.test');
const researchId = (
  (await db.execute(sql`select id from researches where grls_protocol_number = 'DEMO-001'`)) as unknown as {
    rows: { id: string }[];
  }
).rows[0]!.id;
const visit = await api('POST', '/Visits', admin, {
  researchId,
  title: 'Скрининг',
  visitKey: 'SCR',
  visitTypeString: 'Screening',
});
const formType = await api('POST', '/FormTypes', admin, { title: 'Bench rules', formTypeKey: `BENCH-R-${process.pid}` });
const def = async (fieldType: string, key: string, over: Record<string, unknown> = {}) =>
  (await api('POST', '/Fields', admin, { formTypeId: formType.id, title: key, fieldKey: key, fieldType, ...over })).id as string;
const defs = {
  Number: await def('Number', 'NUM'),
  Calculated: await def('Calculated', 'CALC'),
  Select: await def('Select', 'SEL', { optionList: ['Да', 'Нет'] }),
  Checkbox: await def('Checkbox', 'CHK'),
  Date: await def('Date', 'DAT'),
};
/** The type of field i (1-based): mostly numbers; calculated targets, selects, checkboxes and dates among them. */
const typeOf = (i: number): keyof typeof defs =>
  i <= 30 || (i > 100 && i % 10 !== 0 && i % 10 !== 5)
    ? 'Number'
    : i <= 60
      ? 'Calculated'
      : i % 10 === 0
        ? 'Select'
        : i % 10 === 5
          ? 'Checkbox'
          : i <= 100
            ? 'Date'
            : 'Number';
const code = (i: number) => `F${String(i).padStart(3, '0')}`;

async function makeForm(title: string) {
  const form = await api('POST', '/Forms', admin, { visitId: visit.id, formTypeId: formType.id, title });
  const fields: { id: string; annotationKey: string }[] = [];
  for (let s = 0; s < 3; s++) {
    const section = await api('POST', '/FormSections', admin, { formId: form.id, sectionName: `Секция ${s + 1}` });
    const created = await api('POST', '/FormFields/List', admin, {
      formSectionId: section.id,
      formFieldList: Array.from({ length: FIELDS / 3 }, (_, k) => {
        const i = s * (FIELDS / 3) + k + 1;
        return { fieldId: defs[typeOf(i)], text: `Показатель ${i}`, annotationKey: code(i) };
      }),
    });
    fields.push(...created);
  }
  return { form, byCode: new Map(fields.map((f) => [f.annotationKey, f.id])) };
}
const ruled = await makeForm('Форма на 300 полей со 100 правилами');
const plain = await makeForm('Форма на 300 полей без правил');

// 100 rules, each naming F001.
const numberCodes = Array.from({ length: 300 }, (_, k) => k + 1).filter((i) => typeOf(i) === 'Number' && i > 1);
const calcCodes = Array.from({ length: 30 }, (_, k) => k + 31);
const dateCodes = Array.from({ length: 300 }, (_, k) => k + 1).filter((i) => typeOf(i) === 'Date');
const selectCodes = Array.from({ length: 300 }, (_, k) => k + 1).filter((i) => typeOf(i) === 'Select');
const checkCodes = Array.from({ length: 300 }, (_, k) => k + 1).filter((i) => typeOf(i) === 'Checkbox');
const n = (k: number) => `[${code(numberCodes[k % numberCodes.length]!)}]`;
const inserts = [
  (k: number) => `RoundAwayFromZero(Bmi([F001]; ${n(k)} + 100); 1)`,
  (k: number) => `RoundToZero([F001] * 1,5 + ${n(k)} / 3; 2)`,
  (k: number) =>
    `DaysBetween([${code(dateCodes[k % dateCodes.length]!)}]; [${code(dateCodes[(k + 1) % dateCodes.length]!)}]) + [F001]`,
  (k: number) => `RoundAwayFromZero(Ckd(${n(k)} / 100 + 0,5; [F001] - 20; "Female"); 0)`,
];
const ruleBodies: Record<string, unknown>[] = [];
for (let k = 0; k < INSERTS; k++) {
  ruleBodies.push({
    ruleTypeString: 'InsertAction',
    expression: inserts[k % inserts.length]!(k),
    formFieldId: ruled.byCode.get(code(calcCodes[k]!)),
  });
}
for (let k = 0; k < NOTES; k++) {
  ruleBodies.push({
    ruleTypeString: 'NoteAction',
    message: `Значение вне диапазона (${k})`,
    expression: `[F001] > 0 AND (${n(k)} < 0 OR ${n(k)} > 10000)`,
    formFieldId: ruled.byCode.get(code(numberCodes[k]!)),
  });
}
for (let k = 0; k < TOGGLES; k++) {
  ruleBodies.push({
    ruleTypeString: 'ToggleAction',
    expression: `[F001] > 500 AND [${code(selectCodes[k % selectCodes.length]!)}] = "Да" OR [${code(checkCodes[k % checkCodes.length]!)}] AND [F001] < 0`,
    formFieldId: ruled.byCode.get(code(numberCodes[100 + k]!)),
  });
}
for (let k = 0; k < EMAILS; k++) {
  ruleBodies.push({
    ruleTypeString: 'EmailAction',
    message: `Критическое значение (${k})`,
    expression: `[F001] > 300 OR ${n(k)} > 100000`,
    formFieldId: ruled.byCode.get(code(numberCodes[k]!)),
  });
}
for (const body of ruleBodies) await api('POST', '/Rules', admin, body);

// A subject with the two forms, every field holding a value.
const subject = await api('POST', '/Subjects', site, {
  genderString: 'Male',
  birthDate: '1980-01-01',
  screenDate: '2025-01-10',
  screeningNumber: 'B-R-1',
});
const sv = await api('POST', '/SubjectsVisit', site, { subjectId: subject.id, visitId: visit.id, date: '2025-01-10' });
const valueOf = (i: number) =>
  ({
    Number: String(40 + (i % 50)),
    Calculated: null,
    Select: i % 20 === 0 ? 'Да' : 'Нет',
    Checkbox: 'false',
    Date: `2025-01-${String(1 + (i % 28)).padStart(2, '0')}`,
  })[typeOf(i)];
async function fill(formId: string) {
  const created = await api('POST', '/SubjectsForm', site, { formId, subjectVisitId: sv.id });
  const byFormField = new Map<string, string>();
  for (const s of created.subjectFormSectionList) for (const f of s.subjectFormFieldList) byFormField.set(f.formFieldId, f.id);
  return { id: created.id as string, byFormField };
}
const ruledForm = await fill(ruled.form.id);
const plainForm = await fill(plain.form.id);
for (const [form, f] of [
  [ruledForm, ruled],
  [plainForm, plain],
] as const) {
  for (let i = 1; i <= FIELDS; i++) {
    const data = i === 1 ? '70' : valueOf(i);
    if (data === null) continue;
    await api('POST', '/ItemData', site, { subjectFormFieldId: form.byFormField.get(f.byCode.get(code(i))!), data });
  }
}
await db.execute(sql`analyze`);
console.log(
  `design, 100 rules and two subject forms of ${FIELDS} fields with their values in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// ----------------------------------------------------------------------------------------- measuring
const F001 = ruledForm.byFormField.get(ruled.byCode.get('F001')!)!;
const P001 = plainForm.byFormField.get(plain.byCode.get('F001')!)!;

class Rollback extends Error {}
await asDemoUser(db, 'site@demo.test', async (caller) => {
  /** The hook alone, in a transaction holding the save's locks (saveContext), rolled back. */
  async function hookOnce(fieldId: string): Promise<{ ms: number; proposals: number }> {
    let out = { ms: 0, proposals: 0 };
    await db
      .transaction(async (tx) => {
        const ctx = await saveContext(tx, fieldId, caller, 'subjectFormFieldId');
        const started = performance.now();
        // As after a save: the value is the current one, its audit record the chain's head.
        const saved = savedValueOf(ctx, ctx.current!.id, ctx.current!.data, '69', ctx.chainHead ?? undefined);
        const effects = await runRulesOnSave(tx, caller, saved);
        out = { ms: performance.now() - started, proposals: effects?.proposals.length ?? 0 };
        throw new Rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
    return out;
  }
  for (let i = 0; i < 30; i++) await hookOnce(F001);
  const hook: number[] = [];
  let proposals = 0;
  // The garbage collector's pauses during the runs (a young-generation scavenge every dozen or so runs of
  // this worst case is what the tail is made of).
  let gcs = 0;
  let gcMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcs++;
      gcMs += e.duration;
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  for (let i = 0; i < RUNS; i++) {
    const r = await hookOnce(F001);
    hook.push(r.ms);
    proposals = r.proposals;
  }
  await new Promise((r) => setTimeout(r, 20));
  gc.disconnect();
  const hookOk = report(
    `the rules hook on one save: 100 rules evaluated, ${proposals} values proposed and audited (in-process)`,
    hook,
    5,
  );
  console.log(
    `  p90 ${percentile(hook, 90).toFixed(2)} ms, p99 ${percentile(hook, 99).toFixed(2)} ms; ` +
      `${gcs} garbage collections during the ${RUNS} runs, ${(gcMs / Math.max(gcs, 1)).toFixed(1)} ms each`,
  );
  // A save naming a few rules (the usual case: a field most rules do not read).
  const few = ruledForm.byFormField.get(ruled.byCode.get(code(numberCodes[5]!))!)!;
  const typical: number[] = [];
  for (let i = 0; i < RUNS; i++) typical.push((await hookOnce(few)).ms);
  report(`the rules hook on a save of ${code(numberCodes[5]!)}, named by a few of the 100 rules`, typical);

  // The raw evaluation: the same parsed rules over the same values, in memory.
  const stored = (await db.execute(
    sql`select r.expression from rules r where r.form_id = ${ruled.form.id} and r.deleted_at is null`,
  )) as unknown as {
    rows: { expression: string }[];
  };
  const asts = stored.rows.map((r) => {
    const p = ruleLanguage.parseRule(r.expression);
    if (!p.ok) throw new Error(r.expression);
    return p.ast;
  });
  const values: Record<string, string | null> = {};
  const fieldsByCode: Record<string, ruleLanguage.RuleField> = {};
  for (let i = 1; i <= FIELDS; i++) {
    values[code(i)] = i === 1 ? '70' : valueOf(i);
    fieldsByCode[code(i)] = { fieldType: typeOf(i), optionList: typeOf(i) === 'Select' ? ['Да', 'Нет'] : [] };
  }
  const evaluation: number[] = [];
  for (let i = 0; i < RUNS + 100; i++) {
    values.F001 = String(70 + (i % 2));
    const started = performance.now();
    for (const ast of asts) ruleLanguage.evaluateRule(ast, values, fieldsByCode);
    if (i >= 100) evaluation.push(performance.now() - started);
  }
  report(`  beside it, the raw evaluation of the ${asts.length} rules over the form's values (memory only)`, evaluation);

  // The raw SQL of the hook's statement (the values of the planned fields), prepared, on a plain client.
  const ctx = await saveContext(db, F001, caller, 'subjectFormFieldId');
  const plan = await rulePlan(db, ctx.form.id, ctx.formField.id, ctx.subject.researchOrganisationId, undefined);
  const raw = new pg.Client({ connectionString: scratch.url });
  await raw.connect();
  const params = [ctx.subjectForm.id, plan.formFieldIds, plan.targetIds];
  const rawSamples: number[] = [];
  for (let i = 0; i < RUNS + 50; i++) {
    const started = performance.now();
    await raw.query({ name: 'raw_values', text: FIELD_VALUES, values: params });
    if (i >= 50) rawSamples.push(performance.now() - started);
  }
  await raw.end();
  report(
    `  beside it, the raw SQL of the values statement (${plan.formFieldIds.length} fields, prepared, plain client)`,
    rawSamples,
  );

  // Whole saves, committed: the ruled form against the same form without rules.
  const saves = async (fieldId: string) => {
    const samples: number[] = [];
    for (let i = 0; i < RUNS / 2 + 20; i++) {
      const current = (await db.execute(
        sql`select id from item_data where subject_form_field_id = ${fieldId} order by seq desc limit 1`,
      )) as unknown as {
        rows: { id: string }[];
      };
      const started = performance.now();
      await changeItemData(
        app.deps,
        {
          subjectFormFieldId: fieldId,
          data: String(70 + ((i + 1) % 2)),
          reasonForChange: 'bench',
          currentItemDataId: current.rows[0]!.id,
        },
        caller,
      );
      if (i >= 20) samples.push(performance.now() - started);
    }
    return samples;
  };
  report('a whole save (service, committed) on the form with 100 rules', await saves(F001));
  report('a whole save (service, committed) on the same form without rules', await saves(P001));
  const none: number[] = [];
  for (let i = 0; i < RUNS; i++) none.push((await hookOnce(P001)).ms);
  report('the rules hook on a form without rules (its plan cached: no statement)', none);
  const chain = await verifyAuditChain(db);
  console.log(
    `audit chains ${chain.ok ? 'intact' : 'BROKEN'} (${chain.checked} records); load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  process.exitCode = hookOk && chain.ok ? 0 : 1;
});

await app.close();
await database.close();
await scratch.drop();
