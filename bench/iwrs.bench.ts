// The IWRS on PostgreSQL over loopback HTTP (issue 22): a research with 70,000 subjects and 200,000 kits over
// ten sites, a list of 70,000 entries (69,000 drawn) and 60,000 period-1 dosings;
// POST /api/Subjects/{id}/Randomise drawing from the list: p95 budget 20 ms;
// POST /api/SubjectDosing dispensing a kit: p95 budget 20 ms;
// GET /api/SubjectDosing, a page of 50 of the dosing grid: p95 budget 50 ms.
// Beside them, the two picks (the next list entry, the next kit) as raw SQL.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { hashPassword } from '../apps/server/src/platform/crypto/passwords.js';
import { BENCH_AUDIT_KEY, report, scratchDatabase } from './support.js';

const SUBJECTS = 70_000;
const SCREENED = 400;
const KITS = 200_000;
const CENTRES = 10;
const DOSINGS = 60_000;
const SAMPLES = 300;
const PASSWORD = 'bench-pass-2026';

const scratch = await scratchDatabase('edc_bench_iwrs');
const database = await openDatabase({ url: scratch.url });
const { db } = database;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

// ------------------------------------------------------------------------------------- the research
const t0 = performance.now();
const research = await one<{ id: string }>(
  sql`insert into researches (id, grls_protocol_number, group_list, with_iwrs, total_periods)
      values (gen_random_uuid(), 'BENCH-IWRS', '["A","B"]', true, 2) returning id`,
);
await db.execute(sql`
  with o as (
    insert into organisations (id, name, short_name, address)
    select gen_random_uuid(), 'Site ' || g, 'Site ' || g, 'Street ' || g from generate_series(1, ${CENTRES}) g
    returning id, short_name
  )
  insert into research_organisations (id, research_id, organisation_id, organisation_type, number)
  select gen_random_uuid(), ${research.id}, o.id, 'Site', lpad(substr(o.short_name, 6), 2, '0') from o`);
const sponsorOrg = await one<{ id: string }>(
  sql`insert into organisations (id, name, short_name, address) values (gen_random_uuid(), 'Bench Pharma', 'Bench Pharma', 'Street') returning id`,
);
const sponsorCentre = await one<{ id: string }>(
  sql`insert into research_organisations (id, research_id, organisation_id, organisation_type, number)
      values (gen_random_uuid(), ${research.id}, ${sponsorOrg.id}, 'Admin', 'SP') returning id`,
);
const site1 = await one<{ id: string; organisation_id: string }>(
  sql`select id, organisation_id from research_organisations where research_id = ${research.id} and number = '01'`,
);
const screening = await one<{ id: string }>(
  sql`insert into visits (id, research_id, title, visit_key, visit_type, day_number, day_plus, day_minus, index)
      values (gen_random_uuid(), ${research.id}, 'Screening', 'V0', 'Screening', 0, 2, 2, 0) returning id`,
);
// 70,000 subjects over the ten sites: the first 400 of site 01 screened (to be randomised), the rest randomised.
await db.execute(sql`
  with c as (select id, number, row_number() over (order by number) - 1 as k from research_organisations
             where research_id = ${research.id} and organisation_type = 'Site')
  insert into subjects (id, research_id, research_organisation_id, gender, birth_date, screen_date, screening_number,
                        randomization_number, identification_number, identification_seq, randomization_date, randomization_group,
                        status, is_randomised, created_at, updated_at)
  select gen_random_uuid(), ${research.id}, c.id, 'Male', date '1970-01-01' + (g % 15000), current_date - 100,
         'S-' || lpad(g::text, 6, '0'),
         case when g > ${SCREENED * CENTRES} or c.number <> '01' then 'R-' || lpad(g::text, 6, '0') end,
         c.number || '-' || lpad(((g - 1) / ${CENTRES} + 1)::text, 5, '0'), (g - 1) / ${CENTRES} + 1,
         case when g > ${SCREENED * CENTRES} or c.number <> '01' then current_date - 90 end,
         case when g > ${SCREENED * CENTRES} or c.number <> '01' then case when g % 2 = 0 then 'A' else 'B' end end,
         case when g > ${SCREENED * CENTRES} or c.number <> '01' then 'Randomised' else 'Screened' end,
         g > ${SCREENED * CENTRES} or c.number <> '01', now(), now()
  from generate_series(1, ${SUBJECTS}) g
  join c on c.k = (g - 1) % ${CENTRES}`);
await db.execute(sql`
  insert into subject_visits (id, subject_id, visit_id, date)
  select gen_random_uuid(), s.id, ${screening.id}, s.screen_date from subjects s where s.research_id = ${research.id}`);
// The list: one entry per subject, those of the randomised subjects drawn.
const list = await one<{ id: string }>(
  sql`insert into randomisation_lists (id, research_id, stratum, source, size) values (gen_random_uuid(), ${research.id}, '', 'uploaded', ${SUBJECTS}) returning id`,
);
await db.execute(sql`
  with s as (select id, randomization_group, row_number() over (order by screening_number) as n
             from subjects where research_id = ${research.id} and randomization_group is not null)
  insert into randomisation_entries (id, list_id, research_id, stratum, position, list_position, randomization_number, "group", subject_id, used_at)
  select gen_random_uuid(), ${list.id}, ${research.id}, '', g, g, 'L-' || lpad(g::text, 6, '0'),
         coalesce(s.randomization_group, case when g % 2 = 0 then 'A' else 'B' end), s.id, case when s.id is not null then now() end
  from generate_series(1, ${SUBJECTS}) g left join s on s.n = g`);
// 200,000 kits accepted at the sites, both arms, expiring in a year.
await db.execute(sql`
  with c as (select id, row_number() over (order by number) - 1 as k from research_organisations
             where research_id = ${research.id} and organisation_type = 'Site')
  insert into medications (id, research_id, ident_number, medication_group, lot, expiry_date, current_status, research_organisation_id)
  select gen_random_uuid(), ${research.id}, 'K-' || lpad(g::text, 7, '0'), case when g % 2 = 0 then 'A' else 'B' end, 'LOT-1',
         current_date + 365 - (g % 30), 'AcceptedInSite', c.id
  from generate_series(1, ${KITS}) g join c on c.k = (g / 2) % ${CENTRES}`);
// 60,000 period-1 dosings of randomised subjects.
await db.execute(sql`
  insert into subject_dosings (id, research_id, subject_id, research_organisation_id, period_number, dispense_number, dosing_date_time)
  select gen_random_uuid(), ${research.id}, s.id, s.research_organisation_id, 1, 1, now() - interval '30 days'
  from subjects s where s.research_id = ${research.id} and s.status = 'Randomised'
  order by s.screening_number limit ${DOSINGS}`);

// The site PI (randomises and dispenses) and the sponsor's manager (reads the whole grid).
async function person(email: string, organisationId: string, centreId: string, employeeType: string) {
  const user = await one<{ id: string }>(
    sql`insert into users (id, email, first_name, last_name, password_hash)
        values (gen_random_uuid(), ${email}, 'Bench', 'User', ${await hashPassword(PASSWORD)}) returning id`,
  );
  const membership = await one<{ id: string }>(
    sql`insert into organisation_users (id, user_id, organisation_id, user_role, is_verify)
        values (gen_random_uuid(), ${user.id}, ${organisationId}, 'User', true) returning id`,
  );
  const employee = await one<{ id: string }>(
    sql`insert into employees (id, user_id, research_organisation_id, employee_type)
        values (gen_random_uuid(), ${user.id}, ${centreId}, ${employeeType}) returning id`,
  );
  await db.execute(
    sql`update users set current_organisation_user_id = ${membership.id}, current_employee_id = ${employee.id} where id = ${user.id}`,
  );
}
await person('pi@bench.test', site1.organisation_id, site1.id, 'PrincipalInvestigator');
await person('manager@bench.test', sponsorOrg.id, sponsorCentre.id, 'Manager');
await db.execute(sql`analyze`);
const counted = await one<{ subjects: number; kits: number; dosings: number }>(
  sql`select (select count(*) from subjects)::int as subjects, (select count(*) from medications)::int as kits,
             (select count(*) from subject_dosings)::int as dosings`,
);
console.log(
  `generated ${counted.subjects} subjects, ${counted.kits} kits, ${counted.dosings} dosings in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// ----------------------------------------------------------------------------------------- requests
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/edc-bench', AUDIT_KEY: BENCH_AUDIT_KEY }),
  database,
  logger: false,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
async function tokenOf(email: string) {
  const res = await fetch(`${address}/api/Auth/SignIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}
const pi = await tokenOf('pi@bench.test');
const manager = await tokenOf('manager@bench.test');

async function timed(token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const t = performance.now();
  const res = await fetch(`${address}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${json.slice(0, 300)}`);
  return performance.now() - t;
}

const screened = await rows<{ id: string }>(
  sql`select id from subjects where research_id = ${research.id} and status = 'Screened' order by screening_number`,
);
const randomisedAtSite = await rows<{ id: string }>(
  sql`select id from subjects where research_organisation_id = ${site1.id} and status = 'Randomised' order by screening_number limit ${SAMPLES + 30}`,
);
const date = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const randomiseSamples: number[] = [];
for (const [i, s] of screened.slice(0, SAMPLES + 30).entries()) {
  const ms = await timed(pi, 'POST', `/Subjects/${s.id}/Randomise`, { randomizationDate: date, version: 1 });
  if (i >= 30) randomiseSamples.push(ms); // the first 30 warm up
}
const dispenseSamples: number[] = [];
for (const [i, s] of randomisedAtSite.entries()) {
  const ms = await timed(pi, 'POST', '/SubjectDosing', { subjectId: s.id, periodNumber: 2 });
  if (i >= 30) dispenseSamples.push(ms);
}
const gridPaths = [1, 2, 10, 50, 120].map((p) => `/SubjectDosing?periodNumber=1&Page=${p}&PageSize=50`);
const grid = async (token: string) => {
  for (let i = 0; i < 30; i++) await timed(token, 'GET', gridPaths[i % gridPaths.length]!);
  const samples: number[] = [];
  for (let i = 0; i < 500; i++) samples.push(await timed(token, 'GET', gridPaths[i % gridPaths.length]!));
  return samples;
};

const okRandomise = report('POST /api/Subjects/{id}/Randomise (IWRS list of 70,000, 69,000 drawn)', randomiseSamples, 20);
const okDispense = report('POST /api/SubjectDosing (200,000 kits, 20,000 at the site)', dispenseSamples, 20);
const okGridSponsor = report('GET /api/SubjectDosing (sponsor, 60,000 dosings, page of 50)', await grid(manager), 50);
const okGridSite = report('GET /api/SubjectDosing (site PI, its 6,000 dosings, page of 50)', await grid(pi), 50);

// ------------------------------------------------------------------------------------ raw SQL beside
const client = new pg.Client({ connectionString: scratch.url });
await client.connect();
{
  const rawSamples = async (text: string) => {
    const samples: number[] = [];
    for (let i = 0; i < 330; i++) {
      const t = performance.now();
      await client.query('begin');
      await client.query(text);
      await client.query('rollback');
      if (i >= 30) samples.push(performance.now() - t);
    }
    return samples;
  };
  report(
    'raw SQL: the next list entry (FOR UPDATE SKIP LOCKED, rolled back)',
    await rawSamples(
      `update randomisation_entries set subject_id = subject_id where id in (select id from randomisation_entries
       where research_id = '${research.id}' and stratum = '' and subject_id is null order by position limit 1 for update skip locked)`,
    ),
  );
  report(
    'raw SQL: the next kit of an arm at a site (FOR UPDATE SKIP LOCKED, rolled back)',
    await rawSamples(
      `select id from medications where research_id = '${research.id}' and research_organisation_id = '${site1.id}'
       and medication_group = 'A' and current_status = 'AcceptedInSite' and expiry_date >= current_date
       order by expiry_date, ident_number limit 1 for update skip locked`,
    ),
  );
  // The dosing grid's two statements as the server sends them (the page and its count), at the same depths.
  const gridSql = async (centreId: string | null) => {
    const centre = (alias: string) => (centreId ? `and ${alias}.research_organisation_id = '${centreId}'` : '');
    const samples: number[] = [];
    for (let i = 0; i < 530; i++) {
      const offset = ([1, 2, 10, 50, 120][i % 5]! - 1) * 50;
      const t = performance.now();
      await client.query(
        `select d.*, s.screening_number, s.randomization_number, s.identification_number, s.full_name, o.number
         from subjects s join subject_dosings d on d.subject_id = s.id
         join research_organisations o on o.id = d.research_organisation_id
         where s.research_id = '${research.id}' ${centre('s')} and s.deleted_at is null
           and d.research_id = '${research.id}' and d.period_number = 1 ${centre('d')}
         order by s.screening_number, d.period_number, d.dispense_number, d.id limit 50 offset ${offset}`,
      );
      await client.query(
        `select count(*) from subject_dosings d where d.research_id = '${research.id}' and d.period_number = 1
         ${centre('d')} and not exists (select 1 from subjects s where s.id = d.subject_id and s.deleted_at is not null)`,
      );
      if (i >= 30) samples.push(performance.now() - t);
    }
    return samples;
  };
  report("raw SQL: the sponsor's grid page and its count", await gridSql(null));
  report("raw SQL: the site PI's grid page and its count", await gridSql(site1.id));
}
await client.end();

await app.close();
await database.close();
// BENCH_KEEP=1 keeps the scratch database, to look at the plans with psql.
if (process.env.BENCH_KEEP) console.log(`kept ${scratch.url}`);
else await scratch.drop();
process.exit(okRandomise && okDispense && okGridSponsor && okGridSite ? 0 : 1);
