import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { design } from '@edc/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Db } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import { formSections } from '../../../platform/db/schema/index.js';
import type { Actor } from '../../../platform/http/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { softDeleteSections } from '../shared/cascade.js';
import { assertFresh, assertPrintable, iso } from '../shared/checks.js';
import type { DesignCaller } from '../shared/context.js';
import { insertSections, sectionSnapshots } from '../shared/copy.js';
import { appendIndex, closeGap, lockOrder, moveSibling } from '../shared/order.js';
import { researchToRead } from '../shared/research.js';
import { formToChange, holdOpenForm } from '../forms/form-access.js';
import { findForm } from '../forms/forms.queries.js';
import { formFieldDtos } from '../form-fields/form-fields.queries.js';

type Row = typeof formSections.$inferSelect;
type Dto = z.infer<typeof design.section>;
type WithFields = z.infer<typeof design.sectionWithFields>;
const TEXTS = ['sectionName', 'description'] as const;

const toDto = (r: Row): Dto => ({
  id: r.id,
  researchId: r.researchId,
  formId: r.formId,
  sectionName: r.sectionName,
  description: r.description,
  formSectionKey: r.formSectionKey,
  pointList: r.pointList,
  index: r.index,
  updatedAt: iso(r.updatedAt),
});

async function findSection(db: Db, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(formSections)
    .where(and(eq(formSections.id, id), isNull(formSections.deletedAt)))
    .limit(1);
  if (!row) throw notFound('id');
  return row;
}

const sectionsOf = (db: Db, formId: string) =>
  db
    .select()
    .from(formSections)
    .where(and(eq(formSections.formId, formId), isNull(formSections.deletedAt)))
    .orderBy(asc(formSections.index));

async function withFields(db: Db, formId: string, rows: Row[]): Promise<WithFields[]> {
  const fieldDtos = await formFieldDtos(db, formId);
  return rows.map((s) => ({ ...toDto(s), formFieldList: fieldDtos.filter((f) => f.formSectionId === s.id) }));
}

/** GET /FormSections?formId */
export async function listSections(db: Db, actor: Actor, formId: string): Promise<Dto[]> {
  const form = await findForm(db, formId, 'formId');
  await researchToRead(db, actor, form.researchId);
  return (await sectionsOf(db, form.id)).map(toDto);
}

/** GET /FormSections/WithReferences?formId: the form editor's data, every section with its fields, in one call. */
export async function listSectionsWithFields(db: Db, actor: Actor, formId: string): Promise<WithFields[]> {
  const form = await findForm(db, formId, 'formId');
  await researchToRead(db, actor, form.researchId);
  return withFields(db, form.id, await sectionsOf(db, form.id));
}

/** GET /FormSections/{id}: with its fields. */
export async function getSection(db: Db, actor: Actor, id: string): Promise<WithFields> {
  const row = await findSection(db, id);
  await researchToRead(db, actor, row.researchId);
  return (await withFields(db, row.formId, [row]))[0]!;
}

/** POST /FormSections: name required; appended; not on a complete form. */
export async function createSection(deps: Deps, c: DesignCaller, input: z.infer<typeof design.sectionCreate>): Promise<Dto> {
  const form = await formToChange(deps, c, input.formId, { structure: true, path: 'formId' });
  assertPrintable(input, TEXTS);
  return deps.db.transaction(async (tx) => {
    await holdOpenForm(tx, form.id);
    const index = await appendIndex(tx, 'section', form.id);
    const [row] = await tx
      .insert(formSections)
      .values({
        researchId: form.researchId,
        formId: form.id,
        sectionName: input.sectionName,
        description: input.description ?? null,
        formSectionKey: input.formSectionKey ?? null,
        pointList: input.pointList,
        index,
        updatedAt: new Date(),
      })
      .returning();
    await writeAudit(tx, c.audit, {
      action: 'form_section.create',
      entityType: 'form_section',
      entityId: row!.id,
      researchId: form.researchId,
      after: row,
    });
    return toDto(row!);
  });
}

async function sectionToChange(deps: Deps, c: DesignCaller, id: string) {
  const row = await findSection(deps.db, id);
  const form = await formToChange(deps, c, row.formId, { structure: true });
  return { row, form };
}

/** PUT /FormSections/{id} */
export async function updateSection(
  deps: Deps,
  c: DesignCaller,
  id: string,
  input: z.infer<typeof design.sectionUpdate>,
): Promise<Dto> {
  const { row: before, form } = await sectionToChange(deps, c, id);
  assertFresh(before.updatedAt, input.updatedAt);
  assertPrintable(input, TEXTS);
  const { updatedAt: _stamp, ...change } = input;
  return deps.db.transaction(async (tx) => {
    await holdOpenForm(tx, form.id);
    const [row] = await tx
      .update(formSections)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(formSections.id, id))
      .returning();
    await writeAudit(tx, c.audit, {
      action: 'form_section.update',
      entityType: 'form_section',
      entityId: id,
      researchId: form.researchId,
      before,
      after: row,
    });
    return toDto(row!);
  });
}

/** DELETE /FormSections/{id}: with its fields; the form's order closes up. */
export async function deleteSection(deps: Deps, c: DesignCaller, id: string): Promise<void> {
  const { row: before, form } = await sectionToChange(deps, c, id);
  await deps.db.transaction(async (tx) => {
    await lockOrder(tx, form.id);
    await holdOpenForm(tx, form.id);
    const [current] = await tx
      .select({ index: formSections.index, deletedAt: formSections.deletedAt })
      .from(formSections)
      .where(eq(formSections.id, id));
    if (!current || current.deletedAt) throw notFound('id');
    await softDeleteSections(tx, [id]);
    await closeGap(tx, 'section', form.id, current.index);
    await writeAudit(tx, c.audit, {
      action: 'form_section.delete',
      entityType: 'form_section',
      entityId: id,
      researchId: form.researchId,
      before,
    });
  });
}

/** POST /FormSections/{id}/ChangeIndex/{endIndex}: the form's sections in their new order. */
export async function changeSectionIndex(
  deps: Deps,
  c: DesignCaller,
  id: string,
  move: { startIndex?: number; endIndex: number },
) {
  const { form } = await sectionToChange(deps, c, id);
  return deps.db.transaction(async (tx) => {
    const moved = await moveSibling(tx, 'section', {
      parentId: form.id,
      id,
      expectedStart: move.startIndex,
      end: move.endIndex,
      openFormId: form.id,
    });
    await writeAudit(tx, c.audit, {
      action: 'form_section.change_index',
      entityType: 'form_section',
      entityId: id,
      researchId: form.researchId,
      before: { index: moved.start },
      after: { index: moved.end },
    });
    return moved.order.map((sectionId, index) => ({ id: sectionId, index }));
  });
}

/**
 * POST /FormSections/{id}/Copy: the section with its fields appended to its own form, or to `formId`
 * (an open form of the same research). Dependencies inside the section are kept.
 */
export async function copySection(
  deps: Deps,
  c: DesignCaller,
  id: string,
  targetFormId: string | undefined,
): Promise<WithFields> {
  const source = await findSection(deps.db, id);
  await researchToRead(deps.db, c.actor, source.researchId);
  const target = await formToChange(deps, c, targetFormId ?? source.formId, { structure: true, path: 'formId' });
  if (target.researchId !== source.researchId) throw badRequest('foreign_research', 'formId', { field: 'formId' });
  const [snapshot] = await sectionSnapshots(deps.db, source.formId, source.id);
  const newId = await deps.db.transaction(async (tx) => {
    await holdOpenForm(tx, target.id);
    const index = await appendIndex(tx, 'section', target.id);
    const inserted = await insertSections(
      tx,
      { researchId: target.researchId, formId: target.id, firstSectionIndex: index },
      [snapshot!],
      {
        keepContext: true,
      },
    );
    const newId = inserted.sectionIds[0]!;
    await writeAudit(tx, c.audit, {
      action: 'form_section.copy',
      entityType: 'form_section',
      entityId: newId,
      researchId: target.researchId,
      after: { sourceSectionId: source.id, formId: target.id, index, fieldCount: inserted.fieldCount },
    });
    return newId;
  });
  const row = await findSection(deps.db, newId);
  return (await withFields(deps.db, row.formId, [row]))[0]!;
}
