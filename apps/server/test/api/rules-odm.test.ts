import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { forms, rules } from '../../src/platform/db/schema/index.js';
import { makeCentre } from '../support/factories.js';
import { xmllint } from './odm-support.js';
import { expectError, freshResearch, setupDesignApp } from './design-support.js';

/**
 * Study rules in ODM (docs/rules.md "ODM"): exported as ConditionDef / MethodDef with `EDC:` aliases (the
 * file still validates against the ODM 1.3.2 schema), imported back onto the imported fields, not validated;
 * a rule the checks refuse makes the whole import a 400 naming the rule, and nothing is imported.
 */

const { t, callers, admin, db, as } = setupDesignApp();

const BMI = 'RoundAwayFromZero(Bmi([WEIGHT]; [HEIGHT]); 1)';
const RANGE = '[SYSBP] < 90 OR [SYSBP] > 160';

/** A version with one form (weight, height, BMI, systolic pressure) and its rules: a BMI, a range check, a centre's check. */
async function designWithRules() {
  const research = await freshResearch(db(), { grlsProtocolNumber: `RODM-${Date.now()}` });
  const centre = await makeCentre(db(), { researchId: research.id, type: 'Site', number: '07' });
  const version = await admin.version(research.id);
  const visit = await admin.visit(research.id, { title: 'Скрининг', visitKey: 'SCR' });
  const type = await admin.formType({ title: 'Витальные', formTypeKey: `VS${Date.now()}` });
  const num = (fieldKey: string) => admin.field(type.id, { title: fieldKey, fieldKey, fieldType: 'Number' });
  const [weight, height, bmi, sbp] = [await num('WEIGHT'), await num('HEIGHT'), await num('BMI'), await num('SBPF')];
  const form = await admin.form(visit.id, type.id, { title: 'Витальные', formKey: 'VS' });
  const section = await admin.section(form.id, { sectionName: 'Измерения' });
  await admin.formField(section.id, weight!.id, { text: 'Масса, кг' });
  await admin.formField(section.id, height!.id, { text: 'Рост, см' });
  const fBmi = await admin.formField(section.id, bmi!.id, { text: 'ИМТ' });
  const fSbp = await admin.formField(section.id, sbp!.id, { text: 'САД', annotationKey: 'SYSBP' });
  await admin.ok('POST', '/Rules', { ruleTypeString: 'InsertAction', expression: BMI, formFieldId: fBmi.id, message: null });
  await admin.ok('POST', '/Rules', {
    ruleTypeString: 'NoteAction',
    expression: RANGE,
    formFieldId: fSbp.id,
    message: 'САД вне диапазона 90–160\nпроверьте & <подтвердите>',
  });
  await admin.ok('POST', '/Rules', {
    ruleTypeString: 'NoteAction',
    expression: '[WEIGHT] > 150',
    formFieldId: fSbp.id,
    message: 'Проверьте массу',
    researchOrganisationId: centre.id,
  });
  return { research, version };
}

async function exportXml(versionId: string, who: 'admin' | 'editor' = 'admin'): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/ResearchVersions/${versionId}/Odm`,
    headers: { authorization: `Bearer ${callers[who].token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The live rules of a research as [type, message, expression, target field's code, centre number, validated, tested]. */
async function rulesOf(researchId: string) {
  const list = await admin.ok('GET', `/Rules/ByResearchId?researchId=${researchId}`);
  return list
    .map((r: any) => [
      r.ruleTypeString,
      r.message,
      r.expression,
      r.formFieldChain.formField.text,
      r.researchOrganisationNumber,
      r.isValidate,
      r.isTested,
    ])
    .sort((a: string[], b: string[]) => `${a[0]}${a[2]}`.localeCompare(`${b[0]}${b[2]}`));
}

describe('rules in ODM', () => {
  it('exports rules as ConditionDef / MethodDef that validate against the ODM 1.3.2 schema', async () => {
    const { version } = await designWithRules();
    const xml = await exportXml(version.id);
    const lint = await xmllint(xml);
    expect(lint.output).toContain('validates');
    expect(lint.ok).toBe(true);
    expect(xml).toContain('<MethodDef OID="RULE.VS.BMI" Name="InsertAction IT.VS.BMI" Type="Computation">');
    expect(xml).toContain(`<FormalExpression Context="EDC:rule">${BMI}</FormalExpression>`);
    expect(xml).toMatch(/<ItemRef ItemOID="IT\.VS\.BMI" OrderNumber="3" Mandatory="No" MethodOID="RULE\.VS\.BMI"\/>/);
    expect(xml).toContain('<ConditionDef OID="RULE.VS.SBPF" Name="NoteAction IT.VS.SBPF">');
    expect(xml).toContain('<FormalExpression Context="EDC:rule">[SYSBP] &lt; 90 OR [SYSBP] &gt; 160</FormalExpression>');
    expect(xml).toContain('<Alias Context="EDC:ruleCentre" Name="07"/>');
    expect(xml).toContain('<Alias Context="EDC:ruleValidated" Name="No"/>');
    // The whole research's range check on its own number field is also that ItemDef's RangeChecks; the
    // centre's check on another field is not.
    expect(xml.match(/<RangeCheck /g)).toHaveLength(2);
    const item = xml.slice(
      xml.indexOf('<ItemDef OID="IT.VS.SBPF"'),
      xml.indexOf('</ItemDef>', xml.indexOf('<ItemDef OID="IT.VS.SBPF"')),
    );
    expect(item).toMatch(
      /<RangeCheck Comparator="GE" SoftHard="Soft">\s*<CheckValue>90<\/CheckValue>\s*<ErrorMessage>\s*<TranslatedText>САД вне диапазона 90–160\nпроверьте &amp; &lt;подтвердите&gt;<\/TranslatedText>/,
    );
    expect(item).toMatch(/<RangeCheck Comparator="LE" SoftHard="Soft">\s*<CheckValue>160<\/CheckValue>/);
    // ODM's order: ConditionDefs before MethodDefs.
    expect(xml.lastIndexOf('<ConditionDef ')).toBeLessThan(xml.indexOf('<MethodDef '));
  });

  it('imports them back onto the imported fields, not validated and not tested', async () => {
    const { research, version } = await designWithRules();
    const before = await rulesOf(research.id);
    expect(before).toHaveLength(3);
    const xml = await exportXml(version.id);
    const target = await freshResearch(db());
    await makeCentre(db(), { researchId: target.id, type: 'Site', number: '07' });
    const data = await admin.ok('POST', '/ResearchVersions/ImportOdm', { researchId: target.id, xml });
    expect(data.unmapped).toEqual([]);
    expect(data.counts).toMatchObject({ rules: 3, formFields: 4 });
    const after = await rulesOf(target.id);
    expect(after).toEqual(before.map((r: unknown[]) => [...r.slice(0, 5), false, false]));
    // On the new research's own fields.
    const imported = await db().select({ formId: rules.formId }).from(rules).where(eq(rules.researchId, target.id));
    const [form] = await db()
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.researchId, target.id), isNull(forms.deletedAt)));
    expect(imported.every((r) => r.formId === form!.id)).toBe(true);
  });

  it('skips a rule of a centre the research does not have, and says so', async () => {
    const { version } = await designWithRules();
    const target = await freshResearch(db());
    const data = await admin.ok('POST', '/ResearchVersions/ImportOdm', {
      researchId: target.id,
      xml: await exportXml(version.id),
    });
    expect(data.counts.rules).toBe(2);
    expect(data.unmapped).toEqual([
      { element: 'Rule', oid: 'RULE.VS.SBPF.2', message: 'Центр 07 не найден в исследовании; правило пропущено' },
    ]);
  });

  it('keeps to who reads and edits rules: an Editor (design, not rules) exports none and imports none', async () => {
    const { version } = await designWithRules();
    const editors = await exportXml(version.id, 'editor');
    expect(editors).not.toContain('<ConditionDef ');
    expect(editors).not.toContain('<MethodDef ');
    const target = await freshResearch(db());
    const data = await as('editor').ok('POST', '/ResearchVersions/ImportOdm', {
      researchId: target.id,
      xml: await exportXml(version.id),
    });
    expect(data.counts.rules).toBe(0);
    expect(data.unmapped.map((u: { element: string }) => u.element)).toEqual(['Rule', 'Rule', 'Rule']);
    expect(await db().select().from(rules).where(eq(rules.researchId, target.id))).toEqual([]);
  });

  it('refuses a file whose rule does not type-check: 400 naming the rule, nothing imported', async () => {
    const { version } = await designWithRules();
    const xml = (await exportXml(version.id)).replace(
      '<FormalExpression Context="EDC:rule">[SYSBP] &lt; 90',
      '<FormalExpression Context="EDC:rule">[SYSBP] &lt; "90"',
    );
    const target = await freshResearch(db());
    await makeCentre(db(), { researchId: target.id, type: 'Site', number: '07' });
    const res = await admin.send('POST', '/ResearchVersions/ImportOdm', { researchId: target.id, xml });
    const err = expectError(res, 400, 'odm_rule_invalid', 'xml');
    expect(err.message).toMatch(
      /^Правило RULE\.VS\.SBPF из файла ODM не импортировано, импорт отменён: Ошибка в выражении: Позиция \d+/,
    );
    expect(await admin.ok('GET', `/ResearchVersions?researchId=${target.id}`)).toEqual([]);
    expect(await db().select().from(rules).where(eq(rules.researchId, target.id))).toEqual([]);
  });
});
