import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { auditLog, itemData, researchOrganisations, subjectFormFields, subjects } from '../../src/platform/db/schema/index.js';
import { callsAs, createTestApp, type TestApp } from '../support/test-app.js';
import { makeCentre, makeResearch } from '../support/factories.js';
import { itemRows, parseOdm } from './data-export-support.js';
import {
  assignCentreVersion,
  daysAgo,
  makeSubject,
  makeSubjectWorld,
  subjectsApi,
  type SubjectWorld,
} from '../support/subject-factories.js';
import {
  clinicalOdm,
  declaredOids,
  importedRowCounts,
  makeImportDesign,
  runImport,
  runJob,
  zippedText,
  type ImportDesign,
  type OdmSubject,
} from './clinical-import-support.js';

/**
 * The ODM ClinicalData import (docs/data-exchange.md "Import of clinical data"), run by the job queue's
 * worker: a dry run reports and writes nothing, the real run writes what the dry run reported, each value
 * as data entry saves it with an audit record naming the job and the file, and a second import of the same
 * file changes nothing.
 */

const REDCAP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/odm/redcap-longitudinal.odm.xml');

let t: TestApp;
let w: SubjectWorld;
let d: ImportDesign;
let existing: { id: string };
const db = () => t.database.db;
const manager = () => w.callers.manager.token;

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKERS: '1' });
  w = await makeSubjectWorld(t.app, db());
  d = await makeImportDesign(t.app, w.callers.admin.token, w.researchId);
  // A subject the site enrolled itself, with its weight entered: the file's EXIST-1 is matched to it.
  const site = subjectsApi(t.app, w.callers.sitePi.token);
  existing = await site.create({ screeningNumber: 'EXIST-1', screenDate: daysAgo(30) });
  const sv = await site.visit(existing.id, d.scr.id, daysAgo(20));
  const form = await site.ok('POST', '/SubjectsForm', { formId: d.dm.id, subjectVisitId: sv.id });
  const weight = form.subjectFormSectionList[0].subjectFormFieldList.find((f: any) => f.formFieldId === d.ff.weight.id);
  await site.ok('POST', '/ItemData', { subjectFormFieldId: weight.id, data: '70' });
}, 120_000);
afterAll(async () => t?.close());

const subjectsOfFile: OdmSubject[] = [
  {
    key: 'IMP-001',
    site: 'SITE-A',
    events: [
      {
        oid: 'SE.SCR',
        date: daysAgo(10),
        forms: [
          {
            oid: 'F.DM',
            values: [
              { oid: 'IT.DM.BRTHDTC', value: '1980-03-04' },
              { oid: 'IT.DM.SEX', value: 'Female' },
              {
                oid: 'IT.DM.WEIGHT',
                value: '72,5',
                origin: { user: 'U.SOURCE', at: '2026-01-02T10:00:00Z', reason: 'Source correction' },
              },
              // The child before its parent: the import saves the parent first, which shows the child.
              { oid: 'IT.DM.SMOKYRS', value: '10' },
              { oid: 'IT.DM.SMOKER', value: 'Yes' },
              { oid: 'IT.DM.NOPE', value: 'x' },
            ],
          },
          { oid: 'F.NOPE', values: [{ oid: 'IT.NOPE.X', value: '1' }] },
        ],
      },
      {
        oid: 'SE.UNS',
        repeat: 1,
        date: daysAgo(5),
        forms: [
          { oid: 'F.AE', repeat: 1, values: [{ oid: 'IT.AE.AETERM', value: 'Headache' }] },
          { oid: 'F.AE', repeat: 2, values: [{ oid: 'IT.AE.AETERM', value: 'Nausea' }] },
        ],
      },
    ],
  },
  {
    key: 'IMP-002',
    site: 'SITE-A',
    events: [
      {
        oid: 'SE.SCR',
        date: daysAgo(8),
        forms: [
          {
            oid: 'F.DM',
            values: [
              { oid: 'IT.DM.BRTHDTC', value: '1975-01-01' },
              { oid: 'IT.DM.SEX', value: 'Male' },
              { oid: 'IT.DM.WEIGHT', value: 'heavy' },
              { oid: 'IT.DM.SMOKER', value: 'Maybe' },
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'EXIST-1',
    site: 'SITE-A',
    events: [
      {
        oid: 'SE.SCR',
        forms: [
          {
            oid: 'F.DM',
            values: [
              { oid: 'IT.DM.WEIGHT', value: '70' },
              { oid: 'IT.DM.SMOKER', value: 'No' },
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'IMP-003',
    site: 'SITE-X',
    events: [{ oid: 'SE.SCR', date: daysAgo(3), forms: [{ oid: 'F.DM', values: [{ oid: 'IT.DM.WEIGHT', value: '60' }] }] }],
  },
];
const xml = clinicalOdm(subjectsOfFile);
const request = () => ({ researchId: w.researchId, fileName: 'site-a.xml', xml, centres: { 'SITE-A': w.site.id } });

const expectedCounts = () => ({
  subjects: { created: 2, existing: 1, refused: 1 },
  visits: { created: 3, existing: 1 },
  forms: { created: 4, existing: 1 },
  values: { created: 10, unchanged: 1, refused: 5 },
  sites: [
    { oid: 'SITE-A', researchOrganisationId: w.site.id, subjects: 3 },
    { oid: 'SITE-X', researchOrganisationId: null, subjects: 1 },
  ],
  issuesTotal: 5,
});

let dryReport: any;

describe('POST /ClinicalData/Import', () => {
  it('names only OIDs the design export declares', async () => {
    const res = await callsAs(t.app, w.callers.admin.token).send('GET', `/ResearchVersions/${d.version.id}/Odm`);
    expect(res.status).toBe(200);
    const declared = declaredOids(res.body as string);
    for (const oid of [
      'SE.SCR',
      'SE.UNS',
      'F.DM',
      'F.AE',
      'IT.DM.BRTHDTC',
      'IT.DM.SEX',
      'IT.DM.WEIGHT',
      'IT.DM.SMOKER',
      'IT.DM.SMOKYRS',
      'IT.AE.AETERM',
    ]) {
      expect(declared, oid).toContain(oid);
    }
    expect(declared).not.toContain('IT.DM.NOPE');
    expect(declared).not.toContain('F.NOPE');
  });

  it('dry run (the default): reports what it would do, every refusal with its OID, and writes nothing', async () => {
    const before = await importedRowCounts(db());
    const job = await runImport(t.app, manager(), request());
    expect(job).toMatchObject({ status: 'Done', kind: 'clinical_import', name: 'site-a.xml', total: 4, error: null });
    dryReport = job.result;
    expect(dryReport).toMatchObject({ dryRun: true, ...expectedCounts() });
    const issues = dryReport.issues.map((i: any) => [i.subjectKey, i.oid, i.value, i.code]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['IMP-001', 'IT.DM.NOPE', 'x', 'clinical_import_unknown_item'],
        ['IMP-001', 'F.NOPE', null, 'clinical_import_unknown_form'],
        ['IMP-002', 'IT.DM.WEIGHT', 'heavy', 'item_value_invalid'],
        ['IMP-002', 'IT.DM.SMOKER', 'Maybe', 'item_value_invalid'],
        ['IMP-003', 'SITE-X', null, 'clinical_import_no_centre'],
      ]),
    );
    // In the importer's language (Russian), naming the field.
    expect(dryReport.issues.find((i: any) => i.oid === 'IT.DM.WEIGHT').message).toBe('Некорректное значение: «Weight»');
    expect(await importedRowCounts(db())).toEqual(before);
  });

  it('real run: does what the dry run reported, each value by the importer with an audit record naming the job', async () => {
    const before = await importedRowCounts(db());
    const job = await runImport(t.app, manager(), { ...request(), dryRun: false });
    expect(job.status).toBe('Done');
    expect(job.result).toEqual({ ...dryReport, dryRun: false });
    const after = await importedRowCounts(db());
    expect(after.subjects - before.subjects).toBe(2);
    expect(after.subjectVisits - before.subjectVisits).toBe(3);
    expect(after.subjectForms - before.subjectForms).toBe(4);
    expect(after.itemData - before.itemData).toBe(10);

    const [imp] = await db().select().from(subjects).where(eq(subjects.screeningNumber, 'IMP-001'));
    expect(imp).toMatchObject({
      researchOrganisationId: w.site.id,
      gender: 'Female',
      birthDate: '1980-03-04',
      screenDate: daysAgo(10),
      // Its screening visit screened it, as a site's does.
      status: 'Screened',
    });

    const values = await db()
      .select({ value: itemData, formFieldId: subjectFormFields.formFieldId, isHidden: subjectFormFields.isHidden })
      .from(itemData)
      .innerJoin(subjectFormFields, eq(subjectFormFields.id, itemData.subjectFormFieldId))
      .where(sql`${subjectFormFields.subjectFormId} in (select id from subject_forms where subject_id = ${imp!.id})`);
    const byField = new Map(values.map((v) => [v.formFieldId, v]));
    const weight = byField.get(d.ff.weight.id)!;
    expect(weight.value).toMatchObject({
      data: '72.5',
      createdBy: w.callers.manager.userId,
      employeeId: w.world.cast.Admin.employeeId,
      reasonForChange: 'Source correction',
    });
    // The child field is shown by its parent's imported value and took its own.
    expect(byField.get(d.ff.years.id)).toMatchObject({ isHidden: false, value: { data: '10' } });
    expect(byField.get(d.ff.smoker.id)!.value.reasonForChange).toBe('Импорт данных из файла ODM «site-a.xml»');

    const [record] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, weight.value.id), eq(auditLog.action, 'item_data.add')));
    expect(record).toMatchObject({ userId: w.callers.manager.userId, reason: 'Source correction', subjectId: imp!.id });
    expect(record!.after).toMatchObject({
      source: 'odm_import',
      jobId: job.id,
      fileName: 'site-a.xml',
      origin: { user: 'U.SOURCE', location: 'SOURCE', dateTime: '2026-01-02T10:00:00Z', reason: 'Source correction' },
      data: '72.5',
    });
    const named = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(like(auditLog.action, 'item_data.%'), sql`${auditLog.after} ->> 'jobId' = ${job.id}`));
    expect(named[0]!.n).toBe(10);
  });

  it('importing the same file again creates nothing: every value is unchanged', async () => {
    const before = await importedRowCounts(db());
    const job = await runImport(t.app, manager(), { ...request(), dryRun: false });
    expect(job.result).toMatchObject({
      subjects: { created: 0, existing: 3, refused: 1 },
      visits: { created: 0, existing: 4 },
      forms: { created: 0, existing: 5 },
      values: { created: 0, unchanged: 11, refused: 5 },
    });
    expect(await importedRowCounts(db())).toEqual(before);
  });

  it('refuses a new subject the file gives no birth date and sex for, repeat keys that skip or are not numbers, misplaced OIDs', async () => {
    const job = await runImport(t.app, manager(), {
      researchId: w.researchId,
      researchOrganisationId: w.site.id,
      xml: clinicalOdm([
        {
          key: 'IMP-010',
          events: [{ oid: 'SE.SCR', date: daysAgo(4), forms: [{ oid: 'F.DM', values: [{ oid: 'IT.DM.WEIGHT', value: '80' }] }] }],
        },
        {
          key: 'IMP-001',
          events: [
            // IMP-001 has occurrence 1 of UNS: 3 cannot come before 2.
            {
              oid: 'SE.UNS',
              repeat: 3,
              date: daysAgo(2),
              forms: [{ oid: 'F.AE', repeat: 1, values: [{ oid: 'IT.AE.AETERM', value: 'Rash' }] }],
            },
            {
              oid: 'SE.UNS',
              repeat: 1,
              forms: [{ oid: 'F.AE', repeat: 'first', values: [{ oid: 'IT.AE.AETERM', value: 'Rash' }] }],
            },
            {
              oid: 'SE.SCR',
              forms: [
                // A form of another visit, and a field of another form.
                { oid: 'F.AE', values: [{ oid: 'IT.AE.AETERM', value: 'Rash' }] },
                { oid: 'F.DM', values: [{ oid: 'IT.AE.AETERM', value: 'Rash' }] },
              ],
            },
          ],
        },
      ]),
    });
    expect(job.result).toMatchObject({
      dryRun: true,
      subjects: { created: 0, existing: 1, refused: 1 },
      visits: { created: 0, existing: 2 },
      forms: { created: 0, existing: 1 },
      values: { created: 0, unchanged: 0, refused: 5 },
      // Subjects naming no site go to the default centre.
      sites: [{ oid: '', researchOrganisationId: w.site.id, subjects: 2 }],
      issuesTotal: 5,
    });
    expect(job.result.issues.map((i: any) => [i.subjectKey, i.oid, i.code])).toEqual(
      expect.arrayContaining([
        ['IMP-010', null, 'clinical_import_subject_details'],
        ['IMP-001', 'SE.UNS', 'clinical_import_repeat_key_gap'],
        ['IMP-001', 'F.AE', 'clinical_import_repeat_key_invalid'],
        ['IMP-001', 'F.AE', 'clinical_import_form_not_in_event'],
        ['IMP-001', 'IT.AE.AETERM', 'clinical_import_item_not_in_form'],
      ]),
    );
  });

  it('imported values behave like entered ones: the site reads and changes them', async () => {
    const [imp] = await db().select().from(subjects).where(eq(subjects.screeningNumber, 'IMP-001'));
    const [field] = await db()
      .select({ id: subjectFormFields.id })
      .from(subjectFormFields)
      .where(
        and(
          eq(subjectFormFields.formFieldId, d.ff.weight.id),
          sql`${subjectFormFields.subjectFormId} in (select id from subject_forms where subject_id = ${imp!.id})`,
        ),
      );
    const pi = callsAs(t.app, w.callers.sitePi.token);
    const [current] = await pi.ok('GET', `/ItemData?subjectFormFieldId=${field!.id}`);
    expect(current.data).toBe('72.5');
    const saved = await pi.ok('POST', '/ItemData/WithReason', {
      subjectFormFieldId: field!.id,
      data: '73',
      reasonForChange: 'Weighed again',
      currentItemDataId: current.id,
    });
    expect(saved.itemData.data).toBe('73');
  });

  it('takes a field’s last value of a transactional file, a removal clearing it', async () => {
    const job = await runImport(t.app, manager(), {
      researchId: w.researchId,
      researchOrganisationId: w.site.id,
      dryRun: false,
      xml: clinicalOdm([
        {
          key: 'IMP-001',
          events: [
            {
              oid: 'SE.SCR',
              forms: [
                {
                  oid: 'F.DM',
                  values: [
                    { oid: 'IT.DM.WEIGHT', value: '74' },
                    { oid: 'IT.DM.WEIGHT', value: '75' },
                    { oid: 'IT.DM.SMOKYRS', value: '11' },
                    { oid: 'IT.DM.SMOKYRS', remove: true },
                  ],
                },
              ],
            },
          ],
        },
      ]),
    });
    expect(job.result).toMatchObject({ values: { created: 2, unchanged: 0, refused: 0 }, issuesTotal: 0 });
    const [imp] = await db().select().from(subjects).where(eq(subjects.screeningNumber, 'IMP-001'));
    const current = async (formFieldId: string) => {
      const [row] = await db()
        .select({ data: itemData.data })
        .from(itemData)
        .innerJoin(subjectFormFields, eq(subjectFormFields.id, itemData.subjectFormFieldId))
        .where(
          and(
            eq(subjectFormFields.formFieldId, formFieldId),
            sql`${subjectFormFields.subjectFormId} in (select id from subject_forms where subject_id = ${imp!.id})`,
          ),
        )
        .orderBy(desc(itemData.seq))
        .limit(1);
      return row?.data;
    };
    expect(await current(d.ff.weight.id)).toBe('75');
    expect(await current(d.ff.years.id)).toBeNull();
  });

  it.each([
    ['a snapshot', false],
    ['a transactional file with the values’ history', true],
  ])(
    're-imports the research’s own ODM clinical data export (%s): the same OIDs, every value unchanged',
    async (_, withAuditRecords) => {
      const exported = await runJob(t.app, manager(), '/DataExports', {
        researchId: w.researchId,
        format: 'odm',
        withAuditRecords,
      });
      expect(exported.status).toBe('Done');
      const odm = await zippedText(t.app, manager(), exported.documentId);
      expect(odm).toContain('IT.DM.WEIGHT');
      const before = await importedRowCounts(db());
      const job = await runImport(t.app, manager(), {
        researchId: w.researchId,
        researchOrganisationId: w.site.id,
        xml: odm,
        dryRun: false,
      });
      expect(job.result).toMatchObject({
        subjects: { created: 0, existing: 3, refused: 0 },
        visits: { created: 0 },
        forms: { created: 0 },
        values: { created: 0, refused: 0 },
        issuesTotal: 0,
      });
      expect(job.result.values.unchanged).toBeGreaterThan(0);
      expect(await importedRowCounts(db())).toEqual(before);
    },
  );

  it('carries a centre’s data into an empty copy of the study: exported again, the same subjects, OIDs and values', async () => {
    const admin = w.callers.admin.token;
    // The copy: a new research with the design imported from the version's ODM and the centre's number.
    const copy = await makeResearch(db(), { grlsProtocolNumber: `COPY-${Date.now()}` });
    const design = await t.app.inject({
      method: 'GET',
      url: `/api/ResearchVersions/${d.version.id}/Odm`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const imported = await callsAs(t.app, admin).ok('POST', '/ResearchVersions/ImportOdm', {
      researchId: copy.id,
      xml: design.body,
      startedDate: '2020-01-01',
    });
    const number = (await db().select().from(researchOrganisations).where(eq(researchOrganisations.id, w.site.id)))[0]!.number;
    const centre = await makeCentre(db(), { researchId: copy.id, type: 'Site', number });
    await assignCentreVersion(db(), {
      researchId: copy.id,
      centreId: centre.id,
      researchVersionId: imported.researchVersion.id,
      startedDate: '2020-01-01',
    });

    const valuesOf = async (researchId: string, centreId: string) => {
      const job = await runJob(t.app, admin, '/DataExports', { researchId, format: 'odm', researchOrganisationIds: [centreId] });
      expect(job.status).toBe('Done');
      const rows = itemRows(parseOdm(await zippedText(t.app, admin, job.documentId)));
      return rows.map((r) => [r.subject, r.event, r.eventRepeat, r.form, r.formRepeat, r.item, r.value].join('|')).sort();
    };
    const original = await valuesOf(w.researchId, w.site.id);
    expect(original.length).toBeGreaterThan(3);
    const exported = await runJob(t.app, admin, '/DataExports', {
      researchId: w.researchId,
      format: 'odm',
      researchOrganisationIds: [w.site.id],
    });
    const job = await runImport(t.app, admin, {
      researchId: copy.id,
      xml: await zippedText(t.app, admin, exported.documentId),
      dryRun: false,
    });
    expect(job.status, JSON.stringify(job.error)).toBe('Done');
    expect(job.result.issues).toEqual([]);
    expect(job.result.subjects.refused).toBe(0);
    expect(await valuesOf(copy.id, centre.id)).toEqual(original);
  });

  it('takes the data of a form one FormDef gave two events by its event, a repeating group’s instances into its repeating form, and exports them so', async () => {
    const admin = w.callers.admin.token;
    // A design imported from a REDCap-style ODM whose vitals FormDef is on the baseline and week 4 events.
    const research = await makeResearch(db(), { grlsProtocolNumber: `SHARED-${Date.now()}` });
    const imported = await callsAs(t.app, admin).ok('POST', '/ResearchVersions/ImportOdm', {
      researchId: research.id,
      xml: await fs.readFile(REDCAP, 'utf8'),
      startedDate: '2020-01-01',
    });
    const centre = await makeCentre(db(), { researchId: research.id, type: 'Site', number: '01' });
    await assignCentreVersion(db(), {
      researchId: research.id,
      centreId: centre.id,
      researchVersionId: imported.researchVersion.id,
      startedDate: '2020-01-01',
    });
    await makeSubject(db(), {
      researchId: research.id,
      centreId: centre.id,
      screeningNumber: 'SH-1',
      screenDate: daysAgo(40),
      status: 'Screened',
    });
    const vitals = (sbp: string, weight?: string) => ({
      oid: 'Form.vitals',
      values: [{ oid: 'sbp', value: sbp }, ...(weight ? [{ oid: 'weight', value: weight }] : [])],
    });
    const xml = clinicalOdm([
      {
        key: 'SH-1',
        events: [
          {
            oid: 'Event.baseline_arm_1',
            date: daysAgo(30),
            forms: [
              {
                ...vitals('120', '70.5'),
                // The repeating medications group: two instances of its form.
                groups: [
                  { oid: 'vitals.meds', repeat: 1, values: [{ oid: 'med_name', value: 'Аспирин' }] },
                  { oid: 'vitals.meds', repeat: 2, values: [{ oid: 'med_name', value: 'Лизиноприл' }] },
                ],
              },
            ],
          },
          { oid: 'Event.week_4_arm_1', date: daysAgo(2), forms: [vitals('135')] },
        ],
      },
    ]);
    const job = await runImport(t.app, admin, {
      researchId: research.id,
      xml,
      dryRun: false,
      researchOrganisationId: centre.id,
    });
    expect(job.status, JSON.stringify(job.error)).toBe('Done');
    expect(job.result.issues).toEqual([]);
    expect(job.result).toMatchObject({ visits: { created: 2 }, forms: { created: 4 }, values: { created: 5 } });

    const exported = await runJob(t.app, admin, '/DataExports', { researchId: research.id, format: 'odm' });
    expect(exported.status).toBe('Done');
    const rows = itemRows(parseOdm(await zippedText(t.app, admin, exported.documentId)));
    expect(rows.map((r) => [r.event, r.form, r.formRepeat, r.item, r.value].join('|')).sort()).toEqual([
      'Event.baseline_arm_1|Form.vitals.vitals.meds|1|med_name|Аспирин',
      'Event.baseline_arm_1|Form.vitals.vitals.meds|2|med_name|Лизиноприл',
      'Event.baseline_arm_1|Form.vitals||sbp|120',
      'Event.baseline_arm_1|Form.vitals||weight|70.5',
      'Event.week_4_arm_1|Form.vitals||sbp|135',
    ]);
  });

  it('refuses a subject whose site has no centre and no default centre, listing the site', async () => {
    const job = await runImport(t.app, manager(), {
      researchId: w.researchId,
      xml: clinicalOdm([{ key: 'IMP-009', site: 'SITE-Z', events: [] }]),
    });
    expect(job.result).toMatchObject({
      subjects: { created: 0, existing: 0, refused: 1 },
      sites: [{ oid: 'SITE-Z', researchOrganisationId: null, subjects: 1 }],
      issues: [{ subjectKey: 'IMP-009', oid: 'SITE-Z', code: 'clinical_import_no_centre' }],
    });
  });

  it('finds the research’s own sites by themselves (the export’s LOC.<number>), and no centre for a site named like an object key', async () => {
    const number = (await db().select().from(researchOrganisations).where(eq(researchOrganisations.id, w.site.id)))[0]!.number;
    const job = await runImport(t.app, manager(), {
      researchId: w.researchId,
      xml: clinicalOdm([
        { key: 'IMP-010', site: `LOC.${number}`, events: [] },
        { key: 'IMP-011', site: 'constructor', events: [] },
      ]),
    });
    expect(job.result.sites).toEqual(
      expect.arrayContaining([
        { oid: `LOC.${number}`, researchOrganisationId: w.site.id, subjects: 1 },
        { oid: 'constructor', researchOrganisationId: null, subjects: 1 },
      ]),
    );
  });

  it('fails the job on malformed XML, without a 500 and without a retry', async () => {
    const job = await runImport(t.app, manager(), { researchId: w.researchId, xml: '<ODM><ClinicalData><SubjectData>' });
    expect(job).toMatchObject({ status: 'Failed', attempts: 1, error: { code: 'odm_invalid' }, result: null });
    expect(job.error.message).toMatch(/CDISC ODM/);
  });

  it('fails the job on element or attribute names the parser refuses (constructor, __proto__), without a retry', async () => {
    for (const xml of [
      '<ODM><ClinicalData StudyOID="S" MetaDataVersionOID="M"><constructor/></ClinicalData></ODM>',
      '<ODM><ClinicalData StudyOID="S" MetaDataVersionOID="M" __proto__="x"/></ODM>',
    ]) {
      const job = await runImport(t.app, manager(), { researchId: w.researchId, xml });
      expect(job, xml).toMatchObject({ status: 'Failed', attempts: 1, error: { code: 'odm_invalid' } });
    }
  });

  it('answers 403 to a caller without data_import', async () => {
    for (const caller of ['sitePi', 'qa', 'kio'] as const) {
      const res = await callsAs(t.app, w.callers[caller].token).send('POST', '/ClinicalData/Import', request());
      expect(res.status, caller).toBe(403);
    }
  });
});
