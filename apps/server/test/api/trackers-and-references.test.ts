import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { auditLog, documents, fields, formTypes, referenceGroups, referenceRanges } from '../../src/platform/db/schema/index.js';
import { createTestApp, callsAs, expectError, type TestApp } from '../support/test-app.js';
import { daysAgo, makeSubjectWorld, subjectsApi, type SubjectWorld } from '../support/subject-factories.js';
import type { CallerName } from '../support/cast.js';
import { checkPdf } from '../support/pdf-checks.js';
import { finishedJob } from '../support/generated-document.js';
import { download } from './data-export-support.js';
import { designApi } from './design-support.js';

/**
 * The trackers and the reference report (docs/documents.md "Trackers", "Reference report"): GET calls that
 * start a generated document; the queue runs here (one worker). Subject 1 at the site (randomised, group A, a
 * visit held 4 days after its window), subject 2 at the second site; a reference group with two ranges.
 */

let t: TestApp;
let w: SubjectWorld;
let s1: { id: string; identificationNumber: string };
let s2: { id: string; identificationNumber: string };

const as = (c: CallerName) => w.callers[c].token;
const api = (token: string) => callsAs(t.app, token);
/** A date as the Russian documents print it. */
const ru = (iso: string) => iso.split('-').reverse().join('.');

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKERS: '1' });
  w = await makeSubjectWorld(t.app, t.database.db);
  const site = subjectsApi(t.app, as('sitePi'));
  s1 = await site.create({ screenDate: daysAgo(40) });
  const screening = await site.visit(s1.id, w.schedule.screening.id, daysAgo(40));
  // Two time points on the screening visit: the dose (start) and a draw 30 min later ±5 min.
  const admin = api(as('admin'));
  const design = designApi(t.app, as('admin'));
  const type = await design.formType();
  const dateTime = await design.field(type.id, { fieldType: 'DateTime' });
  const form = await design.form(w.schedule.screening.id, type.id, { title: 'ФК' });
  const section = await design.section(form.id, { sectionName: 'Время' });
  const doseField = await design.formField(section.id, dateTime.id, { text: 'Dose' });
  const drawField = await design.formField(section.id, dateTime.id, { text: 'Draw' });
  const point = (formFieldId: string, over: Record<string, unknown>) =>
    admin.ok('POST', '/TimePoints', { formFieldId, duration: '00:02:00', description: null, ...over });
  const dose = await point(doseField.id, { isVisitStartPoint: true, description: 'Приём препарата' });
  const draw = await point(drawField.id, { description: 'Забор крови' });
  await admin.ok('POST', '/TimeDeviations', {
    timePointId: draw.id,
    startTimePointId: dose.id,
    deviation: '00:30:00',
    deviationPlus: '00:05:00',
    deviationMinus: '00:05:00',
  });
  const entered = await api(as('sitePi')).ok('POST', '/SubjectsForm', { formId: form.id, subjectVisitId: screening.id });
  const fieldOf = new Map<string, string>();
  for (const sec of entered.subjectFormSectionList) for (const f of sec.subjectFormFieldList) fieldOf.set(f.formFieldId, f.id);
  await api(as('sitePi')).ok('POST', '/ItemData', { subjectFormFieldId: fieldOf.get(doseField.id), data: '2026-03-01T09:00' });
  await api(as('sitePi')).ok('POST', '/ItemData', { subjectFormFieldId: fieldOf.get(drawField.id), data: '2026-03-01T09:32' });
  await site.randomise(s1.id, { randomizationDate: daysAgo(30), randomizationGroup: 'A' });
  // Day 14 ±2 from randomisation: window daysAgo(18)…daysAgo(14); held daysAgo(10), 4 days late.
  await site.visit(s1.id, w.schedule.period.id, daysAgo(10));
  s2 = await subjectsApi(t.app, w.site2.token).create({ screenDate: daysAgo(5) });
}, 180_000);
afterAll(async () => t?.close());

/** Polls GET /Documents/{id} until it is no longer Started. */
async function settled(token: string, id: string) {
  for (let i = 0; i < 300; i++) {
    const doc = await api(token).ok('GET', `/Documents/${id}`);
    if (doc.status !== 'Started') return doc;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`document ${id} still Started`);
}

async function generate(token: string, url: string, type: string) {
  const started = await api(token).ok('GET', url);
  expect(started).toMatchObject({ status: 'Started', type, documentLink: null });
  const done = await settled(token, started.id);
  expect(done.status, JSON.stringify(done.error)).toBe('Done');
  const file = await download(t.app, token, done.id);
  expect(file.status).toBe(200);
  return { doc: done, bytes: file.bytes };
}

const sheets = (bytes: Buffer) => {
  const book = XLSX.read(bytes);
  return Object.fromEntries(
    book.SheetNames.map((n) => [n, XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[n]!, { header: 1, defval: '' })]),
  );
};

const tracker = (q = '') => `/ResearchOrganisations/GenerateTracker?researchId=${w.researchId}${q}`;
const timeTracker = (q = '') => `/ResearchOrganisations/GenerateTimeTracker?researchId=${w.researchId}${q}`;

describe('GET /ResearchOrganisations/GenerateTracker and GenerateTimeTracker', () => {
  it('checks the query and the caller: 400/404 naming the field, 403 for kio and outsiders, nothing written', async () => {
    const before = (await t.database.db.select().from(documents)).length;
    for (const url of ['/ResearchOrganisations/GenerateTracker', '/ResearchOrganisations/GenerateTimeTracker']) {
      expectError(await api(as('admin')).send('GET', `${url}?researchId=x`), 400, 'validation', 'researchId');
      expectError(
        await api(as('admin')).send('GET', `${url}?researchOrganisationId=x`),
        400,
        'validation',
        'researchOrganisationId',
      );
      expectError(await api(as('admin')).send('GET', `${url}?researchId=${crypto.randomUUID()}`), 404, 'not_found', 'researchId');
      expectError(
        await api(as('admin')).send('GET', `${url}?researchId=${w.researchId}&researchOrganisationId=${crypto.randomUUID()}`),
        404,
        'not_found',
        'researchOrganisationId',
      );
      expectError(await api(as('kio')).send('GET', url), 403, 'forbidden');
      expect((await api(as('outsider')).send('GET', url)).status).toBe(403);
    }
    expect((await t.database.db.select().from(documents)).length).toBe(before);
  });

  it('the tracker: rows subjects, columns visits, status and date; a site user sees their centre only, no groups when blinded', async () => {
    const { doc, bytes } = await generate(as('sitePi'), tracker(), 'Tracker');
    expect(doc).toMatchObject({ extension: 'xlsx' });
    expect(doc.name).toMatch(/^Трекер визитов /);
    const rows = sheets(bytes)['Трекер']!;
    const header = rows[0]!;
    expect(header.slice(0, 4)).toEqual(['Субъект', 'Центр', 'Скрининговый номер', 'Статус субъекта']);
    expect(header).not.toContain('Группа рандомизации');
    expect(rows).toHaveLength(2);
    const row = rows[1]!;
    expect(row[0]).toBe(s1.identificationNumber);
    expect(row[header.indexOf('Screening')]).toBe(`Начат ${ru(daysAgo(40))}`);
    expect(row[header.indexOf('Day 14')]).toBe(`Нет данных ${ru(daysAgo(10))}`);
    expect(row[header.indexOf('End')]).toBe('Нет');
    expect(JSON.stringify(rows)).not.toContain(s2.identificationNumber);

    // Job and audit written with the document.
    const job = await finishedJob(t.database.db, doc.id);
    expect(job).toMatchObject({ kind: 'tracker', status: 'Done' });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, doc.id));
    expect(audit).toMatchObject({ action: 'document.generate' });

    // Another centre's user does not read it.
    expect((await api(w.site2.token).send('GET', `/Documents/${doc.id}`)).status).toBe(404);
  });

  it('the tracker with groups for an unblinded caller; every centre for the research-wide admin', async () => {
    const unblinded = sheets((await generate(w.unblinded.token, tracker(), 'Tracker')).bytes)['Трекер']!;
    const col = unblinded[0]!.indexOf('Группа рандомизации');
    expect(col).toBeGreaterThan(0);
    expect(unblinded[1]![col]).toBe('A');
    const all = sheets((await generate(as('admin'), tracker(), 'Tracker')).bytes)['Трекер']!;
    expect(all.map((r) => r[0])).toEqual(expect.arrayContaining([s1.identificationNumber, s2.identificationNumber]));
    const one = sheets((await generate(as('admin'), tracker(`&researchOrganisationId=${w.site2Centre.id}`), 'Tracker')).bytes);
    expect(one['Трекер']!.slice(1).map((r) => r[0])).toEqual([s2.identificationNumber]);
  });

  it('the time tracker: planned windows against actual dates with the deviation in days', async () => {
    const { doc, bytes } = await generate(as('sitePi'), timeTracker(), 'TimeTracker');
    expect(doc.name).toMatch(/^Трекер сроков визитов /);
    const book = sheets(bytes);
    expect(Object.keys(book)).toEqual(['Окна визитов', 'Временные точки']);
    const rows = book['Окна визитов']!;
    const h = rows[0]!;
    expect(h).not.toContain('Группа рандомизации');
    const day14 = rows.find((r) => r[h.indexOf('Визит')] === 'Day 14')!;
    expect(day14[h.indexOf('Окно: с')]).toBe(ru(daysAgo(18)));
    expect(day14[h.indexOf('Плановая дата')]).toBe(ru(daysAgo(16)));
    expect(day14[h.indexOf('Окно: по')]).toBe(ru(daysAgo(14)));
    expect(day14[h.indexOf('Фактическая дата')]).toBe(ru(daysAgo(10)));
    expect(day14[h.indexOf('Отклонение, дней')]).toBe(4);
    expect(day14[h.indexOf('Соблюдение сроков')]).toBe('Просрочен');
    const screening = rows.find((r) => r[h.indexOf('Визит')] === 'Screening')!;
    expect(screening[h.indexOf('Отклонение, дней')]).toBe(0);
    expect(screening[h.indexOf('Соблюдение сроков')]).toBe('В срок');
    const end = rows.find((r) => r[h.indexOf('Визит')] === 'End')!;
    expect(end[h.indexOf('Фактическая дата')]).toBe('');
    expect(end[h.indexOf('Статус визита')]).toBe('Нет');
    expect(JSON.stringify(rows)).not.toContain(s2.identificationNumber);

    const points = book['Временные точки']!;
    const ph = points[0]!;
    const at = (r: (string | number)[], col: string) => r[ph.indexOf(col)];
    expect(points.slice(1).map((r) => [at(r, 'Временная точка'), at(r, 'Фактическое значение'), at(r, 'В окне')])).toEqual([
      ['Приём препарата', '01.03.2026 09:00', ''],
      ['Забор крови', '01.03.2026 09:32', 'Да'],
    ]);
    const drawRow = points[2]!;
    expect([at(drawRow, 'Плановая дата'), at(drawRow, 'Окно точки: с'), at(drawRow, 'Окно точки: по')]).toEqual([
      '01.03.2026 09:30',
      '01.03.2026 09:25',
      '01.03.2026 09:35',
    ]);
    expect(at(drawRow, 'Субъект')).toBe(s1.identificationNumber);
  });
});

describe('GET /ReferenceGroups/GenerateReferenceReport', () => {
  let groupCentre: string;
  beforeAll(async () => {
    const db = t.database.db;
    groupCentre = w.site.id;
    const [ft] = await db
      .insert(formTypes)
      .values({ title: 'Биохимия крови', formTypeKey: `BIO-${Date.now()}` })
      .returning();
    const [glucose] = await db
      .insert(fields)
      .values({ formTypeId: ft!.id, title: 'Глюкоза', fieldKey: 'GLU', fieldType: 'Number', units: 'ммоль/л' })
      .returning();
    const [group] = await db
      .insert(referenceGroups)
      .values({ researchOrganisationId: groupCentre, formTypeId: ft!.id, dateFrom: '2026-01-01', dateTo: null })
      .returning();
    const base = { referenceGroupId: group!.id, fieldId: glucose!.id, errorMessage: 'Вне нормы' };
    await db.insert(referenceRanges).values([
      { ...base, gender: 'Male', minAge: 18, maxAge: 65, minReference: 3.9, maxReference: 6.1 },
      { ...base, gender: 'Female', minAge: 18, maxAge: 65, minReference: 3.5, maxReference: 5.9 },
    ]);
  });
  const url = (q: string) => `/ReferenceGroups/GenerateReferenceReport?${q}`;

  it('checks the query and the caller, nothing written', async () => {
    const before = (await t.database.db.select().from(documents)).length;
    expectError(await api(as('admin')).send('GET', url('')), 400, 'required', 'researchOrganisationId');
    expectError(await api(as('admin')).send('GET', url('researchOrganisationId=x')), 400, 'validation', 'researchOrganisationId');
    expectError(
      await api(as('admin')).send('GET', url(`researchOrganisationId=${w.site.id}&format=doc`)),
      400,
      'validation',
      'format',
    );
    expectError(
      await api(as('admin')).send('GET', url(`researchOrganisationId=${crypto.randomUUID()}`)),
      404,
      'not_found',
      'researchOrganisationId',
    );
    // Another centre's user and kio do not read the site's references.
    expectError(await api(w.site2.token).send('GET', url(`researchOrganisationId=${w.site.id}`)), 403, 'forbidden');
    expectError(await api(as('kio')).send('GET', url(`researchOrganisationId=${w.site.id}`)), 403, 'forbidden');
    expect((await t.database.db.select().from(documents)).length).toBe(before);
  });

  it('the PDF: each group with its ranges by sex and age and units, Cyrillic text; read by the centre only', async () => {
    const { doc, bytes } = await generate(as('sitePi'), url(`researchOrganisationId=${groupCentre}`), 'ReferenceReport');
    expect(doc).toMatchObject({ extension: 'pdf', contentType: 'application/pdf' });
    const { text } = await checkPdf(bytes);
    expect(text).toContain('Референсные значения');
    expect(text).toContain('Биохимия крови');
    expect(text).toContain('Глюкоза: 3,9 – 6,1 ммоль/л · Пол: Мужской · Возраст, лет: 18–65 · Вне нормы');
    expect(text).toContain('Глюкоза: 3,5 – 5,9 ммоль/л · Пол: Женский');
    expect((await api(w.site2.token).send('GET', `/Documents/${doc.id}`)).status).toBe(404);
    expect((await api(as('qa')).send('GET', `/Documents/${doc.id}`)).status).toBe(200);
  });

  it('the workbook: one row per range equal to the data', async () => {
    const { doc, bytes } = await generate(
      as('admin'),
      url(`researchOrganisationId=${groupCentre}&format=xlsx`),
      'ReferenceReport',
    );
    expect(doc.extension).toBe('xlsx');
    const rows = sheets(bytes)['Референсные значения']!;
    expect(rows[0]).toEqual([
      'Тип формы',
      'Период действия',
      'Заблокирована',
      'Поле',
      'Единицы',
      'Пол',
      'Возраст от',
      'Возраст до',
      'Минимум',
      'Максимум',
      'Сообщение об отклонении',
    ]);
    expect(rows.slice(1)).toEqual([
      ['Биохимия крови', '01.01.2026 — …', 'Нет', 'Глюкоза', 'ммоль/л', 'Женский', 18, 65, 3.5, 5.9, 'Вне нормы'],
      ['Биохимия крови', '01.01.2026 — …', 'Нет', 'Глюкоза', 'ммоль/л', 'Мужской', 18, 65, 3.9, 6.1, 'Вне нормы'],
    ]);
  });
});
