import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { auditLog, documents } from '../../src/platform/db/schema/index.js';
import { insertJob } from '../../src/modules/jobs/jobs.service.js';
import { makeResearch } from '../support/factories.js';
import { createTestApp, callsAs, expectError, type TestApp } from '../support/test-app.js';
import { daysAgo, makeSubjectWorld, makeVisit, subjectsApi, type SubjectWorld } from '../support/subject-factories.js';
import type { CallerName } from '../support/cast.js';
import { designApi } from './design-support.js';
import { makeEntryDesign, type EntryDesign } from './data-entry-support.js';
import { csvObjects, download, exportAs, unzipText } from './data-export-support.js';
import { finishedJob, settledDocument } from '../support/generated-document.js';

/**
 * Datasets as generated documents (docs/documents.md "Datasets"): POST /Researches/GenerateDatasetByVisit and
 * GenerateDatasetByForm check their input and the caller, then the dataset_document job runs the data
 * exchange's export into the document. Two subjects in two centres; the queue runs here (one worker).
 */

let t: TestApp;
let w: SubjectWorld;
let d: EntryDesign;
let visit: { id: string };
let s1: { screeningNumber: string };
let s2: { screeningNumber: string };

const as = (c: CallerName) => w.callers[c].token;
const api = (token: string) => callsAs(t.app, token);

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKERS: '1' });
  w = await makeSubjectWorld(t.app, t.database.db);
  const design = designApi(t.app, as('admin'));
  await design.version(w.researchId);
  visit = await design.visit(w.researchId, { title: 'Скрининг набора', visitTypeString: 'Screening' });
  d = await makeEntryDesign(t.app, as('admin'), visit.id);
  const fill = async (token: string, values: Record<string, string>) => {
    const site = subjectsApi(t.app, token);
    const subject = await site.create({ screenDate: daysAgo(10) });
    const sv = await site.visit(subject.id, visit.id, daysAgo(5));
    const form = await api(token).ok('POST', '/SubjectsForm', { formId: d.form.id, subjectVisitId: sv.id });
    const fieldOf = new Map<string, string>();
    for (const s of form.subjectFormSectionList) for (const f of s.subjectFormFieldList) fieldOf.set(f.formFieldId, f.id);
    for (const [ff, data] of Object.entries(values))
      await api(token).ok('POST', '/ItemData', { subjectFormFieldId: fieldOf.get(ff), data });
    return subject;
  };
  s1 = await fill(as('sitePi'), { [d.ff.text.id]: 'AB1', [d.ff.number.id]: '80', [d.ff.select.id]: 'Да' });
  s2 = await fill(w.site2.token, { [d.ff.text.id]: 'CD2', [d.ff.number.id]: '70,5' });
}, 180_000);
afterAll(async () => t?.close());

const settled = (token: string, id: string) => settledDocument(api(token), id);

async function generate(token: string, by: 'Visit' | 'Form', body: Record<string, unknown>) {
  const started = await api(token).ok('POST', `/Researches/GenerateDatasetBy${by}`, body);
  expect(started).toMatchObject({ status: 'Started', type: 'Dataset', documentLink: null });
  const done = await settled(token, started.id);
  expect(done.status, JSON.stringify(done.error)).toBe('Done');
  const file = await download(t.app, token, done.id);
  expect(file.status).toBe(200);
  return { doc: done, bytes: file.bytes };
}

/** The export of issue 17 for the same filter, as the admin. */
async function exported(body: Record<string, unknown>) {
  const job = await exportAs(t.app, as('admin'), { researchId: w.researchId, ...body });
  expect(job.status, JSON.stringify(job.error)).toBe('Done');
  return (await download(t.app, as('admin'), job.documentId)).bytes;
}

const sheets = (bytes: Buffer) => {
  const book = XLSX.read(bytes);
  return Object.fromEntries(book.SheetNames.map((n) => [n, XLSX.utils.sheet_to_json(book.Sheets[n]!, { header: 1 })]));
};

describe('POST /Researches/GenerateDatasetByVisit and GenerateDatasetByForm', () => {
  it('checks the input: 400 naming the field, nothing written', async () => {
    const other = await makeResearch(t.database.db);
    const foreign = await makeVisit(t.database.db, other.id, { visitType: 'Period', title: 'Чужой' });
    const before = (await t.database.db.select().from(documents)).length;
    const send = (by: string, body: Record<string, unknown>) =>
      api(as('admin')).send('POST', `/Researches/GenerateDatasetBy${by}`, body);
    const base = { researchId: w.researchId, name: 'Набор' };
    expectError(await send('Visit', { ...base, visitIdList: [] }), 400, 'validation', 'visitIdList');
    expectError(await send('Visit', { researchId: w.researchId, name: 'x' }), 400, 'required', 'visitIdList');
    expectError(await send('Form', { ...base, formIdList: [] }), 400, 'validation', 'formIdList');
    expectError(await send('Visit', { ...base, visitIdList: ['x'] }), 400, 'validation', 'visitIdList.0');
    expectError(await send('Visit', { ...base, visitIdList: [crypto.randomUUID()] }), 400, 'dataset_unknown_ids', 'visitIdList');
    expectError(await send('Visit', { ...base, visitIdList: [foreign.id] }), 400, 'dataset_unknown_ids', 'visitIdList');
    expectError(await send('Form', { ...base, formIdList: [d.form.id, visit.id] }), 400, 'dataset_unknown_ids', 'formIdList');
    expectError(await send('Visit', { researchId: w.researchId, visitIdList: [visit.id] }), 400, 'required', 'name');
    expectError(await send('Visit', { ...base, name: '   ', visitIdList: [visit.id] }), 400, 'validation', 'name');
    expectError(await send('Visit', { ...base, name: 'я'.repeat(201), visitIdList: [visit.id] }), 400, 'validation', 'name');
    expectError(await send('Visit', { ...base, format: 'pdf', visitIdList: [visit.id] }), 400, 'validation', 'format');
    const creators = expectError(
      await send('Form', { ...base, format: 'csv', withCreators: true, formIdList: [d.form.id] }),
      400,
      'dataset_creators_odm_only',
      'withCreators',
    );
    expect(creators.message).toMatch(/ODM/);
    expectError(
      await send('Form', { ...base, researchId: crypto.randomUUID(), formIdList: [d.form.id] }),
      404,
      'not_found',
      'researchId',
    );
    expect((await t.database.db.select().from(documents)).length).toBe(before);
  });

  it('generators: administrators and the admin, qa, site and test-site staff; kio and outsiders 403', async () => {
    const body = { name: 'Кто', visitIdList: [crypto.randomUUID()] };
    for (const c of ['admin', 'editor', 'manager', 'sitePi', 'testSitePi', 'qa'] as const) {
      const res = await api(as(c)).send('POST', '/Researches/GenerateDatasetByVisit', { researchId: w.researchId, ...body });
      expectError(res, 400, 'dataset_unknown_ids', 'visitIdList');
    }
    expectError(await api(as('kio')).send('POST', '/Researches/GenerateDatasetByVisit', body), 403, 'forbidden');
    expect((await api(as('outsider')).send('POST', '/Researches/GenerateDatasetByVisit', body)).status).toBe(403);
  });

  it('by form: the document holds the same files as the export for the same forms; audited with its job', async () => {
    const { doc, bytes } = await generate(as('admin'), 'Form', {
      researchId: w.researchId,
      name: 'Набор по форме',
      format: 'csv',
      formIdList: [d.form.id],
    });
    expect(doc).toMatchObject({ name: 'Набор по форме', extension: 'zip', contentType: 'application/zip' });
    const mine = unzipText(bytes);
    const theirs = unzipText(await exported({ format: 'csv', formIds: [d.form.id] }));
    expect(mine).toEqual(theirs);
    const rows = Object.entries(mine).find(([n]) => n !== 'data-dictionary.csv')![1];
    expect(
      csvObjects(rows)
        .map((r) => r.USUBJID)
        .sort(),
    ).toEqual([s1.screeningNumber, s2.screeningNumber].sort());
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, doc.id));
    expect(audit).toMatchObject({ action: 'document.generate', entityType: 'document' });
    expect(audit!.after).toMatchObject({ type: 'Dataset', format: 'csv', formIds: [d.form.id], withCreators: false });
    const job = await finishedJob(t.database.db, doc.id);
    expect(job).toMatchObject({ kind: 'dataset_document', status: 'Done' });
  }, 60_000);

  it('by visit: an XLSX workbook with the same sheets and cells as the export of the visit', async () => {
    const { doc, bytes } = await generate(as('admin'), 'Visit', {
      researchId: w.researchId,
      name: 'Набор по визиту',
      visitIdList: [visit.id],
    });
    expect(doc.extension).toBe('xlsx');
    expect(sheets(bytes)).toEqual(sheets(await exported({ format: 'xlsx', visitIds: [visit.id] })));
  }, 60_000);

  it('with creators: the ODM ClinicalData holds who entered each value', async () => {
    const { bytes } = await generate(as('admin'), 'Form', {
      researchId: w.researchId,
      name: 'С создателями',
      format: 'odm',
      withCreators: true,
      formIdList: [d.form.id],
    });
    const xml = Object.values(unzipText(bytes))[0]!;
    expect(xml).toContain('<AuditRecord');
    expect(xml).toContain(`UserOID="USR.${w.callers.sitePi.userId}"`);
  }, 60_000);

  it('a site user’s dataset holds their own centre’s subjects only; another centre cannot read it', async () => {
    const { doc, bytes } = await generate(as('sitePi'), 'Visit', { name: 'Мой центр', format: 'csv', visitIdList: [visit.id] });
    const csv = unzipText(bytes);
    const rows = Object.entries(csv).find(([n]) => n !== 'data-dictionary.csv')![1];
    expect(csvObjects(rows).map((r) => r.USUBJID)).toEqual([s1.screeningNumber]);
    await api(as('sitePi')).ok('POST', `/Documents/${doc.id}/ToggleVisible`);
    expect((await download(t.app, w.site2.token, doc.id)).status).toBe(404);
    expect((await download(t.app, as('admin'), doc.id)).status).toBe(200);
  }, 60_000);

  it('a dataset that cannot be made ends in Error with the reason', async () => {
    const db = t.database.db;
    const [doc] = await db
      .insert(documents)
      .values({
        researchId: w.researchId,
        name: 'broken',
        extension: 'zip',
        contentType: 'application/zip',
        sizeBytes: 0,
        status: 'Started',
        type: 'Dataset',
        createdBy: w.callers.admin.userId,
      })
      .returning();
    const row = await insertJob(db, {
      researchId: w.researchId,
      kind: 'dataset_document',
      name: 'broken',
      // A research that is gone: the export refuses (not retried).
      params: { documentId: doc!.id, researchId: crypto.randomUUID(), format: 'csv', formIds: [d.form.id], withCreators: false },
      actor: { userId: w.callers.admin.userId, language: 'ru', seesGroup: false, centreId: null } as never,
      documentId: doc!.id,
    });
    await t.app.deps.jobs.enqueue('dataset_document', row.id);
    const failed = await settled(as('admin'), doc!.id);
    expect(failed).toMatchObject({ status: 'Error', documentLink: null, error: { code: 'not_found' } });
    expect((await download(t.app, as('admin'), doc!.id)).status).toBe(404);
  }, 60_000);
});
