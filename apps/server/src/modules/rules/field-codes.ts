import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FieldType, rules as ruleLanguage } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { fields, formFields } from '../../platform/db/schema/index.js';

/**
 * Field codes (docs/rules.md "Field codes"): a form field's code is its annotation key when it has one,
 * else its field definition's key, both without surrounding spaces. Codes resolve within one form (the form
 * of the rule's field); a code that two live fields of the form share is ambiguous and names no field.
 */

/** The code of a form field, as the SQL below computes it. */
export const fieldCodeOf = (annotationKey: string | null | undefined, fieldKey: string): string =>
  annotationKey?.trim() || fieldKey.trim();

/** The SQL of a form field's code, `ff` being form_fields and `fd` its field definition (fields). */
export const FIELD_CODE_SQL = `coalesce(nullif(btrim(ff.annotation_key), ''), btrim(fd.field_key))`;

/** A live field of a form, as the rules see it. */
export interface CodedField {
  formFieldId: string;
  code: string;
  text: string;
  formSectionId: string;
  fieldType: FieldType;
  optionList: string[];
}

/** The fields of a form by code; a code with two or more fields is ambiguous. */
export interface FormCodes {
  byCode: Map<string, CodedField>;
  ambiguous: Set<string>;
  byId: Map<string, CodedField>;
}

export function indexCodes(list: CodedField[]): FormCodes {
  const byCode = new Map<string, CodedField>();
  const ambiguous = new Set<string>();
  const byId = new Map<string, CodedField>();
  for (const f of list) {
    byId.set(f.formFieldId, f);
    if (ambiguous.has(f.code)) continue;
    if (byCode.has(f.code)) {
      byCode.delete(f.code);
      ambiguous.add(f.code);
    } else byCode.set(f.code, f);
  }
  return { byCode, ambiguous, byId };
}

/** The live fields of a form with their codes (rule writes, tests, replies). */
export async function formCodes(db: Db, formId: string): Promise<FormCodes> {
  const rows = await db
    .select({
      formFieldId: formFields.id,
      code: sql<string>`coalesce(nullif(btrim(${formFields.annotationKey}), ''), btrim(${fields.fieldKey}))`,
      text: formFields.text,
      formSectionId: formFields.formSectionId,
      fieldType: fields.fieldType,
      optionList: fields.optionList,
    })
    .from(formFields)
    .innerJoin(fields, eq(fields.id, formFields.fieldId))
    .where(and(eq(formFields.formId, formId), isNull(formFields.deletedAt)))
    .orderBy(formFields.formSectionId, formFields.index);
  return indexCodes(rows.map((r) => ({ ...r, fieldType: r.fieldType as FieldType, optionList: r.optionList ?? [] })));
}

/** What the type checker and the evaluator know of the form's fields: each unambiguous code's type and options. */
export function ruleFieldsOf(codes: FormCodes): ruleLanguage.RuleFields {
  const out: Record<string, ruleLanguage.RuleField> = Object.create(null) as Record<string, ruleLanguage.RuleField>;
  for (const [code, f] of codes.byCode) out[code] = { fieldType: f.fieldType, optionList: f.optionList };
  return out;
}
