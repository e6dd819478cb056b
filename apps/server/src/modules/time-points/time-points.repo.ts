import { and, asc, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { TimeDeviationReply, TimeFieldReply, TimePointReply } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { fields, formFields, forms, formSections, timeDeviations, timePoints, visits } from '../../platform/db/schema/index.js';
import { notFound } from '../../platform/http/errors.js';

/**
 * Reading time points and deviations (docs/time-points.md). A point counts while it and the whole chain
 * of its field (form field, section, form, visit) are live; a deviation while it and both its points are.
 */

export type TimePointRow = typeof timePoints.$inferSelect;
export type TimeDeviationRow = typeof timeDeviations.$inferSelect;
export type TimeFieldType = 'Time' | 'DateTime';

export const TIME_FIELD_TYPES: readonly string[] = ['Time', 'DateTime'];

/** A live form field with its live chain: the form, section and visit a point on it belongs to. */
const liveChain = and(
  isNull(formFields.deletedAt),
  isNull(forms.deletedAt),
  isNull(formSections.deletedAt),
  isNull(visits.deletedAt),
);

const chainColumns = {
  formFieldId: formFields.id,
  fieldText: formFields.text,
  fieldType: fields.fieldType,
  sectionId: formSections.id,
  sectionName: formSections.sectionName,
  formId: forms.id,
  formTitle: forms.title,
  visitId: visits.id,
  visitTitle: visits.title,
  researchId: forms.researchId,
};
type ChainRow = { [K in keyof typeof chainColumns]: string };

/** A select from form_fields joined to the field's definition, section, form and visit. */
const withChain = <T extends PgSelect>(q: T) =>
  q
    .innerJoin(fields, eq(fields.id, formFields.fieldId))
    .innerJoin(formSections, eq(formSections.id, formFields.formSectionId))
    .innerJoin(forms, eq(forms.id, formFields.formId))
    .innerJoin(visits, eq(visits.id, forms.visitId));

/** The fields' order in their visit: form, section, field. */
const fieldOrder = [asc(forms.index), asc(formSections.index), asc(formFields.index), asc(formFields.id)];

export const chainOf = (r: ChainRow): TimePointReply['formFieldChain'] => ({
  visit: { id: r.visitId, title: r.visitTitle },
  form: { id: r.formId, title: r.formTitle },
  formSection: { id: r.sectionId, sectionName: r.sectionName },
  formField: { id: r.formFieldId, text: r.fieldText, fieldType: r.fieldType as TimeFieldType },
});

/** The form field a point goes on, with its chain (404 naming `formFieldId` when it or its chain is gone). */
export async function fieldTarget(db: Db, formFieldId: string): Promise<ChainRow> {
  const [row] = await withChain(db.select(chainColumns).from(formFields).$dynamic())
    .where(and(eq(formFields.id, formFieldId), liveChain))
    .limit(1);
  if (!row) throw notFound('formFieldId');
  return row;
}

/**
 * GET /FormFields/Time's additions (design/form-fields): each of these form fields' chain and whether a live
 * point uses it (a field with a point is not offered for a new one).
 */
export async function timeFieldMarks(db: Db, formFieldIds: string[]): Promise<Map<string, TimeFieldReply>> {
  if (!formFieldIds.length) return new Map();
  const rows = await withChain(
    db
      .select({ ...chainColumns, timePointId: timePoints.id })
      .from(formFields)
      .$dynamic(),
  )
    .leftJoin(timePoints, and(eq(timePoints.formFieldId, formFields.id), isNull(timePoints.deletedAt)))
    .where(inArray(formFields.id, formFieldIds));
  return new Map(rows.map((r) => [r.formFieldId, { formFieldChain: chainOf(r), hasTimePoint: r.timePointId !== null }]));
}

/** The live points of a visit whose field's chain has been deleted in the designer (no longer listed or planned). */
export async function orphanPoints(db: Db, visitId: string): Promise<TimePointRow[]> {
  const rows = await withChain(db.select({ point: timePoints }).from(formFields).$dynamic())
    .innerJoin(timePoints, eq(timePoints.formFieldId, formFields.id))
    .where(
      and(
        eq(timePoints.visitId, visitId),
        isNull(timePoints.deletedAt),
        or(
          isNotNull(formFields.deletedAt),
          isNotNull(formSections.deletedAt),
          isNotNull(forms.deletedAt),
          isNotNull(visits.deletedAt),
        ),
      ),
    );
  return rows.map((r) => r.point);
}

/** A live point (undefined when unknown or deleted). */
export async function findPoint(db: Db, id: string): Promise<TimePointRow | undefined> {
  const [row] = await db
    .select()
    .from(timePoints)
    .where(and(eq(timePoints.id, id), isNull(timePoints.deletedAt)))
    .limit(1);
  return row;
}

export async function findDeviation(db: Db, id: string): Promise<TimeDeviationRow | undefined> {
  const [row] = await db
    .select()
    .from(timeDeviations)
    .where(and(eq(timeDeviations.id, id), isNull(timeDeviations.deletedAt)))
    .limit(1);
  return row;
}

/** Live points matching `where` whose field's chain is live, with that chain, in their fields' order. */
async function pointRows(db: Db, where: SQL | undefined) {
  return withChain(db.select({ point: timePoints, chain: chainColumns }).from(formFields).$dynamic())
    .innerJoin(timePoints, eq(timePoints.formFieldId, formFields.id))
    .where(and(isNull(timePoints.deletedAt), liveChain, where))
    .orderBy(...fieldOrder);
}

const startPoints = alias(timePoints, 'start_point');
const startFields = alias(formFields, 'start_field');

/** The live deviations of these points whose start point is live, oldest first (the first one places the point). */
async function deviationsOf(db: Db, pointIds: string[]): Promise<Map<string, TimeDeviationReply[]>> {
  const out = new Map<string, TimeDeviationReply[]>();
  if (!pointIds.length) return out;
  const rows = await db
    .select({ d: timeDeviations, startFieldText: startFields.text })
    .from(timeDeviations)
    .innerJoin(startPoints, and(eq(startPoints.id, timeDeviations.startTimePointId), isNull(startPoints.deletedAt)))
    .innerJoin(startFields, eq(startFields.id, startPoints.formFieldId))
    .where(and(inArray(timeDeviations.timePointId, pointIds), isNull(timeDeviations.deletedAt)))
    .orderBy(asc(timeDeviations.createdAt), asc(timeDeviations.id));
  for (const { d, startFieldText } of rows) {
    const list = out.get(d.timePointId) ?? [];
    list.push({
      id: d.id,
      timePointId: d.timePointId,
      startTimePointId: d.startTimePointId,
      deviation: d.deviation,
      deviationPlus: d.deviationPlus,
      deviationMinus: d.deviationMinus,
      startTimePoint: { id: d.startTimePointId, formFieldText: startFieldText },
    });
    out.set(d.timePointId, list);
  }
  return out;
}

async function replies(db: Db, rows: Awaited<ReturnType<typeof pointRows>>): Promise<TimePointReply[]> {
  const deviations = await deviationsOf(
    db,
    rows.map((r) => r.point.id),
  );
  return rows.map(({ point: p, chain }) => ({
    id: p.id,
    visitId: p.visitId,
    formFieldId: p.formFieldId,
    duration: p.duration,
    description: p.description,
    isVisitStartPoint: p.isVisitStartPoint,
    formFieldChain: chainOf(chain),
    timeDeviationList: deviations.get(p.id) ?? [],
    updatedAt: p.updatedAt.toISOString(),
  }));
}

/** A visit's live points as replies, in the order of their fields (form, section, field). */
export async function visitPointReplies(db: Db, visitId: string): Promise<TimePointReply[]> {
  return replies(db, await pointRows(db, eq(timePoints.visitId, visitId)));
}

/** One live point as its reply (undefined when it or its field's chain is gone). */
export async function pointReply(db: Db, id: string): Promise<TimePointReply | undefined> {
  return (await replies(db, await pointRows(db, eq(timePoints.id, id))))[0];
}

/** The visit of a list or a plan: live (404 naming `path`), with its research. */
export async function findVisitOf(db: Db, visitId: string, path = 'visitId') {
  const [row] = await db
    .select({ id: visits.id, title: visits.title, researchId: visits.researchId })
    .from(visits)
    .where(and(eq(visits.id, visitId), isNull(visits.deletedAt)))
    .limit(1);
  if (!row) throw notFound(path);
  return row;
}
