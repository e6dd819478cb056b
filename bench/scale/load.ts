// The bulk loader of the subject-matrix bench at scale (bench/subjects-scale.bench.ts): one research of
// `subjects` subjects over `centres` site centres, 20 visits each, in set-based INSERT … SELECT statements of
// 10,000 subjects at a time (the kept counts' statement triggers fold each statement into a few rows), then
// VACUUM ANALYZE, so that the planner has statistics and the visibility map allows index-only scans.
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/platform/crypto/passwords.js';

export const VISITS = 20;
export const PASSWORD = 'bench-pass-2026';
export const USERS = { qa: 'qa@scale.bench', site: 'site@scale.bench', admin: 'admin@scale.bench' } as const;
const CHUNK = 10_000;

export interface Loaded {
  researchId: string;
  siteCentreId: string;
  subjects: number;
  subjectVisits: number;
  seconds: number;
}

export async function loadResearch(url: string, subjects: number, centres: number): Promise<Loaded> {
  const t0 = performance.now();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const one = async (text: string, values: unknown[] = []) => (await c.query(text, values)).rows[0];
  const research = await one(
    `insert into researches (id, grls_protocol_number, group_list) values (gen_random_uuid(), 'SCALE-1', '["A","B"]') returning id`,
  );
  const rid = research.id as string;
  const qaOrg = await one(
    `insert into organisations (id, name, short_name, address) values (gen_random_uuid(), 'Scale QA', 'Scale QA', '-') returning id`,
  );
  const qaCentre = await one(
    `insert into research_organisations (id, research_id, organisation_id, organisation_type, number)
     values (gen_random_uuid(), $1, $2, 'Qa', 'Q-01') returning id`,
    [rid, qaOrg.id],
  );
  await c.query(
    `with o as (insert into organisations (id, name, short_name, address)
                select gen_random_uuid(), 'Site ' || g, 'Site ' || g, 'Street ' || g from generate_series(1, $2::int) g
                returning id, short_name)
     insert into research_organisations (id, research_id, organisation_id, organisation_type, number)
     select gen_random_uuid(), $1, o.id, 'Site', lpad(substr(o.short_name, 6), 3, '0') from o`,
    [rid, centres],
  );
  await c.query(
    `insert into visits (id, research_id, title, visit_key, visit_type, day_number, day_plus, day_minus, index)
     select gen_random_uuid(), $1, 'Visit ' || g, 'V' || g,
            case when g = 0 then 'Screening' when g = 1 then 'Randomisation' when g = $2::int - 1 then 'End' else 'Period' end,
            case when g <= 1 then 0 else (g - 1) * 7 end, 2, 2, g
     from generate_series(0, $2::int - 1) g`,
    [rid, VISITS],
  );
  for (let from = 1; from <= subjects; from += CHUNK) {
    const to = Math.min(subjects, from + CHUNK - 1);
    await c.query('begin');
    // A quarter still started or screened, half randomised, the rest ended or failed.
    await c.query(
      `with c as (select id, number, row_number() over (order by number) - 1 as k from research_organisations
                  where research_id = $1 and organisation_type = 'Site')
       insert into subjects (id, research_id, research_organisation_id, gender, birth_date, screen_date, screening_number,
                             randomization_number, identification_number, identification_seq, randomization_date, randomization_group,
                             status, is_randomised, created_at, updated_at)
       select gen_random_uuid(), $1, c.id, case when g % 2 = 0 then 'Male' else 'Female' end, date '1970-01-01' + (g % 15000),
              current_date - 400 + (g % 200), 'S-' || lpad(g::text, 6, '0'),
              case when s.status in ('Randomised', 'End', 'EndAheadSchedule') then 'R-' || lpad(($4::int - g)::text, 6, '0') end,
              c.number || '-' || lpad(((g - 1) / $5::int + 1)::text, 4, '0'), (g - 1) / $5::int + 1,
              case when s.status in ('Randomised', 'End', 'EndAheadSchedule') then current_date - 390 + (g % 200) end,
              case when s.status in ('Randomised', 'End', 'EndAheadSchedule') then case when g % 2 = 0 then 'A' else 'B' end end,
              s.status, s.status in ('Randomised', 'End', 'EndAheadSchedule'),
              now() - make_interval(secs => $4::int - g), now()
       from generate_series($2::int, $3::int) g
       join c on c.k = (g - 1) % $5::int
       cross join lateral (select (array['Started','Screened','Screened','Randomised','Randomised','Randomised','Randomised','Randomised',
                                         'End','EndAheadSchedule','Failed','Randomised'])[1 + (g * 7) % 12] as status) s`,
      [rid, from, to, subjects, centres],
    );
    // Twenty visits per subject, each a few days off its target, in every completed status.
    await c.query(
      `insert into subject_visits (id, subject_id, visit_id, date, form_completed_status)
       select gen_random_uuid(), s.id, v.id,
              coalesce(case when v.visit_type <> 'Screening' then s.randomization_date end, s.screen_date) + v.day_number
                + ((hashtext(s.id::text || v.id::text) & 7) - 2),
              (array['Empty','Started','Completed','QaValidated','DmValidated','QaAndDmValidated','KioValidated'])
                [1 + (hashtext(v.id::text || s.id::text) & 65535) % 7]
       from subjects s cross join visits v
       where s.research_id = $1 and v.research_id = $1 and s.screening_number between 'S-' || lpad($2::text, 6, '0') and 'S-' || lpad($3::text, 6, '0')`,
      [rid, from, to],
    );
    await c.query('commit');
    process.stdout.write(`\rloaded ${to} subjects`);
  }
  process.stdout.write('\n');
  // The users who read the matrix: a QA specialist (the whole research), a site PI (the first centre), an administrator.
  const hash = await hashPassword(PASSWORD);
  const site = await one(`select id, organisation_id from research_organisations where research_id = $1 and number = '001'`, [
    rid,
  ]);
  const people: [string, string, string | null, string | null, string][] = [
    [USERS.qa, 'User', qaOrg.id, qaCentre.id, 'SpecialistQa'],
    [USERS.site, 'User', site.organisation_id, site.id, 'PrincipalInvestigator'],
    [USERS.admin, 'Admin', qaOrg.id, null, ''],
  ];
  for (const [email, role, orgId, centreId, employeeType] of people) {
    const user = await one(
      `insert into users (id, email, first_name, last_name, password_hash, user_role) values (gen_random_uuid(), $1, 'Bench', $2, $3, $2) returning id`,
      [email, role, hash],
    );
    const membership = await one(
      `insert into organisation_users (id, user_id, organisation_id, user_role, is_verify) values (gen_random_uuid(), $1, $2, $3, true) returning id`,
      [user.id, orgId, role],
    );
    const employee = centreId
      ? await one(
          `insert into employees (id, user_id, research_organisation_id, employee_type) values (gen_random_uuid(), $1, $2, $3) returning id`,
          [user.id, centreId, employeeType],
        )
      : null;
    await c.query(`update users set current_organisation_user_id = $1, current_employee_id = $2 where id = $3`, [
      membership.id,
      employee?.id ?? null,
      user.id,
    ]);
  }
  await c.query('vacuum analyze');
  // The load's dirty pages written now, not by a checkpoint in the middle of the measurements.
  await c.query('checkpoint');
  const counted = await one(`select (select count(*) from subjects)::int as s, (select count(*) from subject_visits)::int as v`);
  await c.end();
  return {
    researchId: rid,
    siteCentreId: site.id,
    subjects: counted.s,
    subjectVisits: counted.v,
    seconds: (performance.now() - t0) / 1000,
  };
}
