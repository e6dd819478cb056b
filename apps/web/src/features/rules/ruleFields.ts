import { rules, type FieldType, type RuleType } from '@edc/domain';
import type { SectionWithFields } from '../design/api';

/** A field of the rule's form as the expression names it. */
export interface CodedField {
  /** The field's code: its annotation key when set, else its field definition's key (docs/rules.md). */
  code: string;
  formFieldId: string;
  text: string;
  fieldType: FieldType;
  optionList: readonly string[];
  sectionName: string;
}

export interface FormRuleFields {
  /** In the form's order, the fields whose code is their own (a code two fields share names neither). */
  list: CodedField[];
  /** What the engine checks an expression against. */
  fields: rules.RuleFields;
  byCode: ReadonlyMap<string, CodedField>;
  byId: ReadonlyMap<string, CodedField>;
  /** Codes two or more fields of the form share: the server refuses them ('rule_code_ambiguous'). */
  ambiguous: ReadonlySet<string>;
}

export const fieldCode = (f: { annotationKey: string | null; field: { fieldKey: string } }): string =>
  f.annotationKey?.trim() || f.field.fieldKey.trim();

/**
 * The fields of a form (its sections in order) with their codes: what a rule on that form may refer to, as the
 * server resolves them (apps/server/src/modules/rules/field-codes.ts), so that the editor and the server agree.
 */
export function formRuleFields(sections: readonly SectionWithFields[] | undefined): FormRuleFields {
  const all: CodedField[] = [];
  const byCode = new Map<string, CodedField>();
  const byId = new Map<string, CodedField>();
  const ambiguous = new Set<string>();
  for (const s of sections ?? []) {
    for (const f of s.formFieldList) {
      const coded: CodedField = {
        code: fieldCode(f),
        formFieldId: f.id,
        text: f.text,
        fieldType: f.field.fieldType,
        optionList: f.field.optionList,
        sectionName: s.sectionName,
      };
      all.push(coded);
      byId.set(f.id, coded);
      if (ambiguous.has(coded.code)) continue;
      if (byCode.has(coded.code)) {
        byCode.delete(coded.code);
        ambiguous.add(coded.code);
      } else byCode.set(coded.code, coded);
    }
  }
  // A null prototype: codes such as "constructor" or "__proto__" are plain keys (the engine reads own keys).
  const fields = Object.create(null) as Record<string, rules.RuleField>;
  for (const [code, f] of byCode) fields[code] = { fieldType: f.fieldType, optionList: f.optionList };
  return { list: all.filter((f) => byCode.has(f.code)), fields, byCode, byId, ambiguous };
}

/** The result a rule of a type must give: a condition, or a value of its field's type (InsertAction). */
export function expectedResult(type: RuleType, target: FieldType | undefined): readonly rules.RuleValueType[] {
  if (type === 'InsertAction') return target ? [rules.ruleTypeOfFieldType(target)] : rules.RULE_VALUE_TYPES;
  return ['boolean'];
}

/** NoteAction and EmailAction need their message (spec section 5: "a rule note requires text"). */
export const needsMessage = (type: RuleType) => type === 'NoteAction' || type === 'EmailAction';
