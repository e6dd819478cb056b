// The subject matrix on PostgreSQL over loopback HTTP, as a QA user (issue: subjects):
// a research with 5,000 subjects across 10 centres and 20 visits each (100,000 subject visits);
// GET /api/Subjects, a page of 50 with a status filter and a sort: p95 budget 50 ms;
// GET /api/Subjects/StatusCounts (the toolbar): p95 budget 50 ms.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { hashPassword } from '../apps/server/src/platform/crypto/passwords.js';
import { BENCH_AUDIT_KEY, report, scratchDatabase } from './support.js';

const SUBJECTS = 5_000;
const CENTRES = 10;
const VISITS = 20;
const PASSWORD = 'bench-pass-2026';
const EMAIL = 'qa@bench.test';

const scratch = await scratchDatabase('edc_bench_subjects');
const database = await openDatabase({ url: scratch.url });
const { db } = database;

// ------------------------------------------------------------------------------------- the research
const t0 = performance.now();
const one = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
const research = await one<{ id: string }>(
  sql`insert into researches (id, grls_protocol_number, group_list) values (gen_random_uuid(), 'BENCH-1', '["A","B"]') returning id`,
);
const organisation = await one<{ id: string }>(
  sql`insert into organisations (id, name, short_name, address) values (gen_random_uuid(), 'Bench QA', 'Bench QA', 'Bench street') returning id`,
);
const qaCentre = await one<{ id: string }>(
  sql`insert into research_organisations (id, research_id, organisation_id, organisation_type, number)
      values (gen_random_uuid(), ${research.id}, ${organisation.id}, 'Qa', 'Q-01') returning id`,
);
// Ten site centres, each its own organisation, numbered 01..10.
await db.execute(sql`
  with o as (
    insert into organisations (id, name, short_name, address)
    select gen_random_uuid(), 'Site ' || g, 'Site ' || g, 'Street ' || g from generate_series(1, ${CENTRES}) g
    returning id, short_name
  )
  insert into research_organisations (id, research_id, organisation_id, organisation_type, number)
  select gen_random_uuid(), ${research.id}, o.id, 'Site', lpad(substr(o.short_name, 6), 2, '0') from o`);
// Twenty visits: screening and randomisation on day 0, seventeen period visits a week apart, an end visit.
await db.execute(sql`
  insert into visits (id, research_id, title, visit_key, visit_type, day_number, day_plus, day_minus, index)
  select gen_random_uuid(), ${research.id}, 'Visit ' || g, 'V' || g,
         case when g = 0 then 'Screening' when g = 1 then 'Randomisation' when g = ${VISITS - 1} then 'End' else 'Period' end,
         case when g <= 1 then 0 else (g - 1) * 7 end, 2, 2, g
  from generate_series(0, ${VISITS - 1}) g`);
// 5,000 subjects spread over the centres: a quarter still started or screened, half randomised, the rest ended or failed.
await db.execute(sql`
  with c as (select id, number, row_number() over (order by number) - 1 as k from research_organisations
             where research_id = ${research.id} and organisation_type = 'Site')
  insert into subjects (id, research_id, research_organisation_id, gender, birth_date, screen_date, screening_number,
                        randomization_number, identification_number, identification_seq, randomization_date, randomization_group,
                        status, is_randomised, created_at, updated_at)
  select gen_random_uuid(), ${research.id}, c.id, case when g % 2 = 0 then 'Male' else 'Female' end, date '1970-01-01' + (g % 15000),
         current_date - 400 + (g % 200), 'S-' || lpad(g::text, 5, '0'),
         case when s.status in ('Randomised', 'End', 'EndAheadSchedule') then 'R-' || lpad((${SUBJECTS} - g)::text, 5, '0') end,
         c.number || '-' || lpad(((g - 1) / ${CENTRES} + 1)::text, 3, '0'), (g - 1) / ${CENTRES} + 1,
         case when s.status in ('Randomised', 'End', 'EndAheadSchedule') then current_date - 390 + (g % 200) end,
         case when s.status in ('Randomised', 'End', 'EndAheadSchedule') then case when g % 2 = 0 then 'A' else 'B' end end,
         s.status, s.status in ('Randomised', 'End', 'EndAheadSchedule'),
         now() - make_interval(secs => ${SUBJECTS} - g), now()
  from generate_series(1, ${SUBJECTS}) g
  join c on c.k = (g - 1) % ${CENTRES}
  cross join lateral (select (array['Started','Screened','Screened','Randomised','Randomised','Randomised','Randomised','Randomised',
                                    'End','EndAheadSchedule','Failed','Randomised'])[1 + (g * 7) % 12] as status) s`);
// Twenty visits per subject, each a few days off its target, in every completed status.
await db.execute(sql`
  insert into subject_visits (id, subject_id, visit_id, date, form_completed_status)
  select gen_random_uuid(), s.id, v.id,
         coalesce(case when v.visit_type <> 'Screening' then s.randomization_date end, s.screen_date) + v.day_number
           + ((hashtext(s.id::text || v.id::text) & 7) - 2),
         (array['Empty','Started','Completed','QaValidated','DmValidated','QaAndDmValidated','KioValidated'])
           [1 + (hashtext(v.id::text || s.id::text) & 65535) % 7]
  from subjects s cross join visits v
  where s.research_id = ${research.id} and v.research_id = ${research.id}`);
// The QA user who reads the matrix.
const user = await one<{ id: string }>(
  sql`insert into users (id, email, first_name, last_name, password_hash)
      values (gen_random_uuid(), ${EMAIL}, 'Bench', 'QA', ${await hashPassword(PASSWORD)}) returning id`,
);
const membership = await one<{ id: string }>(
  sql`insert into organisation_users (id, user_id, organisation_id, user_role, is_verify)
      values (gen_random_uuid(), ${user.id}, ${organisation.id}, 'User', true) returning id`,
);
const employee = await one<{ id: string }>(
  sql`insert into employees (id, user_id, research_organisation_id, employee_type)
      values (gen_random_uuid(), ${user.id}, ${qaCentre.id}, 'SpecialistQa') returning id`,
);
await db.execute(
  sql`update users set current_organisation_user_id = ${membership.id}, current_employee_id = ${employee.id} where id = ${user.id}`,
);
await db.execute(sql`analyze`);
const counted = await one<{ subjects: number; visits: number }>(
  sql`select (select count(*) from subjects)::int as subjects, (select count(*) from subject_visits)::int as visits`,
);
console.log(
  `generated ${counted.subjects} subjects and ${counted.visits} subject visits in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// ----------------------------------------------------------------------------------------- requests
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/edc-bench', AUDIT_KEY: BENCH_AUDIT_KEY }),
  database,
  logger: false,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const signIn = await fetch(`${address}/api/Auth/SignIn`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
});
const token = ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;

const get = async (path: string) => {
  const t = performance.now();
  const res = await fetch(`${address}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: unknown[] };
  if (res.status !== 200) throw new Error(`${path}: status ${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - t, body };
};

/** The matrix as a user drives it: a status filter and a sort, paging through a few pages. */
const LIST_QUERIES = [
  '/Subjects?Page=1&PageSize=50&statusList=Randomised&sortByScrNumber=asc',
  '/Subjects?Page=3&PageSize=50&statusList=Randomised&sortByScrNumber=desc',
  '/Subjects?Page=1&PageSize=50&statusList=Screened&statusList=Started&sortByIdentNumber=asc',
  '/Subjects?Page=2&PageSize=50&statusList=End&statusList=EndAheadSchedule&sortByRandNumber=desc',
  '/Subjects?Page=10&PageSize=50&statusList=Randomised&sortByRandNumber=asc',
];
const COUNT_QUERIES = ['/Subjects/StatusCounts', '/Subjects/StatusCounts?screeningNumber=S-01'];

const first = await get(LIST_QUERIES[0]!);
const rows = first.body.data as { subjectVisitList: unknown[] }[];
console.log(`a page: ${rows.length} subjects, ${rows.reduce((n, r) => n + r.subjectVisitList.length, 0)} visit cells`);

async function measure(paths: string[], n: number): Promise<number[]> {
  for (let i = 0; i < 30; i++) await get(paths[i % paths.length]!); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < n; i++) samples.push((await get(paths[i % paths.length]!)).ms);
  return samples;
}

const listOk = report(
  'GET /api/Subjects (QA, 5,000 subjects, page of 50, status filter + sort, with visit cells)',
  await measure(LIST_QUERIES, 500),
  50,
);
const countsOk = report('GET /api/Subjects/StatusCounts (QA, whole research)', await measure(COUNT_QUERIES, 500), 50);
report(
  `GET /api/Statistic/SubjectVisitsStatistic (QA, 100,000 subject visits; no budget)`,
  await measure([`/Statistic/SubjectVisitsStatistic/${research.id}`], 50),
);

await app.close();
await database.close();
await scratch.drop();
process.exit(listOk && countsOk ? 0 : 1);
