// Data entry on PostgreSQL over loopback HTTP (issue 12, docs/data-entry.md):
// - saving a value with its audit record (POST /api/ItemData): p95 ≤ 20 ms for one client;
// - throughput of 16 concurrent clients saving values: ≥ 500 saves/s, with no record lost or duplicated
//   (item data rows, their audit records and the audit chain are counted and verified afterwards);
// - opening a subject form of 300 fields with their values (GET /api/SubjectsForm/{id}): p95 ≤ 100 ms.
// Each figure is printed beside the same database work run as raw SQL on a pg connection (no HTTP, no
// validation, no JSON), so that what the application adds shows.
// The server runs in a child process of its own (bench/data-entry-server.ts, as in production); the clients
// run here, so they do not share the server's event loop. This process seeds the scratch database and
// verifies the counts and the audit chains afterwards.
// Run: npx tsx bench/data-entry.bench.ts (BENCH_DATABASE_URL names the server to use).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { createHmac, randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { verifyAuditChain } from '../apps/server/src/platform/audit/audit.js';
import { seedDemoWorld, DEMO_PASSWORD } from '../apps/server/src/seed/demo-world.js';
import { BENCH_AUDIT_KEY, percentile, report, scratchDatabase } from './support.js';

const FIELDS = 300;
const SECTIONS = 3;
const CLIENTS = 16;
const SAVES_PER_CLIENT = 150;
const SINGLE_SAVES = 400;

const scratch = await scratchDatabase('edc_bench_entry');
const database = await openDatabase({ url: scratch.url });
await seedDemoWorld(database.db);
const server = fork(new URL('./data-entry-server.ts', import.meta.url), [], {
  // BENCH_SERVER_NODE_ARGS go to the server's node, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it.
  execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean)],
  env: { ...process.env, BENCH_SERVER_DATABASE_URL: scratch.url },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
/** The server's next message (its address, its measurements). */
const fromServer = <T>() =>
  new Promise<T>((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the server process exited (${code})`));
    server.once('exit', exited);
    server.once('message', (m) => {
      server.off('exit', exited);
      resolve(m as T);
    });
  });
const { address } = await fromServer<{ address: string }>();

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
  const json = (await res.json()) as { data: any };
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(json)}`);
  const timing = /dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
  return { data: json.data, ms, server: timing ? Number(timing[1]) : NaN };
}
const signIn = async (email: string) =>
  (await api('POST', '/Auth/SignIn', undefined, { email, password: DEMO_PASSWORD })).data.accessToken as string;

// ------------------------------------------------------------------------------------------ the design
const t0 = performance.now();
const admin = await signIn('admin@demo.test');
const site = await signIn('site@demo.test');
const researchId = (
  (await database.db.execute(sql`select id from researches where grls_protocol_number = 'DEMO-001'`)) as unknown as {
    rows: { id: string }[];
  }
).rows[0]!.id;
const visit = (
  await api('POST', '/Visits', admin, { researchId, title: 'Скрининг', visitKey: 'SCR', visitTypeString: 'Screening' })
).data;
const formType = (await api('POST', '/FormTypes', admin, { title: 'Bench', formTypeKey: `BENCH-${process.pid}` })).data;
const field = (
  await api('POST', '/Fields', admin, { formTypeId: formType.id, title: 'Value', fieldKey: 'VAL', fieldType: 'Number' })
).data;
const form = (await api('POST', '/Forms', admin, { visitId: visit.id, formTypeId: formType.id, title: 'Форма на 300 полей' }))
  .data;
for (let s = 0; s < SECTIONS; s++) {
  const section = (await api('POST', '/FormSections', admin, { formId: form.id, sectionName: `Секция ${s + 1}` })).data;
  await api('POST', '/FormFields/List', admin, {
    formSectionId: section.id,
    formFieldList: Array.from({ length: FIELDS / SECTIONS }, (_, i) => ({
      fieldId: field.id,
      text: `Показатель ${s * 100 + i + 1}`,
    })),
  });
}

// One subject form per client, two for the single client, one for the reads.
const forms: { id: string; fieldIds: string[] }[] = [];
const formCreation: number[] = [];
for (let i = 0; i < CLIENTS + 3; i++) {
  const subject = (
    await api('POST', '/Subjects', site, {
      genderString: 'Male',
      birthDate: '1980-01-01',
      screenDate: '2025-01-10',
      screeningNumber: `B-${i}`,
    })
  ).data;
  const sv = (await api('POST', '/SubjectsVisit', site, { subjectId: subject.id, visitId: visit.id, date: '2025-01-10' })).data;
  const created = await api('POST', '/SubjectsForm', site, { formId: form.id, subjectVisitId: sv.id });
  formCreation.push(created.ms);
  forms.push({
    id: created.data.id,
    fieldIds: created.data.subjectFormSectionList.flatMap((s: { subjectFormFieldList: { id: string }[] }) =>
      s.subjectFormFieldList.map((f) => f.id),
    ),
  });
}
console.log(
  `design and ${forms.length} subject forms of ${forms[0]!.fieldIds.length} fields in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
report('POST /api/SubjectsForm (creates 3 sections and 300 fields; no budget)', formCreation);
await database.db.execute(sql`analyze`);

/**
 * CPU time (ms) of this machine's PostgreSQL processes so far, from /proc (0 when PostgreSQL runs
 * elsewhere or /proc is missing): with the server's and the clients' it accounts for a save's CPU.
 */
function postgresCpuMs(): number {
  const tick = 1000 / 100; // USER_HZ
  let total = 0;
  try {
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        total += (Number(fields[11]) + Number(fields[12])) * tick;
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return 0;
  }
  return total;
}

const counts = async () =>
  (
    (await database.db.execute(
      sql`select (select count(*) from item_data)::int as items,
                 (select count(distinct subject_form_field_id) from item_data)::int as fields,
                 (select count(*) from audit_log where action = 'item_data.add')::int as audits`,
    )) as unknown as { rows: { items: number; fields: number; audits: number }[] }
  ).rows[0]!;

// --------------------------------------------------------------------------------- one client's saves
const save = (token: string, subjectFormFieldId: string, value: number) =>
  api('POST', '/ItemData', token, { subjectFormFieldId, data: String(value) });
const single = [...forms[CLIENTS]!.fieldIds, ...forms[CLIENTS + 1]!.fieldIds];
for (let i = 0; i < 20; i++) await save(site, single[i]!, i); // warm-up
const singleSamples: number[] = [];
const singleServer: number[] = [];
for (let i = 20; i < 20 + SINGLE_SAVES; i++) {
  const r = await save(site, single[i]!, i);
  singleSamples.push(r.ms);
  singleServer.push(r.server);
}
report('POST /api/ItemData, one client (value + audit record), loopback round trip', singleSamples);
const singleOk = report('POST /api/ItemData, one client (value + audit record), server time', singleServer, 20);

// ------------------------------------------------------------------------------- 16 concurrent clients
const tokens = await Promise.all(Array.from({ length: CLIENTS }, () => signIn('site@demo.test')));
const before = await counts();
// The server counts its CPU time and the statements it sends to PostgreSQL during the concurrent phase.
server.send({ cmd: 'measure' });
const cpuBefore = process.cpuUsage();
const postgresBefore = postgresCpuMs();
const started = performance.now();
const perClient = await Promise.all(
  tokens.map(async (token, c) => {
    const samples: number[] = [];
    for (let i = 0; i < SAVES_PER_CLIENT; i++) samples.push((await save(token, forms[c]!.fieldIds[i]!, i)).ms);
    return samples;
  }),
);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const postgresMs = postgresCpuMs() - postgresBefore;
const measured = fromServer<{ cpuMs: number; statements: number }>();
server.send({ cmd: 'report' });
const { cpuMs, statements } = await measured;
const after = await counts();
const total = CLIENTS * SAVES_PER_CLIENT;
const throughput = total / seconds;
const lost = total - (after.items - before.items);
const audited = after.audits - before.audits;
const duplicated = after.items - after.fields;
const chain = await verifyAuditChain(database.db);
const concurrentOk = throughput >= 500 && lost === 0 && audited === total && duplicated === 0 && chain.ok;
console.log(
  `POST /api/ItemData, ${CLIENTS} concurrent clients: ${total} saves in ${seconds.toFixed(2)} s = ${throughput.toFixed(0)} saves/s ` +
    `(p50 ${percentile(perClient.flat(), 50).toFixed(2)} ms, p95 ${percentile(perClient.flat(), 95).toFixed(2)} ms per save); ` +
    `rows written ${after.items - before.items}, audit records ${audited}, lost ${lost}, duplicated ${duplicated}, ` +
    `audit chains ${chain.ok ? 'intact' : 'BROKEN'} (${chain.checked} records in ${chain.chains} chains) budget >=500/s ${concurrentOk ? 'OK' : 'OVER'}`,
);
// The server's CPU time per save shows whether its one event loop, rather than the database, bounds the
// throughput; the clients' own CPU time is printed beside it.
const clientMs = (cpu.user + cpu.system) / 1000;
console.log(
  `  the server process during it: ${(cpuMs / 1000).toFixed(2)} s CPU in ${seconds.toFixed(2)} s ` +
    `(${(cpuMs / 10 / seconds).toFixed(0)}% of one core), ${(cpuMs / total).toFixed(2)} ms CPU per save, ` +
    `${(statements / total).toFixed(1)} statements per save; the clients' process: ${(clientMs / total).toFixed(2)} ms CPU per save; ` +
    `PostgreSQL's processes: ${(postgresMs / total).toFixed(2)} ms CPU per save (${(postgresMs / 10 / seconds).toFixed(0)}% of one core); ` +
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);

// ------------------------------------------------------------------------------ opening a 300-field form
const reader = forms[0]!.id;
for (let i = 0; i < 20; i++) await api('GET', `/SubjectsForm/${reader}`, site);
const openSamples: number[] = [];
const openServer: number[] = [];
for (let i = 0; i < 200; i++) {
  const r = await api('GET', `/SubjectsForm/${reader}`, site);
  openSamples.push(r.ms);
  openServer.push(r.server);
}
const openOk = report('GET /api/SubjectsForm/{id}, 300 fields with 150 values, loopback round trip', openSamples, 100);
report('GET /api/SubjectsForm/{id}, server time', openServer);

// ------------------------------------------------------------------------ the same work as raw SQL
const pool = new pg.Pool({ connectionString: scratch.url, max: 10 });
const [{ user_id: userId }] = (await pool.query(`select id as user_id from users where email = 'site@demo.test'`)).rows;
const rawFields = forms[CLIENTS + 2]!.fieldIds;

/**
 * One save as raw SQL: the statements the service runs, in one transaction (the chain key, not the app's HMAC
 * code). `chain`: 'subject' appends to the subject's chain under its own lock, as writeAudit does since
 * migration 0009; 'global' to the one global chain under one lock, as it did before (for comparison).
 */
async function rawSave(
  subjectFormId: string,
  subjectFormFieldId: string,
  value: number,
  chain: 'subject' | 'global' = 'subject',
): Promise<number> {
  const c = await pool.connect();
  const t = performance.now();
  try {
    await c.query('begin');
    const { subject_id: subjectId } = (
      await c.query(
        `select sf.subject_id from subject_forms sf join subjects s on s.id = sf.subject_id where sf.id = $1
           for update of sf for share of s`,
        [subjectFormId],
      )
    ).rows[0] as { subject_id: string };
    await c.query(
      `select sff.id from subject_form_fields sff join subject_form_sections s on s.id = sff.subject_form_section_id
         join subject_forms sf on sf.id = sff.subject_form_id join forms f on f.id = sf.form_id
         join form_fields ff on ff.id = sff.form_field_id join fields fd on fd.id = ff.field_id
         join subject_visits sv on sv.id = sf.subject_visit_id join subjects su on su.id = sf.subject_id
         where sff.id = $1`,
      [subjectFormFieldId],
    );
    await c.query(`select id from item_data where subject_form_field_id = $1 order by seq desc limit 1`, [subjectFormFieldId]);
    const id = randomUUID();
    await c.query(`insert into item_data (id, subject_form_field_id, data, created_by) values ($1, $2, $3, $4)`, [
      id,
      subjectFormFieldId,
      String(value),
      userId,
    ]);
    const chainKey = chain === 'subject' ? `subject:${subjectId}` : 'global';
    await c.query(`select pg_advisory_xact_lock(7301001, hashtext($1))`, [chainKey]);
    const prev =
      (await c.query(`select hash from audit_log where chain = $1 order by seq desc limit 1`, [chainKey])).rows[0]?.hash ??
      '0'.repeat(64);
    const hash = createHmac('sha256', BENCH_AUDIT_KEY).update(`${id}${prev}`).digest('hex');
    await c.query(
      `insert into audit_log (id, at, action, entity_type, entity_id, after, prev_hash, hash, chain, subject_id)
       values ($1, now(), 'raw.item_data.add', 'item_data', $1, $2, $3, $4, $5, $6)`,
      [
        randomUUID(),
        JSON.stringify({ subjectFormFieldId, data: String(value) }),
        prev,
        hash,
        chainKey,
        chain === 'subject' ? subjectId : null,
      ],
    );
    await c.query('commit');
  } finally {
    c.release();
  }
  return performance.now() - t;
}
const rawSingle: number[] = [];
for (let i = 0; i < 150; i++) rawSingle.push(await rawSave(forms[CLIENTS + 2]!.id, rawFields[i]!, i));
report('  the same save as raw SQL, one connection', rawSingle);
for (const [chain, from] of [
  ['subject', SAVES_PER_CLIENT],
  ['global', SAVES_PER_CLIENT + 40],
] as const) {
  const rawStarted = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = 0; i < 40; i++) await rawSave(forms[c]!.id, forms[c]!.fieldIds[from + i]!, i, chain);
    }),
  );
  console.log(
    `  the same saves as raw SQL, ${CLIENTS} concurrent clients over a pool of 10, ` +
      `${chain === 'subject' ? 'a chain per subject' : 'one global chain (before 0009)'}: ` +
      `${((CLIENTS * 40) / ((performance.now() - rawStarted) / 1000)).toFixed(0)} saves/s`,
  );
}
const rawOpen: number[] = [];
for (let i = 0; i < 100; i++) {
  const t = performance.now();
  await pool.query(
    `select sff.*, ff.*, f.* from subject_form_fields sff join form_fields ff on ff.id = sff.form_field_id
       join fields f on f.id = ff.field_id where sff.subject_form_id = $1 order by ff.index, ff.created_at`,
    [reader],
  );
  await pool.query(
    `select distinct on (d.subject_form_field_id) d.*, u.first_name, u.last_name, u.patronymic from item_data d
       join subject_form_fields sff on sff.id = d.subject_form_field_id left join users u on u.id = d.created_by
       where sff.subject_form_id = $1 order by d.subject_form_field_id, d.seq desc`,
    [reader],
  );
  rawOpen.push(performance.now() - t);
}
report('  the form’s two main queries (fields, current values) as raw SQL', rawOpen);
await pool.end();

const closed = new Promise((resolve) => server.once('exit', resolve));
server.send({ cmd: 'close' });
await closed;
await database.close();
await scratch.drop();
process.exit(singleOk && concurrentOk && openOk ? 0 : 1);
