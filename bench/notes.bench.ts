// The queries page on PostgreSQL over loopback HTTP (issue 14, docs/queries-and-validation.md):
// GET /api/ItemNote/FilteredList, a page of 50 with three filters, in a research holding 200,000 notes:
// p95 budget 50 ms. Each figure is printed beside the same count and page run as raw SQL on a pg connection
// (no HTTP, no validation, no JSON), so that what the application adds shows.
// The research: the demo world's DEMO-001 (its accounts and centres), five designed visits each with a form
// of ten fields, 4,000 subjects over sites 01 and 02, each with those visits and forms, and 200,000 notes
// over their 200,000 fields (one per field: every type, every status, raised over a year by QA, DM, KIO and
// the sites).
// Run: npx tsx bench/notes.bench.ts (BENCH_DATABASE_URL names the server to use).
import pg from 'pg';
import { count, sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { seedDemoWorld, DEMO_PASSWORD } from '../apps/server/src/seed/demo-world.js';
import { itemNotes } from '../apps/server/src/platform/db/schema/index.js';
import type { Actor } from '../apps/server/src/platform/http/actor.js';
import { notesWhere } from '../apps/server/src/modules/notes/notes-filter.js';
import { noteRowsQuery } from '../apps/server/src/modules/notes/notes-list.service.js';
import { BENCH_AUDIT_KEY, report, scratchDatabase } from './support.js';

const SUBJECTS = 4_000;
const VISITS = 5;
const FIELDS = 10;

const scratch = await scratchDatabase('edc_bench_notes');
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
/** The designed visits, each with one form of one section of FIELDS fields. */
const design: { visit: { id: string }; form: { id: string }; section: { id: string } }[] = [];
for (let v = 1; v <= VISITS; v++) {
  const visit = (
    await api('POST', '/Visits', admin, {
      researchId,
      title: `Визит ${v}`,
      visitKey: `V${v}`,
      visitTypeString: v === 1 ? 'Screening' : 'Period',
    })
  ).json.data;
  const form = (await api('POST', '/Forms', admin, { visitId: visit.id, formTypeId: formType.id, title: `Анализы ${v}` })).json
    .data;
  const section = (await api('POST', '/FormSections', admin, { formId: form.id, sectionName: 'Анализы' })).json.data;
  await api('POST', '/FormFields/List', admin, {
    formSectionId: section.id,
    formFieldList: Array.from({ length: FIELDS }, (_, i) => ({ fieldId: field.id, text: `Показатель ${i + 1}` })),
  });
  design.push({ visit, form, section });
}
const benchVisits = design.map((d) => d.visit.id);

// Subjects, their visits, forms, sections and fields, in SQL (the services would take minutes for 4,000).
await db.execute(sql`
  with c as (select id, number, row_number() over (order by number) - 1 as k from research_organisations
             where research_id = ${researchId} and organisation_type = 'Site')
  insert into subjects (id, research_id, research_organisation_id, gender, birth_date, screen_date, screening_number,
                        randomization_number, identification_number, identification_seq, status, created_at, updated_at)
  select gen_random_uuid(), ${researchId}, c.id, case when g % 2 = 0 then 'Male' else 'Female' end, date '1970-01-01' + (g % 15000),
         current_date - 400 + (g % 200), 'B-' || lpad(g::text, 5, '0'),
         case when g % 3 = 0 then 'R-' || lpad(g::text, 5, '0') end,
         c.number || '-' || lpad(((g - 1) / 2 + 1)::text, 4, '0'), (g - 1) / 2 + 1, 'Screened',
         now() - make_interval(secs => ${SUBJECTS} - g), now()
  from generate_series(1, ${SUBJECTS}) g join c on c.k = (g - 1) % 2`);
await db.execute(sql`
  insert into subject_visits (id, subject_id, visit_id, date, form_completed_status)
  select gen_random_uuid(), s.id, v.id, s.screen_date + v.index * 14, 'Completed'
  from subjects s cross join visits v
  where s.research_id = ${researchId} and s.screening_number like 'B-%' and v.id in ${benchVisits}`);
await db.execute(sql`
  insert into subject_forms (id, research_id, subject_id, subject_visit_id, form_id, is_complete)
  select gen_random_uuid(), ${researchId}, sv.subject_id, sv.id, f.id, true
  from subject_visits sv join forms f on f.visit_id = sv.visit_id
  where sv.visit_id in ${benchVisits}`);
await db.execute(sql`
  insert into subject_form_sections (id, subject_form_id, form_section_id, status, is_complete)
  select gen_random_uuid(), sf.id, fs.id, 'Completed', true
  from subject_forms sf join form_sections fs on fs.form_id = sf.form_id
  where sf.research_id = ${researchId}`);
await db.execute(sql`
  insert into subject_form_fields (id, subject_form_id, subject_form_section_id, form_field_id)
  select gen_random_uuid(), s.subject_form_id, s.id, ff.id
  from subject_form_sections s join form_fields ff on ff.form_section_id = s.form_section_id
  join subject_forms sf on sf.id = s.subject_form_id
  where sf.research_id = ${researchId}`);

// The notes: one per field, of every raising side in turn, in every status, over a year.
const [people] = await rows<{ qa: string; dm: string; kio: string; site: string }>(sql`
  select max(e.id::text) filter (where u.email = 'qa@demo.test') as qa,
         max(e.id::text) filter (where u.email = 'dm@demo.test') as dm,
         max(e.id::text) filter (where u.email = 'kio@demo.test') as kio,
         max(e.id::text) filter (where u.email = 'site@demo.test') as site
  from employees e join users u on u.id = e.user_id join research_organisations ro on ro.id = e.research_organisation_id
  where ro.research_id = ${researchId}`);
await db.execute(sql`
  insert into item_notes (id, research_id, research_organisation_id, subject_id, subject_visit_id, subject_form_id,
                          subject_form_section_id, subject_form_field_id, visit_id, form_id, form_field_id, type, status,
                          note, last_entry, entry_count, created_by_employee_id, created_by_employee_type, created_at, close_at)
  select gen_random_uuid(), ${researchId}, s.research_organisation_id, s.id, sf.subject_visit_id, sf.id,
         f.subject_form_section_id, f.id, sv.visit_id, sf.form_id, f.form_field_id,
         t.type, st.status, 'Проверьте значение', 'Значение верно', 2,
         case t.type when 'QaNote' then ${people!.qa}::uuid when 'DmNote' then ${people!.dm}::uuid
                     when 'KioNote' then ${people!.kio}::uuid when 'Comment' then ${people!.site}::uuid end,
         case t.type when 'QaNote' then 'SpecialistQa' when 'DmNote' then 'DataManager' when 'KioNote' then 'Monitor'
                     when 'Comment' then 'PrincipalInvestigator' end,
         now() - make_interval(mins => (hashtext(f.id::text) & 524287)),
         case when st.status in ('Closed', 'NotApplicable') then now() end
  from subject_form_fields f
  join subject_forms sf on sf.id = f.subject_form_id
  join subject_visits sv on sv.id = sf.subject_visit_id
  join subjects s on s.id = sf.subject_id
  cross join lateral (select (array['QaNote','DmNote','KioNote','Auto','Comment'])[1 + (hashtext(f.id::text || 't') & 65535) % 5] as type) t
  cross join lateral (select case when t.type = 'Comment' then 'NotApplicable'
                                  else (array['New','Updated','ResolutionProposed','Closed','Closed','Closed'])
                                       [1 + (hashtext(f.id::text) & 65535) % 6] end as status) st
  where sf.research_id = ${researchId}`);
await db.execute(sql`analyze`);
const [counted] = await rows<{ notes: number; subjects: number }>(
  sql`select (select count(*) from item_notes)::int as notes, (select count(*) from subjects)::int as subjects`,
);
console.log(
  `generated ${counted!.subjects} subjects and ${counted!.notes} notes in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// ----------------------------------------------------------------------------------------- requests
const [site1] = await rows<{ id: string }>(
  sql`select id from research_organisations where research_id = ${researchId} and number = '01'`,
);
const [someField] = await rows<{ id: string }>(
  sql`select id from form_fields where form_section_id = ${design[2]!.section.id} limit 1`,
);
const qa = await signIn('qa@demo.test');
const site = await signIn('site@demo.test');

/** A page of 50 with three filters, as QA drives the page; and the site's own (centre-scoped) list. */
const QA_QUERIES = [
  `noteStatusList=New&noteTypeList=QaNote&researchOrganisationId=${site1!.id}`,
  `noteStatusList=New&noteStatusList=Updated&employeeTypeList=DataManager&visitId=${design[1]!.visit.id}`,
  `screeningNumber=B-00042&noteStatusList=Closed&noteTypeList=KioNote`,
  `forEmployee=me&noteStatusList=ResolutionProposed&formFieldId=${someField!.id}`,
  `noteTypeList=Auto&noteStatusList=New&formId=${design[3]!.form.id}&page=5`,
].map((q) => `/ItemNote/FilteredList?pageSize=50&${q}`);
const SITE_QUERIES = [`/ItemNote/FilteredList?pageSize=50&noteStatusList=New&noteStatusList=Updated&noteTypeList=QaNote`];

const first = await api('GET', QA_QUERIES[0]!, qa);
console.log(`a page: ${first.json.data.length} notes of ${first.json.totalCount}`);

async function measure(token: string, paths: string[], n: number): Promise<number[]> {
  for (let i = 0; i < 20; i++) await api('GET', paths[i % paths.length]!, token); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < n; i++) samples.push((await api('GET', paths[i % paths.length]!, token)).ms);
  return samples;
}
const qaOk = report(
  'GET /api/ItemNote/FilteredList (QA, 200,000 notes, page of 50, three filters)',
  await measure(qa, QA_QUERIES, 500),
  50,
);
for (const path of QA_QUERIES) report(`  ${path.slice(40, 140)}`, await measure(qa, [path], 100));
const siteOk = report(
  'GET /api/ItemNote/FilteredList (site 01, its centre only, page of 50, three filters)',
  await measure(site, SITE_QUERIES, 200),
  50,
);

// ------------------------------------------------------------------------ the same work as raw SQL
// The count and the page of the first QA query: the very statements the service sends (built by its own
// functions and printed by drizzle), run on a plain pg connection.
const client = new pg.Client({ connectionString: scratch.url });
await client.connect();
const qaActor = { employee: { id: people!.qa, organisationType: 'Qa', employeeType: 'SpecialistQa' } } as unknown as Actor;
const where = await notesWhere(
  db,
  { researchId, centreId: site1!.id },
  { noteStatusList: ['New'], noteTypeList: ['QaNote'] },
  qaActor,
);
const countSql = db.select({ n: count() }).from(itemNotes).where(where).toSQL();
const pageSql = noteRowsQuery(db, where, { limit: 50, offset: 0 }).toSQL();
console.log(`the count:\n  ${countSql.sql}\nthe page:\n  ${pageSql.sql}`);
const raw: number[] = [];
for (let i = 0; i < 520; i++) {
  const t = performance.now();
  await client.query(countSql.sql, countSql.params);
  await client.query(pageSql.sql, pageSql.params);
  if (i >= 20) raw.push(performance.now() - t);
}
report('raw SQL: the count and the page of the first query (one pg connection, no HTTP)', raw);
const plan = await client.query(`explain (analyze, buffers off, timing off) ${pageSql.sql}`, pageSql.params);
console.log('plan of the page:\n  ' + plan.rows.map((r) => r['QUERY PLAN']).join('\n  '));

await client.end();
await app.close();
await database.close();
if (!process.env.BENCH_KEEP) await scratch.drop();
else console.log(`kept ${scratch.url}`);
process.exit(qaOk && siteOk ? 0 : 1);
