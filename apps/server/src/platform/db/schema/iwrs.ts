import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, tstz, updatedAt } from './columns.js';
import { users } from './identity.js';
import { researches, researchOrganisations } from './research.js';
import { subjects } from './subjects.js';

/**
 * The IWRS (docs/iwrs.md): sealed randomisation lists drawn entry by entry, treatment kits with their
 * append-only status history, shipments of kits to sites, and the dosings at which kits are dispensed.
 */

/** A randomisation list of a research's stratum ('' for the whole research, else a centre number). */
export const randomisationLists = pgTable(
  'randomisation_lists',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    stratum: text('stratum').notNull().default(''),
    source: text('source').$type<'generated' | 'uploaded'>().notNull(),
    /** What a generated list was made from, so that it can be made again and compared. */
    seed: text('seed'),
    blockSizes: jsonb('block_sizes').$type<number[]>(),
    arms: jsonb('arms').$type<{ group: string; ratio: number }[]>(),
    numbering: jsonb('numbering').$type<{ numberPrefix: string; startNumber: number; numberWidth: number }>(),
    size: integer('size').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('randomisation_lists_research_idx').on(t.researchId, t.stratum)],
);

/** One entry of a list; `subjectId` is set once, when a subject draws it. */
export const randomisationEntries = pgTable(
  'randomisation_entries',
  {
    id: pk(),
    listId: uuid('list_id')
      .notNull()
      .references(() => randomisationLists.id),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    stratum: text('stratum').notNull(),
    /** The draw order within the research's stratum, across its lists (a later list continues it). */
    position: integer('position').notNull(),
    /** The entry's place in its own list (1, 2...). */
    listPosition: integer('list_position').notNull(),
    block: integer('block'),
    randomizationNumber: text('randomization_number').notNull(),
    group: text('group').notNull(),
    subjectId: uuid('subject_id').references(() => subjects.id),
    usedAt: tstz('used_at'),
  },
  (t) => [
    // The next unused entry of a stratum is the first row of this index.
    index('randomisation_entries_unused_idx')
      .on(t.researchId, t.stratum, t.position)
      .where(sql`${t.subjectId} is null`),
    uniqueIndex('randomisation_entries_position_uq').on(t.researchId, t.stratum, t.position),
    uniqueIndex('randomisation_entries_number_uq').on(t.researchId, t.randomizationNumber),
    uniqueIndex('randomisation_entries_subject_uq')
      .on(t.subjectId)
      .where(sql`${t.subjectId} is not null`),
    index('randomisation_entries_list_idx').on(t.listId, t.listPosition),
  ],
);

/** A dosing of a subject in a period: each dispense at it is numbered 1, 2... */
export const subjectDosings = pgTable(
  'subject_dosings',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    researchOrganisationId: uuid('research_organisation_id')
      .notNull()
      .references(() => researchOrganisations.id),
    periodNumber: integer('period_number').notNull(),
    dispenseNumber: integer('dispense_number').notNull(),
    dosingDateTime: tstz('dosing_date_time').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subject_dosings_dispense_uq').on(t.subjectId, t.periodNumber, t.dispenseNumber),
    // The /dosings grid: a research's period, all centres or one.
    index('subject_dosings_period_idx').on(t.researchId, t.periodNumber, t.researchOrganisationId),
  ],
);

/** A shipment of kits from the sponsor's depot to a site. */
export const shipments = pgTable(
  'shipments',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    /** 1, 2... within the research. */
    number: integer('number').notNull(),
    researchOrganisationId: uuid('research_organisation_id')
      .notNull()
      .references(() => researchOrganisations.id),
    status: text('status').$type<'Shipped' | 'Received'>().notNull().default('Shipped'),
    shippedAt: tstz('shipped_at').notNull().defaultNow(),
    shippedBy: uuid('shipped_by').references(() => users.id),
    receivedAt: tstz('received_at'),
    receivedBy: uuid('received_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('shipments_number_uq').on(t.researchId, t.number),
    index('shipments_site_idx').on(t.researchId, t.researchOrganisationId, t.shippedAt),
  ],
);

/** A treatment kit (pack). Its current status is kept here; every status it had is in medicationStatusLogs. */
export const medications = pgTable(
  'medications',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    identNumber: text('ident_number').notNull(),
    medicationGroup: text('medication_group').notNull(),
    lot: text('lot').notNull(),
    expiryDate: date('expiry_date').notNull(),
    currentStatus: text('current_status').notNull().default('Created'),
    /** The site it was shipped to; null while at the sponsor's depot. */
    researchOrganisationId: uuid('research_organisation_id').references(() => researchOrganisations.id),
    shipmentId: uuid('shipment_id').references(() => shipments.id),
    subjectDosingId: uuid('subject_dosing_id').references(() => subjectDosings.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('medications_ident_number_uq').on(t.researchId, t.identNumber),
    // Dispensing: the first available unexpired kit of an arm at a site.
    index('medications_available_idx')
      .on(t.researchId, t.researchOrganisationId, t.medicationGroup, t.expiryDate, t.identNumber)
      .where(sql`${t.currentStatus} = 'AcceptedInSite'`),
    index('medications_site_status_idx').on(t.researchId, t.researchOrganisationId, t.currentStatus, t.identNumber),
    index('medications_shipment_idx').on(t.shipmentId),
    index('medications_dosing_idx').on(t.subjectDosingId),
  ],
);

/** Append-only: one row per status a kit took, with when and by whom. */
export const medicationStatusLogs = pgTable(
  'medication_status_logs',
  {
    id: pk(),
    medicationId: uuid('medication_id')
      .notNull()
      .references(() => medications.id),
    status: text('status').notNull(),
    statusDateTime: tstz('status_date_time').notNull().defaultNow(),
    userId: uuid('user_id').references(() => users.id),
    userEmail: text('user_email'),
  },
  (t) => [index('medication_status_logs_medication_idx').on(t.medicationId, t.statusDateTime)],
);

/**
 * An emergency unblinding: a principal investigator disclosed one subject's group, with a reason and the
 * password re-entered (docs/iwrs.md, "Emergency unblinding"). Append-only (the database refuses UPDATE and
 * DELETE); `randomizationGroup` is read only by callers who see groups.
 */
export const emergencyUnblindings = pgTable(
  'emergency_unblindings',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    researchOrganisationId: uuid('research_organisation_id')
      .notNull()
      .references(() => researchOrganisations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    userEmail: text('user_email'),
    employeeId: uuid('employee_id'),
    reason: text('reason').notNull(),
    randomizationGroup: text('randomization_group').notNull(),
    unblindedAt: tstz('unblinded_at').notNull().defaultNow(),
  },
  (t) => [
    index('emergency_unblindings_research_idx').on(t.researchId, t.unblindedAt),
    index('emergency_unblindings_subject_idx').on(t.subjectId, t.unblindedAt),
  ],
);
