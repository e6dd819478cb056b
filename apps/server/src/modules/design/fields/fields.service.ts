import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { normaliseOptions, type design, type FieldType } from '@edc/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Db } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import { fields, formFields, formTypes } from '../../../platform/db/schema/index.js';
import type { Actor } from '../../../platform/http/actor.js';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.js';
import { assertFresh, assertPrintable, iso } from '../shared/checks.js';
import type { DesignCaller } from '../shared/context.js';
import { assertChangeCatalogue, assertReadCatalogue } from '../shared/global-policy.js';
import { findFormType } from '../form-types/form-types.service.js';

type Row = typeof fields.$inferSelect;
type Dto = z.infer<typeof design.field>;
type Brief = z.infer<typeof design.fieldBrief>;
const TEXTS = ['title', 'units'] as const;

export const toFieldBrief = (r: Row): Brief => ({
  id: r.id,
  title: r.title,
  fieldKey: r.fieldKey,
  fieldType: r.fieldType as FieldType,
  optionList: r.optionList,
  defaultOption: r.defaultOption,
  units: r.units,
  formTypeId: r.formTypeId,
});

const toDto = (r: Row, formTypeTitle: string): Dto => ({
  ...toFieldBrief(r),
  formType: { id: r.formTypeId, title: formTypeTitle },
  updatedAt: iso(r.updatedAt),
});

export async function findField(db: Db, id: string, path = 'id'): Promise<Row> {
  const [row] = await db
    .select()
    .from(fields)
    .where(and(eq(fields.id, id), isNull(fields.deletedAt)))
    .limit(1);
  if (!row) throw notFound(path);
  return row;
}

/** Options of a select (empty ones dropped, one known default); none for other types. */
export function optionsOf(
  fieldType: FieldType,
  optionList: readonly (string | null)[] | undefined,
  defaultOption: string | null | undefined,
) {
  const result = normaliseOptions(fieldType, optionList, defaultOption);
  if (!result.ok) throw badRequest(result.problem, result.path, { option: result.option ?? '' });
  return result.value;
}

/** GET /Fields (filter FormTypeId): by form type, then title. */
export async function listFields(db: Db, actor: Actor, q: { FormTypeId?: string; formTypeId?: string }): Promise<Dto[]> {
  assertReadCatalogue(actor);
  const formTypeId = q.FormTypeId ?? q.formTypeId;
  const rows = await db
    .select({ field: fields, formTypeTitle: formTypes.title })
    .from(fields)
    .innerJoin(formTypes, eq(formTypes.id, fields.formTypeId))
    .where(and(isNull(fields.deletedAt), formTypeId ? eq(fields.formTypeId, formTypeId) : undefined))
    .orderBy(asc(formTypes.title), asc(fields.title), asc(fields.id));
  return rows.map((r) => toDto(r.field, r.formTypeTitle));
}

export async function getField(db: Db, actor: Actor, id: string): Promise<Dto> {
  assertReadCatalogue(actor);
  const row = await findField(db, id);
  const type = await findFormType(db, row.formTypeId);
  return toDto(row, type.title);
}

/** POST /Fields: title, type and key required; a select needs options. */
export async function createField(deps: Deps, c: DesignCaller, input: z.infer<typeof design.fieldCreate>): Promise<Dto> {
  assertChangeCatalogue(c.actor);
  const type = await findFormType(deps.db, input.formTypeId, 'formTypeId');
  assertPrintable(input, TEXTS);
  const options = optionsOf(input.fieldType, input.optionList, input.defaultOption);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(fields)
      .values({
        formTypeId: type.id,
        title: input.title,
        units: input.units ?? null,
        fieldKey: input.fieldKey,
        fieldType: input.fieldType,
        ...options,
        updatedAt: new Date(),
      })
      .returning();
    await writeAudit(tx, c.audit, { action: 'field.create', entityType: 'field', entityId: row!.id, after: row });
    return toDto(row!, type.title);
  });
}

/** PUT /Fields/{id}: title and key stay required; the type is read-only. */
export async function updateField(
  deps: Deps,
  c: DesignCaller,
  id: string,
  input: z.infer<typeof design.fieldUpdate>,
): Promise<Dto> {
  assertChangeCatalogue(c.actor);
  const before = await findField(deps.db, id);
  assertFresh(before.updatedAt, input.updatedAt);
  if (input.fieldType !== undefined && input.fieldType !== before.fieldType)
    throw badRequest('field_type_read_only', 'fieldType');
  assertPrintable(input, TEXTS);
  const type = before.fieldType as FieldType;
  const options =
    input.optionList === undefined && input.defaultOption === undefined
      ? {}
      : optionsOf(
          type,
          input.optionList ?? before.optionList,
          input.defaultOption === undefined ? before.defaultOption : input.defaultOption,
        );
  const { updatedAt: _stamp, fieldType: _type, optionList: _o, defaultOption: _d, ...rest } = input;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(fields)
      .set({ ...rest, ...options, updatedAt: new Date() })
      .where(eq(fields.id, id))
      .returning();
    await writeAudit(tx, c.audit, { action: 'field.update', entityType: 'field', entityId: id, before, after: row });
    const formType = await findFormType(tx, row!.formTypeId);
    return toDto(row!, formType.title);
  });
}

/** DELETE /Fields/{id}: not while a form field uses it. */
export async function deleteField(deps: Deps, c: DesignCaller, id: string): Promise<void> {
  assertChangeCatalogue(c.actor);
  const before = await findField(deps.db, id);
  const [used] = await deps.db
    .select({ n: count() })
    .from(formFields)
    .where(and(eq(formFields.fieldId, id), isNull(formFields.deletedAt)));
  if (Number(used?.n ?? 0) > 0) throw conflict('field_in_use');
  await deps.db.transaction(async (tx) => {
    await tx.update(fields).set({ deletedAt: new Date() }).where(eq(fields.id, id));
    await writeAudit(tx, c.audit, { action: 'field.delete', entityType: 'field', entityId: id, before });
  });
}
