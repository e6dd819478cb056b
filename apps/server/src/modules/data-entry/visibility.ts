import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { fields, formFields, subjectFormFields } from '../../platform/db/schema/index.js';
import { hiddenFields, type VisibilityNode } from './entry-rules.js';

export interface VisibilityChange {
  subjectFormFieldId: string;
  isHidden: boolean;
}

/** What a field counts as for its children's rules: its value, else a select's default option. */
export const visibleValue = (data: string | null, fieldType: string, defaultOption: string | null) =>
  data ?? (fieldType === 'Select' ? defaultOption : null);

/**
 * Recomputes `is_hidden` of every field of a subject form from the current values (child fields show only
 * while the parent's value equals their rule, recursively: entry-rules.ts hiddenFields) and from the fields
 * a ToggleAction rule hides (`rule_hidden`, rules module), stores the changes and returns them.
 */
export async function recomputeVisibility(tx: Db, subjectFormId: string): Promise<VisibilityChange[]> {
  const rows = await tx
    .select({
      id: subjectFormFields.id,
      parentId: subjectFormFields.parentSubjectFormFieldId,
      isHidden: subjectFormFields.isHidden,
      ruleHidden: subjectFormFields.ruleHidden,
      rule: formFields.parentVisibleRule,
      fieldType: fields.fieldType,
      defaultOption: fields.defaultOption,
      data: sql<
        string | null
      >`(select d.data from item_data d where d.subject_form_field_id = ${subjectFormFields.id} order by d.seq desc limit 1)`,
    })
    .from(subjectFormFields)
    .innerJoin(formFields, eq(formFields.id, subjectFormFields.formFieldId))
    .innerJoin(fields, eq(fields.id, formFields.fieldId))
    .where(eq(subjectFormFields.subjectFormId, subjectFormId));
  const nodes: VisibilityNode[] = rows.map((r) => ({
    id: r.id,
    parentId: r.parentId,
    parentVisibleRule: r.rule,
    value: visibleValue(r.data, r.fieldType, r.defaultOption),
    ruleHidden: r.ruleHidden,
  }));
  const hidden = hiddenFields(nodes);
  const changes = rows
    .filter((r) => hidden.has(r.id) !== r.isHidden)
    .map((r) => ({ subjectFormFieldId: r.id, isHidden: hidden.has(r.id) }));
  for (const isHidden of [true, false]) {
    const ids = changes.filter((c) => c.isHidden === isHidden).map((c) => c.subjectFormFieldId);
    if (ids.length) await tx.update(subjectFormFields).set({ isHidden }).where(inArray(subjectFormFields.id, ids));
  }
  return changes;
}
