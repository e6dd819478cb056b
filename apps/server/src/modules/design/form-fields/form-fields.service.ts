import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_DURATION, TIME_FIELD_TYPES, type design, type FieldType } from '@edc/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Db } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import { formFields, forms, formSections, researches } from '../../../platform/db/schema/index.js';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.js';
import { releaseChildren } from '../shared/cascade.js';
import { assertFresh, assertMask, assertPrintable, assertRegExMask } from '../shared/checks.js';
import type { DesignCaller } from '../shared/context.js';
import { assertChangeDesign } from '../shared/policy.js';
import { appendIndex, closeGap, lockOrder, moveSibling } from '../shared/order.js';
import { findField } from '../fields/fields.service.js';
import { formToChange, holdOpenForm } from '../forms/form-access.js';
import { formFieldDto, formFieldDtos, type FormFieldDto, type FormFieldRow } from './form-fields.queries.js';

type Create = z.infer<typeof design.formFieldCreate>;
type CreateList = z.infer<typeof design.formFieldCreateList>;
type Update = z.infer<typeof design.formFieldUpdate>;
type Props = Partial<Omit<Create, 'formSectionId' | 'fieldId'>>;
const TEXTS = ['text', 'textBefore', 'textAfter', 'units', 'contextText'] as const;

async function sectionToChange(deps: Deps, c: DesignCaller, sectionId: string) {
  const [section] = await deps.db
    .select()
    .from(formSections)
    .where(and(eq(formSections.id, sectionId), isNull(formSections.deletedAt)));
  if (!section) throw notFound('formSectionId');
  const form = await formToChange(deps, c, section.formId, { structure: true });
  return { section, form };
}

/**
 * The checks every field write makes (spec section 5): print-font texts, mask syntax, a compiling regular
 * expression, a context form with both form and text (a form of the same research), and a duration only
 * on time and date-time fields. Returns the values to store for the context form and the duration.
 */
async function checkedProps(db: Db, researchId: string, fieldType: FieldType, input: Props, current?: FormFieldRow) {
  assertPrintable(input, TEXTS);
  assertMask(input.mask);
  assertRegExMask(input.regExMask);
  const contextFormId = input.contextFormId !== undefined ? input.contextFormId : (current?.contextFormId ?? null);
  const contextText = input.contextText !== undefined ? input.contextText : (current?.contextText ?? null);
  if (!!contextFormId !== !!contextText)
    throw badRequest('context_form_incomplete', contextFormId ? 'contextText' : 'contextFormId');
  if (contextFormId && contextFormId !== current?.contextFormId) {
    const [form] = await db
      .select({ researchId: forms.researchId })
      .from(forms)
      .where(and(eq(forms.id, contextFormId), isNull(forms.deletedAt)));
    if (!form) throw badRequest('unknown_reference', 'contextFormId', { field: 'contextFormId' });
    if (form.researchId !== researchId) throw badRequest('foreign_research', 'contextFormId', { field: 'contextFormId' });
  }
  let duration = input.duration !== undefined ? input.duration : current?.duration;
  if (input.isTimePoint === true && !duration) duration = DEFAULT_DURATION;
  if (input.isTimePoint === false) duration = null;
  if (duration && !TIME_FIELD_TYPES.includes(fieldType)) throw badRequest('duration_not_time_field', 'duration');
  return { contextFormId, contextText, duration: duration ?? null };
}

/** The plain columns of an input (context form and duration come from checkedProps). */
function columnsOf(input: Props & { updatedAt?: string }) {
  const { isTimePoint: _t, duration: _d, contextFormId: _cf, contextText: _ct, updatedAt: _u, ...rest } = input;
  return rest;
}

/** POST /FormFields: appended to the section; not on a complete form. */
export async function createFormField(deps: Deps, c: DesignCaller, input: Create): Promise<FormFieldDto> {
  const { section, form } = await sectionToChange(deps, c, input.formSectionId);
  const field = await findField(deps.db, input.fieldId, 'fieldId');
  const extra = await checkedProps(deps.db, form.researchId, field.fieldType as FieldType, input);
  const { formSectionId: _s, fieldId: _f, ...props } = input;
  const row = await deps.db.transaction(async (tx) => {
    await holdOpenForm(tx, form.id);
    const index = await appendIndex(tx, 'formField', section.id);
    const [row] = await tx
      .insert(formFields)
      .values({
        ...columnsOf(props),
        text: input.text,
        ...extra,
        researchId: form.researchId,
        formId: form.id,
        formSectionId: section.id,
        fieldId: field.id,
        index,
        updatedAt: new Date(),
      })
      .returning();
    await writeAudit(tx, c.audit, {
      action: 'form_field.create',
      entityType: 'form_field',
      entityId: row!.id,
      researchId: form.researchId,
      after: row,
    });
    return row!;
  });
  return formFieldDto(deps.db, row);
}

/** POST /FormFields/List: several fields appended at once (a missing text is the definition's title). */
export async function createFormFieldList(deps: Deps, c: DesignCaller, input: CreateList): Promise<FormFieldDto[]> {
  const { section, form } = await sectionToChange(deps, c, input.formSectionId);
  const prepared: Omit<typeof formFields.$inferInsert, 'researchId' | 'formId' | 'formSectionId' | 'index'>[] = [];
  for (const [i, item] of input.formFieldList.entries()) {
    const field = await findField(deps.db, item.fieldId, `formFieldList.${i}.fieldId`);
    const text = item.text ?? field.title;
    const extra = await checkedProps(deps.db, form.researchId, field.fieldType as FieldType, { ...item, text });
    const { fieldId: _f, ...props } = item;
    prepared.push({ ...columnsOf(props), text, ...extra, fieldId: field.id });
  }
  const ids = await deps.db.transaction(async (tx) => {
    await holdOpenForm(tx, form.id);
    const first = await appendIndex(tx, 'formField', section.id);
    const now = new Date();
    const rows = await tx
      .insert(formFields)
      .values(
        prepared.map((p, i) => ({
          ...p,
          researchId: form.researchId,
          formId: form.id,
          formSectionId: section.id,
          index: first + i,
          updatedAt: now,
        })),
      )
      .returning();
    for (const row of rows) {
      await writeAudit(tx, c.audit, {
        action: 'form_field.create',
        entityType: 'form_field',
        entityId: row.id,
        researchId: form.researchId,
        after: row,
      });
    }
    return rows.map((r) => r.id);
  });
  const dtos = await formFieldDtos(deps.db, form.id, { ids });
  return ids.map((id) => dtos.find((d) => d.id === id)!);
}

/** A form field with its form, checked as formToChange does, in one query (reorders are hot). */
async function fieldToChange(deps: Deps, c: DesignCaller, id: string) {
  const [found] = await deps.db
    .select({ row: formFields, form: forms, researchStatus: researches.status })
    .from(formFields)
    .innerJoin(forms, eq(forms.id, formFields.formId))
    .innerJoin(researches, eq(researches.id, formFields.researchId))
    .where(and(eq(formFields.id, id), isNull(formFields.deletedAt), isNull(forms.deletedAt), isNull(researches.deletedAt)))
    .limit(1);
  if (!found) throw notFound('id');
  assertChangeDesign(c.actor, found.form.researchId);
  if (found.researchStatus !== 'Current') throw conflict('research_not_current');
  if (found.form.complete) throw conflict('form_complete');
  return { row: found.row, form: found.form };
}

/** PUT /FormFields/{id}: field info; text stays required; not on a complete form. */
export async function updateFormField(deps: Deps, c: DesignCaller, id: string, input: Update): Promise<FormFieldDto> {
  const { row: before, form } = await fieldToChange(deps, c, id);
  assertFresh(before.updatedAt, input.updatedAt);
  const field = await findField(deps.db, before.fieldId);
  const extra = await checkedProps(deps.db, form.researchId, field.fieldType as FieldType, input, before);
  const row = await deps.db.transaction(async (tx) => {
    await holdOpenForm(tx, form.id);
    const [row] = await tx
      .update(formFields)
      .set({ ...columnsOf(input), ...extra, updatedAt: new Date() })
      .where(eq(formFields.id, id))
      .returning();
    await writeAudit(tx, c.audit, {
      action: 'form_field.update',
      entityType: 'form_field',
      entityId: id,
      researchId: form.researchId,
      before,
      after: row,
    });
    return row!;
  });
  return formFieldDto(deps.db, row);
}

/** DELETE /FormFields/{id}: its dependent fields become independent; the section's order closes up. */
export async function deleteFormField(deps: Deps, c: DesignCaller, id: string): Promise<void> {
  const { row: before, form } = await fieldToChange(deps, c, id);
  await deps.db.transaction(async (tx) => {
    await lockOrder(tx, before.formSectionId);
    await holdOpenForm(tx, form.id);
    const [current] = await tx
      .update(formFields)
      .set({ deletedAt: new Date() })
      .where(and(eq(formFields.id, id), isNull(formFields.deletedAt)))
      .returning();
    if (!current) throw notFound('id');
    await closeGap(tx, 'formField', before.formSectionId, current.index);
    await releaseChildren(tx, [id]);
    await writeAudit(tx, c.audit, {
      action: 'form_field.delete',
      entityType: 'form_field',
      entityId: id,
      researchId: form.researchId,
      before,
    });
  });
}

/** POST /FormFields/{id}/ChangeIndex/{endIndex}: the section's fields in their new order. */
export async function changeFormFieldIndex(
  deps: Deps,
  c: DesignCaller,
  id: string,
  move: { startIndex?: number; endIndex: number },
) {
  const { row, form } = await fieldToChange(deps, c, id);
  return deps.db.transaction(async (tx) => {
    const moved = await moveSibling(tx, 'formField', {
      parentId: row.formSectionId,
      id,
      expectedStart: move.startIndex,
      end: move.endIndex,
      openFormId: form.id,
    });
    await writeAudit(tx, c.audit, {
      action: 'form_field.change_index',
      entityType: 'form_field',
      entityId: id,
      researchId: form.researchId,
      before: { index: moved.start },
      after: { index: moved.end },
    });
    return moved.order.map((fieldId, index) => ({ id: fieldId, index }));
  });
}

/**
 * POST /FormFields/{id}/SetChildFormField: field {id} (a select) becomes the parent of the listed fields
 * of the same form, each shown when the parent's value equals `parentVisibleRule` (one of its options).
 */
export async function setChildFormField(
  deps: Deps,
  c: DesignCaller,
  id: string,
  input: z.infer<typeof design.setChildFormField>,
): Promise<FormFieldDto> {
  const { row: parent, form } = await fieldToChange(deps, c, id);
  const field = await findField(deps.db, parent.fieldId);
  if (field.fieldType !== 'Select') throw badRequest('parent_not_select', 'id');
  if (!field.optionList.includes(input.parentVisibleRule))
    throw badRequest('rule_not_option', 'parentVisibleRule', { rule: input.parentVisibleRule });
  const childIds = [...new Set(input.childFormFieldList)];
  await deps.db.transaction(async (tx) => {
    await holdOpenForm(tx, form.id);
    const all = await tx
      .select({ id: formFields.id, parentId: formFields.parentFormFieldId, parentVisibleRule: formFields.parentVisibleRule })
      .from(formFields)
      .where(and(eq(formFields.formId, form.id), isNull(formFields.deletedAt)));
    const parentOf = new Map(all.map((f) => [f.id, f.parentId]));
    for (const childId of childIds) {
      if (childId === parent.id || !parentOf.has(childId)) throw badRequest('child_invalid', 'childFormFieldList');
      // The parent may not be the child itself or one of its descendants.
      for (let at: string | null | undefined = parent.id, hops = 0; at && hops <= all.length; at = parentOf.get(at), hops++) {
        if (at === childId) throw badRequest('dependency_cycle', 'childFormFieldList');
      }
    }
    const before = all.filter((f) => childIds.includes(f.id));
    await tx
      .update(formFields)
      .set({ parentFormFieldId: parent.id, parentVisibleRule: input.parentVisibleRule, updatedAt: new Date() })
      .where(inArray(formFields.id, childIds));
    await writeAudit(tx, c.audit, {
      action: 'form_field.set_children',
      entityType: 'form_field',
      entityId: parent.id,
      researchId: form.researchId,
      before: { children: before },
      after: { parentVisibleRule: input.parentVisibleRule, childFormFieldList: childIds },
    });
  });
  return formFieldDto(deps.db, parent);
}

/** POST /FormFields/{id}/CleanParentFormField: field {id} no longer depends on a parent. */
export async function cleanParentFormField(deps: Deps, c: DesignCaller, id: string): Promise<FormFieldDto> {
  const { row: before, form } = await fieldToChange(deps, c, id);
  const row = await deps.db.transaction(async (tx) => {
    await holdOpenForm(tx, form.id);
    const [row] = await tx
      .update(formFields)
      .set({ parentFormFieldId: null, parentVisibleRule: null, updatedAt: new Date() })
      .where(eq(formFields.id, id))
      .returning();
    await writeAudit(tx, c.audit, {
      action: 'form_field.clean_parent',
      entityType: 'form_field',
      entityId: id,
      researchId: form.researchId,
      before: { parentFormFieldId: before.parentFormFieldId, parentVisibleRule: before.parentVisibleRule },
      after: { parentFormFieldId: null, parentVisibleRule: null },
    });
    return row!;
  });
  return formFieldDto(deps.db, row);
}
