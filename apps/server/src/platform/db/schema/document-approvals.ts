import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, pk, tstz } from './columns.js';
import { users } from './identity.js';
import { employees, researches } from './research.js';
import { researchVersions } from './design.js';
import { documents } from './documents.js';

/**
 * A document sent with a research version for approval to chosen employees of the research (spec
 * design-and-admin section 3 "Document approval"; docs/documents.md "Approvals"). Pending, then Approved or
 * Rejected by one of the approvers (`resultApproverId`); a Rejected one may be resent as a new approval that
 * names it in `lastDocumentApprovalId`. At most one live Pending approval per document.
 */
export const documentApprovals = pgTable(
  'document_approvals',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id),
    researchVersionId: uuid('research_version_id')
      .notNull()
      .references(() => researchVersions.id),
    /** Pending, Approved or Rejected (domain DOCUMENT_APPROVAL_STATUSES). */
    status: text('status').notNull().default('Pending'),
    /** The rejected approval this one resends. */
    lastDocumentApprovalId: uuid('last_document_approval_id').references((): AnyPgColumn => documentApprovals.id),
    /** The approver (employee) who approved or rejected it. */
    resultApproverId: uuid('result_approver_id').references(() => employees.id),
    resultAt: tstz('result_at'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('document_approvals_research_idx')
      .on(t.researchId, t.createdAt)
      .where(sql`${t.deletedAt} is null`),
    index('document_approvals_document_idx').on(t.documentId),
    uniqueIndex('document_approvals_pending_uq')
      .on(t.documentId)
      .where(sql`${t.status} = 'Pending' and ${t.deletedAt} is null`),
    uniqueIndex('document_approvals_resent_uq')
      .on(t.lastDocumentApprovalId)
      .where(sql`${t.lastDocumentApprovalId} is not null and ${t.deletedAt} is null`),
  ],
);

/** The approvers of an approval: employees of its research. */
export const documentApprovalApprovers = pgTable(
  'document_approval_approvers',
  {
    documentApprovalId: uuid('document_approval_id')
      .notNull()
      .references(() => documentApprovals.id),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id),
  },
  (t) => [
    primaryKey({ name: 'document_approval_approvers_pk', columns: [t.documentApprovalId, t.employeeId] }),
    index('document_approval_approvers_employee_idx').on(t.employeeId),
  ],
);

/** A note of an approval (spec "Approval note": id, message, createdDate, createdBy); a rejection's reason is one. */
export const documentApprovalNotes = pgTable(
  'document_approval_notes',
  {
    id: pk(),
    documentApprovalId: uuid('document_approval_id')
      .notNull()
      .references(() => documentApprovals.id),
    message: text('message').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('document_approval_notes_approval_idx').on(t.documentApprovalId, t.createdAt)],
);
