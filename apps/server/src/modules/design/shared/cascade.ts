import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { formFields, forms, formSections } from '../../../platform/db/schema/index.js';

/** Soft-deletes forms with their sections and fields (nothing is removed: clinical data refers to them). */
export async function softDeleteForms(tx: Db, formIds: readonly string[], at = new Date()): Promise<void> {
  if (formIds.length === 0) return;
  const ids = [...formIds];
  await tx
    .update(formFields)
    .set({ deletedAt: at })
    .where(and(inArray(formFields.formId, ids), isNull(formFields.deletedAt)));
  await tx
    .update(formSections)
    .set({ deletedAt: at })
    .where(and(inArray(formSections.formId, ids), isNull(formSections.deletedAt)));
  await tx
    .update(forms)
    .set({ deletedAt: at })
    .where(and(inArray(forms.id, ids), isNull(forms.deletedAt)));
}

/** Live fields that depended on removed fields become independent again. */
export async function releaseChildren(tx: Db, parentIds: readonly string[]): Promise<void> {
  if (parentIds.length === 0) return;
  await tx
    .update(formFields)
    .set({ parentFormFieldId: null, parentVisibleRule: null, updatedAt: new Date() })
    .where(and(inArray(formFields.parentFormFieldId, [...parentIds]), isNull(formFields.deletedAt)));
}

/** Soft-deletes sections with their fields; fields elsewhere that depended on them are released. */
export async function softDeleteSections(tx: Db, sectionIds: readonly string[], at = new Date()): Promise<void> {
  if (sectionIds.length === 0) return;
  const ids = [...sectionIds];
  const removed = await tx
    .select({ id: formFields.id })
    .from(formFields)
    .where(and(inArray(formFields.formSectionId, ids), isNull(formFields.deletedAt)));
  await tx
    .update(formFields)
    .set({ deletedAt: at })
    .where(and(inArray(formFields.formSectionId, ids), isNull(formFields.deletedAt)));
  await tx
    .update(formSections)
    .set({ deletedAt: at })
    .where(and(inArray(formSections.id, ids), isNull(formSections.deletedAt)));
  await releaseChildren(
    tx,
    removed.map((r) => r.id),
  );
}
