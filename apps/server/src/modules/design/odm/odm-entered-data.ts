import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { formFields, itemData, subjectFormFields, subjectForms } from '../../../platform/db/schema/index.js';

/**
 * Which parts of a design hold entered values (an item_data row, a cleared value too: it is history), so that
 * an ODM update neither removes them nor changes what their values mean (odm-update.ts). Each a single query.
 */

/** The form fields among these that have a value entered. */
export async function formFieldsWithValues(db: Db, formFieldIds: readonly string[]): Promise<Set<string>> {
  if (!formFieldIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: subjectFormFields.formFieldId })
    .from(subjectFormFields)
    .innerJoin(itemData, eq(itemData.subjectFormFieldId, subjectFormFields.id))
    .where(inArray(subjectFormFields.formFieldId, [...formFieldIds]));
  return new Set(rows.map((r) => r.id));
}

/** The forms among these that have a value entered in any of their instances. */
export async function formsWithValues(db: Db, formIds: readonly string[]): Promise<Set<string>> {
  if (!formIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: subjectForms.formId })
    .from(subjectForms)
    .innerJoin(subjectFormFields, eq(subjectFormFields.subjectFormId, subjectForms.id))
    .innerJoin(itemData, eq(itemData.subjectFormFieldId, subjectFormFields.id))
    .where(inArray(subjectForms.formId, [...formIds]));
  return new Set(rows.map((r) => r.id));
}

/** The field definitions among these with a value entered on any form field placed from them, in any research. */
export async function definitionsWithValues(db: Db, fieldIds: readonly string[]): Promise<Set<string>> {
  if (!fieldIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: formFields.fieldId })
    .from(formFields)
    .innerJoin(subjectFormFields, eq(subjectFormFields.formFieldId, formFields.id))
    .innerJoin(itemData, eq(itemData.subjectFormFieldId, subjectFormFields.id))
    .where(inArray(formFields.fieldId, [...fieldIds]));
  return new Set(rows.map((r) => r.id));
}
