import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  formFields,
  visits,
  forms,
  itemData,
  researchVersions,
  subjectFormFields,
  subjectForms,
  subjectFormSections,
} from '../../src/platform/db/schema/index.js';
import { makeCentre } from '../support/factories.js';
import { makeSubject, makeSubjectVisit } from '../support/subject-factories.js';
import { expectError, freshResearch, setupDesignApp } from './design-support.js';
import { SAMPLE } from './odm-support.js';

const REDCAP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/odm/redcap-longitudinal.odm.xml');

/**
 * A re-import of a version's own file can update that version in place (docs/design-api.md "ODM", "Update of the
 * recognised version"): matched by OID, unchanged rows untouched, changes audited, additions created, removals
 * as the design editors make them; refusals (another version, values entered, a version no longer Designed)
 * leave everything as it was; a dry run writes nothing.
 */

const { t, callers, admin, db } = setupDesignApp();

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
const importSend = (researchId: string, xml: string, over: Record<string, unknown> = {}) =>
  admin.send('POST', '/ResearchVersions/ImportOdm', { researchId, xml, ...over });

/** The OID of the ItemDef asking `question`. */
function itemOid(xml: string, question: string): string {
  const at = xml.indexOf(`<TranslatedText>${question}</TranslatedText>`);
  const from = xml.lastIndexOf('<ItemDef OID="', at);
  return xml.slice(from).match(/^<ItemDef OID="([^"]+)"/)![1]!;
}
const codeListOf = (xml: string, oid: string) => {
  const from = xml.indexOf(`<ItemDef OID="${oid}"`);
  return xml.slice(from, xml.indexOf('</ItemDef>', from)).match(/CodeListOID="([^"]+)"/)?.[1] ?? '-';
};
const formOid = (xml: string, title: string) => xml.match(new RegExp(`<FormDef OID="([^"]+)" Name="${title}"`))![1]!;
/** The file without an item, its placement and its code list. */
const withoutItem = (xml: string, oid: string) =>
  xml
    .replace(new RegExp(`\\s*<CodeList OID="${codeListOf(xml, oid).replace(/\./g, '\\.')}"[\\s\\S]*?</CodeList>`), '')
    .replace(new RegExp(`\\s*<ItemRef ItemOID="${oid.replace(/\./g, '\\.')}"[^>]*/>`), '')
    .replace(new RegExp(`\\s*<ItemDef OID="${oid.replace(/\./g, '\\.')}"[\\s\\S]*?</ItemDef>`), '');

/** The file with the weight's definition made a number. */
const weightAsNumber = (xml: string) =>
  xml.replace(
    /(<ItemDef OID="[^"]+" Name="[^"]+" DataType=")text("(?:(?!<\/ItemDef>)[\s\S])*?<TranslatedText>Weight<\/TranslatedText>(?:(?!<\/ItemDef>)[\s\S])*?<Alias Context="EDC:fieldType" Name=")Text"/,
    '$1float$2Number"',
  );

/** A version 1.0 designed in the app: a visit with two forms, the first asking weight and smoking. */
async function designed() {
  const research = await freshResearch(db());
  const version = await admin.version(research.id);
  const visit = await admin.visit(research.id);
  const type = await admin.formType();
  const text = await admin.field(type.id);
  const select = await admin.field(type.id, { fieldType: 'Select', optionList: ['Yes', 'No'] });
  const form = await admin.form(visit.id, type.id, { title: 'Vitals' });
  const section = await admin.section(form.id);
  const weight = await admin.formField(section.id, text.id, { text: 'Weight', units: 'kg' });
  const smoker = await admin.formField(section.id, select.id, { text: 'Smoker' });
  const other = await admin.form(visit.id, type.id, { title: 'History' });
  const otherSection = await admin.section(other.id);
  const history = await admin.formField(otherSection.id, text.id, { text: 'History' });
  const xml = await exportXml(version.id);
  return { research, version, visit, text, select, form, section, weight, smoker, other, otherSection, history, xml };
}
type Designed = Awaited<ReturnType<typeof designed>>;

const auditCount = async (researchId: string) =>
  Number((await db().select({ n: count() }).from(auditLog).where(eq(auditLog.researchId, researchId)))[0]!.n);
const versionCount = async (researchId: string) =>
  Number(
    (
      await db()
        .select({ n: count() })
        .from(researchVersions)
        .where(and(eq(researchVersions.researchId, researchId), isNull(researchVersions.deletedAt)))
    )[0]!.n,
  );
const liveFields = (formId: string) =>
  db()
    .select()
    .from(formFields)
    .where(and(eq(formFields.formId, formId), isNull(formFields.deletedAt)))
    .orderBy(formFields.index);

/** A value entered for a form field (a subject of a site, its visit, form, section and field, then the value). */
async function enterValue(d: Designed, formId: string, sectionId: string, formFieldId: string, data = '71') {
  const centre = await makeCentre(db(), { researchId: d.research.id, type: 'Site' });
  const subject = await makeSubject(db(), { researchId: d.research.id, centreId: centre.id });
  const sv = await makeSubjectVisit(db(), { subjectId: subject.id, visitId: d.visit.id });
  const [sf] = await db()
    .insert(subjectForms)
    .values({ researchId: d.research.id, subjectId: subject.id, subjectVisitId: sv.id, formId })
    .returning();
  const [sfs] = await db().insert(subjectFormSections).values({ subjectFormId: sf!.id, formSectionId: sectionId }).returning();
  const [sff] = await db()
    .insert(subjectFormFields)
    .values({ subjectFormId: sf!.id, subjectFormSectionId: sfs!.id, formFieldId })
    .returning();
  await db().insert(itemData).values({ subjectFormFieldId: sff!.id, data });
}

/** What a refused update must leave as it was. */
async function state(d: Designed) {
  return {
    audit: await auditCount(d.research.id),
    versions: await versionCount(d.research.id),
    fields: await liveFields(d.form.id),
    other: await liveFields(d.other.id),
    forms: await db().select().from(forms).where(eq(forms.visitId, d.visit.id)).orderBy(forms.id),
  };
}

describe('ODM update of the recognised version', () => {
  it('a dry run recognises the version and writes nothing', async () => {
    const d = await designed();
    const before = await state(d);
    const check = await importXml(d.research.id, d.xml, { dryRun: true });
    expect(check.dryRun).toBe(true);
    expect(check.researchVersion).toBeUndefined();
    expect(check.sameAs).toMatchObject({ researchVersionId: d.version.id, index: '1.0', added: [], removed: [], changed: [] });
    expect(check.counts).toMatchObject({ visits: 1, forms: 2, sections: 2, formFields: 3 });
    // A dry run of the update goes through it and rolls it back.
    const changed = d.xml.replace('<TranslatedText>Weight</TranslatedText>', '<TranslatedText>Body weight</TranslatedText>');
    const trial = await importXml(d.research.id, changed, { dryRun: true, updateResearchVersionId: d.version.id });
    expect(trial).toMatchObject({ dryRun: true, update: { created: 0, updated: 1, removed: 0 } });
    expect(trial.researchVersion.id).toBe(d.version.id);
    expect(await state(d)).toEqual(before);
  });

  it('an unchanged file changes nothing: no row touched, only the report audited', async () => {
    const d = await designed();
    const before = await state(d);
    const reply = await importXml(d.research.id, d.xml, { updateResearchVersionId: d.version.id });
    expect(reply.researchVersion.id).toBe(d.version.id);
    // 1 visit, 2 forms, 2 sections, 3 form fields
    expect(reply.update).toEqual({ created: 0, updated: 0, unchanged: 8, removed: 0 });
    const after = await state(d);
    expect(after.audit).toBe(before.audit + 1);
    expect({ ...after, audit: 0 }).toEqual({ ...before, audit: 0 });
    const [report] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, d.version.id), eq(auditLog.action, 'research_version.import_odm_report')));
    expect(report!.after).toMatchObject({ update: reply.update });
  });

  it('applies a changed question, a renamed definition, an added and a removed item in place, each audited', async () => {
    const d = await designed();
    const smokerOid = itemOid(d.xml, 'Smoker');
    const [firstItem] = [...d.xml.matchAll(/<ItemRef ItemOID="([^"]+)"/g)].map((m) => m[1]);
    const changed = withoutItem(d.xml, smokerOid)
      .replace('<TranslatedText>Weight</TranslatedText>', '<TranslatedText>Body weight</TranslatedText>')
      .replaceAll(d.text.title, 'Measured value')
      .replace(
        new RegExp(`(<ItemRef ItemOID="${firstItem!.replace(/\./g, '\\.')}"[^>]*/>)`),
        '$1\n<ItemRef ItemOID="IT.PULSE" OrderNumber="3" Mandatory="Yes"/>',
      )
      .replace(
        '<ItemDef ',
        '<ItemDef OID="IT.PULSE" Name="PULSE" DataType="integer"><Question><TranslatedText>Pulse</TranslatedText></Question></ItemDef>\n<ItemDef ',
      );
    const reply = await importXml(d.research.id, changed, { updateResearchVersionId: d.version.id });
    expect(reply.researchVersion.id).toBe(d.version.id);
    expect(await versionCount(d.research.id)).toBe(1);
    // Weight's question and definition changed; Pulse created; Smoker removed; the rest untouched.
    expect(reply.update).toEqual({ created: 1, updated: 1, unchanged: 6, removed: 1 });
    const fields = await liveFields(d.form.id);
    expect(fields.map((f) => f.text)).toEqual(['Body weight', 'Pulse']);
    expect(fields[0]!.id).toBe(d.weight.id);
    expect(fields[1]).toMatchObject({ isRequired: true, oid: 'IT.PULSE', index: 1 });
    const other = await liveFields(d.other.id);
    expect(other.map((f) => [f.id, f.updatedAt.toISOString()])).toEqual([[d.history.id, d.history.updatedAt]]);
    const actions = await db()
      .select({ action: auditLog.action, entityId: auditLog.entityId })
      .from(auditLog)
      .where(eq(auditLog.researchId, d.research.id))
      .orderBy(auditLog.seq);
    const last = actions.slice(-4);
    expect(last).toEqual([
      { action: 'form_field.update', entityId: d.weight.id },
      { action: 'form_field.delete', entityId: d.smoker.id },
      { action: 'form_field.create', entityId: fields[1]!.id },
      { action: 'research_version.import_odm_report', entityId: d.version.id },
    ]);
    const [defAudit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, d.text.id), eq(auditLog.action, 'field.update')));
    expect(defAudit!.after).toMatchObject({ title: 'Measured value', source: 'odm' });
    // The version's file is the changed one now: importing it again is recognised with no difference.
    const again = await importXml(d.research.id, changed, { dryRun: true });
    expect(again.sameAs).toMatchObject({ researchVersionId: d.version.id, added: [], removed: [], changed: [] });
  });

  it('refuses another version, another study and a version no longer Designed, naming the field', async () => {
    const d = await designed();
    const before = await state(d);
    const wrong = await importSend(d.research.id, d.xml, { updateResearchVersionId: d.research.id });
    expect(expectError(wrong, 409, 'odm_update_not_same', 'updateResearchVersionId').message).toContain('1.0');
    const sample = await fs.readFile(SAMPLE, 'utf8');
    expectError(await importSend(d.research.id, sample, { updateResearchVersionId: d.version.id }), 409, 'odm_update_not_same');
    const withIndex = await importSend(d.research.id, d.xml, { updateResearchVersionId: d.version.id, majorIndex: 2 });
    expectError(withIndex, 400, 'odm_update_field_unused', 'majorIndex');
    expect(await state(d)).toEqual(before);
    await admin.ok('POST', `/ResearchVersions/${d.version.id}/StartQaValidating`);
    const validated = await state(d);
    const validating = await importSend(d.research.id, d.xml, { updateResearchVersionId: d.version.id });
    expectError(validating, 409, 'odm_update_version_status', 'updateResearchVersionId');
    expect(await state(d)).toEqual(validated);
  });

  it('refuses, changing nothing, to remove a form with values or retype a field with values, naming each', async () => {
    const d = await designed();
    await enterValue(d, d.other.id, d.otherSection.id, d.history.id, 'asthma');
    await enterValue(d, d.form.id, d.section.id, d.weight.id, '71');
    const before = await state(d);
    const otherOid = formOid(d.xml, 'History');
    const weightOid = itemOid(d.xml, 'Weight');
    const withoutForm = d.xml
      .replace(new RegExp(`\\s*<FormRef FormOID="${otherOid.replace(/\./g, '\\.')}"[^>]*/>`), '')
      .replace('<TranslatedText>Weight</TranslatedText>', '<TranslatedText>Body weight</TranslatedText>');
    const removing = await importSend(d.research.id, withoutForm, { updateResearchVersionId: d.version.id });
    expect(expectError(removing, 409, 'odm_update_refused').message).toContain(`FormDef ${otherOid}`);
    expect(await state(d)).toEqual(before);
    // The weight's definition made a number: its value was entered as text.
    const retyped = weightAsNumber(d.xml);
    expect(retyped).not.toBe(d.xml);
    const retyping = await importSend(d.research.id, retyped, { updateResearchVersionId: d.version.id });
    expect(expectError(retyping, 409, 'odm_update_refused').message).toContain(`ItemDef ${weightOid}`);
    expect(await state(d)).toEqual(before);
    // Without values the same type change goes through.
    const fresh = await designed();
    const ok = await importXml(fresh.research.id, weightAsNumber(fresh.xml), { updateResearchVersionId: fresh.version.id });
    expect(ok.update).toMatchObject({ updated: 1, created: 0, removed: 0 });
    const [weight] = await liveFields(fresh.form.id);
    expect(weight!.id).toBe(fresh.weight.id);
    const defs = await admin.ok('GET', `/Fields/${fresh.text.id}`);
    expect(defs.fieldType).toBe('Number');
  });

  it('updates an imported version: unchanged when the file is its export, then a visit removed and one added', async () => {
    const research = await freshResearch(db());
    const first = await importXml(research.id, await fs.readFile(REDCAP, 'utf8'));
    const versionId = first.researchVersion.id;
    const xml = await exportXml(versionId);
    const same = await importXml(research.id, xml, { updateResearchVersionId: versionId });
    expect(same.update).toMatchObject({ created: 0, updated: 0, removed: 0 });
    // The file's rules are not applied to an existing version, and the report says so.
    expect(same.unmapped.some((u: { element: string }) => u.element === 'Rule')).toBe(true);
    const visitsBefore = await admin.ok('GET', `/Visits?researchId=${research.id}`);
    const baseline = visitsBefore.find((v: { title: string }) => v.title === 'Baseline');
    const week4 = visitsBefore.find((v: { title: string }) => v.title === 'Week 4');
    const week4Oid = xml.match(/<StudyEventDef OID="([^"]+)" Name="Week 4"/)![1]!;
    const esc = week4Oid.replace(/\./g, '\\.');
    const changed = xml
      .replace(new RegExp(`<StudyEventRef StudyEventOID="${esc}"`), '<StudyEventRef StudyEventOID="Event.week_8"')
      .replace(new RegExp(`<StudyEventDef OID="${esc}" Name="Week 4"`), '<StudyEventDef OID="Event.week_8" Name="Week 8"')
      .replace(/<Alias Context="EDC:visitKey" Name="[^"]*week_4[^"]*"\/>/, '<Alias Context="EDC:visitKey" Name="week_8"/>');
    expect(changed).toContain('Name="Week 8"');
    const reply = await importXml(research.id, changed, { updateResearchVersionId: versionId });
    expect(reply.researchVersion.id).toBe(versionId);
    expect(reply.update.removed).toBeGreaterThan(2);
    expect(reply.update.created).toBe(reply.update.removed);
    // Week 8's vitals and its repeating medications group's form.
    expect(reply.counts).toMatchObject({ visits: 1, forms: 2, formTypes: 0 });
    const live = await db()
      .select({ id: visits.id, title: visits.title })
      .from(visits)
      .where(and(eq(visits.researchId, research.id), isNull(visits.deletedAt)))
      .orderBy(visits.index);
    expect(live.map((v) => v.title)).toEqual(['Baseline', 'Week 8']);
    expect(live[0]!.id).toBe(baseline.id);
    expect(live[1]!.id).not.toBe(week4.id);
    const design = await exportXml(versionId);
    expect(design).toContain('<StudyEventDef OID="Event.week_8" Name="Week 8"');
  });

  it('takes options added at the end of a list with values, refuses other option changes and changes in a complete form', async () => {
    const d = await designed();
    await enterValue(d, d.form.id, d.section.id, d.smoker.id, 'Yes');
    const added = d.xml.replace(
      /(<CodeListItem CodedValue="No" OrderNumber="2">[\s\S]*?<\/CodeListItem>)/,
      '$1<CodeListItem CodedValue="Unknown" OrderNumber="3"><Decode><TranslatedText>Unknown</TranslatedText></Decode></CodeListItem>',
    );
    expect(added).not.toBe(d.xml);
    const reply = await importXml(d.research.id, added, { updateResearchVersionId: d.version.id });
    expect(reply.update).toMatchObject({ updated: 1, created: 0, removed: 0 });
    expect((await admin.ok('GET', `/Fields/${d.select.id}`)).optionList).toEqual(['Yes', 'No', 'Unknown']);
    // An option renamed would change what the entered «Yes» means.
    const xml = await exportXml(d.version.id);
    const before = await state(d);
    const renamed = xml.replace('<TranslatedText>Yes</TranslatedText>', '<TranslatedText>Maybe</TranslatedText>');
    const refused = await importSend(d.research.id, renamed, { updateResearchVersionId: d.version.id });
    const codeList = codeListOf(xml, itemOid(xml, 'Smoker'));
    expect(expectError(refused, 409, 'odm_update_refused', 'xml').message).toContain(`CodeList ${codeList}`);
    expect(await state(d)).toEqual(before);
    // A complete form refuses changes in it, as the editors do; a dry run says so too.
    await admin.ok('POST', `/Forms/${d.form.id}/ToggleComplete`);
    const complete = await state(d);
    const question = xml.replace('<TranslatedText>Weight</TranslatedText>', '<TranslatedText>Body weight</TranslatedText>');
    for (const dryRun of [true, false]) {
      const res = await importSend(d.research.id, question, { updateResearchVersionId: d.version.id, dryRun });
      expect(expectError(res, 409, 'odm_update_refused').message).toContain('форма завершены');
    }
    expect(await state(d)).toEqual(complete);
  });
});
