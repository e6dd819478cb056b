import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { design } from '@edc/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Db } from '../../../platform/db/client.js';
import { fields, formFields, forms, formSections, visits } from '../../../platform/db/schema/index.js';
import type { DesignCaller } from '../shared/context.js';
import { insertSectionFields, insertSections } from '../shared/copy.js';
import { appendIndex, lockOrder, siblingCount } from '../shared/order.js';
import { stableJson } from './odm-common.js';
import { definitionsWithValues, formFieldsWithValues, formsWithValues } from './odm-entered-data.js';
import { loadVersionDesign, type OdmExportData } from './odm-export.js';
import { odmAudit, removals, type Refusal, type UpdateContext } from './odm-update-remove.js';
import {
  fieldSnapshotOf,
  insertFieldDefinition,
  insertFormType,
  insertPlannedForm,
  insertPlannedVisit,
  sectionSnapshotOf,
} from './odm-insert.js';
import { oidsOfDesign } from './odm-oids.js';
import type { ImportPlan, PlannedField, PlannedForm, PlannedFormField, PlannedSection, PlannedVisit } from './odm-plan.js';

type Counts = z.infer<typeof design.odmImportReply>['counts'];
type UpdateCounts = z.infer<typeof design.odmUpdateCounts>;
type VisitRow = OdmExportData['visits'][number];
type FormRow = OdmExportData['forms'][number];
type SectionRow = OdmExportData['sections'][number];
type FormFieldRow = OdmExportData['formFields'][number];
type FieldRow = typeof fields.$inferSelect;

export type { Refusal } from './odm-update-remove.js';

const VISIT_COLUMNS = [
  'title',
  'description',
  'visitKey',
  'visitType',
  'dayNumber',
  'dayPlus',
  'dayMinus',
  'repeating',
  'isRequired',
  'pointList',
] as const;
const FORM_COLUMNS = ['title', 'formKey', 'isRequired', 'repeating', 'employeeTypesList', 'gender'] as const;
const SECTION_COLUMNS = ['sectionName', 'description', 'formSectionKey'] as const;
const FORM_FIELD_COLUMNS = [
  'text',
  'textBefore',
  'textAfter',
  'annotationKey',
  'dataLink',
  'isRequired',
  'clinicalSignificance',
  'comment',
  'regExMask',
  'mask',
  'isHidden',
  'requiredForEdc',
  'duration',
] as const;
const DEFINITION_COLUMNS = ['title', 'units', 'fieldType', 'optionList', 'defaultOption'] as const;

/** The columns whose wanted value differs from the row's (null and an empty text are the same). */
function changes<R extends object>(row: R, wanted: Partial<R>, columns: readonly (keyof R)[]): Partial<R> | null {
  const norm = (v: unknown) => stableJson(v === '' || v === undefined ? null : v);
  const out: Partial<R> = {};
  for (const col of columns) if (norm(row[col]) !== norm(wanted[col])) out[col] = wanted[col];
  return Object.keys(out).length ? out : null;
}

/** Options only added (the old ones kept, in their order): entered values keep their meaning. */
const optionsOnlyAdded = (before: string[], after: string[]) =>
  before.every((o, i) => after[i] === o) && after.length >= before.length;

/**
 * Applies an import plan to an existing version, in the caller's transaction: its visits, forms, sections and
 * form fields are matched by the OIDs the version's export gives them (odm-oids.ts, what `sameAs` compared):
 * a visit by its StudyEventDef, a form by its FormDef within that visit, a section by its ItemGroupDef within that
 * form, a form field by its ItemDef within that section. What matches and is the same is not touched; what
 * matches and differs is updated in place (and audited with before and after); what the file adds is created as
 * the import creates it (odm-insert.ts), appended to its parent's order; what the file no longer has is removed as
 * the design editors remove it (a visit or form other versions still use is only unlinked from this one).
 * Field definitions: a change of type, or of options beyond adding some at the end, needs a definition no value
 * was entered with. Whatever cannot be done is returned as refusals (nothing of it is skipped silently): the
 * caller then rolls the whole transaction back. Rules and time points stay as they are.
 */
export async function applyOdmUpdate(
  tx: Db,
  c: DesignCaller,
  target: { researchId: string; versionId: string },
  plan: ImportPlan,
): Promise<{ counts: Counts; update: UpdateCounts; refusals: Refusal[] }> {
  const { researchId, versionId } = target;
  const data = await loadVersionDesign(tx, c.actor, versionId);
  const oids = oidsOfDesign(data);
  const refusals: Refusal[] = [];
  const update: UpdateCounts = { created: 0, updated: 0, unchanged: 0, removed: 0 };
  const counts: Counts = {
    visits: 0,
    formTypes: 0,
    forms: 0,
    sections: 0,
    fields: 0,
    formFields: 0,
    codeLists: plan.codeListsUsed,
  };
  // What holds values, read once before anything changes, and how every change is audited.
  const ctx: UpdateContext = {
    tx,
    researchId,
    versionId,
    data,
    oids,
    refusals,
    update,
    valuedFields: await formFieldsWithValues(
      tx,
      data.formFields.map((f) => f.id),
    ),
    valuedForms: await formsWithValues(
      tx,
      data.forms.map((f) => f.id),
    ),
    audit: odmAudit(tx, c, researchId),
  };
  const { audit } = ctx;
  const { removeFormField, removeSection, removeForm, removeVisit } = removals(ctx);

  const plannedDefs = new Map(plan.fields.map((f) => [f.ref, f]));

  // The version's entities by their export OIDs, each within its parent.
  const visitOf = new Map(data.visits.map((v) => [oids.visitOid.get(v.id)!, v]));
  const formOf = new Map(data.forms.map((f) => [`${f.visitId} ${oids.formOid.get(f.id)}`, f]));
  const sectionOf = new Map(data.sections.map((s) => [`${s.formId} ${oids.sectionOid.get(s.id)}`, s]));
  const formFieldOf = new Map(data.formFields.map((f) => [`${f.formSectionId} ${oids.itemOid.get(f.id)}`, f]));
  const kept = new Set<string>();

  // Form types and definitions the additions need: the version's own of the same key, else made once.
  const typeIdOfRef = new Map<string, string>();
  const typeIdFor = async (ref: string) => {
    let id = typeIdOfRef.get(ref);
    if (!id) {
      const planned = plan.formTypes.find((t) => t.ref === ref)!;
      id = [...data.formTypes.values()].find((t) => t.formTypeKey === planned.formTypeKey && !t.deletedAt)?.id;
      if (!id) {
        id = await insertFormType(tx, c, planned);
        counts.formTypes++;
      }
      typeIdOfRef.set(ref, id);
    }
    return id;
  };
  const defIdOf = new Map<string, string>();
  /** A definition for a new form field: one of the form type with the same key, else a new one. */
  const definitionFor = async (ff: PlannedFormField, formTypeId: string) => {
    const planned = plannedDefs.get(ff.fieldRef)!;
    const key = `${formTypeId} ${planned.fieldKey}`;
    let id = defIdOf.get(key);
    if (!id) {
      const [existing] = await tx
        .select({ id: fields.id })
        .from(fields)
        .where(and(eq(fields.formTypeId, formTypeId), eq(fields.fieldKey, planned.fieldKey), isNull(fields.deletedAt)))
        .limit(1);
      id = existing?.id ?? (await insertFieldDefinition(tx, c, planned, formTypeId));
      if (!existing) counts.fields++;
      defIdOf.set(key, id);
    }
    return id;
  };

  /** The ids of the form fields by the plan's placement refs, for the dependencies (set at the end of a form). */
  const idOfRef = new Map<string, string>();
  const formFieldRowOf = new Map<string, FormFieldRow>();
  const createdFormFields = new Set<string>();
  const doneDefs = new Set<string>();
  const definitionsValued = await definitionsWithValues(tx, [...data.fields.keys()]);

  async function updateDefinition(row: FormFieldRow, ff: PlannedFormField, itemOid: string): Promise<boolean> {
    const def = data.fields.get(row.fieldId)!;
    if (doneDefs.has(def.id)) return false;
    doneDefs.add(def.id);
    const planned: PlannedField = plannedDefs.get(ff.fieldRef)!;
    const diff = changes<FieldRow>(def, planned as unknown as Partial<FieldRow>, DEFINITION_COLUMNS) ?? {};
    // What the CodeList said beyond the options is compared when the definition keeps any (an imported one).
    if (def.odmCodeList && stableJson(def.odmCodeList) !== stableJson(planned.odmCodeList))
      diff.odmCodeList = planned.odmCodeList;
    if (!Object.keys(diff).length) return false;
    if (definitionsValued.has(def.id)) {
      if (diff.fieldType !== undefined) return (refusals.push({ element: 'ItemDef', oid: itemOid, why: 'type' }), false);
      if (diff.optionList !== undefined && !optionsOnlyAdded(def.optionList, planned.optionList))
        return (refusals.push({ element: 'CodeList', oid: oids.codeListOid.get(def.id) ?? itemOid, why: 'options' }), false);
    }
    const [after] = await tx
      .update(fields)
      .set({ ...diff, updatedAt: new Date() })
      .where(eq(fields.id, def.id))
      .returning();
    await writeAudit(tx, c.audit, {
      action: 'field.update',
      entityType: 'field',
      entityId: def.id,
      before: def,
      after: { ...after, source: 'odm' },
    });
    return true;
  }

  async function updateFormField(row: FormFieldRow, ff: PlannedFormField, itemOid: string, form: FormRow) {
    const wanted = fieldSnapshotOf(ff, row.fieldId);
    const diff = changes<FormFieldRow>(row, wanted as unknown as Partial<FormFieldRow>, FORM_FIELD_COLUMNS) ?? {};
    // Units: the field's own, else its definition's; the file writes the one in effect.
    const defUnits = data.fields.get(row.fieldId)?.units ?? null;
    const plannedDefUnits = plannedDefs.get(ff.fieldRef)!.units;
    if ((row.units || defUnits || null) !== (ff.units || plannedDefUnits || null)) diff.units = ff.units;
    // What the ItemDef said beyond the design is compared when the field keeps any (an imported one).
    if (row.odmItem && stableJson(row.odmItem) !== stableJson(ff.odmItem)) diff.odmItem = ff.odmItem;
    const defChanged = await updateDefinition(row, ff, itemOid);
    if (!Object.keys(diff).length) return defChanged ? 'updated' : 'unchanged';
    if (form.complete) return (refusals.push({ element: 'ItemDef', oid: itemOid, why: 'complete' }), 'unchanged');
    const [after] = await tx
      .update(formFields)
      .set({ ...diff, updatedAt: new Date() })
      .where(eq(formFields.id, row.id))
      .returning();
    formFieldRowOf.set(row.id, after!);
    await audit('form_field.update', 'form_field', row.id, row, after);
    return 'updated';
  }

  async function createForm(visitId: string, f: PlannedForm) {
    const formTypeId = await typeIdFor(f.formTypeRef);
    const defs = new Map<PlannedFormField, string>();
    for (const s of f.sections) for (const ff of s.fields) defs.set(ff, await definitionFor(ff, formTypeId));
    const inserted = await insertPlannedForm(
      tx,
      c,
      { researchId, visitId, versionId, index: await appendIndex(tx, 'form', visitId), formTypeId },
      f,
      (ff) => defs.get(ff)!,
    );
    counts.forms++;
    counts.sections += inserted.sectionIds.length;
    counts.formFields += inserted.fieldCount;
    update.created += 1 + inserted.sectionIds.length + inserted.fieldCount;
  }

  async function applySection(form: FormRow, row: SectionRow, s: PlannedSection) {
    kept.add(row.id);
    const diff = changes<SectionRow>(
      row,
      { sectionName: s.name, description: s.description, formSectionKey: s.formSectionKey },
      SECTION_COLUMNS,
    );
    if (diff && form.complete) refusals.push({ element: 'ItemGroupDef', oid: oids.sectionOid.get(row.id)!, why: 'complete' });
    else if (diff) {
      const [after] = await tx
        .update(formSections)
        .set({ ...diff, updatedAt: new Date() })
        .where(eq(formSections.id, row.id))
        .returning();
      await audit('form_section.update', 'form_section', row.id, row, after);
      update.updated++;
    } else update.unchanged++;
    const added: PlannedFormField[] = [];
    for (const ff of s.fields) {
      const match = ff.oid ? formFieldOf.get(`${row.id} ${ff.oid}`) : undefined;
      if (!match || kept.has(match.id)) {
        added.push(ff);
        continue;
      }
      kept.add(match.id);
      idOfRef.set(ff.ref, match.id);
      formFieldRowOf.set(match.id, match);
      update[await updateFormField(match, ff, ff.oid!, form)]++;
    }
    for (const f of data.formFields.filter((x) => x.formSectionId === row.id && !kept.has(x.id))) await removeFormField(f, form);
    if (!added.length) return;
    if (form.complete) {
      for (const ff of added) refusals.push({ element: 'ItemDef', oid: ff.oid ?? ff.ref, why: 'complete' });
      return;
    }
    const snapshots = [];
    for (const ff of added) snapshots.push(fieldSnapshotOf(ff, await definitionFor(ff, form.formTypeId)));
    const ids = await insertSectionFields(
      tx,
      { researchId, formId: form.id, formSectionId: row.id, firstFieldIndex: await appendSiblingIndex('formField', row.id) },
      snapshots,
      { keepContext: false },
    );
    for (const snapshot of snapshots) {
      const id = ids.get(snapshot.ref)!;
      idOfRef.set(snapshot.ref, id);
      createdFormFields.add(id);
      await audit('form_field.create', 'form_field', id, undefined, { ...snapshot, id, formId: form.id, formSectionId: row.id });
    }
    counts.formFields += ids.size;
    update.created += ids.size;
  }

  const appendSiblingIndex = async (kind: 'formField' | 'section', parentId: string) => {
    await lockOrder(tx, parentId);
    return siblingCount(tx, kind, parentId);
  };

  async function applyForm(row: FormRow, f: PlannedForm) {
    kept.add(row.id);
    const diff = changes<FormRow>(row, f as unknown as Partial<FormRow>, FORM_COLUMNS);
    if (diff && row.complete) refusals.push({ element: 'FormDef', oid: oids.formOid.get(row.id)!, why: 'complete' });
    else if (diff) {
      const [after] = await tx
        .update(forms)
        .set({ ...diff, updatedAt: new Date() })
        .where(eq(forms.id, row.id))
        .returning();
      await audit('form.update', 'form', row.id, row, after);
      update.updated++;
    } else update.unchanged++;
    const added: PlannedSection[] = [];
    for (const s of f.sections) {
      const match = s.oid ? sectionOf.get(`${row.id} ${s.oid}`) : undefined;
      if (match && !kept.has(match.id)) await applySection(row, match, s);
      else added.push(s);
    }
    for (const s of data.sections.filter((x) => x.formId === row.id && !kept.has(x.id))) await removeSection(s, row);
    if (added.length && row.complete) {
      for (const s of added) refusals.push({ element: 'ItemGroupDef', oid: s.oid ?? s.key, why: 'complete' });
    } else if (added.length) {
      const snapshots = [];
      for (const s of added) {
        const defs = new Map<PlannedFormField, string>();
        for (const ff of s.fields) defs.set(ff, await definitionFor(ff, row.formTypeId));
        snapshots.push(sectionSnapshotOf(s, (ff) => defs.get(ff)!));
      }
      const inserted = await insertSections(
        tx,
        { researchId, formId: row.id, firstSectionIndex: await appendSiblingIndex('section', row.id) },
        snapshots,
        { keepContext: false },
      );
      for (const [ref, id] of inserted.fieldIds) {
        idOfRef.set(ref, id);
        createdFormFields.add(id);
      }
      for (const [i, sectionId] of inserted.sectionIds.entries())
        await audit('form_section.create', 'form_section', sectionId, undefined, {
          ...snapshots[i],
          id: sectionId,
          formId: row.id,
        });
      counts.sections += inserted.sectionIds.length;
      counts.formFields += inserted.fieldCount;
      update.created += inserted.sectionIds.length + inserted.fieldCount;
    }
    await applyDependencies(row, f);
  }

  /** Dependencies name other placements of the file: set once every field of the form has an id. */
  async function applyDependencies(form: FormRow, f: PlannedForm) {
    for (const s of f.sections)
      for (const ff of s.fields) {
        const id = idOfRef.get(ff.ref);
        if (!id || createdFormFields.has(id)) continue;
        const row = formFieldRowOf.get(id)!;
        const parent = ff.parentRef ? (idOfRef.get(ff.parentRef) ?? null) : null;
        const rule = parent ? ff.parentVisibleRule : null;
        if (row.parentFormFieldId === parent && (row.parentVisibleRule ?? null) === rule) continue;
        if (form.complete) {
          refusals.push({ element: 'ItemDef', oid: ff.oid ?? ff.ref, why: 'complete' });
          continue;
        }
        const [after] = await tx
          .update(formFields)
          .set({ parentFormFieldId: parent, parentVisibleRule: rule, updatedAt: new Date() })
          .where(eq(formFields.id, id))
          .returning();
        await audit('form_field.update', 'form_field', id, row, after);
      }
    // New fields of existing sections whose parent was an existing field: set without a second record.
    for (const s of f.sections)
      for (const ff of s.fields) {
        const id = idOfRef.get(ff.ref);
        const parent = ff.parentRef ? idOfRef.get(ff.parentRef) : undefined;
        if (!id || !createdFormFields.has(id) || !parent) continue;
        await tx
          .update(formFields)
          .set({ parentFormFieldId: parent, parentVisibleRule: ff.parentVisibleRule })
          .where(and(eq(formFields.id, id), isNull(formFields.parentFormFieldId)));
      }
  }

  async function applyVisit(row: VisitRow, v: PlannedVisit) {
    kept.add(row.id);
    const diff = changes<VisitRow>(row, v as unknown as Partial<VisitRow>, VISIT_COLUMNS);
    if (diff && row.complete) refusals.push({ element: 'StudyEventDef', oid: v.oid!, why: 'complete' });
    else if (diff) {
      const [after] = await tx
        .update(visits)
        .set({ ...diff, updatedAt: new Date() })
        .where(eq(visits.id, row.id))
        .returning();
      await audit('visit.update', 'visit', row.id, row, after);
      update.updated++;
    } else update.unchanged++;
    const added: PlannedForm[] = [];
    for (const f of v.forms) {
      const match = f.oid ? formOf.get(`${row.id} ${f.oid}`) : undefined;
      if (match && !kept.has(match.id)) await applyForm(match, f);
      else added.push(f);
    }
    for (const f of data.forms.filter((x) => x.visitId === row.id && !kept.has(x.id))) await removeForm(f);
    for (const f of added) await createForm(row.id, f);
  }

  const addedVisits: PlannedVisit[] = [];
  for (const v of plan.visits) {
    const match = v.oid ? visitOf.get(v.oid) : undefined;
    if (match && !kept.has(match.id)) await applyVisit(match, v);
    else addedVisits.push(v);
  }
  for (const v of data.visits.filter((x) => !kept.has(x.id))) await removeVisit(v);
  for (const v of addedVisits) {
    const visit = await insertPlannedVisit(tx, c, { researchId, versionId }, v);
    counts.visits++;
    update.created++;
    for (const f of v.forms) await createForm(visit.id, f);
  }
  return { counts, update, refusals };
}
