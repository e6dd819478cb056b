import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  groupPeriodProblem,
  isReferenceFieldType,
  periodsOverlap,
  REFERENCE_FIELD_TYPES,
  referenceRangeProblem,
  type FieldType,
  type Gender,
  type ReferenceField,
  type ReferenceGroupPeriod,
} from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { fields, formTypes, referenceRanges } from '../../platform/db/schema/index.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';

/** What centre and organisation ranges share, as stored. */
export type RangeRow = Pick<
  typeof referenceRanges.$inferSelect,
  'id' | 'fieldId' | 'minReference' | 'maxReference' | 'minAge' | 'maxAge' | 'gender' | 'errorMessage' | 'updatedAt' | 'deletedAt'
>;
export type RangeValues = Pick<
  RangeRow,
  'fieldId' | 'minReference' | 'maxReference' | 'minAge' | 'maxAge' | 'gender' | 'errorMessage'
>;

/** A range's fields as the API names them (a POST's; a PUT's are any of them). */
export interface RangeInput {
  fieldId: string;
  minReference: number;
  maxReference: number;
  minAge: number;
  maxAge: number;
  genderString: Gender;
  errorMessage: string;
}

/** The API's range fields → the stored ones. */
export const rangeValuesOf = (r: RangeInput): RangeValues => ({
  fieldId: r.fieldId,
  minReference: r.minReference,
  maxReference: r.maxReference,
  minAge: r.minAge,
  maxAge: r.maxAge,
  gender: r.genderString,
  errorMessage: r.errorMessage,
});

/** A PUT's fields over the stored range: what the range would become. */
export const mergeRange = (before: RangeValues, input: Partial<RangeInput>): RangeValues => ({
  fieldId: input.fieldId ?? before.fieldId,
  minReference: input.minReference ?? before.minReference,
  maxReference: input.maxReference ?? before.maxReference,
  minAge: input.minAge ?? before.minAge,
  maxAge: input.maxAge ?? before.maxAge,
  gender: input.genderString ?? before.gender,
  errorMessage: input.errorMessage ?? before.errorMessage,
});

export const rangeChanged = (before: RangeValues, after: RangeValues) =>
  (Object.keys(after) as (keyof RangeValues)[]).some((k) => after[k] !== before[k]);

/** The values of a range to copy into another group. */
export const copyOfRange = (r: RangeRow): RangeValues => ({
  fieldId: r.fieldId,
  minReference: r.minReference,
  maxReference: r.maxReference,
  minAge: r.minAge,
  maxAge: r.maxAge,
  gender: r.gender,
  errorMessage: r.errorMessage,
});

export const iso = (d: Date) => d.toISOString();

/** The common part of a range's reply. */
export const rangeDto = (r: RangeRow, field: ReferenceField) => ({
  id: r.id,
  fieldId: r.fieldId,
  field,
  minReference: r.minReference,
  maxReference: r.maxReference,
  minAge: r.minAge,
  maxAge: r.maxAge,
  genderString: r.gender as Gender,
  errorMessage: r.errorMessage,
  updatedAt: iso(r.updatedAt),
});

/** The stored fields of a range for the audit trail. */
export const auditedRange = (r: RangeRow & Record<string, unknown>, groupKey: string) => ({
  id: r.id,
  [groupKey]: r[groupKey],
  ...copyOfRange(r),
  deletedAt: r.deletedAt ? iso(r.deletedAt) : null,
});

/** The stored fields of a group for the audit trail. */
export const auditedGroup = (
  g: { id: string; formTypeId: string; dateFrom: string; dateTo: string | null; isLocked: boolean; deletedAt: Date | null },
  owner: Record<string, string | null>,
) => ({
  id: g.id,
  ...owner,
  formTypeId: g.formTypeId,
  dateFrom: g.dateFrom,
  dateTo: g.dateTo,
  isLocked: g.isLocked,
  deletedAt: g.deletedAt ? iso(g.deletedAt) : null,
});

const toReferenceField = (f: typeof fields.$inferSelect): ReferenceField => ({
  id: f.id,
  title: f.title,
  fieldKey: f.fieldKey,
  fieldType: f.fieldType as FieldType,
  units: f.units,
});

/** Titles of form types by id. */
export async function formTypeTitles(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: formTypes.id, title: formTypes.title })
    .from(formTypes)
    .where(inArray(formTypes.id, [...new Set(ids)]));
  return new Map(rows.map((t) => [t.id, t.title]));
}

/** A live form type, or 404 naming the field. */
export async function assertFormType(db: Db, id: string, path = 'formTypeId') {
  const [row] = await db
    .select({ id: formTypes.id, title: formTypes.title })
    .from(formTypes)
    .where(and(eq(formTypes.id, id), isNull(formTypes.deletedAt)))
    .limit(1);
  if (!row) throw notFound(path);
  return row;
}

/** GET .../ByFormType: the live field definitions of the form type that may carry a range, by title. */
export async function referenceFieldsOf(db: Db, formTypeId: string): Promise<ReferenceField[]> {
  const rows = await db
    .select()
    .from(fields)
    .where(
      and(eq(fields.formTypeId, formTypeId), isNull(fields.deletedAt), inArray(fields.fieldType, [...REFERENCE_FIELD_TYPES])),
    )
    .orderBy(asc(fields.title), asc(fields.id));
  return rows.map(toReferenceField);
}

/** The field definitions of the ranges, by id (deleted ones too: a range outlives its field's deletion). */
export async function fieldsById(db: Db, ids: readonly string[]): Promise<Map<string, ReferenceField>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(fields)
    .where(inArray(fields.id, [...new Set(ids)]));
  return new Map(rows.map((f) => [f.id, toReferenceField(f)]));
}

/** A range's field: a live field definition of the group's form type, of type number or calculated. */
export async function assertReferenceField(db: Db, fieldId: string, formTypeId: string): Promise<void> {
  const [field] = await db
    .select({ formTypeId: fields.formTypeId, fieldType: fields.fieldType })
    .from(fields)
    .where(and(eq(fields.id, fieldId), isNull(fields.deletedAt)))
    .limit(1);
  if (!field) throw notFound('fieldId');
  if (field.formTypeId !== formTypeId) throw badRequest('reference_field_form_type', 'fieldId');
  if (!isReferenceFieldType(field.fieldType)) throw badRequest('reference_field_type', 'fieldId');
}

export function assertRangeBounds(r: { minReference: number; maxReference: number; minAge: number; maxAge: number }): void {
  const problem = referenceRangeProblem(r);
  if (problem) throw badRequest(problem.code, problem.path, problem.params);
}

export function assertPeriod(p: ReferenceGroupPeriod): void {
  const problem = groupPeriodProblem(p);
  if (problem) throw badRequest(problem.code, problem.path, problem.params);
}

/** Two groups of one owner and form type never share a day: which range applies must be unambiguous. */
export function assertNoOverlap(others: readonly ReferenceGroupPeriod[], p: ReferenceGroupPeriod, path = 'dateFrom'): void {
  const clash = others.find((o) => periodsOverlap(o, p));
  if (clash) throw conflict('reference_group_overlap', path, { from: clash.dateFrom, to: clash.dateTo ?? '…' });
}

/** Optimistic concurrency on PUT: the client's `updatedAt` must be the stored one. */
export function assertFresh(stored: Date, sent: string | undefined): void {
  if (sent !== undefined && new Date(sent).getTime() !== stored.getTime()) throw conflict('conflict', 'updatedAt');
}

export const lockedGroup = (path: string) => conflict('reference_group_locked', path);
