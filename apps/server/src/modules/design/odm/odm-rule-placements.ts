import type { OdmExportData, OdmRuleRow } from './odm-export.js';
import { stableJson } from './odm-common.js';

/** One rule element of the export: a rule of one or more form fields that name the same ItemDef. */
export interface RuleElement extends Omit<OdmRuleRow, 'formFieldId'> {
  itemOid: string;
  formFieldIds: string[];
  /** The (StudyEventOID, FormOID) placements it is on, when not every placement of its item (EDC_RULE.placements). */
  placements: [string, string][] | null;
}

/**
 * The rules of an export as its ConditionDefs and MethodDefs. A rule is made on one form field; the form fields
 * that share an ItemDef (odm-shared-defs.ts) and carry the same rule give one element. The import puts a rule on
 * every placement of its item, so a rule that is on some of the item's placements only names them. The rules
 * come in their order (oldest first), each element where its first row was.
 */
export function ruleElements(
  data: OdmExportData,
  itemOid: Map<string, string>,
  formOid: Map<string, string>,
  visitOid: Map<string, string>,
): RuleElement[] {
  const formById = new Map(data.forms.map((f) => [f.id, f]));
  const fieldById = new Map(data.formFields.map((ff) => [ff.id, ff]));
  const placementOf = (formFieldId: string): [string, string] => {
    const form = formById.get(fieldById.get(formFieldId)!.formId)!;
    return [visitOid.get(form.visitId)!, formOid.get(form.id)!];
  };
  const placementsOfItem = new Map<string, Set<string>>();
  for (const ff of data.formFields) {
    const oid = itemOid.get(ff.id)!;
    const set = placementsOfItem.get(oid) ?? new Set<string>();
    set.add(stableJson(placementOf(ff.id)));
    placementsOfItem.set(oid, set);
  }

  const elements = new Map<string, RuleElement>();
  /** A form field's second copy of one rule is an element of its own, as it was a rule of its own. */
  const copies = new Map<string, number>();
  for (const r of data.rules ?? []) {
    const oid = itemOid.get(r.formFieldId);
    if (!oid) continue;
    const { formFieldId, ...rule } = r;
    const copy = stableJson([formFieldId, rule]);
    const nth = (copies.get(copy) ?? 0) + 1;
    copies.set(copy, nth);
    const key = stableJson([oid, rule, nth]);
    const element = elements.get(key) ?? { ...rule, itemOid: oid, formFieldIds: [], placements: null };
    element.formFieldIds.push(formFieldId);
    elements.set(key, element);
  }
  for (const element of elements.values()) {
    const on = [...new Set(element.formFieldIds.map((id) => stableJson(placementOf(id))))];
    if (on.length < placementsOfItem.get(element.itemOid)!.size)
      element.placements = on.map((p) => JSON.parse(p) as [string, string]);
  }
  return [...elements.values()];
}
