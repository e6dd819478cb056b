import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, tstz, updatedAt } from './columns.js';
import { users } from './identity.js';
import { researches } from './research.js';
import { documents } from './documents.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A background job (docs/data-exchange.md "Job queue"): what was asked, by whom, its progress and its outcome.
 * The queue itself (pg-boss, schema `pgboss`) only carries the job's id to a worker and retries it; this
 * row is what the screens read and what survives the queue's own clean-up.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    /** data_export, clinical_import (domain JOB_KINDS). */
    kind: text('kind').notNull(),
    /** Queued, Running, Done, Failed (domain JOB_STATUSES). */
    status: text('status').notNull().default('Queued'),
    name: text('name').notNull(),
    /** The request as accepted (filters, format, dry run). */
    params: jsonb('params').notNull(),
    /**
     * Who asked, as the worker acts for them (platform/jobs JobActor): audit identity, language, whether
     * they see randomisation groups. The request was authorised when it was made.
     */
    actor: jsonb('actor').notNull(),
    progress: integer('progress').notNull().default(0),
    processed: integer('processed'),
    total: integer('total'),
    attempts: integer('attempts').notNull().default(0),
    /** The result file, a document of type Dataset. */
    documentId: uuid('document_id').references(() => documents.id),
    result: jsonb('result'),
    /** Error code and params of the last failed attempt (the text is made in the reader's language). */
    error: jsonb('error'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    index('jobs_research_idx').on(t.researchId, t.kind, t.createdAt.desc()),
    index('jobs_open_idx')
      .on(t.status)
      .where(sql`${t.status} in ('Queued', 'Running')`),
  ],
);

/** A job's input file (an uploaded ODM file to import), kept apart so lists never read it. */
export const jobInputs = pgTable('job_inputs', {
  jobId: uuid('job_id')
    .primaryKey()
    .references(() => jobs.id),
  content: bytea('content').notNull(),
});
