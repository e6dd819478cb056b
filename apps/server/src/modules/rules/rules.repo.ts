import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FieldType, Language, RuleReply, RuleType } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { fields, formFields, forms, formSections, researchOrganisations, rules, visits } from '../../platform/db/schema/index.js';
import { indexCodes, type CodedField } from './field-codes.js';
import { ruleResultText } from './rule-texts.js';

/** A stored rule with its centre's number. */
export type RuleRow = typeof rules.$inferSelect & { centreNumber: string | null };

const ruleColumns = { rule: rules, centreNumber: researchOrganisations.number };

/** Live rules matching `where`, with their centres' numbers, in the rules page's order (newest first). */
export async function findRules(db: Db, where: SQL | undefined, page?: { limit: number; offset: number }): Promise<RuleRow[]> {
  const q = db
    .select(ruleColumns)
    .from(rules)
    .leftJoin(researchOrganisations, eq(researchOrganisations.id, rules.researchOrganisationId))
    .where(and(isNull(rules.deletedAt), where))
    .orderBy(sql`${rules.createdAt} desc`, sql`${rules.id} desc`);
  const rows = page ? await q.limit(page.limit).offset(page.offset) : await q;
  return rows.map((r) => ({ ...r.rule, centreNumber: r.centreNumber }));
}

/** One live rule (undefined when unknown or deleted); `lock` holds it until the transaction ends. */
export async function findRule(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<RuleRow | undefined> {
  const q = db
    .select(ruleColumns)
    .from(rules)
    .leftJoin(researchOrganisations, eq(researchOrganisations.id, rules.researchOrganisationId))
    .where(and(eq(rules.id, id), isNull(rules.deletedAt)))
    .limit(1);
  const [row] = opts.lock ? await q.for('update', { of: rules }) : await q;
  return row ? { ...row.rule, centreNumber: row.centreNumber } : undefined;
}

export async function countRules(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rules)
    .where(and(isNull(rules.deletedAt), where));
  return Number(row?.n ?? 0);
}

/** The chain visit / form / section / field of each form field. */
async function chainsOf(db: Db, formFieldIds: string[]) {
  if (!formFieldIds.length) return new Map<string, RuleReply['formFieldChain']>();
  const rows = await db
    .select({
      formFieldId: formFields.id,
      fieldText: formFields.text,
      sectionId: formSections.id,
      sectionName: formSections.sectionName,
      formId: forms.id,
      formTitle: forms.title,
      visitId: visits.id,
      visitTitle: visits.title,
    })
    .from(formFields)
    .innerJoin(formSections, eq(formSections.id, formFields.formSectionId))
    .innerJoin(forms, eq(forms.id, formFields.formId))
    .innerJoin(visits, eq(visits.id, forms.visitId))
    .where(inArray(formFields.id, formFieldIds));
  return new Map(
    rows.map((r) => [
      r.formFieldId,
      {
        visit: { id: r.visitId, title: r.visitTitle },
        form: { id: r.formId, title: r.formTitle },
        formSection: { id: r.sectionId, sectionName: r.sectionName },
        formField: { id: r.formFieldId, text: r.fieldText },
      },
    ]),
  );
}

/** The live fields of these forms carrying these codes (the related fields of a page of rules), by form. */
async function codedFieldsOf(db: Db, formIds: string[], codes: string[]) {
  const byForm = new Map<string, CodedField[]>();
  if (!formIds.length || !codes.length) return byForm;
  const code = sql<string>`coalesce(nullif(btrim(${formFields.annotationKey}), ''), btrim(${fields.fieldKey}))`;
  const rows = await db
    .select({
      formId: formFields.formId,
      formFieldId: formFields.id,
      code,
      text: formFields.text,
      formSectionId: formFields.formSectionId,
      fieldType: fields.fieldType,
      optionList: fields.optionList,
    })
    .from(formFields)
    .innerJoin(fields, eq(fields.id, formFields.fieldId))
    .where(and(inArray(formFields.formId, formIds), isNull(formFields.deletedAt), inArray(code, codes)))
    .orderBy(formFields.formSectionId, formFields.index);
  for (const r of rows) {
    const list = byForm.get(r.formId) ?? [];
    list.push({ ...r, fieldType: r.fieldType as FieldType, optionList: r.optionList ?? [] });
    byForm.set(r.formId, list);
  }
  return byForm;
}

const MISSING_CHAIN = (r: RuleRow): RuleReply['formFieldChain'] => ({
  visit: { id: r.formId, title: '' },
  form: { id: r.formId, title: '' },
  formSection: { id: r.formFieldId, sectionName: '' },
  formField: { id: r.formFieldId, text: '' },
});

/** The replies of rules (in their order), read in three queries whatever their number. */
export async function ruleReplies(db: Db, rows: RuleRow[], lang: Language): Promise<RuleReply[]> {
  if (!rows.length) return [];
  const chains = await chainsOf(db, [...new Set(rows.map((r) => r.formFieldId))]);
  const related = await codedFieldsOf(
    db,
    [...new Set(rows.map((r) => r.formId))],
    [...new Set(rows.flatMap((r) => r.relatedCodes))],
  );
  const indexed = new Map([...related].map(([formId, list]) => [formId, indexCodes(list)]));
  return rows.map((r) => {
    const codes = indexed.get(r.formId);
    const relatedFormFieldList = r.relatedCodes.flatMap((code) => {
      const f = codes?.byCode.get(code);
      return f ? [{ code, formFieldId: f.formFieldId, text: f.text, fieldType: f.fieldType, optionList: f.optionList }] : [];
    });
    return {
      id: r.id,
      researchId: r.researchId,
      ruleTypeString: r.ruleType as RuleType,
      message: r.message,
      expression: r.expression,
      researchOrganisationId: r.researchOrganisationId,
      researchOrganisationNumber: r.centreNumber,
      formFieldId: r.formFieldId,
      relatedFormFieldCodes: r.relatedCodes,
      relatedFormFieldList,
      isValidate: r.isValidate,
      isTested: r.isTested,
      formFieldChain: chains.get(r.formFieldId) ?? MISSING_CHAIN(r),
      result: ruleResultText(r.ruleType as RuleType, r.lastResult, lang),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}
