import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, pk, updatedAt } from './columns.js';
import { researches } from './research.js';
import { formFields, visits } from './design.js';

/**
 * Time points (docs/time-points.md): a Time or DateTime field of a form of a visit, with the duration of its
 * activity (hh:mm:ss); one live point per field, at most one start point per visit.
 */
export const timePoints = pgTable(
  'time_points',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id),
    formFieldId: uuid('form_field_id')
      .notNull()
      .references(() => formFields.id),
    /** hh:mm:ss, hours may exceed 24. */
    duration: text('duration').notNull(),
    description: text('description'),
    isVisitStartPoint: boolean('is_visit_start_point').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('time_points_visit_idx').on(t.visitId),
    uniqueIndex('time_points_field_uq')
      .on(t.formFieldId)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('time_points_start_uq')
      .on(t.visitId)
      .where(sql`${t.deletedAt} is null and ${t.isVisitStartPoint}`),
  ],
);

/** When a point is due after a start point: `deviation` later, `deviationMinus` earlier to `deviationPlus` later. */
export const timeDeviations = pgTable(
  'time_deviations',
  {
    id: pk(),
    timePointId: uuid('time_point_id')
      .notNull()
      .references(() => timePoints.id),
    startTimePointId: uuid('start_time_point_id')
      .notNull()
      .references(() => timePoints.id),
    deviation: text('deviation').notNull(),
    deviationPlus: text('deviation_plus').notNull(),
    deviationMinus: text('deviation_minus').notNull(),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('time_deviations_point_idx').on(t.timePointId), index('time_deviations_start_idx').on(t.startTimePointId)],
);
