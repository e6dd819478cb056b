import { sql } from 'drizzle-orm';
import { boolean, customType, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, pk, tstz } from './columns.js';
import { users } from './identity.js';
import { researches } from './research.js';
import { subjects, subjectVisits } from './subjects.js';
import { monitoringVisits } from './monitoring.js';

/** Raw bytes; node-postgres hands back a Buffer, PGlite a Uint8Array: both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A document of a research (spec operations section 3, "Document"): generated ones (reports, subject
 * cards) and uploaded files alike. The bytes live in document_files so lists never read them.
 */
export const documents = pgTable(
  'documents',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    name: text('name').notNull(),
    description: text('description'),
    /** Lower-case file extension without the dot: 'pdf'. */
    extension: text('extension').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Started, Done, Error or Deleted (domain documentStatus). */
    status: text('status').notNull(),
    /** Template, SubjectCard, ..., Uploaded (domain documentType). */
    type: text('type').notNull(),
    sendToDrTrial: boolean('send_to_dr_trial').notNull().default(false),
    /** Where it stands with DrTrial (domain DR_TRIAL_SEND_STATUSES): null never asked, Queued, Sent, Failed. */
    drTrialStatus: text('dr_trial_status'),
    drTrialSentAt: tstz('dr_trial_sent_at'),
    forAll: boolean('for_all').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
    /** A generated document of one subject (subject card) or one subject visit (visit PDF): who reads it follows the subject. */
    subjectId: uuid('subject_id').references(() => subjects.id),
    subjectVisitId: uuid('subject_visit_id').references(() => subjectVisits.id),
    /** A monitoring visit's report: read by the visit's team and its planners (docs/monitoring-visits.md "Report"). */
    monitoringVisitId: uuid('monitoring_visit_id').references(() => monitoringVisits.id),
    /** Why a generated document ended in Error: `{ code, params }`, the text made in the reader's language. */
    error: jsonb('error'),
    /** When generation ended (Done or Error). */
    finishedAt: tstz('finished_at'),
    /**
     * The last day a generated document is kept as is (YYYY-MM-DD): by default three months after its creation
     * (domain DOCUMENT_RETENTION_MONTHS); its file is removed one month later. Null: never expires (uploads).
     */
    expirationDate: date('expiration_date').default(sql`((now() AT TIME ZONE 'UTC')::date + interval '3 months')::date`),
  },
  (t) => [
    index('documents_research_idx').on(t.researchId, t.type),
    /** The name search of the documents list (pickers in a large trial). */
    index('documents_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('documents_research_created_idx')
      .on(t.researchId, t.createdAt)
      .where(sql`${t.deletedAt} is null`),
    index('documents_subject_visit_idx')
      .on(t.subjectVisitId, t.type, t.createdAt)
      .where(sql`${t.subjectVisitId} is not null`),
    index('documents_subject_idx')
      .on(t.subjectId, t.type, t.createdAt)
      .where(sql`${t.subjectId} is not null`),
    index('documents_monitoring_visit_idx')
      .on(t.monitoringVisitId, t.createdAt)
      .where(sql`${t.monitoringVisitId} is not null`),
    index('documents_expiration_idx')
      .on(t.expirationDate)
      .where(sql`${t.expirationDate} is not null and ${t.status} <> 'Deleted'`),
  ],
);

/** The bytes of a document, one row per document. */
export const documentFiles = pgTable('document_files', {
  documentId: uuid('document_id')
    .primaryKey()
    .references(() => documents.id),
  content: bytea('content').notNull(),
});

/**
 * A document attached to a subject visit (spec "Subject visit document": id, version, createdAt,
 * document). Each new version is a row of its own; rows of one document share `lineageId` (the id of its
 * first version) and count `version` up from 1.
 */
export const subjectVisitDocuments = pgTable(
  'subject_visit_documents',
  {
    id: pk(),
    subjectVisitId: uuid('subject_visit_id')
      .notNull()
      .references(() => subjectVisits.id),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id),
    lineageId: uuid('lineage_id').notNull(),
    version: integer('version').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('subject_visit_documents_visit_idx')
      .on(t.subjectVisitId)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('subject_visit_documents_version_uq').on(t.lineageId, t.version),
    uniqueIndex('subject_visit_documents_document_uq').on(t.documentId),
  ],
);
