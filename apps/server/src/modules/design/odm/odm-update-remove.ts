import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { design } from '@edc/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Db } from '../../../platform/db/client.js';
import { formFields, forms, formSections, visits } from '../../../platform/db/schema/index.js';
import { releaseChildren, softDeleteForms, softDeleteSections } from '../shared/cascade.js';
import type { DesignCaller } from '../shared/context.js';
import { closeGap, lockOrder } from '../shared/order.js';
import { formVersionRefs, setFormVersions, setVisitVersions, visitVersionRefs } from '../shared/versions.js';
import type { OdmExportData } from './odm-export.js';
import type { DesignOids } from './odm-oids.js';

type VisitRow = OdmExportData['visits'][number];
type FormRow = OdmExportData['forms'][number];
type SectionRow = OdmExportData['sections'][number];
type FormFieldRow = OdmExportData['formFields'][number];

/** Why a part of the update cannot be made: the whole update is then refused (odm-update-version.ts). */
export interface Refusal {
  element: string;
  oid: string;
  /** values: it holds entered values; complete: its visit or form is complete; type/options: values of another kind. */
  why: 'values' | 'complete' | 'type' | 'options';
}

export type OdmAudit = (
  action: string,
  entityType: string,
  entityId: string,
  before: unknown,
  after: object | undefined,
) => Promise<void>;

/** Every change of an update is audited as the design editors audit it, in the same transaction, marked as made from ODM. */
export const odmAudit =
  (tx: Db, c: DesignCaller, researchId: string): OdmAudit =>
  (action, entityType, entityId, before, after) =>
    writeAudit(tx, c.audit, {
      action,
      entityType,
      entityId,
      researchId,
      ...(before ? { before } : {}),
      after: { ...after, source: 'odm' },
    });

/** What the steps of one update share: the version as it was, its OIDs, what holds values, and the tallies. */
export interface UpdateContext {
  tx: Db;
  researchId: string;
  versionId: string;
  data: OdmExportData;
  oids: DesignOids;
  refusals: Refusal[];
  update: z.infer<typeof design.odmUpdateCounts>;
  valuedFields: Set<string>;
  valuedForms: Set<string>;
  audit: OdmAudit;
}

/**
 * The removals of an update (odm-update.ts), each as the design editors make it; an element holding values, or
 * a complete one, is not removed but refused.
 */
export function removals(ctx: UpdateContext) {
  const { tx, researchId, versionId, data, oids, refusals, update, valuedFields, valuedForms, audit } = ctx;

  /** Removes a form field as DELETE /FormFields does: soft delete, the order closed up, dependants released. */
  async function removeFormField(row: FormFieldRow, form: FormRow) {
    const oid = oids.itemOid.get(row.id)!;
    if (valuedFields.has(row.id)) return refusals.push({ element: 'ItemDef', oid, why: 'values' });
    if (form.complete) return refusals.push({ element: 'ItemDef', oid, why: 'complete' });
    await lockOrder(tx, row.formSectionId);
    const [current] = await tx
      .update(formFields)
      .set({ deletedAt: new Date() })
      .where(and(eq(formFields.id, row.id), isNull(formFields.deletedAt)))
      .returning();
    await closeGap(tx, 'formField', row.formSectionId, current!.index);
    await releaseChildren(tx, [row.id]);
    await audit('form_field.delete', 'form_field', row.id, row, undefined);
    update.removed++;
  }

  async function removeSection(row: SectionRow, form: FormRow) {
    const oid = oids.sectionOid.get(row.id)!;
    const own = data.formFields.filter((f) => f.formSectionId === row.id);
    const valued = own.filter((f) => valuedFields.has(f.id));
    if (valued.length) {
      for (const f of valued) refusals.push({ element: 'ItemDef', oid: oids.itemOid.get(f.id)!, why: 'values' });
      return;
    }
    if (form.complete) return refusals.push({ element: 'ItemGroupDef', oid, why: 'complete' });
    await lockOrder(tx, row.formId);
    const [current] = await tx.select({ index: formSections.index }).from(formSections).where(eq(formSections.id, row.id));
    await softDeleteSections(tx, [row.id]);
    await closeGap(tx, 'section', row.formId, current!.index);
    await audit('form_section.delete', 'form_section', row.id, row, undefined);
    update.removed += 1 + own.length;
  }

  /** A form the file no longer has: unlinked from the version while others use it, else deleted as DELETE /Forms does. */
  async function removeForm(row: FormRow) {
    const oid = oids.formOid.get(row.id)!;
    if (valuedForms.has(row.id)) return refusals.push({ element: 'FormDef', oid, why: 'values' });
    const others = ((await formVersionRefs(tx, [row.id])).get(row.id) ?? []).map((v) => v.id).filter((id) => id !== versionId);
    if (others.length) {
      await setFormVersions(tx, row.id, others);
      await audit('form.update', 'form', row.id, row, { researchVersionIdList: others });
    } else {
      if (row.complete) return refusals.push({ element: 'FormDef', oid, why: 'complete' });
      await lockOrder(tx, row.visitId);
      const [current] = await tx.select({ index: forms.index }).from(forms).where(eq(forms.id, row.id));
      await softDeleteForms(tx, [row.id]);
      await closeGap(tx, 'form', row.visitId, current!.index);
      await audit('form.delete', 'form', row.id, row, undefined);
    }
    update.removed += 1 + data.sections.filter((s) => s.formId === row.id).length;
    update.removed += data.formFields.filter((f) => f.formId === row.id).length;
  }

  async function removeVisit(row: VisitRow) {
    const oid = oids.visitOid.get(row.id)!;
    const own = data.forms.filter((f) => f.visitId === row.id);
    const valued = own.filter((f) => valuedForms.has(f.id));
    if (valued.length) {
      for (const f of valued) refusals.push({ element: 'FormDef', oid: oids.formOid.get(f.id)!, why: 'values' });
      return;
    }
    for (const f of own) await removeForm(f);
    const others = ((await visitVersionRefs(tx, [row.id])).get(row.id) ?? []).map((v) => v.id).filter((id) => id !== versionId);
    if (others.length) {
      await setVisitVersions(tx, row.id, others);
      await audit('visit.update', 'visit', row.id, row, { researchVersionIdList: others });
    } else {
      if (row.complete) return refusals.push({ element: 'StudyEventDef', oid, why: 'complete' });
      const [current] = await tx.select({ index: visits.index }).from(visits).where(eq(visits.id, row.id));
      await tx.update(visits).set({ deletedAt: new Date() }).where(eq(visits.id, row.id));
      await closeGap(tx, 'visit', researchId, current!.index);
      await audit('visit.delete', 'visit', row.id, row, undefined);
    }
    update.removed++;
  }

  return { removeFormField, removeSection, removeForm, removeVisit };
}
