import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { design } from '@edc/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Db } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import { fields, formFields, forms, formTypes } from '../../../platform/db/schema/index.js';
import type { Actor } from '../../../platform/http/actor.js';
import { conflict, notFound } from '../../../platform/http/errors.js';
import { searchAny } from '../../../platform/http/paging.js';
import { assertFresh, assertPrintable, iso } from '../shared/checks.js';
import type { DesignCaller } from '../shared/context.js';
import { assertChangeCatalogue, assertReadCatalogue } from '../shared/global-policy.js';

type Row = typeof formTypes.$inferSelect;
type Dto = z.infer<typeof design.formType>;
const TEXTS = ['title', 'description'] as const;

export const toFormTypeDto = (r: Row): Dto => ({
  id: r.id,
  title: r.title,
  description: r.description,
  formTypeKey: r.formTypeKey,
  updatedAt: iso(r.updatedAt),
});

export async function findFormType(db: Db, id: string, path = 'id'): Promise<Row> {
  const [row] = await db
    .select()
    .from(formTypes)
    .where(and(eq(formTypes.id, id), isNull(formTypes.deletedAt)))
    .limit(1);
  if (!row) throw notFound(path);
  return row;
}

/** GET /FormTypes: by title; `search` matches title, key or description. */
export async function listFormTypes(db: Db, actor: Actor, q: { search?: string }): Promise<Dto[]> {
  assertReadCatalogue(actor);
  const rows = await db
    .select()
    .from(formTypes)
    .where(and(isNull(formTypes.deletedAt), searchAny(q.search, [formTypes.title, formTypes.formTypeKey, formTypes.description])))
    .orderBy(asc(formTypes.title), asc(formTypes.id));
  return rows.map(toFormTypeDto);
}

export async function getFormType(db: Db, actor: Actor, id: string): Promise<Dto> {
  assertReadCatalogue(actor);
  return toFormTypeDto(await findFormType(db, id));
}

/** POST /FormTypes: title and key required. */
export async function createFormType(deps: Deps, c: DesignCaller, input: z.infer<typeof design.formTypeCreate>): Promise<Dto> {
  assertChangeCatalogue(c.actor);
  assertPrintable(input, TEXTS);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(formTypes)
      .values({
        title: input.title,
        description: input.description ?? null,
        formTypeKey: input.formTypeKey,
        updatedAt: new Date(),
      })
      .returning();
    await writeAudit(tx, c.audit, { action: 'form_type.create', entityType: 'form_type', entityId: row!.id, after: row });
    return toFormTypeDto(row!);
  });
}

export async function updateFormType(
  deps: Deps,
  c: DesignCaller,
  id: string,
  input: z.infer<typeof design.formTypeUpdate>,
): Promise<Dto> {
  assertChangeCatalogue(c.actor);
  const before = await findFormType(deps.db, id);
  assertFresh(before.updatedAt, input.updatedAt);
  assertPrintable(input, TEXTS);
  const { updatedAt: _stamp, ...change } = input;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(formTypes)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(formTypes.id, id))
      .returning();
    await writeAudit(tx, c.audit, { action: 'form_type.update', entityType: 'form_type', entityId: id, before, after: row });
    return toFormTypeDto(row!);
  });
}

/** DELETE /FormTypes/{id}: not while a form uses it or a form field uses one of its fields; its fields go with it. */
export async function deleteFormType(deps: Deps, c: DesignCaller, id: string): Promise<void> {
  assertChangeCatalogue(c.actor);
  const before = await findFormType(deps.db, id);
  const [usedByForms] = await deps.db
    .select({ n: count() })
    .from(forms)
    .where(and(eq(forms.formTypeId, id), isNull(forms.deletedAt)));
  if (Number(usedByForms?.n ?? 0) > 0) throw conflict('form_type_in_use');
  const ownFields = await deps.db
    .select({ id: fields.id })
    .from(fields)
    .where(and(eq(fields.formTypeId, id), isNull(fields.deletedAt)));
  const fieldIds = ownFields.map((f) => f.id);
  if (fieldIds.length) {
    const [used] = await deps.db
      .select({ n: count() })
      .from(formFields)
      .where(and(inArray(formFields.fieldId, fieldIds), isNull(formFields.deletedAt)));
    if (Number(used?.n ?? 0) > 0) throw conflict('field_in_use');
  }
  await deps.db.transaction(async (tx) => {
    const at = new Date();
    if (fieldIds.length) await tx.update(fields).set({ deletedAt: at }).where(inArray(fields.id, fieldIds));
    await tx.update(formTypes).set({ deletedAt: at }).where(eq(formTypes.id, id));
    await writeAudit(tx, c.audit, {
      action: 'form_type.delete',
      entityType: 'form_type',
      entityId: id,
      before,
      after: { deletedFieldIds: fieldIds },
    });
  });
}
