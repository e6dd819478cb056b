import { z } from 'zod';
import { ORGANISATION_TYPES, EMPLOYEE_TYPES, type OrganisationType } from '../enums.js';
import { id, pageQuery } from './common.js';
import { documentStatus, documentType } from './documents.js';

/**
 * Document approvals (spec design-and-admin sections 3–7: "Document approval", "Approval note",
 * /DocumentApprovals, /DocumentApprovalNotes; docs/documents.md "Approvals"). Payload names are the spec's.
 */

export const DOCUMENT_APPROVAL_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type DocumentApprovalStatus = (typeof DOCUMENT_APPROVAL_STATUSES)[number];

/** What the caller may do with an approval now (the screens draw their buttons from it). */
export const DOCUMENT_APPROVAL_ACTIONS = ['Approve', 'Reject', 'AddNote', 'Resend', 'Delete'] as const;
export type DocumentApprovalAction = (typeof DOCUMENT_APPROVAL_ACTIONS)[number];

/** The order of approvers by their centre's type (spec design-and-admin section 6). */
export const APPROVER_ORGANISATION_ORDER: readonly OrganisationType[] = ['Admin', 'Site', 'TestSite', 'Qa', 'Kio'];

/** The most approvers of one approval. */
export const MAX_APPROVERS = 50;

/** A note's text (a rejection's reason too). */
export const approvalNoteMessage = z.string().trim().min(1).max(4000);

// ------------------------------------------------------------------------------------------ requests

/** GET /DocumentApprovals: the approvals of a research (the current one by default), newest first. */
export const documentApprovalsQuery = pageQuery.extend({
  researchId: id.optional(),
  approvalStatus: z.enum(DOCUMENT_APPROVAL_STATUSES).optional(),
});
export type DocumentApprovalsQuery = z.infer<typeof documentApprovalsQuery>;

/** GET /DocumentApprovals/Personal: the caller's approvals waiting for them (the profile). */
export const documentApprovalsPersonalQuery = pageQuery.extend({ researchId: id.optional() });

/** GET /DocumentApprovals/Approvers: who may be chosen as an approver in a research. */
export const documentApproversQuery = z.object({ researchId: id.optional() });

/**
 * POST /DocumentApprovals: send a document and a research version for approval to at least one approver
 * (employees of the research). With lastDocumentApprovalId (a Rejected approval of the same document) it is a
 * resend.
 */
export const documentApprovalAdd = z.object({
  documentId: id,
  researchVersionId: id,
  approverIdList: z.array(id).min(1).max(MAX_APPROVERS),
  lastDocumentApprovalId: id.nullish(),
});
export type DocumentApprovalAdd = z.infer<typeof documentApprovalAdd>;

/** PUT /DocumentApprovals/{id}/Reject: the reason, kept as the approval's note. */
export const documentApprovalReject = z.object({ message: approvalNoteMessage });

/** GET /DocumentApprovalNotes: the notes of one approval, oldest first. */
export const documentApprovalNotesQuery = z.object({ documentApprovalId: id });
/** POST /DocumentApprovalNotes. */
export const documentApprovalNoteAdd = z.object({ documentApprovalId: id, message: approvalNoteMessage });

// ------------------------------------------------------------------------------------------- replies

const person = z.object({ id, email: z.string(), fullName: z.string() });

export const documentApproverReply = z.object({
  /** The employee. */
  id,
  userId: id,
  email: z.string(),
  fullName: z.string(),
  employeeType: z.enum(EMPLOYEE_TYPES),
  organisationType: z.enum(ORGANISATION_TYPES),
  organisationName: z.string(),
  researchOrganisationNumber: z.string(),
});
export type DocumentApproverReply = z.infer<typeof documentApproverReply>;

export const documentApprovalReply = z.object({
  id,
  researchId: id,
  document: z.object({ id, name: z.string(), type: documentType, status: documentStatus, extension: z.string() }),
  researchVersion: z.object({ id, index: z.string() }),
  approverList: z.array(documentApproverReply),
  approvalStatus: z.enum(DOCUMENT_APPROVAL_STATUSES),
  resultApproverId: id.nullable(),
  resultApprover: documentApproverReply.nullable(),
  resultDate: z.string().nullable(),
  lastDocumentApprovalId: id.nullable(),
  createdDate: z.string(),
  createdBy: person.nullable(),
  notesCount: z.number(),
  /** Whether it was resent already (a Rejected approval is resent once). */
  resent: z.boolean(),
  actions: z.array(z.enum(DOCUMENT_APPROVAL_ACTIONS)),
});
export type DocumentApprovalReply = z.infer<typeof documentApprovalReply>;

export const documentApprovalNoteReply = z.object({
  id,
  documentApprovalId: id,
  message: z.string(),
  createdDate: z.string(),
  createdBy: person.nullable(),
});
export type DocumentApprovalNoteReply = z.infer<typeof documentApprovalNoteReply>;
