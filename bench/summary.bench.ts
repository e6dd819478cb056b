// Summary tables and the monitor's grid on PostgreSQL over loopback HTTP (issue 16, docs/reports.md):
// - a summary table page of 50 entries × 100 field columns (GET /api/SubjectsForm/ByForm) with 10,000
//   entries of the form: p95 budget 100 ms;
// - the monitor's grid page (GET /api/Subjects/MonitoringVisit/{id}, 50 subjects with their visit cells) of a
//   monitoring visit covering a site of 5,000 subjects: p95 budget 50 ms.
// Each figure is printed beside the same work as raw SQL: every statement the server sent to PostgreSQL for
// one such request (recorded at the pg driver, so the session look-up is in too), replayed on a plain pg
// connection with no HTTP, no validation and no JSON, so that what the application adds shows.
// The research: the demo world's DEMO-001 (accounts and centres), five designed visits (the first repeating,
// its form "Сводка" of 100 number fields), 5,000 subjects at site 01 each with the five visits, two entries
// of the form per subject (10,000) with a value in every field (1,000,000 values).
// Run: npx tsx bench/summary.bench.ts (BENCH_DATABASE_URL names the server to use).
import os from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { seedDemoWorld, DEMO_PASSWORD } from '../apps/server/src/seed/demo-world.js';
import { BENCH_AUDIT_KEY, percentile, report, scratchDatabase } from './support.js';

const SUBJECTS = 5_000;
const REPEATS = 2;
const VISITS = 5;
const FIELDS = 100;

// ------------------------------------------------------------------ statements recorded at the driver
type Statement = { text: string; values: unknown[] };
let recording: Statement[] | null = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text: string; values?: unknown[] };
  const statement =
    typeof first === 'string'
      ? { text: first, values: Array.isArray(args[1]) ? (args[1] as unknown[]) : [] }
      : first && typeof first === 'object' && 'text' in first
        ? { text: first.text, values: first.values ?? (Array.isArray(args[1]) ? (args[1] as unknown[]) : []) }
        : null;
  // The job queue's polling (pg-boss) shares the database: not part of a request.
  if (recording && statement && !statement.text.includes('pgboss.')) recording.push(statement);
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const scratch = await scratchDatabase('edc_bench_summary');
const database = await openDatabase({ url: scratch.url });
const { db } = database;
await seedDemoWorld(db);
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/edc-bench', AUDIT_KEY: BENCH_AUDIT_KEY }),
  database,
  logger: false,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

async function api(method: string, url: string, token?: string, body?: unknown) {
  const t0 = performance.now();
  const res = await fetch(`${address}/api${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: any; totalCount?: number };
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(json)}`);
  return { json, ms };
}
const signIn = async (email: string) =>
  (await api('POST', '/Auth/SignIn', undefined, { email, password: DEMO_PASSWORD })).json.data.accessToken as string;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

// ------------------------------------------------------------------------------------- the research
const t0 = performance.now();
const admin = await signIn('admin@demo.test');
const [research] = await rows<{ id: string }>(sql`select id from researches where grls_protocol_number = 'DEMO-001'`);
const researchId = research!.id;
const formType = (await api('POST', '/FormTypes', admin, { title: 'Bench', formTypeKey: `BENCH-${process.pid}` })).json.data;
const field = (
  await api('POST', '/Fields', admin, { formTypeId: formType.id, title: 'Value', fieldKey: 'VAL', fieldType: 'Number' })
).json.data;
const visitIds: string[] = [];
let summaryForm = '';
for (let v = 1; v <= VISITS; v++) {
  const visit = (
    await api('POST', '/Visits', admin, {
      researchId,
      title: v === 1 ? 'Наблюдение' : `Визит ${v}`,
      visitKey: `V${v}`,
      visitTypeString: v === 1 ? 'Screening' : 'Period',
    })
  ).json.data;
  visitIds.push(visit.id);
  if (v !== 1) continue;
  const form = (
    await api('POST', '/Forms', admin, { visitId: visit.id, formTypeId: formType.id, title: 'Сводка', repeating: true })
  ).json.data;
  summaryForm = form.id;
  const section = (await api('POST', '/FormSections', admin, { formId: form.id, sectionName: 'Показатели' })).json.data;
  await api('POST', '/FormFields/List', admin, {
    formSectionId: section.id,
    formFieldList: Array.from({ length: FIELDS }, (_, i) => ({ fieldId: field.id, text: `Показатель ${i + 1}`, units: 'ед' })),
  });
}

// Subjects, visits, entries, sections, fields and values in SQL (the services would take hours for a million values).
await db.execute(sql`
  with c as (select id, number from research_organisations where research_id = ${researchId} and number = '01')
  insert into subjects (id, research_id, research_organisation_id, gender, birth_date, screen_date, screening_number,
                        randomization_number, identification_number, identification_seq, status, created_at, updated_at)
  select gen_random_uuid(), ${researchId}, c.id, case when g % 2 = 0 then 'Male' else 'Female' end, date '1970-01-01' + (g % 15000),
         current_date - 400 + (g % 200), 'B-' || lpad(g::text, 5, '0'),
         case when g % 3 = 0 then 'R-' || lpad(g::text, 5, '0') end,
         c.number || '-' || lpad(g::text, 5, '0'), g, 'Screened',
         now() - make_interval(secs => ${SUBJECTS} - g), now()
  from generate_series(1, ${SUBJECTS}) g cross join c`);
await db.execute(sql`
  insert into subject_visits (id, subject_id, visit_id, date, form_completed_status)
  select gen_random_uuid(), s.id, v.id, s.screen_date + v.index * 14, 'Started'
  from subjects s cross join visits v
  where s.research_id = ${researchId} and s.screening_number like 'B-%' and v.id in ${visitIds}`);
await db.execute(sql`
  insert into subject_forms (id, research_id, subject_id, subject_visit_id, form_id, repeated_index, is_complete)
  select gen_random_uuid(), ${researchId}, sv.subject_id, sv.id, f.id, r, r = 0
  from subject_visits sv join forms f on f.visit_id = sv.visit_id cross join generate_series(0, ${REPEATS - 1}) r
  where f.id = ${summaryForm}`);
await db.execute(sql`
  insert into subject_form_sections (id, subject_form_id, form_section_id, status, status_message, is_complete)
  select gen_random_uuid(), sf.id, fs.id, case when sf.repeated_index = 0 then 'Completed' else 'NotCompleted' end,
         case when sf.repeated_index = 0 then null else 'Не проводилось' end, sf.repeated_index = 0
  from subject_forms sf join form_sections fs on fs.form_id = sf.form_id
  where sf.form_id = ${summaryForm}`);
await db.execute(sql`
  insert into subject_form_fields (id, subject_form_id, subject_form_section_id, form_field_id)
  select gen_random_uuid(), s.subject_form_id, s.id, ff.id
  from subject_form_sections s join form_fields ff on ff.form_section_id = s.form_section_id`);
await db.execute(sql`
  insert into item_data (id, subject_form_field_id, data, created_at)
  select gen_random_uuid(), f.id, round((hashtext(f.id::text) & 1023) / 10.0, 1)::text, now()
  from subject_form_fields f join subject_forms sf on sf.id = f.subject_form_id
  where sf.form_id = ${summaryForm}`);
// The item_data insert's trigger (migration 0027) has just given every subject_form_fields row its current value in
// one statement, which moves each row to a new page in the order of its (random) id and leaves an entry's 100 rows
// on 100 pages. Data entry saves a form's values one by one, and the table's fillfactor leaves room on each page for
// those updates to stay beside their rows (HOT): put the rows back in entry order, as they are after data entry,
// then vacuum and analyse as autovacuum would.
await db.execute(sql`cluster subject_form_fields using subject_form_fields_uq`);
await db.execute(sql`vacuum analyze`);
const [counted] = await rows<{ subjects: number; entries: number; values: number }>(sql`
  select (select count(*) from subjects)::int as subjects,
         (select count(*) from subject_forms where form_id = ${summaryForm})::int as entries,
         (select count(*) from item_data)::int as values`);
console.log(
  `generated ${counted!.subjects} subjects, ${counted!.entries} entries of the form, ${counted!.values} values in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// The monitoring visit of site 01 (all its subjects), confirmed, with the demo monitor on its team.
const [people] = await rows<{ kio: string; kioCentre: string; site1: string }>(sql`
  select e.id as kio, e.research_organisation_id as "kioCentre",
         (select id from research_organisations where research_id = ${researchId} and number = '01') as site1
  from employees e join users u on u.id = e.user_id join research_organisations ro on ro.id = e.research_organisation_id
  where ro.research_id = ${researchId} and u.email = 'kio@demo.test'`);
const hour = 3_600_000;
const mv = (
  await api('POST', '/MonitoringVisits', admin, {
    startDate: new Date(Date.now() - hour).toISOString(),
    endDate: new Date(Date.now() + 48 * hour).toISOString(),
    researchOrganisationId: people!.kioCentre,
    monitorList: [people!.kio],
    siteId: people!.site1,
  })
).json.data;
await api('POST', `/MonitoringVisits/${mv.id}/Confirm`, admin);

// ----------------------------------------------------------------------------------------- requests
const qa = await signIn('qa@demo.test');
const kio = await signIn('kio@demo.test');
const SUMMARY = [1, 7, 42, 120, 199].map((p) => `/SubjectsForm/ByForm?formId=${summaryForm}&pageSize=50&page=${p}`);
const GRID = [1, 5, 20, 60, 99].map((p) => `/Subjects/MonitoringVisit/${mv.id}?pageSize=50&page=${p}`);

const firstSummary = await api('GET', SUMMARY[0]!, qa);
const cells = firstSummary.json.data.reduce((n: number, e: { values: object }) => n + Object.keys(e.values).length, 0);
console.log(`a summary page: ${firstSummary.json.data.length} entries of ${firstSummary.json.totalCount}, ${cells} values`);
const firstGrid = await api('GET', GRID[0]!, kio);
console.log(
  `a grid page: ${firstGrid.json.data.length} subjects of ${firstGrid.json.totalCount}, ` +
    `${firstGrid.json.data.reduce((n: number, s: { subjectVisitList: unknown[] }) => n + s.subjectVisitList.length, 0)} visit cells`,
);

/** The machine is shared: every figure is printed beside the 1, 5 and 15 minute load averages. */
const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} (${os.cpus().length} cores)`;

async function measure(token: string, paths: string[], n: number): Promise<number[]> {
  for (let i = 0; i < 20; i++) await api('GET', paths[i % paths.length]!, token); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < n; i++) samples.push((await api('GET', paths[i % paths.length]!, token)).ms);
  return samples;
}

/** Every statement one request sent, replayed n times on a plain pg connection (each replay: all of them in order). */
async function rawReplay(label: string, token: string, path: string, n: number) {
  recording = [];
  await api('GET', path, token);
  const statements = recording;
  recording = null;
  console.log(
    `${label}: ${statements.length} statements\n` + statements.map((s) => `  ${s.text.replace(/\s+/g, ' ')}`).join('\n'),
  );
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const samples: number[] = [];
  const each: number[][] = statements.map(() => []);
  for (let i = 0; i < n + 20; i++) {
    const t = performance.now();
    for (const [k, s] of statements.entries()) {
      const ts = performance.now();
      await client.query(s.text, s.values);
      if (i >= 20) each[k]!.push(performance.now() - ts);
    }
    if (i >= 20) samples.push(performance.now() - t);
  }
  // Where the time goes: each statement's own p50.
  for (const [k, s] of statements.entries())
    console.log(`  p50 ${percentile(each[k]!, 50).toFixed(2)} ms  ${s.text.replace(/\s+/g, ' ').slice(0, 90)}…`);
  // The plan worth reading: the longest statement about subjects (the session look-up is the longest of all).
  const main = statements.filter((s) => s.text.includes('"subject')).reduce((a, b) => (b.text.length > a.text.length ? b : a));
  const plan = await client.query(`explain (analyze, buffers off, timing off) ${main.text}`, main.values);
  console.log('plan of the longest statement about subjects:\n  ' + plan.rows.map((r) => r['QUERY PLAN']).join('\n  '));
  await client.end();
  report(`raw SQL: ${label} (one pg connection, no HTTP)`, samples);
  console.log(`  ${loadAverage()}`);
}

const summaryOk = report(
  `GET /api/SubjectsForm/ByForm (QA, ${counted!.entries} entries, page of 50 × ${FIELDS} fields)`,
  await measure(qa, SUMMARY, 200),
  100,
);
console.log(`  ${loadAverage()}`);
for (const path of SUMMARY) report(`  ${path.slice(path.indexOf('page='))}`, await measure(qa, [path], 30));
await rawReplay('the summary page 42', qa, SUMMARY[2]!, 100);

const gridOk = report(
  `GET /api/Subjects/MonitoringVisit/{id} (the monitor, ${SUBJECTS} subjects, page of 50 × ${VISITS} visits)`,
  await measure(kio, GRID, 200),
  50,
);
console.log(`  ${loadAverage()}`);
for (const path of GRID) report(`  ${path.slice(path.indexOf('page='))}`, await measure(kio, [path], 30));
await rawReplay('the grid page 20', kio, GRID[2]!, 100);

await app.close();
await database.close();
if (!process.env.BENCH_KEEP) await scratch.drop();
else console.log(`kept ${scratch.url}`);
process.exit(summaryOk && gridOk ? 0 : 1);
