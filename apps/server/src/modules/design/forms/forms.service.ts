import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_FORM_EMPLOYEE_TYPES, formatVersionIndex, type design } from '@edc/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Db } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import {
  fields,
  formResearchVersions,
  forms,
  formTemplates,
  researchVersions,
  visitResearchVersions,
  visits,
} from '../../../platform/db/schema/index.js';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.js';
import { softDeleteForms } from '../shared/cascade.js';
import { assertFresh, assertPrintable } from '../shared/checks.js';
import type { DesignCaller } from '../shared/context.js';
import { formSnapshot, insertForm, type FormSnapshot } from '../shared/copy.js';
import { appendIndex, closeGap, lockOrder, moveSibling, openGap } from '../shared/order.js';
import { researchToChange } from '../shared/research.js';
import { setFormVersions, versionIdsFor } from '../shared/versions.js';
import { findFormType } from '../form-types/form-types.service.js';
import { findVisit, type VisitRow } from '../visits/visits.queries.js';
import { formToChange, holdOpenForm } from './form-access.js';
import { findForm, formDto, formDtos, type FormDto, type FormRow } from './forms.queries.js';
import { assertTemplateReadable } from '../form-templates/form-templates.access.js';

type Create = z.infer<typeof design.formCreate>;
type Update = z.infer<typeof design.formUpdate>;
const TEXTS = ['title'] as const;

/** POST /Forms: appended to the visit; defaults of spec sections 5 and 9 (both genders, three roles, not required, not repeating). */
export async function createForm(deps: Deps, c: DesignCaller, input: Create): Promise<FormDto> {
  const visit = await findVisit(deps.db, input.visitId, 'visitId');
  await researchToChange(deps.db, c.actor, visit.researchId);
  await findFormType(deps.db, input.formTypeId, 'formTypeId');
  assertPrintable(input, TEXTS);
  const versionIds = await versionIdsFor(deps.db, visit.researchId, input.researchVersionIdList);
  const row = await deps.db.transaction(async (tx) => {
    const index = await appendIndex(tx, 'form', visit.id);
    const [row] = await tx
      .insert(forms)
      .values({
        researchId: visit.researchId,
        visitId: visit.id,
        formTypeId: input.formTypeId,
        title: input.title,
        formKey: input.formKey ?? null,
        isRequired: input.isRequired,
        repeating: input.repeating,
        employeeTypesList: input.employeeTypesList,
        gender: input.genderString,
        index,
        updatedAt: new Date(),
      })
      .returning();
    await setFormVersions(tx, row!.id, versionIds);
    await writeAudit(tx, c.audit, {
      action: 'form.create',
      entityType: 'form',
      entityId: row!.id,
      researchId: visit.researchId,
      after: { ...row, researchVersionIdList: versionIds },
    });
    return row!;
  });
  return formDto(deps.db, row);
}

/** PUT /Forms/{id}: form info, not while complete. */
export async function updateForm(deps: Deps, c: DesignCaller, id: string, input: Update): Promise<FormDto> {
  const before = await formToChange(deps, c, id, { structure: true });
  assertFresh(before.updatedAt, input.updatedAt);
  assertPrintable(input, TEXTS);
  if (input.formTypeId) await findFormType(deps.db, input.formTypeId, 'formTypeId');
  const versionIds =
    input.researchVersionIdList === undefined
      ? undefined
      : await versionIdsFor(deps.db, before.researchId, input.researchVersionIdList);
  const { updatedAt: _stamp, researchVersionIdList: _v, genderString, ...rest } = input;
  const row = await deps.db.transaction(async (tx) => {
    await holdOpenForm(tx, id);
    const [row] = await tx
      .update(forms)
      .set({ ...rest, ...(genderString ? { gender: genderString } : {}), updatedAt: new Date() })
      .where(eq(forms.id, id))
      .returning();
    if (versionIds) await setFormVersions(tx, id, versionIds);
    await writeAudit(tx, c.audit, {
      action: 'form.update',
      entityType: 'form',
      entityId: id,
      researchId: before.researchId,
      before,
      after: versionIds ? { ...row, researchVersionIdList: versionIds } : row,
    });
    return row!;
  });
  return formDto(deps.db, row);
}

/** DELETE /Forms/{id}: not while complete; sections and fields go with it; the visit's order closes up. */
export async function deleteForm(deps: Deps, c: DesignCaller, id: string): Promise<void> {
  const before = await formToChange(deps, c, id, { structure: true });
  await deps.db.transaction(async (tx) => {
    await lockOrder(tx, before.visitId);
    await holdOpenForm(tx, id);
    const [current] = await tx.select({ index: forms.index }).from(forms).where(eq(forms.id, id));
    await softDeleteForms(tx, [id]);
    await closeGap(tx, 'form', before.visitId, current!.index);
    await writeAudit(tx, c.audit, {
      action: 'form.delete',
      entityType: 'form',
      entityId: id,
      researchId: before.researchId,
      before,
    });
  });
}

/** POST /Forms/{id}/ToggleComplete */
export async function toggleFormComplete(deps: Deps, c: DesignCaller, id: string): Promise<FormDto> {
  const before = await formToChange(deps, c, id);
  const row = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(forms)
      .set({ complete: !before.complete, updatedAt: new Date() })
      .where(and(eq(forms.id, id), eq(forms.complete, before.complete), isNull(forms.deletedAt)))
      .returning();
    if (!row) throw conflict();
    await writeAudit(tx, c.audit, {
      action: 'form.toggle_complete',
      entityType: 'form',
      entityId: id,
      researchId: before.researchId,
      before: { complete: before.complete },
      after: { complete: row.complete },
    });
    return row;
  });
  return formDto(deps.db, row);
}

/** POST /Forms/{id}/ChangeIndex/{endIndex}: the visit's forms in their new order. */
export async function changeFormIndex(deps: Deps, c: DesignCaller, id: string, move: { startIndex?: number; endIndex: number }) {
  const form = await formToChange(deps, c, id);
  return deps.db.transaction(async (tx) => {
    const moved = await moveSibling(tx, 'form', {
      parentId: form.visitId,
      id,
      expectedStart: move.startIndex,
      end: move.endIndex,
    });
    await writeAudit(tx, c.audit, {
      action: 'form.change_index',
      entityType: 'form',
      entityId: id,
      researchId: form.researchId,
      before: { index: moved.start },
      after: { index: moved.end },
    });
    return moved.order.map((formId, index) => ({ id: formId, index }));
  });
}

async function visitVersionIds(db: Db, visitId: string): Promise<string[]> {
  const rows = await db
    .select({ id: visitResearchVersions.researchVersionId })
    .from(visitResearchVersions)
    .innerJoin(researchVersions, eq(researchVersions.id, visitResearchVersions.researchVersionId))
    .where(and(eq(visitResearchVersions.visitId, visitId), isNull(researchVersions.deletedAt)));
  return rows.map((r) => r.id);
}

/** Copies a snapshot as the last form of each target visit, in the target visit's versions. */
async function copyInto(
  deps: Deps,
  c: DesignCaller,
  copies: { source: FormRow; snapshot: FormSnapshot; visit: VisitRow }[],
  action: string,
): Promise<FormDto[]> {
  const rows = await deps.db.transaction(async (tx) => {
    // Every order lock before the first audit record (which holds the audit chain until commit).
    for (const visitId of [...new Set(copies.map((x) => x.visit.id))].sort()) await lockOrder(tx, visitId);
    const out: FormRow[] = [];
    for (const { source, snapshot, visit } of copies) {
      const index = await appendIndex(tx, 'form', visit.id);
      const versionIds = await visitVersionIds(tx, visit.id);
      const copy = await insertForm(tx, { researchId: visit.researchId, visitId: visit.id, index }, snapshot, {
        keepContext: true,
      });
      await setFormVersions(tx, copy.form.id, versionIds);
      out.push(copy.form);
      await writeAudit(tx, c.audit, {
        action,
        entityType: 'form',
        entityId: copy.form.id,
        researchId: visit.researchId,
        after: {
          ...copy.form,
          sourceFormId: source.id,
          sectionIds: copy.sectionIds,
          fieldCount: copy.fieldCount,
          researchVersionIdList: versionIds,
        },
      });
    }
    return out;
  });
  return formDtos(deps.db, rows);
}

async function targetVisits(deps: Deps, researchId: string, ids: string[], path: string): Promise<VisitRow[]> {
  const unique = [...new Set(ids)];
  const rows = await deps.db
    .select()
    .from(visits)
    .where(and(inArray(visits.id, unique), isNull(visits.deletedAt)));
  return unique.map((id) => {
    const v = rows.find((r) => r.id === id);
    if (!v) throw badRequest('unknown_reference', path, { field: path });
    if (v.researchId !== researchId) throw badRequest('foreign_research', path, { field: path });
    return v;
  });
}

/** POST /Forms/{id}/CopyToVisitList: a complete form copied into each listed visit of the same research. */
export async function copyToVisitList(deps: Deps, c: DesignCaller, id: string, visitIdList: string[]): Promise<FormDto[]> {
  const source = await formToChange(deps, c, id);
  if (!source.complete) throw conflict('form_not_complete');
  const targets = await targetVisits(deps, source.researchId, visitIdList, 'visitIdList');
  const snapshot = await formSnapshot(deps.db, source.id);
  return copyInto(
    deps,
    c,
    targets.map((visit) => ({ source, snapshot, visit })),
    'form.copy',
  );
}

/** POST /Forms/{id}/CopyFormList: the listed complete forms of the same research copied into visit {id}. */
export async function copyFormList(deps: Deps, c: DesignCaller, visitId: string, formIdList: string[]): Promise<FormDto[]> {
  const visit = await findVisit(deps.db, visitId);
  await researchToChange(deps.db, c.actor, visit.researchId);
  const copies = [];
  for (const formId of [...new Set(formIdList)]) {
    const source = await findForm(deps.db, formId, 'formIdList').catch(() => {
      throw badRequest('unknown_reference', 'formIdList', { field: 'formIdList' });
    });
    if (source.researchId !== visit.researchId) throw badRequest('foreign_research', 'formIdList', { field: 'formIdList' });
    if (!source.complete) throw conflict('form_not_complete', 'formIdList');
    copies.push({ source, snapshot: await formSnapshot(deps.db, source.id), visit });
  }
  return copyInto(deps, c, copies, 'form.copy');
}

/**
 * POST /Forms/{id}/SplitVersion/{n}: for a form of several research versions, version n leaves the form
 * and gets its own copy (placed right after it, open for editing).
 */
export async function splitVersion(deps: Deps, c: DesignCaller, id: string, versionId: string): Promise<FormDto[]> {
  const source = await formToChange(deps, c, id);
  const [version] = await deps.db
    .select()
    .from(researchVersions)
    .where(and(eq(researchVersions.id, versionId), isNull(researchVersions.deletedAt)));
  if (!version || version.researchId !== source.researchId) throw notFound('n');
  const rows = await deps.db.transaction(async (tx) => {
    await lockOrder(tx, source.visitId);
    const linked = await tx
      .select({ id: formResearchVersions.researchVersionId })
      .from(formResearchVersions)
      .innerJoin(researchVersions, eq(researchVersions.id, formResearchVersions.researchVersionId))
      .where(and(eq(formResearchVersions.formId, id), isNull(researchVersions.deletedAt)));
    const ids = linked.map((l) => l.id);
    if (ids.length < 2) throw conflict('split_needs_versions');
    if (!ids.includes(versionId)) throw badRequest('version_not_linked', 'n', { index: formatVersionIndex(version) });
    const [current] = await tx.select().from(forms).where(eq(forms.id, id));
    await openGap(tx, 'form', source.visitId, current!.index + 1);
    const snapshot = await formSnapshot(tx, id);
    const copy = await insertForm(
      tx,
      { researchId: source.researchId, visitId: source.visitId, index: current!.index + 1 },
      snapshot,
      {
        keepContext: true,
      },
    );
    await setFormVersions(tx, copy.form.id, [versionId]);
    const remaining = ids.filter((v) => v !== versionId);
    await setFormVersions(tx, id, remaining);
    await tx.update(forms).set({ updatedAt: new Date() }).where(eq(forms.id, id));
    await writeAudit(tx, c.audit, {
      action: 'form.split_version',
      entityType: 'form',
      entityId: id,
      researchId: source.researchId,
      before: { researchVersionIdList: ids },
      after: { researchVersionIdList: remaining, newFormId: copy.form.id, newFormVersionId: versionId },
    });
    await writeAudit(tx, c.audit, {
      action: 'form.create_by_split',
      entityType: 'form',
      entityId: copy.form.id,
      researchId: source.researchId,
      after: { ...copy.form, sourceFormId: id, researchVersionIdList: [versionId], fieldCount: copy.fieldCount },
    });
    const [updated] = await tx.select().from(forms).where(eq(forms.id, id));
    return [updated!, copy.form];
  });
  return formDtos(deps.db, rows);
}

/** A template may name field definitions deleted since it was saved: those fields are left out. */
async function liveFieldsOnly(db: Db, snapshot: FormSnapshot): Promise<FormSnapshot> {
  const ids = [...new Set(snapshot.sections.flatMap((s) => s.fields.map((f) => f.fieldId)))];
  const live = ids.length
    ? new Set(
        (
          await db
            .select({ id: fields.id })
            .from(fields)
            .where(and(inArray(fields.id, ids), isNull(fields.deletedAt)))
        ).map((r) => r.id),
      )
    : new Set<string>();
  return { ...snapshot, sections: snapshot.sections.map((s) => ({ ...s, fields: s.fields.filter((f) => live.has(f.fieldId)) })) };
}

/** POST /Forms/FromTemplate: a new form in the visit from an organisation's template. */
export async function formFromTemplate(
  deps: Deps,
  c: DesignCaller,
  input: z.infer<typeof design.formFromTemplate>,
): Promise<FormDto> {
  const [template] = await deps.db
    .select()
    .from(formTemplates)
    .where(and(eq(formTemplates.id, input.formTemplateId), isNull(formTemplates.deletedAt)));
  if (!template) throw notFound('formTemplateId');
  assertTemplateReadable(c.actor, template.organisationId);
  const visit = await findVisit(deps.db, input.visitId, 'visitId');
  await researchToChange(deps.db, c.actor, visit.researchId);
  assertPrintable(input, TEXTS);
  const versionIds = await versionIdsFor(deps.db, visit.researchId, input.researchVersionIdList);
  const snapshot = await liveFieldsOnly(deps.db, template.content as FormSnapshot);
  const row = await deps.db.transaction(async (tx) => {
    const index = await appendIndex(tx, 'form', visit.id);
    const copy = await insertForm(
      tx,
      { researchId: visit.researchId, visitId: visit.id, index, title: input.title ?? template.title },
      {
        ...snapshot,
        employeeTypesList: snapshot.employeeTypesList?.length ? snapshot.employeeTypesList : [...DEFAULT_FORM_EMPLOYEE_TYPES],
      },
      { keepContext: false },
    );
    await setFormVersions(tx, copy.form.id, versionIds);
    await writeAudit(tx, c.audit, {
      action: 'form.create_from_template',
      entityType: 'form',
      entityId: copy.form.id,
      researchId: visit.researchId,
      after: { ...copy.form, formTemplateId: template.id, fieldCount: copy.fieldCount, researchVersionIdList: versionIds },
    });
    return copy.form;
  });
  return formDto(deps.db, row);
}
