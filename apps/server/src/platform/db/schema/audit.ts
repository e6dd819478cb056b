import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { pk, tstz } from './columns.js';

/**
 * The audit trail: append-only (the database refuses UPDATE, DELETE and TRUNCATE, see the migration
 * "audit_append_only"), hash-chained in `seq` order so that a changed or removed row is detectable.
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
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_entity_idx').on(t.entityType, t.entityId),
    index('audit_user_idx').on(t.userId),
    index('audit_research_idx').on(t.researchId),
    /** A subject's trail (GET /Subjects/{id}/AuditTrail): records whose values name the subject. */
    index('audit_subject_idx').on(sql`(coalesce(${t.after} ->> 'subjectId', ${t.before} ->> 'subjectId'))`),
  ],
);
