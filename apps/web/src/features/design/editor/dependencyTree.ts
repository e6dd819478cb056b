import type { FormField, SectionWithFields } from '../api';

/** A field placed in the tree, with its section (children may live in another section of the form). */
export interface TreeNode {
  field: FormField;
  sectionId: string;
  sectionName: string;
  /** Children grouped by the parent's option that shows them, in the parent's option order. */
  groups: { rule: string; children: TreeNode[] }[];
}

export const isSelectField = (f: FormField) => f.field.fieldType === 'Select';

/** Every field of the form in order (sections, then fields). */
export function formFields(sections: readonly SectionWithFields[]): FormField[] {
  return sections.flatMap((s) => s.formFieldList);
}

/** The ids of `id`'s ancestors (its parent, the parent's parent, ...). */
export function ancestorIds(fields: readonly FormField[], id: string): Set<string> {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const out = new Set<string>();
  let current = byId.get(id)?.parentFormFieldId ?? null;
  while (current && !out.has(current)) {
    out.add(current);
    current = byId.get(current)?.parentFormFieldId ?? null;
  }
  return out;
}

/**
 * Why a field cannot become a child of `parent` for `rule` (the server's rules, checked before the
 * call), or null: the parent must be a Select, the rule one of its options, the child another field
 * of the form that is not one of the parent's ancestors.
 */
export function dependencyProblem(
  fields: readonly FormField[],
  parent: FormField,
  rule: string,
  childIds: readonly string[],
): 'parentNotSelect' | 'ruleNotOption' | 'noChildren' | 'childInvalid' | 'cycle' | null {
  if (!isSelectField(parent)) return 'parentNotSelect';
  if (!parent.field.optionList.includes(rule)) return 'ruleNotOption';
  if (childIds.length === 0) return 'noChildren';
  const ids = new Set(fields.map((f) => f.id));
  if (childIds.some((id) => id === parent.id || !ids.has(id))) return 'childInvalid';
  const ancestors = ancestorIds(fields, parent.id);
  if (childIds.some((id) => ancestors.has(id))) return 'cycle';
  return null;
}

/** The dependent-fields tree of one section: its fields whose parent is not in the section are roots. */
export function buildTree(sections: readonly SectionWithFields[], sectionId: string): TreeNode[] {
  const section = sections.find((s) => s.id === sectionId);
  if (!section) return [];
  const sectionOf = new Map<string, SectionWithFields>();
  for (const s of sections) for (const f of s.formFieldList) sectionOf.set(f.id, s);
  const all = formFields(sections);
  const children = new Map<string, FormField[]>();
  for (const f of all) {
    if (!f.parentFormFieldId) continue;
    const list = children.get(f.parentFormFieldId) ?? [];
    list.push(f);
    children.set(f.parentFormFieldId, list);
  }
  const inSection = new Set(section.formFieldList.map((f) => f.id));
  const node = (field: FormField, seen: Set<string>): TreeNode => {
    const s = sectionOf.get(field.id) ?? section;
    const kids = (children.get(field.id) ?? []).filter((c) => !seen.has(c.id));
    const next = new Set(seen).add(field.id);
    const rules = [...field.field.optionList, ...kids.map((k) => k.parentVisibleRule ?? '')].filter(
      (r, i, list) => list.indexOf(r) === i && kids.some((k) => (k.parentVisibleRule ?? '') === r),
    );
    return {
      field,
      sectionId: s.id,
      sectionName: s.sectionName,
      groups: rules.map((rule) => ({
        rule,
        children: kids.filter((k) => (k.parentVisibleRule ?? '') === rule).map((k) => node(k, next)),
      })),
    };
  };
  return section.formFieldList
    .filter((f) => !f.parentFormFieldId || !inSection.has(f.parentFormFieldId))
    .map((f) => node(f, new Set()));
}
