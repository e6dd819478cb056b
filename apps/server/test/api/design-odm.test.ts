import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { matrix } from '../support/cast.js';
import { SAMPLE, xmllint } from './odm-support.js';
import { auditActions, expectError, freshResearch, setupDesignApp } from './design-support.js';

const { t, callers, world, admin, db, as } = setupDesignApp();

async function exportXml(versionId: string, token = callers.admin.token) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/ResearchVersions/${versionId}/Odm`,
    headers: { authorization: `Bearer ${token}` },
  });
  return res;
}

/** A research version with two visits and a form using every kind of field worth exporting. */
async function richDesign() {
  const research = await freshResearch(db(), { grlsProtocolNumber: `ODM-${Date.now()}`, researchKey: 'ODM<&>' });
  const version = await admin.version(research.id, { description: 'Первая версия' });
  const screening = await admin.visit(research.id, {
    title: 'Скрининг',
    visitKey: 'SCR',
    visitTypeString: 'Screening',
    dayNumber: -14,
    dayMinus: 3,
    pointList: ['T0'],
  });
  const week = await admin.visit(research.id, {
    title: 'Неделя 1',
    visitKey: 'W1',
    visitTypeString: 'Period',
    dayNumber: 7,
    dayPlus: 1,
    repeating: true,
    isRequired: true,
  });
  const type = await admin.formType({ title: 'Витальные показатели', formTypeKey: 'VS' });
  const height = await admin.field(type.id, { title: 'Рост', fieldKey: 'HEIGHT', fieldType: 'Number', units: 'см' });
  const smoker = await admin.field(type.id, {
    title: 'Курение',
    fieldKey: 'SMOKE',
    fieldType: 'Select',
    optionList: ['Да', 'Нет', 'A & B <c>'],
    defaultOption: 'Нет',
  });
  const time = await admin.field(type.id, { title: 'Время', fieldKey: 'VSTIM', fieldType: 'Time' });
  const date = await admin.field(type.id, { title: 'Дата', fieldKey: 'VSDAT', fieldType: 'Date' });
  const file = await admin.field(type.id, { title: 'Скан', fieldKey: 'SCAN', fieldType: 'File' });
  const form = await admin.form(screening.id, type.id, {
    title: 'Витальные',
    formKey: 'VS_SCR',
    isRequired: true,
    genderString: 'Female',
  });
  const s1 = await admin.section(form.id, { sectionName: 'Измерения', formSectionKey: 'MEAS', description: 'Стоя' });
  const s2 = await admin.section(form.id, { sectionName: 'Анамнез' });
  const fHeight = await admin.formField(s1.id, height.id, {
    text: 'Рост пациента',
    isRequired: true,
    mask: '000',
    regExMask: '^\\d{2,3}$',
    annotationKey: 'VSORRES',
    units: 'cm',
  });
  await admin.formField(s1.id, time.id, { text: 'Время измерения', duration: '00:15:00' });
  await admin.formField(s1.id, date.id, { text: 'Дата измерения', dataLink: 'RandomisationDate' });
  const fSmoke = await admin.formField(s2.id, smoker.id, { text: 'Курит?' });
  const fHow = await admin.formField(s2.id, height.id, { text: 'Сигарет в день', textBefore: 'Около', textAfter: 'шт.' });
  await admin.formField(s2.id, file.id, { text: 'Скан карты', isHidden: true });
  await admin.ok('POST', `/FormFields/${fSmoke.id}/SetChildFormField`, {
    parentVisibleRule: 'Да',
    childFormFieldList: [fHow.id],
  });
  const form2 = await admin.form(week.id, type.id, { title: 'Витальные (неделя)', repeating: true });
  const s3 = await admin.section(form2.id, { sectionName: 'Измерения' });
  await admin.formField(s3.id, height.id, { text: 'Рост' });
  await admin.formField(s3.id, smoker.id, { text: 'Курит?' });
  // Not in this version: must stay out of the export.
  await admin.visit(research.id, { title: 'Вне версии', visitKey: 'OUT', researchVersionIdList: [] });
  return { research, version, fHeight };
}

describe('GET /ResearchVersions/{id}/Odm', () => {
  it('exports a version’s design as ODM 1.3.2 that validates against the schema', async () => {
    const { version, research } = await richDesign();
    const res = await exportXml(version.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+-v1\.0\.odm\.xml"/);
    const xml = res.body;
    const lint = await xmllint(xml);
    expect(lint.output).toContain('validates');
    expect(lint.ok).toBe(true);
    expect(xml).toContain('ODMVersion="1.3.2"');
    expect(xml).toContain(`<StudyName>${research.grlsProtocolNumber}</StudyName>`);
    expect(xml).toContain('<StudyEventDef OID="SE.SCR" Name="Скрининг" Repeating="No" Type="Scheduled" Category="Screening">');
    expect(xml).toContain('<StudyEventDef OID="SE.W1" Name="Неделя 1" Repeating="Yes" Type="Scheduled" Category="Period">');
    expect(xml).not.toContain('SE.OUT');
    expect(xml).toContain('<FormDef OID="F.VS_SCR" Name="Витальные" Repeating="No">');
    expect(xml).toContain('<ItemGroupDef OID="IG.VS_SCR.MEAS" Name="Измерения" Repeating="No">');
    expect(xml).toMatch(/<ItemDef OID="IT\.VS_SCR\.HEIGHT" Name="VSORRES" DataType="float" SDSVarName="VSORRES">/);
    expect(xml).toContain('<MeasurementUnit OID="MU.1" Name="cm">');
    expect(xml).toContain('<Alias Context="EDC:mask" Name="000"/>');
    expect(xml).toContain('<CodeListItem CodedValue="A &amp; B &lt;c&gt;" OrderNumber="3">');
    expect(xml).toContain('CollectionExceptionConditionOID="COND.VS_SCR.HEIGHT.2"');
    expect(xml).toContain('<FormalExpression Context="EDC">IT.VS_SCR.SMOKE != "Да"</FormalExpression>');
    expect((xml.match(/<FormDef /g) ?? []).length).toBe(2);
    expect((xml.match(/<ItemDef /g) ?? []).length).toBe(8);
    expect((xml.match(/<CodeList /g) ?? []).length).toBe(1);
  });

  it('exports an empty version that still validates', async () => {
    const research = await freshResearch(db());
    const version = await admin.version(research.id);
    const res = await exportXml(version.id);
    expect((await xmllint(res.body)).ok).toBe(true);
  });

  it.each(matrix({ outsider: 403 }, 200))('%s (%s) exporting the world research → %i', async (_l, caller, status) => {
    const versions = await admin.ok('GET', `/ResearchVersions?researchId=${world.research.id}`);
    const v = versions[0] ?? (await admin.version(world.research.id));
    expect((await exportXml(v.id, callers[caller].token)).statusCode).toBe(status);
  });
});

describe('POST /ResearchVersions/ImportOdm', () => {
  it('imports the CDASH sample as 4 forms and 2 of their repeating groups with 52 items, reporting what it could not map', async () => {
    const research = await freshResearch(db());
    const xml = await fs.readFile(SAMPLE, 'utf8');
    const data = await admin.ok('POST', '/ResearchVersions/ImportOdm', {
      researchId: research.id,
      xml,
      startedDate: '2026-04-01',
    });
    expect(data.researchVersion).toMatchObject({ index: '1.0', status: 'Designed', startedDate: '2026-04-01' });
    // Its two repeating ItemGroupDefs (ODM.IG.VS, ODM.IG.AE) are repeating forms of their own.
    expect(data.counts).toMatchObject({ forms: 6, fields: 52, formFields: 48, visits: 2, sections: 8 });
    const messages = data.unmapped.map((u: any) => `${u.element} ${u.oid}: ${u.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ItemDef ODM\.IT\.DM\.SEX: CodeListRef ссылается на несуществующий CodeList CL\.SEX/),
        expect.stringMatching(/^FormDef ODM\.F\.RACE: FormDef не входит ни в одно событие/),
        expect.stringMatching(/^ItemDef ODM\.IT\.VS\.VSTIM: ItemDef не входит ни в одну форму/),
        expect.stringMatching(/^ItemDef ODM\.IT\.AE\.AESTDTC: Тип данных partialDatetime импортирован как DateTime/),
        'ItemGroupDef ODM.IG.VS: Повторяющаяся группа импортирована как повторяющаяся форма «Vital Signs: Vital Sign Measurement» в тех же визитах (разделы не повторяются)',
        expect.stringMatching(/^CodeList ODM\.CL\.OUT: CodeList не используется/),
      ]),
    );
    const visits = await admin.ok('GET', `/Visits?researchId=${research.id}`);
    expect(visits.map((v: any) => [v.visitKey, v.title])).toEqual([
      ['BASELINE', 'Baseline Visit'],
      ['ODM.UNSCHEDULED', 'Формы вне событий ODM'],
    ]);
    const forms = await admin.ok('GET', `/Forms?researchId=${research.id}`);
    expect(forms.map((f: any) => [f.title, f.repeating])).toEqual([
      ['Demographics', false],
      ['Vital Signs', false],
      ['Vital Signs: Vital Sign Measurement', true],
      ['Adverse Event', false],
      ['Adverse Event: Details', true],
      ['Not Displayed', false],
    ]);
    expect(forms.every((f: any) => f.researchVersionList[0].id === data.researchVersion.id)).toBe(true);
    const editor = await admin.ok('GET', `/FormSections/WithReferences?formId=${forms[3].id}`);
    expect(editor.map((s: any) => s.sectionName)).toEqual(['General information']);
    const details = await admin.ok('GET', `/FormSections/WithReferences?formId=${forms[4].id}`);
    expect(details.map((s: any) => s.sectionName)).toEqual(['Details']);
    const severity = details[0].formFieldList.find((f: any) => f.text === 'Severity');
    expect(severity.field).toMatchObject({ fieldType: 'Select', optionList: ['MILD', 'MODERATE', 'SEVERE'] });
    const aeyn = editor[0].formFieldList[0];
    expect(aeyn).toMatchObject({ text: 'Any AEs?', isRequired: true, annotationKey: null });
    const vs = await admin.ok('GET', `/FormSections/WithReferences?formId=${forms[1].id}`);
    const measurements = await admin.ok('GET', `/FormSections/WithReferences?formId=${forms[2].id}`);
    expect(vs.map((s: any) => s.sectionName)).toEqual(['Common', 'General information']);
    const heightUnits = measurements[0].formFieldList.find((f: any) => f.text.startsWith('Height'));
    expect(heightUnits.field.fieldType).toBe('Number');
    expect(await auditActions(db(), data.researchVersion.id)).toEqual([
      'research_version.import_odm',
      'research_version.import_odm_report',
    ]);
  });

  it('round-trips its own export: structure, options, masks, units and dependencies', async () => {
    const { version, fHeight } = await richDesign();
    const xml = (await exportXml(version.id)).body;
    const target = await freshResearch(db());
    const data = await admin.ok('POST', '/ResearchVersions/ImportOdm', {
      researchId: target.id,
      xml,
      majorIndex: 0,
      minorIndex: 0,
    });
    expect(data.researchVersion.index).toBe('0.0');
    expect(data.counts).toMatchObject({ visits: 2, forms: 2, sections: 3, formFields: 8, fields: 5, formTypes: 1, codeLists: 1 });
    expect(data.unmapped).toEqual([]);
    const visits = await admin.ok('GET', `/Visits?researchId=${target.id}`);
    expect(
      visits.map((v: any) => [
        v.title,
        v.visitTypeString,
        v.dayNumber,
        v.dayPlus,
        v.dayMinus,
        v.repeating,
        v.isRequired,
        v.pointList,
      ]),
    ).toEqual([
      ['Скрининг', 'Screening', -14, 0, 3, false, false, ['T0']],
      ['Неделя 1', 'Period', 7, 1, 0, true, true, []],
    ]);
    const [form] = await admin.ok('GET', `/Forms?VisitId=${visits[0].id}`);
    expect(form).toMatchObject({
      title: 'Витальные',
      isRequired: true,
      genderString: 'Female',
      formType: { title: 'Витальные показатели' },
    });
    const sections = await admin.ok('GET', `/FormSections/WithReferences?formId=${form.id}`);
    expect(sections.map((s: any) => [s.sectionName, s.description])).toEqual([
      ['Измерения', 'Стоя'],
      ['Анамнез', null],
    ]);
    const [h, tm, dt] = sections[0].formFieldList;
    expect(h).toMatchObject({
      text: fHeight.text,
      isRequired: true,
      mask: '000',
      regExMask: '^\\d{2,3}$',
      annotationKey: 'VSORRES',
      units: 'cm',
    });
    expect(h.field).toMatchObject({ title: 'Рост', fieldKey: 'HEIGHT', fieldType: 'Number', units: 'см' });
    expect(tm).toMatchObject({ duration: '00:15:00', field: { fieldType: 'Time' } });
    expect(dt).toMatchObject({ dataLink: 'RandomisationDate', field: { fieldType: 'Date' } });
    const [smoke, how, scan] = sections[1].formFieldList;
    expect(smoke.field).toMatchObject({ fieldType: 'Select', optionList: ['Да', 'Нет', 'A & B <c>'], defaultOption: 'Нет' });
    expect(how).toMatchObject({ parentFormFieldId: smoke.id, parentVisibleRule: 'Да', textBefore: 'Около', textAfter: 'шт.' });
    expect(scan).toMatchObject({ isHidden: true, field: { fieldType: 'File' } });
    // The same definition serves both forms after the round trip.
    const [form2] = await admin.ok('GET', `/Forms?VisitId=${visits[1].id}`);
    const [s3] = await admin.ok('GET', `/FormSections/WithReferences?formId=${form2.id}`);
    expect(s3.formFieldList[0].field.id).toBe(h.field.id);
    // And the imported version exports again, still valid.
    expect((await xmllint((await exportXml(data.researchVersion.id)).body)).ok).toBe(true);
  });

  it('follows the version index rules', async () => {
    const research = await freshResearch(db());
    await admin.version(research.id, { startedDate: '2030-01-01' });
    const xml = await fs.readFile(SAMPLE, 'utf8');
    const next = await admin.ok('POST', '/ResearchVersions/ImportOdm', { researchId: research.id, xml });
    expect(next.researchVersion).toMatchObject({ index: '2.0', startedDate: '2030-01-01' });
    const dup = await admin.send('POST', '/ResearchVersions/ImportOdm', {
      researchId: research.id,
      xml,
      majorIndex: 2,
      minorIndex: 0,
    });
    expect(expectError(dup, 409, 'version_exists').message).toBe('Версия 2.0 уже существует!');
    // Nothing of the refused import was written.
    expect((await admin.ok('GET', `/Forms?researchId=${research.id}`)).length).toBe(6);
  });

  it('refuses what is not ODM, with the reason', async () => {
    const research = await freshResearch(db());
    const broken = await admin.send('POST', '/ResearchVersions/ImportOdm', {
      researchId: research.id,
      xml: '<ODM><Study></ODM>',
    });
    expect(expectError(broken, 400, 'odm_invalid', 'xml').message).toMatch(/^Файл не является корректным документом CDISC ODM: /);
    expectError(
      await admin.send('POST', '/ResearchVersions/ImportOdm', { researchId: research.id, xml: '<Other/>' }),
      400,
      'odm_invalid',
      'xml',
    );
    const bomb = '<?xml version="1.0"?><!DOCTYPE ODM [<!ENTITY a "aaaa">]><ODM>&a;</ODM>';
    expect(
      expectError(
        await admin.send('POST', '/ResearchVersions/ImportOdm', { researchId: research.id, xml: bomb }),
        400,
        'odm_invalid',
      ).message,
    ).toContain('DOCTYPE');
    expectError(
      await admin.send('POST', '/ResearchVersions/ImportOdm', { researchId: research.id, xml: '<ODM/>' }),
      400,
      'odm_invalid',
    );
    expectError(await admin.send('POST', '/ResearchVersions/ImportOdm', { researchId: research.id }), 400, 'required', 'xml');
  });

  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))(
    '%s (%s) importing into the world research → %i',
    async (_l, caller, status) => {
      const res = await as(caller).send('POST', '/ResearchVersions/ImportOdm', {
        researchId: world.research.id,
        xml: '<ODM xmlns="http://www.cdisc.org/ns/odm/v1.3"><Study OID="S"><MetaDataVersion OID="M" Name="M"/></Study></ODM>',
      });
      expect(res.status).toBe(status);
    },
  );
});
