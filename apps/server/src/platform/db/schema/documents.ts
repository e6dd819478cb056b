import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, pk } from './columns.js';
import { users } from './identity.js';
import { researches } from './research.js';
import { subjectVisits } from './subjects.js';

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
    forAll: boolean('for_all').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('documents_research_idx').on(t.researchId, t.type)],
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
