import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, pk, updatedAt } from './columns.js';
import { organisations } from './identity.js';
import { researchOrganisations } from './research.js';
import { fields, formTypes } from './design.js';

/**
 * Reference (normal) ranges. A group holds the ranges of one form type for a period (dateFrom to dateTo,
 * both inclusive, open-ended without dateTo); a range is that of one field definition for an age band and
 * gender. Organisations keep their own groups (a laboratory's ranges); a centre's groups are the ones its
 * subjects' values are checked against, possibly started from one of its organisation's groups. A locked
 * (validated) group and its ranges do not change. Rows are soft deleted.
 */

const rangeColumns = () => ({
  fieldId: uuid('field_id')
    .notNull()
    .references(() => fields.id),
  minReference: numeric('min_reference', { mode: 'number' }).notNull(),
  maxReference: numeric('max_reference', { mode: 'number' }).notNull(),
  minAge: integer('min_age').notNull(),
  maxAge: integer('max_age').notNull(),
  gender: text('gender').notNull(),
  errorMessage: text('error_message').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: deletedAt(),
});

export const organisationReferenceGroups = pgTable(
  'organisation_reference_groups',
  {
    id: pk(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    formTypeId: uuid('form_type_id')
      .notNull()
      .references(() => formTypes.id),
    dateFrom: date('date_from').notNull(),
    dateTo: date('date_to'),
    isLocked: boolean('is_locked').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('organisation_reference_groups_org_idx')
      .on(t.organisationId, t.formTypeId)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const organisationReferenceRanges = pgTable(
  'organisation_reference_ranges',
  {
    id: pk(),
    organisationReferenceGroupId: uuid('organisation_reference_group_id')
      .notNull()
      .references(() => organisationReferenceGroups.id),
    ...rangeColumns(),
  },
  (t) => [index('organisation_reference_ranges_group_idx').on(t.organisationReferenceGroupId)],
);

export const referenceGroups = pgTable(
  'reference_groups',
  {
    id: pk(),
    researchOrganisationId: uuid('research_organisation_id')
      .notNull()
      .references(() => researchOrganisations.id),
    formTypeId: uuid('form_type_id')
      .notNull()
      .references(() => formTypes.id),
    dateFrom: date('date_from').notNull(),
    dateTo: date('date_to'),
    isLocked: boolean('is_locked').notNull().default(false),
    /** The organisation group this one was started from, if any. */
    organisationReferenceGroupId: uuid('organisation_reference_group_id').references(() => organisationReferenceGroups.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('reference_groups_centre_idx')
      .on(t.researchOrganisationId, t.formTypeId)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const referenceRanges = pgTable(
  'reference_ranges',
  {
    id: pk(),
    referenceGroupId: uuid('reference_group_id')
      .notNull()
      .references(() => referenceGroups.id),
    ...rangeColumns(),
  },
  (t) => [index('reference_ranges_group_idx').on(t.referenceGroupId)],
);
