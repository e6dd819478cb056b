import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { DataLinkType, design } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import { fields, formFields, formSections, forms, visits } from '../../../platform/db/schema/index.js';
import type { Actor } from '../../../platform/http/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { iso } from '../shared/checks.js';
import { researchToRead } from '../shared/research.js';
import { toFieldBrief } from '../fields/fields.service.js';
import { timeFieldMarks } from '../../time-points/time-points.repo.js';

export type FormFieldRow = typeof formFields.$inferSelect;
export type FormFieldDto = z.infer<typeof design.formField>;
type FieldRow = typeof fields.$inferSelect;

export async function findFormField(db: Db, id: string, path = 'id'): Promise<FormFieldRow> {
  const [row] = await db
    .select()
    .from(formFields)
    .where(and(eq(formFields.id, id), isNull(formFields.deletedAt)))
    .limit(1);
  if (!row) throw notFound(path);
  return row;
}

/** The live fields of one form with their definitions, in section then field order. */
async function fieldsOfForm(db: Db, formId: string): Promise<{ row: FormFieldRow; field: FieldRow }[]> {
  const rows = await db
    .select({ row: formFields, field: fields, sectionIndex: formSections.index })
    .from(formFields)
    .innerJoin(fields, eq(fields.id, formFields.fieldId))
    .innerJoin(formSections, eq(formSections.id, formFields.formSectionId))
    .where(and(eq(formFields.formId, formId), isNull(formFields.deletedAt)))
    .orderBy(asc(formSections.index), asc(formFields.index));
  return rows;
}

/** DTOs with parentFormField and childFormFieldList resolved among the form's live fields. */
function toDtos(all: { row: FormFieldRow; field: FieldRow }[]): FormFieldDto[] {
  const byId = new Map(all.map((x) => [x.row.id, x.row]));
  const children = new Map<string, FormFieldRow[]>();
  for (const { row } of all) {
    if (!row.parentFormFieldId || !byId.has(row.parentFormFieldId)) continue;
    const list = children.get(row.parentFormFieldId) ?? [];
    list.push(row);
    children.set(row.parentFormFieldId, list);
  }
  return all.map(({ row, field }) => {
    const parent = row.parentFormFieldId ? byId.get(row.parentFormFieldId) : undefined;
    return {
      id: row.id,
      researchId: row.researchId,
      formId: row.formId,
      formSectionId: row.formSectionId,
      field: toFieldBrief(field),
      text: row.text,
      textBefore: row.textBefore,
      textAfter: row.textAfter,
      annotationKey: row.annotationKey,
      dataLink: row.dataLink as DataLinkType | null,
      isRequired: row.isRequired,
      clinicalSignificance: row.clinicalSignificance,
      comment: row.comment,
      units: row.units,
      formName: row.formName,
      regExMask: row.regExMask,
      mask: row.mask,
      isHidden: row.isHidden,
      requiredForEdc: row.requiredForEdc,
      index: row.index,
      contextFormId: row.contextFormId,
      contextText: row.contextText,
      parentVisibleRule: parent ? row.parentVisibleRule : null,
      parentFormFieldId: parent ? parent.id : null,
      parentFormField: parent ? { id: parent.id, text: parent.text } : null,
      childFormFieldList: (children.get(row.id) ?? []).map((ch) => ({
        id: ch.id,
        text: ch.text,
        parentVisibleRule: ch.parentVisibleRule,
      })),
      duration: row.duration,
      updatedAt: iso(row.updatedAt),
    };
  });
}

/** Form field DTOs of a form, optionally only some sections or fields. */
export async function formFieldDtos(
  db: Db,
  formId: string,
  only?: { sectionIds?: string[]; ids?: string[] },
): Promise<FormFieldDto[]> {
  const dtos = toDtos(await fieldsOfForm(db, formId));
  return dtos.filter(
    (d) => (!only?.sectionIds || only.sectionIds.includes(d.formSectionId)) && (!only?.ids || only.ids.includes(d.id)),
  );
}

export async function formFieldDto(db: Db, row: FormFieldRow): Promise<FormFieldDto> {
  const [dto] = await formFieldDtos(db, row.formId, { ids: [row.id] });
  return dto!;
}

/** GET /FormFields (formSectionId or formId) */
export async function listFormFields(
  db: Db,
  actor: Actor,
  q: { formSectionId?: string; formId?: string },
): Promise<FormFieldDto[]> {
  if (q.formSectionId) {
    const [section] = await db
      .select()
      .from(formSections)
      .where(and(eq(formSections.id, q.formSectionId), isNull(formSections.deletedAt)));
    if (!section) throw notFound('formSectionId');
    await researchToRead(db, actor, section.researchId);
    return formFieldDtos(db, section.formId, { sectionIds: [section.id] });
  }
  if (!q.formId) throw badRequest('required', 'formSectionId', { field: 'formSectionId' });
  const [form] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.id, q.formId), isNull(forms.deletedAt)));
  if (!form) throw notFound('formId');
  await researchToRead(db, actor, form.researchId);
  return formFieldDtos(db, form.id);
}

export async function getFormField(db: Db, actor: Actor, id: string): Promise<FormFieldDto> {
  const row = await findFormField(db, id);
  await researchToRead(db, actor, row.researchId);
  return formFieldDto(db, row);
}

/**
 * GET /FormFields/Time: the time and date-time fields of a visit (or of one form), with their form and
 * section, for the time points settings; each with its chain and whether a time point uses it.
 */
export async function listTimeFields(db: Db, actor: Actor, q: { visitId?: string; formId?: string }) {
  if (!q.visitId && !q.formId) throw badRequest('required', 'visitId', { field: 'visitId' });
  let formRows: { id: string; title: string; researchId: string }[];
  if (q.formId) {
    formRows = await db
      .select({ id: forms.id, title: forms.title, researchId: forms.researchId })
      .from(forms)
      .where(and(eq(forms.id, q.formId), isNull(forms.deletedAt)));
    if (!formRows.length) throw notFound('formId');
  } else {
    const [visit] = await db
      .select()
      .from(visits)
      .where(and(eq(visits.id, q.visitId!), isNull(visits.deletedAt)));
    if (!visit) throw notFound('visitId');
    formRows = await db
      .select({ id: forms.id, title: forms.title, researchId: forms.researchId })
      .from(forms)
      .where(and(eq(forms.visitId, visit.id), isNull(forms.deletedAt)))
      .orderBy(asc(forms.index));
    await researchToRead(db, actor, visit.researchId);
  }
  if (formRows[0]) await researchToRead(db, actor, formRows[0].researchId);
  const sectionNames = new Map<string, string>();
  if (formRows.length) {
    const sections = await db
      .select({ id: formSections.id, name: formSections.sectionName })
      .from(formSections)
      .where(
        and(
          inArray(
            formSections.formId,
            formRows.map((f) => f.id),
          ),
          isNull(formSections.deletedAt),
        ),
      );
    for (const s of sections) sectionNames.set(s.id, s.name);
  }
  const out = [];
  for (const f of formRows) {
    for (const dto of await formFieldDtos(db, f.id)) {
      if (dto.field.fieldType === 'Time' || dto.field.fieldType === 'DateTime')
        out.push({ ...dto, formTitle: f.title, sectionName: sectionNames.get(dto.formSectionId) ?? '' });
    }
  }
  const marks = await timeFieldMarks(
    db,
    out.map((f) => f.id),
  );
  return out.flatMap((f) => {
    const mark = marks.get(f.id);
    return mark ? [{ ...f, ...mark }] : [];
  });
}
