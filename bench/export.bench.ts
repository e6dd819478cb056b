// Dataset exports on PostgreSQL (docs/data-exchange.md "Exports", docs/performance.md): 1,000,000 values
// (10,000 subjects over two sites × one form of 100 fields: numbers, texts, dates, selects, checkboxes; one
// field in twenty with an earlier value, so the newest is the one read) exported as CSV and as ODM through the
// job handler itself (reading, writing, zipping, keeping the document), each in a fresh child process as a
// worker would run it. Budget per export: ≤ 30 s wall time and ≤ 300 MB peak RSS of that process
// (process.memoryUsage().rss sampled every 20 ms, the process's modules included). Printed beside: the raw SQL time of
// the values statement over the same chunks of subject forms on a plain pg connection.
// Run: npx tsx bench/export.bench.ts (BENCH_DATABASE_URL names the server; BENCH_EXPORT_FORMATS=csv,odm,
// datasetJson,xlsx picks the formats; BENCH_SUBJECTS changes the size; BENCH_KEEP keeps the database).
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { ExportFormat } from '@edc/domain';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import type { JobContext } from '../apps/server/src/platform/jobs/jobs.js';
import { exportJob } from '../apps/server/src/modules/data-exchange/export/export.job.js';
import { currentValuesSql } from '../apps/server/src/modules/data-exchange/export/export-queries.js';
import { inChildProcess, percentile, scratchDatabase } from './support.js';

const SUBJECTS = Number(process.env.BENCH_SUBJECTS ?? 10_000);
const FIELDS = 100;
/** The reader's chunk: about 10,000 fields, here 100 subject forms of 100 fields. */
const CHUNK = 100;
const BUDGET_S = 30;
const BUDGET_MB = 300;
const FORMATS = (process.env.BENCH_EXPORT_FORMATS ?? 'csv,odm').split(',') as ExportFormat[];
const MB = (n: number) => (n / 1024 / 1024).toFixed(1);

interface ChildTask {
  url: string;
  researchId: string;
  userId: string;
  format: ExportFormat;
}
interface ChildReport {
  seconds: number;
  rssBefore: number;
  peak: number;
  documentId: string;
  result: { values: number; forms: number; subjects: number };
}

/** The child: one export through the job handler, its own RSS sampled; the report goes back over IPC. */
async function runChild(task: ChildTask): Promise<never> {
  const database = await openDatabase({ url: task.url, migrate: false });
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const ctx = {
    job: {
      id: '00000000-0000-4000-8000-00000000be7c',
      name: `BENCH-${task.format}.${task.format === 'xlsx' ? 'xlsx' : 'zip'}`,
      params: {
        researchId: task.researchId,
        format: task.format,
        formStatus: 'All',
        withAuditRecords: false,
        withSignatures: false,
      },
      actor: { userId: task.userId, language: 'ru', seesGroup: true, centreId: null },
    },
    deps: {},
    db: database.db,
    progress: async () => {},
    input: async () => Buffer.alloc(0),
  } as unknown as JobContext;
  const t = performance.now();
  const outcome = await exportJob(ctx);
  const seconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const report: ChildReport = {
    seconds,
    rssBefore,
    peak,
    documentId: outcome.documentId!,
    result: outcome.result as ChildReport['result'],
  };
  await new Promise((resolve) => process.send!(report, resolve));
  await database.close();
  process.exit(0);
}
if (process.env.BENCH_EXPORT_CHILD) await runChild(JSON.parse(process.env.BENCH_EXPORT_CHILD) as ChildTask);

const inChild = (task: ChildTask) => inChildProcess<ChildReport>(import.meta.url, 'BENCH_EXPORT_CHILD', task);

const scratch = await scratchDatabase('edc_bench_export');
const database = await openDatabase({ url: scratch.url });
const { db } = database;
const one = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

// ------------------------------------------------------------------------------------- the research
let t0 = performance.now();
const research = await one<{ id: string }>(
  sql`insert into researches (id, grls_protocol_number, research_key, group_list)
      values (gen_random_uuid(), 'BENCH-EXPORT', 'BENCH', '["A","B"]') returning id`,
);
const rid = research.id;
const user = await one<{ id: string }>(
  sql`insert into users (id, email, first_name, last_name) values (gen_random_uuid(), 'site@bench.test', 'Иван', 'Иванов') returning id`,
);
await db.execute(sql`
  with o as (
    insert into organisations (id, name, short_name, address)
    select gen_random_uuid(), 'Центр ' || g, 'Центр ' || g, 'Улица ' || g from generate_series(1, 2) g returning id, short_name)
  insert into research_organisations (id, research_id, organisation_id, organisation_type, number)
  select gen_random_uuid(), ${rid}, o.id, 'Site', lpad(right(o.short_name, 1), 2, '0') from o`);
const version = await one<{ id: string }>(
  sql`insert into research_versions (id, research_id, major_index, minor_index, started_date)
      values (gen_random_uuid(), ${rid}, 1, 0, date '2026-01-01') returning id`,
);
const visit = await one<{ id: string }>(
  sql`insert into visits (id, research_id, title, visit_key, visit_type, index)
      values (gen_random_uuid(), ${rid}, 'Скрининг', 'SCR', 'Screening', 0) returning id`,
);
await db.execute(sql`insert into visit_research_versions (visit_id, research_version_id) values (${visit.id}, ${version.id})`);
const formType = await one<{ id: string }>(
  sql`insert into form_types (id, title, form_type_key) values (gen_random_uuid(), 'Анализы', 'LAB') returning id`,
);
const form = await one<{ id: string }>(
  sql`insert into forms (id, research_id, visit_id, form_type_id, title, form_key, index)
      values (gen_random_uuid(), ${rid}, ${visit.id}, ${formType.id}, 'Лабораторные анализы', 'LAB', 0) returning id`,
);
await db.execute(sql`insert into form_research_versions (form_id, research_version_id) values (${form.id}, ${version.id})`);
const section = await one<{ id: string }>(
  sql`insert into form_sections (id, research_id, form_id, section_name, index)
      values (gen_random_uuid(), ${rid}, ${form.id}, 'Показатели', 0) returning id`,
);
// Field n's type by n mod 5: Number, Text, Date, Select, Checkbox.
await db.execute(sql`
  with f as (
    insert into fields (id, form_type_id, title, field_key, field_type, option_list)
    select gen_random_uuid(), ${formType.id}, 'Показатель ' || g, 'F' || lpad(g::text, 3, '0'),
           (array['Number','Text','Date','Select','Checkbox'])[g % 5 + 1],
           case when g % 5 = 3 then '["Да","Нет"]'::jsonb else '[]'::jsonb end
    from generate_series(1, ${FIELDS}) g returning id, field_key)
  insert into form_fields (id, research_id, form_id, form_section_id, field_id, text, index)
  select gen_random_uuid(), ${rid}, ${form.id}, ${section.id}, f.id, 'Вопрос ' || f.field_key, right(f.field_key, 3)::int - 1 from f`);

// Subjects, visits, forms, sections and fields in SQL (the services would take an hour for 10,000).
await db.execute(sql`
  with c as (select id, number, row_number() over (order by number) - 1 as k from research_organisations where research_id = ${rid})
  insert into subjects (id, research_id, research_organisation_id, gender, birth_date, screen_date, screening_number,
                        identification_number, identification_seq, status, randomization_group, created_at)
  select gen_random_uuid(), ${rid}, c.id, 'Female', date '1970-01-01' + g % 15000, current_date - 100, 'S-' || lpad(g::text, 5, '0'),
         c.number || '-' || g, g, 'Screened', case when g % 2 = 0 then 'A' else 'B' end, now() - make_interval(secs => ${SUBJECTS} - g)
  from generate_series(1, ${SUBJECTS}) g join c on c.k = g % 2`);
await db.execute(sql`
  insert into subject_visits (id, subject_id, visit_id, date, form_completed_status)
  select gen_random_uuid(), s.id, ${visit.id}, s.screen_date, 'Started' from subjects s where s.research_id = ${rid}`);
await db.execute(sql`
  insert into subject_forms (id, research_id, subject_id, subject_visit_id, form_id)
  select gen_random_uuid(), ${rid}, sv.subject_id, sv.id, ${form.id} from subject_visits sv where sv.visit_id = ${visit.id}`);
await db.execute(sql`
  insert into subject_form_sections (id, subject_form_id, form_section_id)
  select gen_random_uuid(), sf.id, ${section.id} from subject_forms sf where sf.research_id = ${rid}`);
await db.execute(sql`
  insert into subject_form_fields (id, subject_form_id, subject_form_section_id, form_field_id)
  select gen_random_uuid(), s.subject_form_id, s.id, ff.id
  from subject_form_sections s cross join form_fields ff where ff.form_id = ${form.id}`);
const valueOf = sql`case f.field_type
    when 'Number' then ((hashtext(sff.id::text) & 65535) / 100.0)::text
    when 'Text' then 'Текст, "кавычки" ' || (hashtext(sff.id::text) & 1023)
    when 'Date' then (date '2026-01-01' + (hashtext(sff.id::text) & 255))::text
    when 'Select' then case when hashtext(sff.id::text) & 1 = 0 then 'Да' else 'Нет' end
    else case when hashtext(sff.id::text) & 1 = 0 then 'true' else 'false' end end`;
const fieldsOfForm = sql`subject_form_fields sff join form_fields ff on ff.id = sff.form_field_id join fields f on f.id = ff.field_id`;
// One field in twenty first had another value; then every field its current one.
await db.execute(sql`
  insert into item_data (id, subject_form_field_id, data, created_by, created_at)
  select gen_random_uuid(), sff.id, 'старое', ${user.id}, now() - interval '1 day'
  from ${fieldsOfForm} where ff.form_id = ${form.id} and hashtext(sff.id::text) % 20 = 0`);
await db.execute(sql`
  insert into item_data (id, subject_form_field_id, data, created_by, reason_for_change)
  select gen_random_uuid(), sff.id, ${valueOf}, ${user.id}, null from ${fieldsOfForm} where ff.form_id = ${form.id}`);
await db.execute(sql`analyze`);
const values = await one<{ n: string }>(sql`select count(*) as n from item_data`);
console.log(
  `seeded ${SUBJECTS} subjects × ${FIELDS} fields: ${Number(values.n).toLocaleString('en')} item_data rows in ` +
    `${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// ------------------------------------------------------------------------------------- the exports
let ok = true;
for (const format of FORMATS) {
  const r = await inChild({ url: scratch.url, researchId: rid, userId: user.id, format });
  const doc = await one<{ size: number }>(sql`select size_bytes as size from documents where id = ${r.documentId}`);
  const within = r.seconds <= BUDGET_S && r.peak / 1024 / 1024 <= BUDGET_MB;
  ok &&= within;
  console.log(
    `${format}: ${r.result.values.toLocaleString('en')} values, ${r.result.forms} forms, ${r.result.subjects} subjects in ` +
      `${r.seconds.toFixed(1)} s (${Math.round(r.result.values / r.seconds).toLocaleString('en')} values/s), file ` +
      `${MB(doc.size)} MB, peak RSS ${MB(r.peak)} MB (${MB(r.rssBefore)} MB before) — budget ≤ ${BUDGET_S} s, ` +
      `≤ ${BUDGET_MB} MB ${within ? 'OK' : 'OVER'}`,
  );
}

// ----------------------------------------------- the values statement as raw SQL, same chunks in the same order
const client = new pg.Client({ connectionString: scratch.url });
await client.connect();
const ids = (
  await client.query<{ id: string }>(
    `select sf.id from subject_forms sf join subjects s on s.id = sf.subject_id where sf.research_id = $1
     order by s.created_at, s.id`,
    [rid],
  )
).rows.map((r) => r.id);
const fieldIds = (
  await client.query<{ id: string }>(`select id from form_fields where form_id = $1 order by index`, [form.id])
).rows.map((r) => r.id);
const dialect = (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }).dialect;
const samples: number[] = [];
let rows = 0;
t0 = performance.now();
for (let i = 0; i < ids.length; i += CHUNK) {
  const q = dialect.sqlToQuery(currentValuesSql(ids.slice(i, i + CHUNK), fieldIds));
  const t = performance.now();
  rows += (await client.query(q.sql, q.params)).rowCount ?? 0;
  samples.push(performance.now() - t);
}
console.log(
  `raw SQL, the values statement: ${samples.length} chunks of ${CHUNK} subject forms, ${rows.toLocaleString('en')} rows in ` +
    `${((performance.now() - t0) / 1000).toFixed(1)} s; per chunk p50 ${percentile(samples, 50).toFixed(0)} ms, ` +
    `p95 ${percentile(samples, 95).toFixed(0)} ms`,
);
const first = dialect.sqlToQuery(currentValuesSql(ids.slice(0, CHUNK), fieldIds));
const plan = await client.query(`explain (analyze, buffers off, timing off) ${first.sql}`, first.params);
console.log(
  'plan of one chunk:\n  ' + plan.rows.map((r) => String(r['QUERY PLAN']).replace(/'\{[^}]*\}'/g, "'{…}'")).join('\n  '),
);
await client.end();

await database.close();
if (!process.env.BENCH_KEEP) await scratch.drop();
else console.log(`kept ${scratch.url}`);
process.exit(ok ? 0 : 1);
