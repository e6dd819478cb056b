import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, pk, tstz, updatedAt } from './columns.js';
import { researches, researchOrganisations } from './research.js';
import { researchVersions, visits } from './design.js';
import { researchOrganisationVersions } from './centres.js';

/**
 * Subjects of a research, enrolled at a centre, and their visits (docs/subjects.md). Rows are soft
 * deleted: a deleted subject leaves every list and count but keeps its history in the audit trail.
 */
export const subjects = pgTable(
  'subjects',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    researchOrganisationId: uuid('research_organisation_id')
      .notNull()
      .references(() => researchOrganisations.id),
    fullName: text('full_name'),
    gender: text('gender').notNull(),
    birthDate: date('birth_date').notNull(),
    screenDate: date('screen_date').notNull(),
    screeningNumber: text('screening_number').notNull(),
    randomizationNumber: text('randomization_number'),
    /** '<centre number>-<seq, 3 digits or more>', assigned at creation and never reused. */
    identificationNumber: text('identification_number').notNull(),
    /** The centre's running number behind identificationNumber (deleted subjects keep theirs). */
    identificationSeq: integer('identification_seq').notNull(),
    randomizationDate: date('randomization_date'),
    randomizationGroup: text('randomization_group'),
    status: text('status').notNull().default('Started'),
    isRandomised: boolean('is_randomised').notNull().default(false),
    isSigned: boolean('is_signed').notNull().default(false),
    signDate: date('sign_date'),
    endDate: date('end_date'),
    endReason: text('end_reason'),
    drTrialId: text('dr_trial_id'),
    /**
     * Entered at a test site to try the design (docs/qa-validation.md "Test data"): left out of statistics and
     * dataset exports unless asked for, and kept apart for good once the research starts.
     */
    isTest: boolean('is_test').notNull().default(false),
    /** Optimistic concurrency: every change adds one; a write based on another value answers 409. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    // The matrix: a research (all centres, or one) filtered by status, ordered by enrolment.
    index('subjects_research_centre_status_idx')
      .on(t.researchId, t.researchOrganisationId, t.status)
      .where(sql`${t.deletedAt} is null`),
    index('subjects_research_status_idx')
      .on(t.researchId, t.status)
      .where(sql`${t.deletedAt} is null`),
    // The enrolment order of a research and of one centre, and the number sorts: migration 0020 makes them covering
    // (INCLUDE research_organisation_id, status, is_test, which drizzle cannot say), so a page's ids come from an
    // index-only scan however deep the page (docs/subjects.md "At scale").
    index('subjects_research_created_idx')
      .on(t.researchId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('subjects_research_centre_created_idx')
      .on(t.researchId, t.researchOrganisationId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // One centre's subjects in screening-number order: a site's dosing grid (migration 0032).
    index('subjects_centre_screening_number_idx')
      .on(t.researchId, t.researchOrganisationId, t.screeningNumber)
      .where(sql`${t.deletedAt} is null`),
    index('subjects_screening_number_sort_idx')
      .on(t.researchId, t.screeningNumber, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('subjects_identification_number_sort_idx')
      .on(t.researchId, t.identificationNumber, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // "Contains" searches on the numbers: trigram indexes (pg_trgm, also loaded into PGlite).
    index('subjects_screening_number_trgm_idx')
      .using('gin', t.screeningNumber.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    index('subjects_randomization_number_trgm_idx')
      .using('gin', t.randomizationNumber.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    index('subjects_identification_number_trgm_idx')
      .using('gin', t.identificationNumber.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    // Number lookups and sorts; the unique ones hold among live subjects of a research.
    uniqueIndex('subjects_screening_number_uq')
      .on(t.researchId, t.screeningNumber)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('subjects_randomization_number_uq')
      .on(t.researchId, t.randomizationNumber)
      .where(sql`${t.deletedAt} is null and ${t.randomizationNumber} is not null`),
    // Randomisation-number sorts keep the unrandomised last in both directions: one index per direction.
    index('subjects_randomization_number_asc_idx')
      .on(t.researchId, t.randomizationNumber.asc().nullsLast(), t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('subjects_randomization_number_desc_idx')
      .on(t.researchId, t.randomizationNumber.desc().nullsLast(), t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // Deleted subjects, few: the lists of other tables leave them out by an anti-join on this (migration 0031).
    index('subjects_deleted_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} is not null`),
    index('subjects_identification_number_idx')
      .on(t.researchId, t.identificationNumber)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('subjects_identification_seq_uq').on(t.researchOrganisationId, t.identificationSeq),
  ],
);

/** A visit of a subject: one row per occurrence (repeating visits have several, numbered by repeatIndex). */
export const subjectVisits = pgTable(
  'subject_visits',
  {
    id: pk(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id),
    date: date('date').notNull(),
    formCompletedStatus: text('form_completed_status').notNull().default('Empty'),
    signDate: date('sign_date'),
    startValidatingDate: tstz('start_validating_date'),
    /** Set when the visit was ended early ('End the visit', data entry): the reason and the instant. */
    completeMessage: text('complete_message'),
    completedAt: tstz('completed_at'),
    /** The centre's research version in force when the visit was created (null when the centre had none). */
    researchOrganisationVersionId: uuid('research_organisation_version_id').references(() => researchOrganisationVersions.id),
    /** The research version the visit was created under: the centre's current one, else the research's latest. */
    researchVersionId: uuid('research_version_id').references(() => researchVersions.id),
    /** 0 for the first occurrence of a visit, then 1, 2... for a repeating one. */
    repeatIndex: integer('repeat_index').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('subject_visits_subject_idx').on(t.subjectId),
    index('subject_visits_visit_idx').on(t.visitId),
    uniqueIndex('subject_visits_occurrence_uq')
      .on(t.subjectId, t.visitId, t.repeatIndex)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * Counts kept current by the writes (migration 0020's triggers, in the writing statement's transaction): signed
 * rows per key, summed by the readers and folded by compact_subject_tallies() (docs/subjects.md "Counts").
 */
export const subjectTallies = pgTable(
  'subject_tallies',
  {
    researchId: uuid('research_id').notNull(),
    researchOrganisationId: uuid('research_organisation_id').notNull(),
    isTest: boolean('is_test').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('subject_tallies_research_idx').on(t.researchId, t.researchOrganisationId)],
);

/** Live subject visits of live subjects per key: completed status and whether held after the window. */
export const subjectVisitTallies = pgTable(
  'subject_visit_tallies',
  {
    researchId: uuid('research_id').notNull(),
    researchOrganisationId: uuid('research_organisation_id').notNull(),
    isTest: boolean('is_test').notNull(),
    formCompletedStatus: text('form_completed_status').notNull(),
    overdue: boolean('overdue').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('subject_visit_tallies_research_idx').on(t.researchId, t.researchOrganisationId)],
);
