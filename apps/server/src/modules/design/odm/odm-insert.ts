import { writeAudit } from '../../../platform/audit/audit.js';
import type { Db } from '../../../platform/db/client.js';
import { fields, forms, formTypes, visits } from '../../../platform/db/schema/index.js';
import type { DesignCaller } from '../shared/context.js';
import { insertSections, type FieldSnapshot, type SectionSnapshot } from '../shared/copy.js';
import { appendIndex } from '../shared/order.js';
import { setFormVersions, setVisitVersions } from '../shared/versions.js';
import type { PlannedField, PlannedForm, PlannedFormField, PlannedFormType, PlannedVisit } from './odm-plan.js';

/**
 * The writes of an ODM import, shared by the import of a new version (odm-import.ts) and the update of a
 * recognised one (odm-update.ts): form types, field definitions, visits and forms made from the plan, each
 * audited as created from ODM, in the caller's transaction.
 */

export type VisitRow = typeof visits.$inferSelect;

export async function insertFormType(tx: Db, c: DesignCaller, t: PlannedFormType): Promise<string> {
  const [row] = await tx
    .insert(formTypes)
    .values({ title: t.title, formTypeKey: t.formTypeKey, updatedAt: new Date() })
    .returning();
  await writeAudit(tx, c.audit, {
    action: 'form_type.create',
    entityType: 'form_type',
    entityId: row!.id,
    after: { ...row, source: 'odm' },
  });
  return row!.id;
}

/** A field definition of the plan, in the form type given. */
export async function insertFieldDefinition(tx: Db, c: DesignCaller, f: PlannedField, formTypeId: string): Promise<string> {
  const [row] = await tx
    .insert(fields)
    .values({
      formTypeId,
      title: f.title,
      fieldKey: f.fieldKey,
      fieldType: f.fieldType,
      optionList: f.optionList,
      defaultOption: f.defaultOption,
      units: f.units,
      odmCodeList: f.odmCodeList,
      updatedAt: new Date(),
    })
    .returning();
  await writeAudit(tx, c.audit, {
    action: 'field.create',
    entityType: 'field',
    entityId: row!.id,
    after: { ...row, source: 'odm' },
  });
  return row!.id;
}

/** A visit of the plan, appended to the research's visits and linked to the version (without its forms). */
export async function insertPlannedVisit(
  tx: Db,
  c: DesignCaller,
  target: { researchId: string; versionId: string },
  v: PlannedVisit,
): Promise<VisitRow> {
  const [visit] = await tx
    .insert(visits)
    .values({
      researchId: target.researchId,
      oid: v.oid,
      title: v.title,
      description: v.description,
      visitKey: v.visitKey,
      visitType: v.visitType,
      dayNumber: v.dayNumber,
      dayPlus: v.dayPlus,
      dayMinus: v.dayMinus,
      repeating: v.repeating,
      isRequired: v.isRequired,
      pointList: v.pointList,
      index: await appendIndex(tx, 'visit', target.researchId),
      updatedAt: new Date(),
    })
    .returning();
  await setVisitVersions(tx, visit!.id, [target.versionId]);
  await writeAudit(tx, c.audit, {
    action: 'visit.create',
    entityType: 'visit',
    entityId: visit!.id,
    researchId: target.researchId,
    after: { ...visit, researchVersionIdList: [target.versionId], source: 'odm' },
  });
  return visit!;
}

/** A planned form field as a snapshot field, placed from the definition given. */
export function fieldSnapshotOf(ff: PlannedFormField, fieldId: string): FieldSnapshot {
  return {
    ref: ff.ref,
    oid: ff.oid,
    odmItem: ff.odmItem,
    fieldId,
    text: ff.text,
    textBefore: ff.textBefore,
    textAfter: ff.textAfter,
    annotationKey: ff.annotationKey,
    dataLink: ff.dataLink,
    isRequired: ff.isRequired,
    clinicalSignificance: ff.clinicalSignificance,
    comment: ff.comment,
    units: ff.units,
    formName: null,
    regExMask: ff.regExMask,
    mask: ff.mask,
    isHidden: ff.isHidden,
    requiredForEdc: ff.requiredForEdc,
    contextFormId: null,
    contextText: null,
    parentRef: ff.parentRef,
    parentVisibleRule: ff.parentVisibleRule,
    duration: ff.duration,
  };
}

export function sectionSnapshotOf(
  s: PlannedForm['sections'][number],
  fieldIdOf: (ff: PlannedFormField) => string,
): SectionSnapshot {
  return {
    ref: s.key,
    oid: s.oid,
    sectionName: s.name,
    description: s.description,
    formSectionKey: s.formSectionKey,
    pointList: [],
    fields: s.fields.map((ff) => fieldSnapshotOf(ff, fieldIdOf(ff))),
  };
}

/**
 * A form of the plan with its sections and fields, at `index` of its visit, linked to the version. `fieldIdOf`
 * gives the definition each form field is placed from. Returns the form and the ids of its form fields by the
 * plan's placement refs.
 */
export async function insertPlannedForm(
  tx: Db,
  c: DesignCaller,
  target: { researchId: string; visitId: string; versionId: string; index: number; formTypeId: string },
  f: PlannedForm,
  fieldIdOf: (ff: PlannedFormField) => string,
) {
  const [form] = await tx
    .insert(forms)
    .values({
      researchId: target.researchId,
      visitId: target.visitId,
      formTypeId: target.formTypeId,
      oid: f.oid,
      title: f.title,
      formKey: f.formKey,
      isRequired: f.isRequired,
      repeating: f.repeating,
      employeeTypesList: f.employeeTypesList,
      gender: f.gender,
      index: target.index,
      updatedAt: new Date(),
    })
    .returning();
  await setFormVersions(tx, form!.id, [target.versionId]);
  const inserted = await insertSections(
    tx,
    { researchId: target.researchId, formId: form!.id, firstSectionIndex: 0 },
    f.sections.map((s) => sectionSnapshotOf(s, fieldIdOf)),
    { keepContext: false },
  );
  await writeAudit(tx, c.audit, {
    action: 'form.create',
    entityType: 'form',
    entityId: form!.id,
    researchId: target.researchId,
    after: {
      ...form,
      researchVersionIdList: [target.versionId],
      sectionIds: inserted.sectionIds,
      fieldCount: inserted.fieldCount,
      source: 'odm',
    },
  });
  return { form: form!, ...inserted };
}
