import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, pk, updatedAt } from './columns.js';
import { organisations, users } from './identity.js';

export const researches = pgTable('researches', {
  id: pk(),
  grlsProtocolNumber: text('grls_protocol_number').notNull(),
  grlsRkiNumber: integer('grls_rki_number'),
  grlsProtocol: text('grls_protocol'),
  sponsor: text('sponsor'),
  grlsStartDate: date('grls_start_date'),
  grlsPhase: text('grls_phase'),
  mnn: text('mnn'),
  protocolVersion: text('protocol_version'),
  protocolVersionDate: date('protocol_version_date'),
  plannedSubject: integer('planned_subject'),
  totalPeriods: integer('total_periods').notNull().default(1),
  pointList: jsonb('point_list').$type<string[]>().notNull().default([]),
  groupList: jsonb('group_list').$type<string[]>().notNull().default([]),
  researchKey: text('research_key'),
  status: text('status').notNull().default('Current'),
  withIwrs: boolean('with_iwrs').notNull().default(false),
  drTrialId: text('dr_trial_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: deletedAt(),
});

/** A centre: an organisation taking part in a research in one role (admin, qa, site, testSite, kio). */
export const researchOrganisations = pgTable(
  'research_organisations',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    organisationType: text('organisation_type').notNull(),
    number: text('number').notNull(),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('research_organisations_research_idx').on(t.researchId),
    uniqueIndex('research_organisations_number_uq')
      .on(t.researchId, t.number)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const employees = pgTable(
  'employees',
  {
    id: pk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    researchOrganisationId: uuid('research_organisation_id')
      .notNull()
      .references(() => researchOrganisations.id),
    employeeType: text('employee_type').notNull(),
    hasAccess: boolean('has_access').notNull().default(true),
    drTrialId: text('dr_trial_id'),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('employees_user_idx').on(t.userId),
    index('employees_ro_idx').on(t.researchOrganisationId),
    uniqueIndex('employees_live_uq')
      .on(t.userId, t.researchOrganisationId, t.employeeType)
      .where(sql`${t.deletedAt} is null`),
  ],
);
