// Generated documents on PostgreSQL (docs/documents.md, docs/performance.md "Generated documents"):
// (a) the casebook (subject card) of one subject with 50 visits of a 20-field form, ≥ 50 pages, made by the
//     subject_card job handler (reading, rendering, storing) in ≤ 5 s;
// (b) the subject card archive of a centre of 1,000 subjects (2 visits each) made by the subject_card_archive
//     job handler with peak RSS ≤ 300 MB.
// Each runs in a fresh child process as a worker would run it, sampling process.memoryUsage().rss every 20 ms
// (the process's modules included). Printed beside: the raw SQL time of reading one casebook's values.
// Run: npx tsx bench/documents.bench.ts (BENCH_DATABASE_URL names the server; BENCH_SUBJECTS changes the centre's
// size; BENCH_KEEP keeps the database).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import type { JobContext, JobHandler } from '../apps/server/src/platform/jobs/jobs.js';
import { subjectCardJob } from '../apps/server/src/modules/documents/generated/subject-card.job.js';
import { subjectCardArchiveJob } from '../apps/server/src/modules/documents/generated/subject-card-archive.job.js';
import { inChildProcess, scratchDatabase } from './support.js';

const SUBJECTS = Number(process.env.BENCH_SUBJECTS ?? 1_000);
const VISITS = 50;
const FIELDS = 20;
const CARD_BUDGET_S = 5;
const ARCHIVE_BUDGET_MB = 300;
const MB = (n: number) => (n / 1024 / 1024).toFixed(1);

interface ChildTask {
  url: string;
  kind: 'subject_card' | 'subject_card_archive';
  researchId: string;
  userId: string;
  params: Record<string, unknown>;
}
interface ChildReport {
  seconds: number;
  rssBefore: number;
  peak: number;
  result: Record<string, number>;
}

/** The child: one job through its handler, its own RSS sampled; the report goes back over IPC. */
async function runChild(task: ChildTask): Promise<never> {
  const database = await openDatabase({ url: task.url, migrate: false });
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const handler: JobHandler = task.kind === 'subject_card' ? subjectCardJob : subjectCardArchiveJob;
  const ctx = {
    job: {
      id: '00000000-0000-4000-8000-00000000be7d',
      researchId: task.researchId,
      params: task.params,
      actor: { userId: task.userId, language: 'ru', seesGroup: true, centreId: null },
    },
    deps: {},
    db: database.db,
    progress: async () => {},
    input: async () => Buffer.alloc(0),
  } as unknown as JobContext;
  const t = performance.now();
  const outcome = await handler(ctx);
  const seconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const report: ChildReport = { seconds, rssBefore, peak, result: outcome.result as ChildReport['result'] };
  await new Promise((resolve) => process.send!(report, resolve));
  await database.close();
  process.exit(0);
}
if (process.env.BENCH_DOCUMENTS_CHILD) await runChild(JSON.parse(process.env.BENCH_DOCUMENTS_CHILD) as ChildTask);

const inChild = (task: ChildTask) => inChildProcess<ChildReport>(import.meta.url, 'BENCH_DOCUMENTS_CHILD', task);

const scratch = await scratchDatabase('edc_bench_documents');
const database = await openDatabase({ url: scratch.url });
const { db } = database;
const one = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

// ------------------------------------------------------------------------------------- the research
const t0 = performance.now();
const rid = (
  await one<{ id: string }>(
    sql`insert into researches (id, grls_protocol_number, research_key, group_list)
      values (gen_random_uuid(), 'BENCH-DOCS', 'BENCH', '["A","B"]') returning id`,
  )
).id;
const user = await one<{ id: string }>(
  sql`insert into users (id, email, first_name, last_name) values (gen_random_uuid(), 'site@bench.test', 'Иван', 'Иванов') returning id`,
);
await db.execute(sql`
  with o as (
    insert into organisations (id, name, short_name, address)
    select gen_random_uuid(), 'Центр ' || g, 'Центр ' || g, 'Улица ' || g from generate_series(1, 2) g returning id, short_name)
  insert into research_organisations (id, research_id, organisation_id, organisation_type, number)
  select gen_random_uuid(), ${rid}, o.id, 'Site', lpad(right(o.short_name, 1), 2, '0') from o`);
const centres = (
  (await db.execute(sql`select id from research_organisations where research_id = ${rid} order by number`)) as unknown as {
    rows: { id: string }[];
  }
).rows.map((r) => r.id);
const version = await one<{ id: string }>(
  sql`insert into research_versions (id, research_id, major_index, minor_index, started_date)
      values (gen_random_uuid(), ${rid}, 1, 0, date '2026-01-01') returning id`,
);
const formType = await one<{ id: string }>(
  sql`insert into form_types (id, title, form_type_key) values (gen_random_uuid(), 'Осмотр', 'EXAM') returning id`,
);
// Field n's type by n mod 5: Number, Text, Date, Select, Checkbox.
await db.execute(sql`
  insert into fields (id, form_type_id, title, field_key, field_type, option_list)
  select gen_random_uuid(), ${formType.id}, 'Показатель ' || g, 'F' || lpad(g::text, 3, '0'),
         (array['Number','Text','Date','Select','Checkbox'])[g % 5 + 1],
         case when g % 5 = 3 then '["Да","Нет"]'::jsonb else '[]'::jsonb end
  from generate_series(1, ${FIELDS}) g`);
// VISITS visits, each with its own form (one section of the FIELDS fields).
await db.execute(sql`
  insert into visits (id, research_id, title, visit_key, visit_type, day_number, index)
  select gen_random_uuid(), ${rid}, 'Визит ' || g, 'V' || g, case when g = 0 then 'Screening' else 'Period' end, g * 7, g
  from generate_series(0, ${VISITS - 1}) g`);
await db.execute(sql`insert into visit_research_versions (visit_id, research_version_id)
  select id, ${version.id} from visits where research_id = ${rid}`);
await db.execute(sql`
  insert into forms (id, research_id, visit_id, form_type_id, title, form_key, index)
  select gen_random_uuid(), ${rid}, v.id, ${formType.id}, 'Осмотр, ' || v.title, 'EXAM' || v.index, 0
  from visits v where v.research_id = ${rid}`);
await db.execute(sql`insert into form_research_versions (form_id, research_version_id)
  select id, ${version.id} from forms where research_id = ${rid}`);
await db.execute(sql`
  insert into form_sections (id, research_id, form_id, section_name, index)
  select gen_random_uuid(), ${rid}, f.id, 'Показатели', 0 from forms f where f.research_id = ${rid}`);
await db.execute(sql`
  insert into form_fields (id, research_id, form_id, form_section_id, field_id, text, index)
  select gen_random_uuid(), ${rid}, s.form_id, s.id, fl.id, 'Вопрос ' || fl.field_key, right(fl.field_key, 3)::int - 1
  from form_sections s cross join fields fl where s.research_id = ${rid} and fl.form_type_id = ${formType.id}`);

// The centre of SUBJECTS subjects with the first two visits each; one subject of the other centre with all VISITS.
await db.execute(sql`
  insert into subjects (id, research_id, research_organisation_id, gender, birth_date, screen_date, screening_number,
                        identification_number, identification_seq, status, randomization_group, created_at)
  select gen_random_uuid(), ${rid}, case when g = 0 then ${centres[1]}::uuid else ${centres[0]}::uuid end, 'Female',
         date '1970-01-01' + g % 15000, date '2026-01-01', 'S-' || lpad(g::text, 5, '0'),
         case when g = 0 then '02-1' else '01-' || lpad(g::text, 4, '0') end, greatest(g, 1), 'Screened',
         case when g % 2 = 0 then 'A' else 'B' end, now() - make_interval(secs => ${SUBJECTS} - g)
  from generate_series(0, ${SUBJECTS}) g`);
await db.execute(sql`
  insert into subject_visits (id, subject_id, visit_id, date, form_completed_status)
  select gen_random_uuid(), s.id, v.id, s.screen_date + v.index * 7, 'Started'
  from subjects s join visits v on v.research_id = s.research_id
  where s.research_id = ${rid} and (s.research_organisation_id = ${centres[1]} or v.index < 2)`);
await db.execute(sql`
  insert into subject_forms (id, research_id, subject_id, subject_visit_id, form_id)
  select gen_random_uuid(), ${rid}, sv.subject_id, sv.id, f.id from subject_visits sv join forms f on f.visit_id = sv.visit_id
  join subjects s on s.id = sv.subject_id where s.research_id = ${rid}`);
await db.execute(sql`
  insert into subject_form_sections (id, subject_form_id, form_section_id)
  select gen_random_uuid(), sf.id, fs.id from subject_forms sf join form_sections fs on fs.form_id = sf.form_id
  where sf.research_id = ${rid}`);
await db.execute(sql`
  insert into subject_form_fields (id, subject_form_id, subject_form_section_id, form_field_id)
  select gen_random_uuid(), s.subject_form_id, s.id, ff.id
  from subject_form_sections s join form_fields ff on ff.form_section_id = s.form_section_id`);
await db.execute(sql`
  insert into item_data (id, subject_form_field_id, data, created_by)
  select gen_random_uuid(), sff.id, case f.field_type
    when 'Number' then ((hashtext(sff.id::text) & 65535) / 100.0)::text
    when 'Text' then 'Текст значения, довольно длинный, чтобы занять строку ' || (hashtext(sff.id::text) & 1023)
    when 'Date' then (date '2026-01-01' + (hashtext(sff.id::text) & 255))::text
    when 'Select' then case when hashtext(sff.id::text) & 1 = 0 then 'Да' else 'Нет' end
    else case when hashtext(sff.id::text) & 1 = 0 then 'true' else 'false' end end, ${user.id}
  from subject_form_fields sff join form_fields ff on ff.id = sff.form_field_id join fields f on f.id = ff.field_id`);
await db.execute(sql`analyze`);
const big = await one<{ id: string }>(sql`select id from subjects where research_organisation_id = ${centres[1]}`);
const values = await one<{ n: string }>(sql`select count(*) as n from item_data`);
console.log(
  `seeded ${SUBJECTS} + 1 subjects, ${VISITS} visits × ${FIELDS} fields: ${Number(values.n).toLocaleString('en')} values in ` +
    `${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const newDocument = async (type: string, extension: string) =>
  (
    await one<{ id: string }>(
      sql`insert into documents (id, research_id, name, extension, content_type, size_bytes, status, type, created_by)
        values (gen_random_uuid(), ${rid}, 'bench', ${extension}, 'application/octet-stream', 0, 'Started', ${type}, ${user.id})
        returning id`,
    )
  ).id;
const fileOf = async (documentId: string) =>
  (await one<{ content: Buffer }>(sql`select content from document_files where document_id = ${documentId}`)).content;
let ok = true;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'edc-bench-docs-'));

// ------------------------------------------------------------------------------- (a) a 50-visit casebook
{
  const documentId = await newDocument('SubjectCard', 'pdf');
  const r = await inChild({
    url: scratch.url,
    kind: 'subject_card',
    researchId: rid,
    userId: user.id,
    params: { documentId, subjectId: big.id, noteTypes: [], timeZone: 'Europe/Moscow' },
  });
  const file = path.join(tmp, 'card.pdf');
  writeFileSync(file, await fileOf(documentId));
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1] ?? 0);
  const within = r.seconds <= CARD_BUDGET_S && pages >= 50;
  ok &&= within;
  console.log(
    `subject card: ${r.result.visits} visits, ${pages} pages (pdfinfo), ${MB(r.result.sizeBytes!)} MB in ${r.seconds.toFixed(2)} s, ` +
      `peak RSS ${MB(r.peak)} MB (${MB(r.rssBefore)} MB before) — budget ≥ 50 pages in ≤ ${CARD_BUDGET_S} s ${within ? 'OK' : 'OVER'}`,
  );
}

// ------------------------------------------------------------------------------- (b) the centre archive
{
  const documentId = await newDocument('SubjectCardArchive', 'zip');
  const r = await inChild({
    url: scratch.url,
    kind: 'subject_card_archive',
    researchId: rid,
    userId: user.id,
    params: { documentId, centreId: centres[0], noteTypes: [], timeZone: 'Europe/Moscow' },
  });
  const entries = Object.keys(unzipSync(new Uint8Array(await fileOf(documentId))));
  const within = r.peak / 1024 / 1024 <= ARCHIVE_BUDGET_MB && entries.length === SUBJECTS;
  ok &&= within;
  console.log(
    `subject card archive: ${r.result.subjects} subjects, ${entries.length} PDFs, ${MB(r.result.sizeBytes!)} MB in ` +
      `${r.seconds.toFixed(1)} s (${((r.seconds / SUBJECTS) * 1000).toFixed(0)} ms a card), peak RSS ${MB(r.peak)} MB ` +
      `(${MB(r.rssBefore)} MB before) — budget ≤ ${ARCHIVE_BUDGET_MB} MB ${within ? 'OK' : 'OVER'}`,
  );
}
rmSync(tmp, { recursive: true, force: true });

// ----------------------------------------------- beside it: the raw SQL of one casebook's values
const client = new pg.Client({ connectionString: scratch.url });
await client.connect();
const t = performance.now();
const raw = await client.query(
  `select sv.id, f.title, ff.text, d.data from subject_visits sv join subject_forms sf on sf.subject_visit_id = sv.id
   join forms f on f.id = sf.form_id join subject_form_fields sff on sff.subject_form_id = sf.id
   join form_fields ff on ff.id = sff.form_field_id left join item_data d on d.subject_form_field_id = sff.id
   where sv.subject_id = $1 order by sv.date, ff.index`,
  [big.id],
);
console.log(
  `raw SQL, the 50-visit casebook's values in one statement: ${raw.rowCount} rows in ${(performance.now() - t).toFixed(0)} ms`,
);
await client.end();

await database.close();
if (!process.env.BENCH_KEEP) await scratch.drop();
else console.log(`kept ${scratch.url}`);
process.exit(ok ? 0 : 1);
