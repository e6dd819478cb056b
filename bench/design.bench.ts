// Study design budgets on PostgreSQL (issue: design API):
// - the form editor's data (GET /api/FormSections/WithReferences, every section with its fields) of a form
//   of 300 fields: p95 ≤ 150 ms server time;
// - a reorder (POST /api/FormFields/{id}/ChangeIndex/{endIndex}): p95 ≤ 30 ms.
// Server time runs from the request's arrival to its reply being sent; the loopback round trip is printed
// beside it. Run: npx tsx bench/design.bench.ts (BENCH_DATABASE_URL names the server to use).
import { loadConfig } from '../apps/server/src/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { seedDemoWorld, DEMO_PASSWORD } from '../apps/server/src/seed/demo-world.js';
import { BENCH_AUDIT_KEY, report, scratchDatabase } from './support.js';

const FIELDS = 300;
const SECTIONS = 5;
const scratch = await scratchDatabase('edc_bench_design');
const database = await openDatabase({ url: scratch.url });
await seedDemoWorld(database.db);
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/edc-bench', AUDIT_KEY: BENCH_AUDIT_KEY }),
  database,
  logger: false,
});
// Server time (request received → reply about to be sent) travels back in a Server-Timing header.
const startedAt = new WeakMap<object, number>();
app.addHook('onRequest', async (req) => {
  startedAt.set(req, performance.now());
});
app.addHook('onSend', async (req, reply, payload) => {
  reply.header('server-timing', `app;dur=${(performance.now() - (startedAt.get(req) ?? performance.now())).toFixed(3)}`);
  return payload;
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
  const json = (await res.json()) as { data: any };
  const roundTrip = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(json)}`);
  const timing = /dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
  return { data: json.data, roundTrip, server: timing ? Number(timing[1]) : NaN };
}

const token = (await api('POST', '/Auth/SignIn', undefined, { email: 'admin@demo.test', password: DEMO_PASSWORD })).data
  .accessToken;

// A research with one version, a visit and a form of 300 fields in 5 sections (some dependent on a select).
const research = (
  await api('POST', '/Researches', token, {
    grlsProtocolNumber: `BENCH-${process.pid}`,
    grlsProtocol: 'Benchmark',
    sponsor: 'Bench',
    grlsStartDate: '2026-01-01',
    grlsPhase: 'III',
    mnn: 'Benchol',
    protocolVersion: '1.0',
    protocolVersionDate: '2026-01-01',
  })
).data;
await api('POST', '/ResearchVersions', token, {
  researchId: research.id,
  startedDate: '2026-01-01',
  majorIndex: 1,
  minorIndex: 0,
});
const visits: string[] = [];
for (let i = 0; i < 30; i++)
  visits.push(
    (
      await api('POST', '/Visits', token, {
        researchId: research.id,
        title: `Визит ${i + 1}`,
        visitKey: `V${i + 1}`,
        visitTypeString: 'Period',
      })
    ).data.id,
  );
const formType = (await api('POST', '/FormTypes', token, { title: 'Бенчмарк', formTypeKey: 'BENCH' })).data;
const definitions: { id: string }[] = [];
for (const [i, fieldType] of ['Text', 'Number', 'Date', 'Time', 'Checkbox'].entries())
  definitions.push(
    (
      await api('POST', '/Fields', token, {
        formTypeId: formType.id,
        title: `Поле ${i}`,
        fieldKey: `F${i}`,
        fieldType,
        units: 'мг',
      })
    ).data,
  );
const select = (
  await api('POST', '/Fields', token, {
    formTypeId: formType.id,
    title: 'Выбор',
    fieldKey: 'SEL',
    fieldType: 'Select',
    optionList: ['Да', 'Нет'],
  })
).data;
const form = (await api('POST', '/Forms', token, { visitId: visits[0], formTypeId: formType.id, title: 'Форма на 300 полей' }))
  .data;
const sectionFields: string[][] = [];
for (let s = 0; s < SECTIONS; s++) {
  const section = (await api('POST', '/FormSections', token, { formId: form.id, sectionName: `Раздел ${s + 1}` })).data;
  const list = Array.from({ length: FIELDS / SECTIONS }, (_, i) => ({
    fieldId: i === 0 ? select.id : definitions[i % definitions.length]!.id,
    text: `Вопрос ${s + 1}.${i + 1}: описание поля для печати`,
    mask: i % 7 === 0 ? '000' : undefined,
  }));
  const added = (await api('POST', '/FormFields/List', token, { formSectionId: section.id, formFieldList: list })).data as {
    id: string;
  }[];
  sectionFields.push(added.map((f) => f.id));
  await api('POST', `/FormFields/${added[0]!.id}/SetChildFormField`, token, {
    parentVisibleRule: 'Да',
    childFormFieldList: added.slice(1, 6).map((f) => f.id),
  });
}

// Form editor data.
const editorUrl = `/FormSections/WithReferences?formId=${form.id}`;
const check = (await api('GET', editorUrl, token)).data as { formFieldList: unknown[] }[];
const total = check.reduce((n, s) => n + s.formFieldList.length, 0);
if (total !== FIELDS) throw new Error(`the form has ${total} fields, not ${FIELDS}`);
for (let i = 0; i < 20; i++) await api('GET', editorUrl, token);
const editorServer: number[] = [];
const editorTrip: number[] = [];
for (let i = 0; i < 300; i++) {
  const r = await api('GET', editorUrl, token);
  editorServer.push(r.server!);
  editorTrip.push(r.roundTrip);
}

// Reorders: a field moved within its section of 60, each move naming the index it expects.
const order = [...sectionFields[2]!];
const moveServer: number[] = [];
const moveTrip: number[] = [];
for (let i = 0; i < 520; i++) {
  const start = (i * 17) % order.length;
  const end = (i * 29 + 5) % order.length;
  const id = order[start]!;
  const r = await api('POST', `/FormFields/${id}/ChangeIndex/${end}`, token, { startIndex: start });
  order.splice(start, 1);
  order.splice(end, 0, id);
  if (i >= 20) {
    moveServer.push(r.server!);
    moveTrip.push(r.roundTrip);
  }
}
const final = (await api('GET', `/FormFields?formSectionId=${check[2] && (check[2] as any).id}`, token)).data as {
  id: string;
  index: number;
}[];
if (final.map((f) => f.id).join() !== order.join() || final.some((f, i) => f.index !== i))
  throw new Error('reorders left an inconsistent order');

// Visit reorders among 30 visits, for comparison.
const visitOrder = [...visits];
const visitServer: number[] = [];
for (let i = 0; i < 200; i++) {
  const start = (i * 7) % visitOrder.length;
  const end = (i * 11 + 3) % visitOrder.length;
  const id = visitOrder[start]!;
  const r = await api('POST', `/Visits/${id}/ChangeIndex/${end}`, token, { startIndex: start });
  visitOrder.splice(start, 1);
  visitOrder.splice(end, 0, id);
  visitServer.push(r.server!);
}

console.log(`PostgreSQL, form of ${total} fields in ${SECTIONS} sections; server time = request received → reply sent`);
const ok1 = report('GET /api/FormSections/WithReferences (server time)', editorServer, 150);
report('GET /api/FormSections/WithReferences (loopback round trip)', editorTrip);
const ok2 = report('POST /api/FormFields/{id}/ChangeIndex/{endIndex} (server time)', moveServer, 30);
report('POST /api/FormFields/{id}/ChangeIndex/{endIndex} (loopback round trip)', moveTrip);
report('POST /api/Visits/{id}/ChangeIndex/{endIndex} (server time, 30 visits)', visitServer, 30);

await app.close();
await database.close();
await scratch.drop();
process.exit(ok1 && ok2 ? 0 : 1);
