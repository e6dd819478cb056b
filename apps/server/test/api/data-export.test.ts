import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { formFields, researches, signatures, subjects } from '../../src/platform/db/schema/index.js';
import { runExport } from '../../src/modules/data-exchange/export/export-run.js';
import { auditOf } from '../support/cast.js';
import { createTestApp, callsAs, expectError, type TestApp } from '../support/test-app.js';
import { daysAgo, makeSubjectWorld, subjectsApi, today, type SubjectWorld } from '../support/subject-factories.js';
import { designApi } from './design-support.js';
import { makeEntryDesign, type EntryDesign } from './data-entry-support.js';
import { xmllint } from './odm-support.js';
import {
  csvObjects,
  datasetJsonValidator,
  download,
  exportAs,
  itemRows,
  parseCsv,
  parseOdm,
  unzipText,
} from './data-export-support.js';

/**
 * Dataset exports (docs/data-exchange.md "Exports"): POST /DataExports runs the export job in the queue's
 * worker; its file is downloaded at /Documents/{id}/File. Two subjects in two centres with values entered
 * through the API (a value changed with a reason, a repeating form twice, a completed form), then every
 * format, the filters, blinding and the audit record.
 */

const GROUP = 'ГруппаАльфа-7Q';
const MEANING = 'Подтверждаю данные визита';
const PRINTED = 'Иванов Иван Иванович';

let t: TestApp;
let w: SubjectWorld;
let d: EntryDesign;
let versionId: string;
let visit: { id: string; title: string };
/** The entered current values: screening number → form id → repeat (1-based) → form field id → value. */
const entered = new Map<string, Map<string, Map<number, Map<string, string>>>>();
let s1: { id: string; screeningNumber: string };
let s2: { id: string; screeningNumber: string };
let numberField: string;
let repFieldId: string;

const admin = () => callsAs(t.app, w.callers.admin.token);

function remember(subject: string, formId: string, repeat: number, fieldId: string, value: string) {
  const bySubject = entered.get(subject) ?? new Map();
  entered.set(subject, bySubject);
  const byForm = bySubject.get(formId) ?? new Map();
  bySubject.set(formId, byForm);
  const byRepeat = byForm.get(repeat) ?? new Map();
  byForm.set(repeat, byRepeat);
  byRepeat.set(fieldId, value);
}

/** Adds a form to a subject visit as `token` and enters `values` (form field id → value), remembering them. */
async function fillForm(
  token: string,
  subject: { screeningNumber: string },
  svId: string,
  formId: string,
  values: Record<string, string>,
) {
  const api = callsAs(t.app, token);
  const form = await api.ok('POST', '/SubjectsForm', { formId, subjectVisitId: svId });
  const fieldOf = new Map<string, string>();
  for (const s of form.subjectFormSectionList) for (const f of s.subjectFormFieldList) fieldOf.set(f.formFieldId, f.id);
  for (const [formFieldId, data] of Object.entries(values)) {
    await api.ok('POST', '/ItemData', { subjectFormFieldId: fieldOf.get(formFieldId), data });
    remember(subject.screeningNumber, formId, form.repeatedIndex + 1, formFieldId, data);
  }
  return { form, fieldOf };
}

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKERS: '1' });
  const db = t.database.db;
  w = await makeSubjectWorld(t.app, db);
  await db
    .update(researches)
    .set({ groupList: [GROUP, 'ГруппаБета-9Z'] })
    .where(eq(researches.id, w.researchId));
  const design = designApi(t.app, w.callers.admin.token);
  versionId = (await design.version(w.researchId)).id;
  visit = await design.visit(w.researchId, { title: 'Скрининг экспорта', visitTypeString: 'Screening' });
  d = await makeEntryDesign(t.app, w.callers.admin.token, visit.id);
  numberField = d.ff.number.id;
  // makeEntryDesign does not hand back the repeating form's one field.
  const [repFf] = await db.select({ id: formFields.id }).from(formFields).where(eq(formFields.formId, d.repeating.id));
  repFieldId = repFf!.id;

  // Subject 1, site 1: every kind of value, the number changed with a reason, the child shown by 'Да'.
  const site1 = subjectsApi(t.app, w.callers.sitePi.token);
  s1 = await site1.create({ screenDate: daysAgo(10) });
  const sv1 = await site1.visit(s1.id, visit.id, daysAgo(5));
  const { fieldOf } = await fillForm(w.callers.sitePi.token, s1, sv1.id, d.form.id, {
    [d.ff.text.id]: 'AB1',
    [d.ff.number.id]: '80',
    [d.ff.select.id]: 'Да',
    [d.ff.checkbox.id]: 'true',
    [d.ff.date.id]: daysAgo(6),
    [d.ff.time.id]: '08:30',
    [d.ff.datetime.id]: `${daysAgo(6)}T08:30`,
    [d.ff.child.id]: 'Тошнота, "лёгкая"\nвторая строка',
    [d.extra.id]: 'Примечание; <с> & без',
  });
  const [first] = await admin().ok('GET', `/ItemData?subjectFormFieldId=${fieldOf.get(numberField)}`);
  await callsAs(t.app, w.callers.sitePi.token).ok('POST', '/ItemData/WithReason', {
    subjectFormFieldId: fieldOf.get(numberField),
    data: '82.5',
    currentItemDataId: first.id,
    reasonForChange: 'Ошибка ввода',
  });
  remember(s1.screeningNumber, d.form.id, 1, numberField, '82.5');
  // S1's repeating form, completed (the formStatus filter's Complete).
  const rep = await fillForm(w.callers.sitePi.token, s1, sv1.id, d.repeating.id, { [repFieldId]: 'R1-S1' });
  const pi = callsAs(t.app, w.callers.sitePi.token);
  const section = rep.form.subjectFormSectionList[0];
  await pi.ok('POST', `/SubjectsFormSection/${section.id}/ChangeStatus`, { status: 'Completed', version: section.version });
  await pi.ok('POST', `/SubjectsFormSection/${section.id}/Complete`, { version: section.version + 1 });
  await pi.ok('POST', `/SubjectsForm/${rep.form.id}/Complete`, { version: rep.form.version });
  // A visit signature (21 CFR 11) and a randomisation group for S1.
  await db.insert(signatures).values({
    researchId: w.researchId,
    subjectId: s1.id,
    subjectVisitId: sv1.id,
    signerUserId: w.callers.sitePi.userId,
    printedName: PRINTED,
    meaning: MEANING,
    signDate: today(),
    contentHash: 'test',
  });
  await db
    .update(subjects)
    .set({ randomizationGroup: GROUP, randomizationNumber: 'R-777', randomizationDate: daysAgo(4), isRandomised: true })
    .where(eq(subjects.id, s1.id));

  // Subject 2, site 2: a few values and the repeating form twice.
  const site2 = subjectsApi(t.app, w.site2.token);
  s2 = await site2.create({ screenDate: daysAgo(10) });
  const sv2 = await site2.visit(s2.id, visit.id, daysAgo(5));
  await fillForm(w.site2.token, s2, sv2.id, d.form.id, { [d.ff.text.id]: 'CD2', [d.ff.number.id]: '70,5' });
  remember(s2.screeningNumber, d.form.id, 1, numberField, '70.5');
  await fillForm(w.site2.token, s2, sv2.id, d.repeating.id, { [repFieldId]: 'R1-S2' });
  await fillForm(w.site2.token, s2, sv2.id, d.repeating.id, { [repFieldId]: 'R2-S2' });
}, 180_000);
afterAll(async () => t?.close());

/** The design export of the version: ItemOID by question, FormOID and StudyEventOID by name. */
async function designOids() {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/ResearchVersions/${versionId}/Odm`,
    headers: { authorization: `Bearer ${w.callers.admin.token}` },
  });
  const odm = parseOdm(res.body);
  const mdv = odm.Study.MetaDataVersion;
  const item = new Map<string, string>(mdv.ItemDef.map((i: any) => [i.Question.TranslatedText, i.OID]));
  const form = new Map<string, string>(mdv.FormDef.map((f: any) => [f.Name, f.OID]));
  const event = new Map<string, string>(mdv.StudyEventDef.map((e: any) => [e.Name, e.OID]));
  return { study: odm.Study.OID as string, mdv: mdv.OID as string, item, form, event };
}

async function run(token: string, body: Record<string, unknown>) {
  const job = await exportAs(t.app, token, { researchId: w.researchId, ...body });
  expect(job.status, JSON.stringify(job.error)).toBe('Done');
  const file = await download(t.app, token, job.documentId);
  expect(file.status).toBe(200);
  return { job, bytes: file.bytes };
}

describe('POST /DataExports', () => {
  it('exports ODM ClinicalData that validates and holds exactly the current values, named as the design export names them', async () => {
    const { job, bytes } = await run(w.callers.admin.token, { format: 'odm' });
    expect(job).toMatchObject({ progress: 100, result: { subjects: 2, forms: 5, files: 1 } });
    expect(job.processed).toBe(job.result.values);
    const files = unzipText(bytes);
    expect(Object.keys(files)).toHaveLength(1);
    const xml = Object.values(files)[0]!;
    const lint = await xmllint(xml);
    expect(lint.ok, lint.output).toBe(true);
    const odm = parseOdm(xml);
    const oids = await designOids();
    expect(odm).toMatchObject({ FileType: 'Snapshot', Granularity: 'AllClinicalData', ODMVersion: '1.3.2' });
    expect(odm.ClinicalData).toMatchObject({ StudyOID: oids.study, MetaDataVersionOID: oids.mdv });
    expect(oids.mdv).toBe('MDV.1.0');

    const questionOf = new Map(Object.values(d.ff).map((f) => [f.id, f.text]));
    questionOf.set(d.extra.id, 'Q extra');
    questionOf.set(repFieldId, 'Q rep');
    const expected: string[] = [];
    for (const [subject, forms] of entered)
      for (const [formId, repeats] of forms)
        for (const [repeat, values] of repeats)
          for (const [fieldId, value] of values) {
            const formTitle = formId === d.form.id ? d.form.title : d.repeating.title;
            const key = formId === d.repeating.id ? String(repeat) : '';
            expected.push([subject, oids.form.get(formTitle), key, oids.item.get(questionOf.get(fieldId)!), value].join('|'));
          }
    const actual = itemRows(odm).map((r) => [r.subject, r.form, r.formRepeat ?? '', r.item, r.value].join('|'));
    expect(actual.sort()).toEqual(expected.sort());
    expect(actual.join('\n')).toContain('82.5');
    expect(actual.join('\n')).not.toContain('|80|');
    expect(itemRows(odm).every((r) => r.event === oids.event.get(visit.title))).toBe(true);
    // Two sites, each subject's SiteRef naming its own; the unblinded admin sees S1's group.
    const bySubject = new Map<string, any>(odm.ClinicalData.SubjectData.map((s: any) => [s.SubjectKey, s]));
    const loc1 = bySubject.get(s1.screeningNumber).SiteRef.LocationOID;
    const loc2 = bySubject.get(s2.screeningNumber).SiteRef.LocationOID;
    expect(loc1).not.toBe(loc2);
    expect(odm.AdminData.Location.map((l: any) => l.OID).sort()).toEqual([loc1, loc2].sort());
    // The subject card's details travel as EDC: notes (for an import elsewhere), the group last.
    const notes = bySubject.get(s1.screeningNumber).Annotation.map((a: any) => a.Comment);
    expect(notes).toEqual([
      expect.stringMatching(/^EDC:birthDate=\d{4}-\d{2}-\d{2}$/),
      expect.stringMatching(/^EDC:gender=(Male|Female)$/),
      expect.stringMatching(/^EDC:screenDate=\d{4}-\d{2}-\d{2}$/),
      `EDC:randomizationGroup=${GROUP}`,
    ]);
    // Text with markup and line breaks comes back as entered.
    expect(actual.join('\n')).toContain('Примечание; <с> & без');
    expect(actual.join('\n')).toContain('Тошнота, "лёгкая"\nвторая строка');
  });

  it('with audit records and signatures: every change with who, when and why, and the visit signature', async () => {
    const { bytes } = await run(w.callers.admin.token, { format: 'odm', withAuditRecords: true, withSignatures: true });
    const xml = Object.values(unzipText(bytes))[0]!;
    const lint = await xmllint(xml);
    expect(lint.ok, lint.output).toBe(true);
    const odm = parseOdm(xml);
    expect(odm.FileType).toBe('Transactional');
    const oids = await designOids();
    const numberItem = oids.item.get('Q number');
    const changes = itemRows(odm).filter((r) => r.subject === s1.screeningNumber && r.item === numberItem);
    expect(changes.map((c) => [c.type, c.value])).toEqual([
      ['Insert', '80'],
      ['Update', '82.5'],
    ]);
    const piOid = `USR.${w.callers.sitePi.userId}`;
    expect(changes[0]!.audit).toMatchObject({ UserRef: { UserOID: piOid } });
    expect(changes[0]!.audit.ReasonForChange).toBeUndefined();
    expect(changes[1]!.audit).toMatchObject({ UserRef: { UserOID: piOid }, ReasonForChange: 'Ошибка ввода' });
    expect(Date.parse(changes[1]!.audit.DateTimeStamp)).toBeGreaterThanOrEqual(Date.parse(changes[0]!.audit.DateTimeStamp));
    const subject = odm.ClinicalData.SubjectData.find((s: any) => s.SubjectKey === s1.screeningNumber);
    expect(changes[0]!.audit.LocationRef.LocationOID).toBe(subject.SiteRef.LocationOID);
    const users = new Map<string, any>(odm.AdminData.User.map((u: any) => [u.OID, u]));
    expect(users.get(piOid)).toMatchObject({ FullName: PRINTED });
    const signature = subject.StudyEventData[0].Signature;
    expect(signature).toMatchObject({ UserRef: { UserOID: piOid }, LocationRef: { LocationOID: subject.SiteRef.LocationOID } });
    const def = odm.AdminData.SignatureDef.find((s: any) => s.OID === signature.SignatureRef.SignatureOID);
    expect(def).toMatchObject({ Methodology: 'Electronic', Meaning: MEANING });
  });

  it('exports Dataset-JSON 1.1: one dataset per form that validates against the schema, its rows the values', async () => {
    const { job, bytes } = await run(w.callers.admin.token, { format: 'datasetJson' });
    const files = unzipText(bytes);
    const validate = datasetJsonValidator();
    const oids = await designOids();
    expect(job.result.files).toBe(Object.keys(files).length);
    const datasets = Object.values(files).map((text) => JSON.parse(text));
    for (const ds of datasets) {
      expect(validate(ds), JSON.stringify(validate.errors)).toBe(true);
      // The specification's minLength: 1, which the vendored schema does not carry.
      for (const s of [ds.fileOID, ds.studyOID, ds.metaDataVersionOID, ds.itemGroupOID, ds.name]) expect(s).toBeTruthy();
      for (const c of ds.columns) expect(c.itemOID && c.name).toBeTruthy();
      expect(ds.records).toBe(ds.rows.length);
    }
    const all = datasets.find((ds) => ds.itemGroupOID === oids.form.get(d.form.title));
    expect(all).toMatchObject({ studyOID: oids.study, metaDataVersionOID: oids.mdv, label: d.form.title, records: 2 });
    const col = (oid: string) => all.columns.findIndex((c: any) => c.itemOID === oid);
    const rowOf = (sn: string) => all.rows.find((r: any[]) => r[col('EDC.USUBJID')] === sn);
    const r1 = rowOf(s1.screeningNumber);
    expect(r1[col(oids.item.get('Q number')!)]).toBe('82.5');
    expect(all.columns[col(oids.item.get('Q number')!)]).toMatchObject({ dataType: 'decimal', targetDataType: 'decimal' });
    expect(r1[col(oids.item.get('Q checkbox')!)]).toBe(true);
    expect(all.columns[col(oids.item.get('Q date')!)].dataType).toBe('date');
    expect(r1[col(oids.item.get('Q date')!)]).toBe(daysAgo(6));
    expect(r1[col('EDC.RANDGRP')]).toBe(GROUP);
    expect(rowOf(s2.screeningNumber)[col(oids.item.get('Q checkbox')!)]).toBeNull();
    for (const [fieldId, value] of entered.get(s1.screeningNumber)!.get(d.form.id)!.get(1)!) {
      const question = fieldId === d.extra.id ? 'Q extra' : Object.values(d.ff).find((f) => f.id === fieldId)!.text;
      const cell = r1[col(oids.item.get(question)!)];
      expect(String(cell)).toBe(value);
    }
    const rep = datasets.find((ds) => ds.itemGroupOID === oids.form.get(d.repeating.title));
    const repeats = rep.rows.map((r: any[]) => [
      r[col('EDC.USUBJID')],
      r[rep.columns.findIndex((c: any) => c.name === 'FORMREPEAT')],
    ]);
    expect(repeats).toEqual([
      [s1.screeningNumber, 1],
      [s2.screeningNumber, 1],
      [s2.screeningNumber, 2],
    ]);
  });

  it('exports CSV (UTF-8 with BOM, RFC 4180) and XLSX that hold the same values, each with its dictionary', async () => {
    const csv = unzipText((await run(w.callers.admin.token, { format: 'csv' })).bytes);
    const xlsx = XLSX.read((await run(w.callers.admin.token, { format: 'xlsx' })).bytes, { type: 'buffer' });
    const dictionary = csvObjects(csv['data-dictionary.csv']!);
    expect(csv['data-dictionary.csv']!.startsWith('\uFEFFФайл,Столбец,OID,Метка')).toBe(true);
    const oids = await designOids();
    expect(dictionary.find((r) => r.OID === oids.item.get('Q select'))).toMatchObject({
      Метка: 'Q select',
      Тип: 'string',
      'Значения списка': 'Да | Нет',
    });
    const sheetDictionary = XLSX.utils.sheet_to_json<Record<string, string>>(xlsx.Sheets['Словарь данных']!);
    // The sheet of each CSV file, through the OIDs both dictionaries list.
    const sheetOfFile = new Map<string, string>();
    for (const row of dictionary) {
      const sheetRow = sheetDictionary.find((s) => s.OID === row.OID && row.OID!.startsWith('IT.'));
      if (sheetRow) sheetOfFile.set(row['Файл']!, sheetRow['Файл']!);
    }
    const dataFiles = Object.keys(csv).filter((n) => n !== 'data-dictionary.csv');
    expect(dataFiles.length).toBe(sheetOfFile.size);
    expect(xlsx.SheetNames).toHaveLength(dataFiles.length + 1);
    for (const name of dataFiles) {
      expect(csv[name]!.startsWith('\uFEFF')).toBe(true);
      const rows = parseCsv(csv[name]!);
      const sheet = XLSX.utils.sheet_to_json<unknown[]>(xlsx.Sheets[sheetOfFile.get(name)!]!, { header: 1, defval: null });
      expect(sheet).toHaveLength(rows.length);
      rows.forEach((row, i) =>
        row.forEach((text, j) => {
          const cell = sheet[i]![j] ?? null;
          if (typeof cell === 'number') expect(Number(text)).toBe(cell);
          else expect(cell === null ? '' : String(cell)).toBe(text);
        }),
      );
    }
    const all = csvObjects(csv[`${oids.form.get(d.form.title)}.csv`]!);
    expect(all).toHaveLength(2);
    const childColumn = dictionary.find((r) => r.OID === oids.item.get('Q child'))!['Столбец']!;
    expect(all.find((r) => r.USUBJID === s1.screeningNumber)![childColumn]).toBe('Тошнота, "лёгкая"\nвторая строка');
    expect(all.find((r) => r.USUBJID === s1.screeningNumber)!.RANDGRP).toBe(GROUP);
  });

  it('narrows to the centres, forms and form status asked for', async () => {
    const oids = await designOids();
    const byCentre = unzipText(
      (await run(w.callers.admin.token, { format: 'csv', researchOrganisationIds: [w.site2Centre.id] })).bytes,
    );
    expect(csvObjects(byCentre[`${oids.form.get(d.form.title)}.csv`]!).map((r) => r.USUBJID)).toEqual([s2.screeningNumber]);
    expect(csvObjects(byCentre[`${oids.form.get(d.form.title)}.csv`]!)[0]!.SITEID).toBe(w.site2Centre.number);

    const byForm = await run(w.callers.admin.token, { format: 'csv', formIds: [d.repeating.id] });
    expect(Object.keys(unzipText(byForm.bytes)).sort()).toEqual([
      `${oids.form.get(d.repeating.title)}.csv`,
      'data-dictionary.csv',
    ]);
    expect(byForm.job.result).toMatchObject({ subjects: 2, forms: 3, values: 3, files: 2 });

    const complete = unzipText((await run(w.callers.admin.token, { format: 'csv', formStatus: 'Complete' })).bytes);
    expect(csvObjects(complete[`${oids.form.get(d.repeating.title)}.csv`]!).map((r) => r.USUBJID)).toEqual([s1.screeningNumber]);
    expect(csvObjects(complete[`${oids.form.get(d.form.title)}.csv`]!)).toEqual([]);
    const notComplete = await run(w.callers.admin.token, { format: 'odm', formStatus: 'NotComplete' });
    expect(notComplete.job.result).toMatchObject({ subjects: 2, forms: 4 });
  });

  it('keeps an actor limited to one centre to that centre, whatever the request names', async () => {
    const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'edc-export-test-'));
    try {
      const file = path.join(tmpDir, 'export.zip');
      const result = await runExport({
        db: t.database.db,
        request: { researchId: w.researchId, format: 'csv', formStatus: 'All', withAuditRecords: false, withSignatures: false },
        actor: { userId: w.site2.userId, language: 'en', seesGroup: false, centreId: w.site2Centre.id },
        file,
        tmpDir,
        runId: 'centre-scope',
        baseName: 'centre-scope',
        progress: async () => {},
      });
      expect(result).toMatchObject({ subjects: 1, forms: 3 });
      const oids = await designOids();
      const csv = unzipText(await readFile(file));
      expect(csvObjects(csv[`${oids.form.get(d.form.title)}.csv`]!).map((r) => r.USUBJID)).toEqual([s2.screeningNumber]);
      expect(csv['data-dictionary.csv']!.startsWith('\uFEFFFile,Column,OID,Label')).toBe(true);
      // Naming only another centre gives nothing rather than that centre's subjects.
      const other = await runExport({
        db: t.database.db,
        request: {
          researchId: w.researchId,
          format: 'odm',
          formStatus: 'All',
          withAuditRecords: false,
          withSignatures: false,
          researchOrganisationIds: [w.site.id],
        },
        actor: { userId: w.site2.userId, language: 'en', seesGroup: false, centreId: w.site2Centre.id },
        file: path.join(tmpDir, 'other.zip'),
        tmpDir,
        runId: 'centre-scope-2',
        baseName: 'centre-scope-2',
        progress: async () => {},
      });
      expect(other).toMatchObject({ subjects: 0, forms: 0, values: 0 });
    } finally {
      await rm(tmpDir, { recursive: true, force: true });
    }
  });

  it('keeps the randomisation group from blinded callers: not in their files, and they cannot download an unblinded one', async () => {
    const unblinded = await run(w.callers.admin.token, { format: 'csv' });
    const qa = w.callers.qa.token;
    for (const format of ['csv', 'odm', 'datasetJson', 'xlsx'] as const) {
      const { bytes } = await run(qa, { format, withAuditRecords: format === 'odm' });
      // An XLSX workbook is a zip too.
      const all = Object.values(unzipText(bytes)).join('\n');
      expect(all, format).not.toContain(GROUP);
      expect(all, format).not.toContain('RANDGRP');
      expect(all, format).not.toContain('randomizationGroup');
      expect(all, format).toContain(s1.screeningNumber);
    }
    expect((await download(t.app, qa, unblinded.job.documentId)).status).toBe(404);
    expect((await download(t.app, w.callers.admin.token, unblinded.job.documentId)).status).toBe(200);
  });

  it('leaves a data.export audit record per request, and refuses what it cannot export without a 500', async () => {
    const { job } = await run(w.callers.admin.token, { format: 'csv', visitIds: [visit.id] });
    const [audit] = await auditOf(t.database.db, job.id, 'data.export');
    expect(audit).toMatchObject({ researchId: w.researchId, userId: w.callers.admin.userId });
    expect(audit!.after).toMatchObject({ format: 'csv', visitIds: [visit.id] });
    expectError(await admin().send('POST', '/DataExports', { researchId: w.researchId, format: 'pdf' }), 400, 'validation');
    expectError(
      await admin().send('POST', '/DataExports', { researchId: w.researchId, format: 'csv', formIds: [w.site.id] }),
      404,
      'not_found',
      'formIds',
    );
    expectError(await callsAs(t.app, w.callers.sitePi.token).send('POST', '/DataExports', { format: 'csv' }), 403, 'forbidden');
  });
});
