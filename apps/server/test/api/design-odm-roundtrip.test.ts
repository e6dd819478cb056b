import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { parseOdm } from '../../src/modules/design/odm/odm-parse.js';
import { formFields, forms, rules, visits } from '../../src/platform/db/schema/index.js';
import { SAMPLE, xmllint } from './odm-support.js';
import { freshResearch, setupDesignApp } from './design-support.js';

/**
 * A design imported from ODM survives the round trip: export → import → export gives the same document (OIDs,
 * data types, lengths, code lists with their codes and decodes, units, translations), the second export is valid
 * ODM 1.3.2, and a re-import is recognised as such (docs/design-api.md "ODM").
 */

const { t, callers, admin, db } = setupDesignApp();
const REDCAP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/odm/redcap-longitudinal.odm.xml');

async function exportXml(versionId: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/ResearchVersions/${versionId}/Odm`,
    headers: { authorization: `Bearer ${callers.admin.token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}
const importXml = (researchId: string, xml: string, over: Record<string, unknown> = {}) =>
  admin.ok('POST', '/ResearchVersions/ImportOdm', { researchId, xml, ...over });

/**
 * The document less what names the file and the version rather than the design: the file's OID, creation time and
 * description, and the MetaDataVersion's Name (`Version <index>`, the version's own).
 */
const designOf = (xml: string) =>
  xml
    .replace(/<ODM [^>]*>/, (root) => root.replace(/ (FileOID|CreationDateTime|Description)="[^"]*"/g, ''))
    .replace(/(<MetaDataVersion [^>]*)Name="Version [^"]*"/, '$1');

/** What the round trip must keep, element by element. */
function summary(xml: string) {
  const odm = parseOdm(xml);
  return {
    study: odm.studyOid,
    mdv: odm.mdvOid,
    units: [...odm.units],
    events: odm.events.map((e) => [e.oid, e.name, e.formRefs.map((r) => r.oid)]),
    forms: odm.forms.map((f) => [f.oid, f.name, f.groupRefs.map((r) => r.oid)]),
    groups: odm.groups.map((g) => [g.oid, g.name, g.itemRefs.map((r) => [r.oid, r.mandatory])]),
    items: odm.items.map((i) => ({
      oid: i.oid,
      name: i.name,
      dataType: i.dataType,
      length: i.length,
      significantDigits: i.significantDigits,
      question: i.questionTexts,
      description: i.descriptionTexts,
      units: i.unitOids,
      codeList: i.codeListOid,
    })),
    codeLists: odm.codeLists.map((c) => ({
      oid: c.oid,
      name: c.name,
      dataType: c.dataType,
      items: c.items.map((i) => [i.coded, i.decodeTexts]),
    })),
  };
}
/** The repeating ItemGroupDefs each FormDef refers to, counted per FormDef. */
const repeatingGroupsOf = (odm: ReturnType<typeof parseOdm>) =>
  odm.forms.reduce((n, f) => n + f.groupRefs.filter((r) => odm.groups.find((g) => g.oid === r.oid)?.repeating).length, 0);
const count = (xml: string, element: string) => (xml.match(new RegExp(`<${element} `, 'g')) ?? []).length;
const itemDef = (xml: string, oid: string) => {
  const from = xml.indexOf(`<ItemDef OID="${oid}"`);
  expect(from).toBeGreaterThan(-1);
  return xml.slice(from, xml.indexOf('</ItemDef>', from));
};
const codeList = (xml: string, oid: string) => {
  const from = xml.indexOf(`<CodeList OID="${oid}"`);
  expect(from).toBeGreaterThan(-1);
  return xml.slice(from, xml.indexOf('</CodeList>', from));
};

/**
 * Imports `source` into a fresh research (version 1.0), exports it, imports that export into the same research
 * (version 2.0) and exports again; the second trip must change nothing and be recognised as a re-import.
 */
async function twoTrips(source: string) {
  const research = await freshResearch(db());
  const first = await importXml(research.id, source);
  const export1 = await exportXml(first.researchVersion.id);
  const second = await importXml(research.id, export1);
  const export2 = await exportXml(second.researchVersion.id);
  return { research, first, second, export1, export2 };
}

/** A version with two visits, forms reusing one form type, and every kind of field worth exporting. */
async function builtDesign() {
  const research = await freshResearch(db(), { grlsProtocolNumber: `RT-${Date.now()}`, researchKey: 'RT' });
  const version = await admin.version(research.id, { description: 'Построенная в тесте' });
  const screening = await admin.visit(research.id, { title: 'Скрининг', visitKey: 'SCR', visitTypeString: 'Screening' });
  const week = await admin.visit(research.id, { title: 'Неделя 1', visitKey: 'W1', dayNumber: 7, repeating: true });
  const type = await admin.formType({ title: 'Витальные показатели', formTypeKey: 'VS' });
  const height = await admin.field(type.id, { title: 'Рост', fieldKey: 'HEIGHT', fieldType: 'Number', units: 'см' });
  const smoker = await admin.field(type.id, {
    title: 'Курение',
    fieldKey: 'SMOKE',
    fieldType: 'Select',
    optionList: ['Да', 'Нет'],
    defaultOption: 'Нет',
  });
  const time = await admin.field(type.id, { title: 'Время', fieldKey: 'VSTIM', fieldType: 'Time' });
  const date = await admin.field(type.id, { title: 'Дата', fieldKey: 'VSDAT', fieldType: 'Date' });
  const flag = await admin.field(type.id, { title: 'Отметка', fieldKey: 'FLAG', fieldType: 'Checkbox' });
  const form = await admin.form(screening.id, type.id, { title: 'Витальные', formKey: 'VS_SCR', isRequired: true });
  const s1 = await admin.section(form.id, { sectionName: 'Измерения', formSectionKey: 'MEAS' });
  const s2 = await admin.section(form.id, { sectionName: 'Анамнез' });
  await admin.formField(s1.id, height.id, { text: 'Рост пациента', mask: '000', annotationKey: 'VSORRES', units: 'cm' });
  await admin.formField(s1.id, time.id, { text: 'Время измерения', duration: '00:15:00' });
  await admin.formField(s1.id, date.id, { text: 'Дата измерения' });
  const fSmoke = await admin.formField(s2.id, smoker.id, { text: 'Курит?' });
  const fHow = await admin.formField(s2.id, height.id, { text: 'Сигарет в день' });
  await admin.formField(s2.id, flag.id, { text: 'Проверено' });
  await admin.ok('POST', `/FormFields/${fSmoke.id}/SetChildFormField`, {
    parentVisibleRule: 'Да',
    childFormFieldList: [fHow.id],
  });
  const form2 = await admin.form(week.id, type.id, { title: 'Витальные (неделя)', repeating: true });
  const s3 = await admin.section(form2.id, { sectionName: 'Измерения' });
  await admin.formField(s3.id, height.id, { text: 'Рост' });
  await admin.formField(s3.id, smoker.id, { text: 'Курит?' });
  return { research, version };
}

describe('ODM round trip: export → import → export', () => {
  it('keeps the OIDs and everything else of a design built here, and never prefixes them again', async () => {
    const { research, version } = await builtDesign();
    const export1 = await exportXml(version.id);
    const second = await importXml(research.id, export1);
    expect(second.unmapped).toEqual([]);
    const export2 = await exportXml(second.researchVersion.id);
    expect(designOf(export2)).toBe(designOf(export1));
    expect((await xmllint(export2)).ok).toBe(true);
    // A third trip, into another research, still adds no prefix.
    const other = await freshResearch(db());
    const third = await importXml(other.id, export2);
    const export3 = await exportXml(third.researchVersion.id);
    expect(summary(export3)).toEqual(summary(export1));
    expect(export3).not.toMatch(/OID="(SE\.SE|F\.F|IG\.IG|IT\.IT|CL\.CL)\./);
    // The keys come back as they were, not as OIDs.
    const visits = await admin.ok('GET', `/Visits?researchId=${other.id}`);
    expect(visits.map((v: any) => v.visitKey)).toEqual(['SCR', 'W1']);
    const forms = await admin.ok('GET', `/Forms?researchId=${other.id}`);
    expect(forms.map((f: any) => f.formKey)).toEqual(['VS_SCR', null]);
  });

  it('keeps the CDASH sample’s OIDs, integer types, lengths, codes and decodes; a code list once however many items use it', async () => {
    const source = await fs.readFile(SAMPLE, 'utf8');
    const { first, second, export1, export2 } = await twoTrips(source);
    expect(designOf(export2)).toBe(designOf(export1));
    expect(summary(export2)).toEqual(summary(export1));
    const lint = await xmllint(export2);
    expect(lint.output).toContain('validates');
    // The source's OIDs are the export's.
    expect(export1).toContain('<Study OID="trace-xml-safety01">');
    expect(export1).toContain('<MetaDataVersion OID="MDV.TRACE-XML-ODM-01"');
    expect(export1).toContain('<StudyEventDef OID="BASELINE" Name="Baseline Visit"');
    expect(export1).toContain('<FormDef OID="ODM.F.DM" Name="Demographics"');
    expect(export1).toContain('<ItemGroupDef OID="ODM.IG.VS" Name="Vital Sign Measurement"');
    // One ItemGroupDef on several FormDefs becomes one section in each form, and one ItemGroupDef again.
    expect(export1).toContain('<ItemGroupDef OID="ODM.IG.COMMON" Name="Common"');
    expect(export1).not.toContain('ODM.IG.COMMON.2');
    const source1 = parseOdm(source);
    const formsWithCommon = source1.forms.filter((f) => f.groupRefs.some((r) => r.oid === 'ODM.IG.COMMON')).length;
    expect(formsWithCommon).toBeGreaterThan(1);
    expect((export1.match(/<ItemGroupRef ItemGroupOID="ODM\.IG\.COMMON"/g) ?? []).length).toBe(formsWithCommon);
    // As many FormDefs, ItemGroupDefs and ItemDefs as the source places in its events, none multiplied, and a
    // FormDef more for each repeating ItemGroupDef of a FormDef (a repeating form of its own).
    const placedItems = new Set(source1.groups.flatMap((g) => g.itemRefs.map((r) => r.oid)));
    expect([count(export1, 'FormDef'), count(export1, 'ItemGroupDef'), count(export1, 'ItemDef')]).toEqual([
      count(source, 'FormDef') + repeatingGroupsOf(source1),
      count(source, 'ItemGroupDef'),
      source1.items.filter((i) => placedItems.has(i.oid)).length,
    ]);
    expect(itemDef(export1, 'ODM.IT.DM.BRTHYR')).toMatch(/DataType="integer"/);
    expect(itemDef(export1, 'ODM.IT.Common.StudyID')).toMatch(/Name="Protocol\/Study" DataType="text" Length="20"/);
    expect(itemDef(export1, 'ODM.IT.VS.HEIGHT.VSORRES')).toMatch(/DataType="float"/);
    expect(itemDef(export1, 'ODM.IT.Common.StudyID')).toContain(
      '<TranslatedText xml:lang="en">Unique identifier for a study.</TranslatedText>',
    );
    expect(itemDef(export1, 'ODM.IT.Common.StudyID')).toContain('<TranslatedText xml:lang="en">Protocol/Study</TranslatedText>');
    expect(itemDef(export1, 'ODM.IT.AE.AESEV')).toContain('<Alias Context="CDASH/SDTM" Name="AESEV"/>');
    // Coded values stay codes, decodes stay decodes: N is not NO.
    const ny = codeList(export1, 'ODM.CL.NY_SUB_Y_N');
    expect(ny).toContain('<CodeListItem CodedValue="N" OrderNumber="1">');
    expect(ny).toContain('<TranslatedText xml:lang="en">NO</TranslatedText>');
    expect(count(export1, 'CodeList')).toBe(count(export2, 'CodeList'));
    // NY_SUB_Y_N serves four placed items of three forms: still one CodeList.
    expect((export1.match(/<CodeList OID="ODM\.CL\.NY_SUB_Y_N[."]/g) ?? []).length).toBe(1);
    expect((export1.match(/<CodeListRef CodeListOID="ODM\.CL\.NY_SUB_Y_N"\/>/g) ?? []).length).toBe(4);
    expect([count(export2, 'FormDef'), count(export2, 'ItemGroupDef'), count(export2, 'ItemDef')]).toEqual([
      count(export1, 'FormDef'),
      count(export1, 'ItemGroupDef'),
      count(export1, 'ItemDef'),
    ]);
    // The options show the decodes; a re-import of the export is recognised and differs in nothing.
    expect(first.sameAs).toBeUndefined();
    expect(second.sameAs).toEqual({
      researchVersionId: first.researchVersion.id,
      index: '1.0',
      added: [],
      removed: [],
      changed: [],
      truncated: false,
    });
  });

  it('keeps a REDCap-style file’s events, shared form, types, units and translations, and reports its redcap: attributes', async () => {
    const source = await fs.readFile(REDCAP, 'utf8');
    const { research, first, second, export1, export2 } = await twoTrips(source);
    expect(designOf(export2)).toBe(designOf(export1));
    expect((await xmllint(export2)).ok).toBe(true);
    expect(export1).toContain('<Study OID="Project.HypertensionPilot">');
    // The vitals FormDef of both events: one form per visit, written back as one FormDef with one set of items.
    expect(export1).toMatch(/<StudyEventDef OID="Event\.baseline_arm_1"[^>]*>\s*<FormRef FormOID="Form\.demographics"/);
    expect(export1).toContain('<FormRef FormOID="Form.vitals" OrderNumber="2" Mandatory="No"/>');
    expect(export1).toContain('<FormRef FormOID="Form.vitals" OrderNumber="1" Mandatory="No"/>');
    expect(export1).not.toMatch(/OID="[^"]*\.2"/);
    expect(count(export1, 'FormDef')).toBe(count(source, 'FormDef') + 1);
    // The repeating medications group: a repeating form of its own after vitals, in both visits.
    expect(export1).toContain('<FormDef OID="Form.vitals.vitals.meds" Name="Vitals: Medications" Repeating="Yes">');
    expect((export1.match(/<FormRef FormOID="Form\.vitals\.vitals\.meds"/g) ?? []).length).toBe(2);
    expect(count(export1, 'ItemDef')).toBe(count(source, 'ItemDef'));
    expect(count(export1, 'ItemGroupDef')).toBe(count(source, 'ItemGroupDef'));
    const visits1 = await admin.ok('GET', `/Forms?researchId=${research.id}&researchVersionId=${first.researchVersion.id}`);
    expect(visits1.filter((f: any) => f.title === 'Vitals' || f.title === 'vitals')).toHaveLength(2);
    const sex = itemDef(export1, 'sex');
    expect(sex).toMatch(/DataType="integer" Length="1"/);
    expect(sex).toContain('<TranslatedText xml:lang="ru">Пол</TranslatedText>');
    expect(sex).toContain('<TranslatedText xml:lang="en">Sex</TranslatedText>');
    expect(sex).not.toContain('Geschlecht');
    const age = itemDef(export1, 'age');
    expect(age).toMatch(/DataType="integer" Length="3"/);
    expect(age).toContain('<TranslatedText xml:lang="ru">Возраст</TranslatedText>');
    const sbp = itemDef(export1, 'sbp');
    expect(sbp).toContain('<MeasurementUnitRef MeasurementUnitOID="MU.MMHG"/>\n');
    expect(sbp).toContain('<MeasurementUnitRef MeasurementUnitOID="MU.KPA"/>');
    expect(sbp).toContain('<TranslatedText xml:lang="ru">Систолическое давление сидя</TranslatedText>');
    expect(itemDef(export1, 'weight')).toMatch(/DataType="float" Length="5" SignificantDigits="1"/);
    expect(itemDef(export1, 'dob')).toMatch(/DataType="date"/);
    expect(codeList(export1, 'sex.choices')).toMatch(/DataType="integer"/);
    expect(codeList(export1, 'sex.choices')).toContain('<CodeListItem CodedValue="0" OrderNumber="1">');
    // pregnant and smoker (whose ItemDef both visits' vitals forms share) name yesno.
    expect((export1.match(/<CodeListRef CodeListOID="yesno\.choices"\/>/g) ?? []).length).toBe(2);
    expect(count(export1, 'CodeList')).toBe(3);
    expect(count(export1, 'MeasurementUnit')).toBe(3);
    // The number range (GE 18) becomes an edit check; its RangeCheck is written back beside the rule.
    expect(export1).toContain('<FormalExpression Context="EDC:rule">[age] &lt; 18</FormalExpression>');
    expect(itemDef(export1, 'age')).toContain('<RangeCheck Comparator="GE" SoftHard="Soft">');
    // What cannot be kept is listed item by item.
    const report = first.unmapped.map((u: any) => `${u.element} ${u.oid}: ${u.message}`);
    expect(report).toEqual(
      expect.arrayContaining([
        'ItemDef sex: Question на языках de не импортирован (тексты хранятся только на русском и английском)',
        'ItemGroupDef vitals.meds: Повторяющаяся группа импортирована как повторяющаяся форма «Vitals: Medications» в тех же визитах (разделы не повторяются)',
        'MethodDef MT.bmi: MethodDef «BMI» (Computation) не импортирован: дизайн не исполняет методы других систем',
        'ItemDef bmi: Не импортировано: redcap:Variable="bmi", redcap:FieldType="calc", redcap:Calculation="round([weight]/([height]*[height])*10000,1)"',
        'ItemDef pregnant: Не импортировано: redcap:Variable="pregnant", redcap:FieldType="yesno"',
        'ItemRef sex: Не импортировано: redcap:Variable="sex"',
        'FormRef Form.vitals: Не импортировано: redcap:FormName="vitals"',
        'GlobalVariables null: Не импортировано: redcap:RecordAutonumberingEnabled="1"',
        'MetaDataVersion Metadata.HypertensionPilot_2026-03-02_1000: Не импортировано: redcap:RecordIdField="record_id"',
      ]),
    );
    // The second trip reports nothing: the export is this system's own.
    expect(second.unmapped).toEqual([]);
    // The source file again is the same design as the version it made: its repeating group is that version's
    // repeating form, its events without a Category are Period visits.
    const again = await importXml(research.id, source, { dryRun: true });
    expect(again.sameAs).toMatchObject({ added: [], removed: [], changed: [] });
    // Data entry shows the decodes.
    const forms = await admin.ok('GET', `/Forms?researchId=${research.id}&researchVersionId=${first.researchVersion.id}`);
    const sections = await admin.ok('GET', `/FormSections/WithReferences?formId=${forms[0].id}`);
    const sexField = sections[0].formFieldList.find((f: any) => f.text === 'Пол');
    expect(sexField.field).toMatchObject({ fieldType: 'Select', optionList: ['Female', 'Male'] });
    // The branching logic [sex] = '0' became a dependency on the option that code 0 stands for.
    const pregnant = sections[0].formFieldList.find((f: any) => f.text === 'Pregnant?');
    expect(pregnant).toMatchObject({ parentFormFieldId: sexField.id, parentVisibleRule: 'Female' });
    expect(export1).toMatch(/<ItemRef ItemOID="pregnant" [^>]*CollectionExceptionConditionOID="COND\.pregnant"\/>/);
  });
});

describe('ODM: one FormDef however many events use it', () => {
  /** The live form fields of a research placed from an ItemDef, with their visit's OID. */
  const placedFields = (researchId: string, itemOid: string) =>
    db()
      .select({ id: formFields.id, visitOid: visits.oid })
      .from(formFields)
      .innerJoin(forms, eq(forms.id, formFields.formId))
      .innerJoin(visits, eq(visits.id, forms.visitId))
      .where(and(eq(formFields.researchId, researchId), eq(formFields.oid, itemOid), isNull(formFields.deletedAt)));
  const rulesOn = (researchId: string, expression: string) =>
    db()
      .select({ visitOid: visits.oid })
      .from(rules)
      .innerJoin(formFields, eq(formFields.id, rules.formFieldId))
      .innerJoin(forms, eq(forms.id, formFields.formId))
      .innerJoin(visits, eq(visits.id, forms.visitId))
      .where(and(eq(formFields.researchId, researchId), eq(rules.expression, expression), isNull(rules.deletedAt)));

  it('writes the forms of one FormDef as that FormDef; a rule on one of them names its placement and comes back there only', async () => {
    const research = await freshResearch(db());
    const first = await importXml(research.id, await fs.readFile(REDCAP, 'utf8'));
    const sbp = await placedFields(research.id, 'sbp');
    expect(sbp.map((f) => f.visitOid).sort()).toEqual(['Event.baseline_arm_1', 'Event.week_4_arm_1']);
    const week4 = sbp.find((f) => f.visitOid === 'Event.week_4_arm_1')!;
    await admin.ok('POST', '/Rules', {
      ruleTypeString: 'NoteAction',
      expression: '[sbp] > 200',
      formFieldId: week4.id,
      message: 'W4',
    });
    for (const f of await placedFields(research.id, 'weight'))
      await admin.ok('POST', '/Rules', {
        ruleTypeString: 'NoteAction',
        expression: '[weight] > 300',
        formFieldId: f.id,
        message: 'Both',
      });

    const export1 = await exportXml(first.researchVersion.id);
    expect((await xmllint(export1)).ok).toBe(true);
    // Demographics, vitals and its repeating medications group's form.
    expect(count(export1, 'FormDef')).toBe(3);
    expect((export1.match(/<ItemDef OID="sbp"/g) ?? []).length).toBe(1);
    expect((export1.match(/<FormRef FormOID="Form\.vitals"/g) ?? []).length).toBe(2);
    const w4 = export1.slice(export1.lastIndexOf('<ConditionDef', export1.indexOf('[sbp] &gt; 200')));
    expect(w4.slice(0, w4.indexOf('</ConditionDef>'))).toContain(
      '<Alias Context="EDC:rulePlacements" Name="[[&quot;Event.week_4_arm_1&quot;,&quot;Form.vitals&quot;]]"/>',
    );
    // The rule both forms have alike is one ConditionDef, on every placement.
    expect((export1.match(/\[weight\] &gt; 300/g) ?? []).length).toBe(1);
    const both = export1.slice(export1.lastIndexOf('<ConditionDef', export1.indexOf('[weight] &gt; 300')));
    expect(both.slice(0, both.indexOf('</ConditionDef>'))).not.toContain('EDC:rulePlacements');

    const other = await freshResearch(db());
    const second = await importXml(other.id, export1);
    expect(second.unmapped).toEqual([]);
    expect(await rulesOn(other.id, '[sbp] > 200')).toEqual([{ visitOid: 'Event.week_4_arm_1' }]);
    expect((await rulesOn(other.id, '[weight] > 300')).map((r) => r.visitOid).sort()).toEqual([
      'Event.baseline_arm_1',
      'Event.week_4_arm_1',
    ]);
    // The same design but for the names of the research it is in.
    const named = (xml: string) => designOf(xml).replace(/<(StudyName|ProtocolName)>[^<]*</g, '<$1><');
    expect(named(await exportXml(second.researchVersion.id))).toBe(named(export1));
  });

  it('gives a form changed since its import an OID of its own, and keeps the others on the FormDef', async () => {
    const research = await freshResearch(db());
    const first = await importXml(research.id, await fs.readFile(REDCAP, 'utf8'));
    const week4 = (await placedFields(research.id, 'sbp')).find((f) => f.visitOid === 'Event.week_4_arm_1')!;
    const { updatedAt } = await admin.ok('GET', `/FormFields/${week4.id}`);
    await admin.ok('PUT', `/FormFields/${week4.id}`, { updatedAt, text: 'САД (неделя 4)' });
    const export1 = await exportXml(first.researchVersion.id);
    expect((await xmllint(export1)).ok).toBe(true);
    // Its item and the section and form holding it differ now: each gets an OID of its own; the rest is shared.
    expect(export1).toContain('<FormRef FormOID="Form.vitals" OrderNumber="2" Mandatory="No"/>');
    expect(export1).toContain('<FormRef FormOID="Form.vitals.2" OrderNumber="1" Mandatory="No"/>');
    expect(export1).toContain('<ItemDef OID="sbp.2" ');
    expect(export1).toContain('<ItemGroupDef OID="vitals.sbp.2" ');
    expect((export1.match(/<ItemDef OID="weight"/g) ?? []).length).toBe(1);
    expect(export1).not.toContain('<ItemDef OID="weight.2"');
  });
});

describe('ODM re-import and versions', () => {
  it('recognises a re-import of a version and tells what the file adds, removes and changes', async () => {
    const research = await freshResearch(db());
    const first = await importXml(research.id, await fs.readFile(REDCAP, 'utf8'));
    const export1 = await exportXml(first.researchVersion.id);
    const changed = export1
      // sbp renamed, age now a float, med_name gone, hr new.
      .replace(/(<ItemDef OID="sbp" Name=")sbp(")/, '$1sbp_sitting$2')
      .replace(/(<ItemDef OID="age" Name="age" DataType=")integer(")/, '$1float$2')
      .replace(/\s*<ItemRef ItemOID="med_name"[^>]*\/>/, '<ItemRef ItemOID="hr" OrderNumber="1" Mandatory="No"/>')
      .replace(/<ItemDef OID="med_name"[\s\S]*?<\/ItemDef>/, '<ItemDef OID="hr" Name="hr" DataType="integer"/>');
    expect(changed).not.toBe(export1);
    const again = await importXml(research.id, changed);
    expect(again.researchVersion.index).toBe('2.0');
    expect(again.sameAs).toEqual({
      researchVersionId: first.researchVersion.id,
      index: '1.0',
      added: [{ element: 'ItemDef', oid: 'hr' }],
      removed: [{ element: 'ItemDef', oid: 'med_name' }],
      changed: [
        { element: 'ItemDef', oid: 'age', type: { before: 'integer', after: 'float' } },
        { element: 'ItemDef', oid: 'sbp', name: { before: 'sbp', after: 'sbp_sitting' } },
      ],
      truncated: false,
    });
    // Another study's file is no re-import, even into the same research.
    const other = await importXml(research.id, await fs.readFile(SAMPLE, 'utf8'));
    expect(other.sameAs).toBeUndefined();
  });

  it('carries the OIDs over to the next version and to a form split off for it', async () => {
    const research = await freshResearch(db());
    const first = await importXml(research.id, await fs.readFile(REDCAP, 'utf8'));
    const export1 = await exportXml(first.researchVersion.id);
    const next = await admin.version(research.id, { majorIndex: 2, startedDate: first.researchVersion.startedDate });
    const forms = await admin.ok('GET', `/Forms?researchId=${research.id}`);
    const demographics = forms.find((f: any) => f.title === 'Demographics');
    await admin.ok('POST', `/Forms/${demographics.id}/SplitVersion/${next.id}`);
    const export2 = await exportXml(next.id);
    // The same document but for the MetaDataVersion, which is the new version's own.
    const withoutMdv = (xml: string) => designOf(xml).replace(/<MetaDataVersion [^>]*>/, '<MetaDataVersion>');
    // Rules stay with the form they were made on (a form split off for a new version does not take them), so
    // the file's range check, imported as a rule, is left out of the comparison.
    const withoutRules = (xml: string) =>
      withoutMdv(xml)
        .replace(/\s*<RangeCheck [\s\S]*?<\/RangeCheck>/g, '')
        .replace(/\s*<ConditionDef OID="RULE\.[\s\S]*?<\/ConditionDef>/g, '');
    expect(export1).toContain('<FormalExpression Context="EDC:rule">[age] &lt; 18</FormalExpression>');
    expect(withoutRules(export2)).toBe(withoutRules(export1));
    expect(export2).toContain('<MetaDataVersion OID="MDV.2.0"');
    expect(export2).toContain('<Study OID="Project.HypertensionPilot">');
  });

  it('makes another system’s text value lists an edit check, and reports a date range it cannot say', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ODM xmlns="http://www.cdisc.org/ns/odm/v1.3" FileType="Snapshot" FileOID="F" CreationDateTime="2026-01-01T00:00:00" ODMVersion="1.3.2">
  <Study OID="RC">
    <MetaDataVersion OID="M" Name="M">
      <StudyEventDef OID="E" Name="E" Repeating="No" Type="Scheduled"><FormRef FormOID="F" Mandatory="No"/></StudyEventDef>
      <FormDef OID="F" Name="F" Repeating="No"><ItemGroupRef ItemGroupOID="G" Mandatory="No"/></FormDef>
      <ItemGroupDef OID="G" Name="G" Repeating="No"><ItemRef ItemOID="ROUTE" Mandatory="No"/><ItemRef ItemOID="VISDAT" Mandatory="No"/></ItemGroupDef>
      <ItemDef OID="ROUTE" Name="ROUTE" DataType="text">
        <RangeCheck Comparator="IN" SoftHard="Soft"><CheckValue>ORAL</CheckValue><CheckValue>IV</CheckValue></RangeCheck>
      </ItemDef>
      <ItemDef OID="VISDAT" Name="VISDAT" DataType="date">
        <RangeCheck Comparator="GE" SoftHard="Soft"><CheckValue>2020-01-01</CheckValue></RangeCheck>
      </ItemDef>
    </MetaDataVersion>
  </Study>
</ODM>`;
    const research = await freshResearch(db());
    const first = await importXml(research.id, xml);
    const route = await db()
      .select({ expression: rules.expression, ruleType: rules.ruleType })
      .from(rules)
      .innerJoin(formFields, eq(formFields.id, rules.formFieldId))
      .where(and(eq(formFields.researchId, research.id), eq(formFields.oid, 'ROUTE')));
    expect(route).toEqual([{ expression: 'NOT ([ROUTE] = "ORAL" OR [ROUTE] = "IV")', ruleType: 'NoteAction' }]);
    const report = first.unmapped.map((u: any) => `${u.element} ${u.oid}`);
    expect(report).toContain('ItemDef VISDAT');
    expect(report).not.toContain('ItemDef ROUTE');
  });

  it('survives clashing, blank and odd OIDs and attributes without an error, and still exports valid ODM', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ODM xmlns="http://www.cdisc.org/ns/odm/v1.3" xmlns:x="urn:x" FileType="Snapshot" FileOID="F" CreationDateTime="2026-01-01T00:00:00" ODMVersion="1.3.2">
  <Study OID=" S ">
    <BasicDefinitions><MeasurementUnit OID="U" Name="u"><Symbol><TranslatedText>u</TranslatedText></Symbol></MeasurementUnit></BasicDefinitions>
    <MetaDataVersion OID="" Name="M">
      <StudyEventDef OID="E" Name="E" Repeating="No" Type="Scheduled"><FormRef FormOID="E" Mandatory="No"/></StudyEventDef>
      <FormDef OID="E" Name="Same OID as its event" Repeating="No"><ItemGroupRef ItemGroupOID="G" Mandatory="No"/></FormDef>
      <ItemGroupDef OID="G" Name="G" Repeating="No">
        <ItemRef ItemOID="I" Mandatory="No"/><ItemRef ItemOID="I" Mandatory="No"/><ItemRef ItemOID="" Mandatory="No"/>
      </ItemGroupDef>
      <ItemDef OID="I" Name="I" DataType="nonsense" Length="-3" SignificantDigits="x" x:odd="1">
        <Question><TranslatedText xml:lang="ru">А</TranslatedText><TranslatedText xml:lang="ru">Б</TranslatedText><TranslatedText xml:lang="not a tag!">C</TranslatedText></Question>
        <MeasurementUnitRef MeasurementUnitOID="U"/><MeasurementUnitRef MeasurementUnitOID="NOPE"/>
        <Alias Context="EDC:fieldType" Name="Bogus"/><Alias Context="X" Name="1"/><Alias Context="X" Name="2"/>
      </ItemDef>
      <ItemDef OID="" Name="" DataType="text"><CodeListRef CodeListOID="C"/></ItemDef>
      <CodeList OID="C" Name="" DataType="boolean">
        <CodeListItem CodedValue="1"><Decode><TranslatedText>Yes</TranslatedText></Decode></CodeListItem>
        <CodeListItem CodedValue="2"><Decode><TranslatedText>Yes</TranslatedText></Decode></CodeListItem>
        <CodeListItem CodedValue="Yes"><Decode><TranslatedText>1</TranslatedText></Decode></CodeListItem>
      </CodeList>
    </MetaDataVersion>
  </Study>
</ODM>`;
    const { export1, export2, first } = await twoTrips(xml);
    expect(first.counts).toMatchObject({ visits: 1, forms: 1, formFields: 3 });
    const lint = await xmllint(export1);
    expect(lint.output).toContain('validates');
    expect(designOf(export2)).toBe(designOf(export1));
    // The form keeps E; the clashing and blank ones get OIDs of their own.
    expect(export1).toContain('<FormDef OID="E.2"');
    expect(export1).toContain('<ItemDef OID="I" ');
    expect(export1).toContain('<ItemDef OID="I.2" ');
    // The reader trims attribute values; a blank MetaDataVersion OID gives way to the version's own.
    expect(export1).toContain('<Study OID="S">');
    expect(export1).toContain('<MetaDataVersion OID="MDV.1.0"');
    // Codes stay unique: the option "1" (decoded from Yes) cannot take the code 1 another option has.
    expect(export1).toMatch(/<CodeList OID="C" Name="[^"]+" DataType="text">/);
    expect((export1.match(/CodedValue="1"/g) ?? []).length).toBe(1);
  });
});
