import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, time, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, pk, tstz, updatedAt } from './columns.js';
import { users } from './identity.js';
import { employees, researches, researchOrganisations } from './research.js';
import { subjectVisits } from './subjects.js';

/**
 * A monitoring visit (spec operations section 3): a team of monitors of a monitoring (kio) centre reviews
 * chosen subject visits, or every visit of one site, between two date-times and within daily work hours.
 * Unconfirmed, then confirmed; not editable once ended (docs/monitoring-visits.md).
 */
export const monitoringVisits = pgTable(
  'monitoring_visits',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    /** The monitoring organisation's centre carrying out the visit. */
    researchOrganisationId: uuid('research_organisation_id')
      .notNull()
      .references(() => researchOrganisations.id),
    /** A site whose every subject visit is covered; null when the visits are chosen one by one. */
    siteId: uuid('site_id').references(() => researchOrganisations.id),
    startDate: tstz('start_date').notNull(),
    endDate: tstz('end_date').notNull(),
    workDayStart: time('work_day_start').notNull(),
    workDayEnd: time('work_day_end').notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('monitoring_visits_research_idx')
      .on(t.researchId, t.startDate)
      .where(sql`${t.deletedAt} is null`),
    index('monitoring_visits_site_idx')
      .on(t.siteId)
      .where(sql`${t.deletedAt} is null and ${t.siteId} is not null`),
  ],
);

/** The team: employees (monitors) of the monitoring centre. */
export const monitoringVisitMonitors = pgTable(
  'monitoring_visit_monitors',
  {
    monitoringVisitId: uuid('monitoring_visit_id')
      .notNull()
      .references(() => monitoringVisits.id),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id),
  },
  (t) => [
    primaryKey({ columns: [t.monitoringVisitId, t.employeeId] }),
    index('monitoring_visit_monitors_employee_idx').on(t.employeeId),
  ],
);

/** The subject visits chosen for a monitoring visit (empty when it covers a whole site). */
export const monitoringVisitSubjectVisits = pgTable(
  'monitoring_visit_subject_visits',
  {
    monitoringVisitId: uuid('monitoring_visit_id')
      .notNull()
      .references(() => monitoringVisits.id),
    subjectVisitId: uuid('subject_visit_id')
      .notNull()
      .references(() => subjectVisits.id),
  },
  (t) => [
    primaryKey({ columns: [t.monitoringVisitId, t.subjectVisitId] }),
    index('monitoring_visit_subject_visits_sv_idx').on(t.subjectVisitId),
  ],
);
