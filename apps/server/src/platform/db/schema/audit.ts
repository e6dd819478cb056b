import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, tstz, updatedAt } from './columns.js';
import { users } from './identity.js';

/**
 * The audit trail: append-only (the database refuses UPDATE, DELETE and TRUNCATE, see the migration
 * "audit_append_only"), hash-chained so that a changed or removed row is detectable: one chain per subject
 * (`subject:<uuid>`, every record about the subject) and one `global` chain for everything else, each in
 * `seq` order (docs/audit-trail.md).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: pk(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    at: tstz('at').notNull().defaultNow(),
    userId: uuid('user_id'),
    userEmail: text('user_email'),
    employeeId: uuid('employee_id'),
    employeeType: text('employee_type'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id'),
    /** The research the change belongs to, for per-research reading and export. */
    researchId: uuid('research_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
    /** The hash chain the record belongs to: `subject:<subject id>` or `global`. Sealed with the record. */
    chain: text('chain').notNull().default('global'),
    /** The subject the record is about (its chain); null for records about no subject, and for records written before migration 0009. */
    subjectId: uuid('subject_id'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_entity_idx').on(t.entityType, t.entityId),
    index('audit_user_idx').on(t.userId),
    index('audit_research_idx').on(t.researchId),
    /** Appending to a chain reads its newest record; verification and the chain heads. */
    index('audit_chain_seq_idx').on(t.chain, t.seq),
    /** A subject's trail (GET /Subjects/{id}/AuditTrail), newest first. */
    index('audit_subject_seq_idx').on(t.subjectId, t.seq),
  ],
);

/**
 * A verification of the audit trail run in the background (docs/audit-trail.md "In the background"): who asked,
 * how far the walk is, and what it found (the AuditVerification) or why it stopped. At most one is open.
 */
export const auditVerifications = pgTable(
  'audit_verifications',
  {
    id: pk(),
    /** Queued, Running, Done, Failed (domain AUDIT_VERIFICATION_STATUSES). */
    status: text('status').notNull().default('Queued'),
    progress: integer('progress').notNull().default(0),
    processed: bigint('processed', { mode: 'number' }).notNull().default(0),
    result: jsonb('result'),
    /** Error code and params (the text is made in the reader's language). */
    error: jsonb('error'),
    requestedBy: uuid('requested_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    index('audit_verifications_created_idx').on(t.createdAt.desc(), t.id.desc()),
    uniqueIndex('audit_verifications_open_idx')
      .on(sql`(true)`)
      .where(sql`${t.status} in ('Queued', 'Running')`),
  ],
);
