import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type {
  DocumentApprovalAdd,
  DocumentApprovalNoteReply,
  DocumentApprovalReply,
  DocumentApprovalsQuery,
  DocumentApproverReply,
  Localised,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import {
  documentApprovalApprovers,
  documentApprovalNotes,
  documentApprovals,
  documents,
  researchVersions,
} from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { offsetOf, pageOf, type PageQuery } from '../../platform/http/paging.js';
import { canGlobally, canInResearch } from '../../platform/http/research-scope.js';
import { seesListed } from '../documents/documents-visibility.js';
import {
  approvalNotes,
  approvalReplies,
  approverCandidates,
  listedCondition,
  listedEmployees,
  type ApprovalRow,
} from './document-approvals.repo.js';

/**
 * Document approvals (spec design-and-admin sections 3–7; docs/documents.md "Approvals"). The documents
 * administrators of a research (documents_settings in it: "admin" of the spec) send a document with a research
 * version to chosen employees of the research, resend a rejected approval and delete approvals; a listed
 * approver approves or rejects (with a note) while it is Pending, and only then adds notes. Each change and its
 * audit record are one transaction.
 */

const ENTITY = 'document_approval';

const STATUS_TEXT: Record<string, Localised> = {
  Approved: { ru: 'согласован', en: 'approved' },
  Rejected: { ru: 'отклонён', en: 'rejected' },
  Pending: { ru: 'на согласовании', en: 'pending' },
};

const isAdmin = (caller: ActorCaller, researchId: string) => canInResearch(caller.actor, 'documents_settings', researchId);
/** Holds documents_settings in some research (globally, or through the current employee). */
const isAdminSomewhere = (caller: ActorCaller) =>
  canGlobally(caller.actor, 'documents_settings') || caller.actor.permissions.has('documents_settings');

const viewerOf = (caller: ActorCaller) => ({ admin: (r: string) => isAdmin(caller, r), userId: caller.actor.userId });

async function replyOf(db: Db, row: ApprovalRow, caller: ActorCaller): Promise<DocumentApprovalReply> {
  return (await approvalReplies(db, [row], viewerOf(caller)))[0]!;
}

/** The research a list is about: `researchId` or the caller's current one (400 naming it when neither). */
function researchOf(q: { researchId?: string | undefined }, caller: ActorCaller): string {
  const researchId = q.researchId ?? caller.actor.employee?.researchId;
  if (!researchId) throw badRequest('research_required', 'researchId');
  return researchId;
}

/**
 * The approval named by `id` as the caller may see it (documents administrators of its research, its listed
 * approvers; else 404), locked when it is to change, with the caller's listed employees.
 */
async function approvalFor(tx: Db, id: string, caller: ActorCaller, path: string, lock = false) {
  const q = tx
    .select()
    .from(documentApprovals)
    .where(and(eq(documentApprovals.id, id), isNull(documentApprovals.deletedAt)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(path);
  const listed = await listedEmployees(tx, row.id, caller.actor.userId);
  const admin = isAdmin(caller, row.researchId);
  if (!admin && listed.length === 0) throw notFound(path);
  return { row, listed, admin };
}

/** Approve, reject and note: a listed approver (403), while Pending (409). */
function assertMayDecide(row: ApprovalRow, listed: string[], path: string) {
  if (listed.length === 0) throw forbidden('approval_not_approver', path);
  if (row.status !== 'Pending') throw conflict('approval_not_pending', path, { status: STATUS_TEXT[row.status]! });
}

async function pageOfApprovals(deps: Deps, where: SQL, q: PageQuery, caller: ActorCaller) {
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(documentApprovals)
      .where(where)
      .orderBy(desc(documentApprovals.createdAt), desc(documentApprovals.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    deps.db.select({ n: count() }).from(documentApprovals).where(where),
  ]);
  return pageOf(await approvalReplies(deps.db, rows, viewerOf(caller)), Number(total?.n ?? 0), q);
}

/**
 * GET /DocumentApprovals (the approval tab): the research's approvals, newest first. Documents administrators
 * see every one; other employees of the research the ones they are listed on; others 403.
 */
export async function listApprovals(deps: Deps, q: DocumentApprovalsQuery, caller: ActorCaller) {
  const researchId = researchOf(q, caller);
  const admin = isAdmin(caller, researchId);
  if (!admin && caller.actor.employee?.researchId !== researchId) throw forbidden('no_research_access', 'researchId');
  const where = and(
    eq(documentApprovals.researchId, researchId),
    isNull(documentApprovals.deletedAt),
    q.approvalStatus ? eq(documentApprovals.status, q.approvalStatus) : undefined,
    admin ? undefined : listedCondition(caller.actor.userId),
  )!;
  return pageOfApprovals(deps, where, q, caller);
}

/** GET /DocumentApprovals/Personal (the profile): the Pending approvals of the research that wait for the caller. */
export async function personalApprovals(deps: Deps, q: PageQuery & { researchId?: string | undefined }, caller: ActorCaller) {
  const researchId = researchOf(q, caller);
  const where = and(
    eq(documentApprovals.researchId, researchId),
    isNull(documentApprovals.deletedAt),
    eq(documentApprovals.status, 'Pending'),
    listedCondition(caller.actor.userId),
  )!;
  return pageOfApprovals(deps, where, q, caller);
}

/** GET /DocumentApprovals/{id}. */
export async function getApproval(deps: Deps, id: string, caller: ActorCaller): Promise<DocumentApprovalReply> {
  const { row } = await approvalFor(deps.db, id, caller, 'id');
  return replyOf(deps.db, row, caller);
}

/** GET /DocumentApprovals/Approvers: the employees a documents administrator may choose, in the spec's order. */
export async function listApprovers(
  deps: Deps,
  q: { researchId?: string | undefined },
  caller: ActorCaller,
): Promise<DocumentApproverReply[]> {
  const researchId = researchOf(q, caller);
  if (!isAdmin(caller, researchId)) throw forbidden('approval_not_admin', 'researchId');
  return approverCandidates(deps.db, researchId);
}

/**
 * POST /DocumentApprovals: sends a document and a research version for approval; with lastDocumentApprovalId,
 * resends a Rejected approval of the same document (once). Order of answers: 400 input → 403 no documents
 * administration anywhere → 404 a document the caller does not see → 403 not an administrator of its research →
 * 404 a version or last approval not of the research → 400 approvers → 409 states.
 */
export async function addApproval(deps: Deps, body: DocumentApprovalAdd, caller: ActorCaller): Promise<DocumentApprovalReply> {
  if (!isAdminSomewhere(caller)) throw forbidden('approval_not_admin', 'documentId');
  const row = await deps.db.transaction(async (tx) => {
    const [doc] = await tx.select().from(documents).where(eq(documents.id, body.documentId)).for('update');
    if (!doc || doc.type === 'Uploaded' || !seesListed(caller, doc)) throw notFound('documentId');
    if (!isAdmin(caller, doc.researchId)) throw forbidden('approval_not_admin', 'documentId');
    const [version] = await tx
      .select({ id: researchVersions.id })
      .from(researchVersions)
      .where(
        and(
          eq(researchVersions.id, body.researchVersionId),
          eq(researchVersions.researchId, doc.researchId),
          isNull(researchVersions.deletedAt),
        ),
      );
    if (!version) throw notFound('researchVersionId');
    const approverIds = [...new Set(body.approverIdList)];
    const approvers = await approverCandidates(tx, doc.researchId, approverIds);
    if (approvers.length !== approverIds.length) throw badRequest('approval_unknown_approvers', 'approverIdList');
    let last: ApprovalRow | undefined;
    if (body.lastDocumentApprovalId) {
      [last] = await tx
        .select()
        .from(documentApprovals)
        .where(
          and(
            eq(documentApprovals.id, body.lastDocumentApprovalId),
            eq(documentApprovals.researchId, doc.researchId),
            isNull(documentApprovals.deletedAt),
          ),
        )
        .for('update');
      if (!last) throw notFound('lastDocumentApprovalId');
      if (last.documentId !== doc.id) throw badRequest('approval_resend_other_document', 'documentId');
    }
    if (doc.status === 'Deleted') throw conflict('document_deleted', 'documentId');
    if (doc.status !== 'Done') throw conflict('approval_document_not_ready', 'documentId');
    if (last) {
      if (last.status !== 'Rejected') throw conflict('approval_resend_not_rejected', 'lastDocumentApprovalId');
      const [again] = await tx
        .select({ id: documentApprovals.id })
        .from(documentApprovals)
        .where(and(eq(documentApprovals.lastDocumentApprovalId, last.id), isNull(documentApprovals.deletedAt)));
      if (again) throw conflict('approval_already_resent', 'lastDocumentApprovalId');
    }
    const [pending] = await tx
      .select({ id: documentApprovals.id })
      .from(documentApprovals)
      .where(
        and(
          eq(documentApprovals.documentId, doc.id),
          eq(documentApprovals.status, 'Pending'),
          isNull(documentApprovals.deletedAt),
        ),
      );
    if (pending) throw conflict('approval_pending_exists', 'documentId');

    const [created] = await tx
      .insert(documentApprovals)
      .values({
        researchId: doc.researchId,
        documentId: doc.id,
        researchVersionId: version.id,
        lastDocumentApprovalId: last?.id ?? null,
        createdBy: caller.actor.userId,
      })
      .returning();
    await tx
      .insert(documentApprovalApprovers)
      .values(approverIds.map((employeeId) => ({ documentApprovalId: created!.id, employeeId })));
    await writeAudit(tx, caller.audit, {
      action: last ? 'document_approval.resend' : 'document_approval.send',
      entityType: ENTITY,
      entityId: created!.id,
      researchId: doc.researchId,
      after: {
        id: created!.id,
        documentId: doc.id,
        documentName: doc.name,
        researchVersionId: version.id,
        approverIdList: approvers.map((a) => a.id),
        approvers: approvers.map((a) => a.email),
        status: 'Pending',
        ...(last ? { lastDocumentApprovalId: last.id } : {}),
      },
    });
    return created!;
  });
  return replyOf(deps.db, row, caller);
}

/** PUT /DocumentApprovals/{id}/Approve and /Reject (with the reason as a note). */
export async function decide(
  deps: Deps,
  id: string,
  decision: 'Approved' | 'Rejected',
  message: string | undefined,
  caller: ActorCaller,
): Promise<DocumentApprovalReply> {
  const row = await deps.db.transaction(async (tx) => {
    const { row, listed } = await approvalFor(tx, id, caller, 'id', true);
    assertMayDecide(row, listed, 'id');
    // The approver who decides: the caller's current employee when listed, else their first listed one.
    const approver = listed.find((e) => e === caller.actor.employee?.id) ?? listed[0]!;
    const now = new Date();
    const [changed] = await tx
      .update(documentApprovals)
      .set({ status: decision, resultApproverId: approver, resultAt: now })
      .where(eq(documentApprovals.id, row.id))
      .returning();
    let noteId: string | undefined;
    if (message !== undefined) {
      const [note] = await tx
        .insert(documentApprovalNotes)
        .values({ documentApprovalId: row.id, message, createdBy: caller.actor.userId })
        .returning({ id: documentApprovalNotes.id });
      noteId = note!.id;
    }
    await writeAudit(tx, caller.audit, {
      action: decision === 'Approved' ? 'document_approval.approve' : 'document_approval.reject',
      entityType: ENTITY,
      entityId: row.id,
      researchId: row.researchId,
      before: { status: row.status },
      after: {
        status: decision,
        resultApproverId: approver,
        resultDate: now.toISOString(),
        ...(noteId ? { noteId, message } : {}),
      },
    });
    return changed!;
  });
  return replyOf(deps.db, row, caller);
}

/** DELETE /DocumentApprovals/{id}: documents administrators of its research; the row stays (deleted_at). */
export async function deleteApproval(deps: Deps, id: string, caller: ActorCaller): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { row, admin } = await approvalFor(tx, id, caller, 'id', true);
    if (!admin) throw forbidden('approval_not_admin', 'id');
    const now = new Date();
    await tx.update(documentApprovals).set({ deletedAt: now }).where(eq(documentApprovals.id, row.id));
    const approvers = await tx
      .select({ id: documentApprovalApprovers.employeeId })
      .from(documentApprovalApprovers)
      .where(eq(documentApprovalApprovers.documentApprovalId, row.id));
    await writeAudit(tx, caller.audit, {
      action: 'document_approval.delete',
      entityType: ENTITY,
      entityId: row.id,
      researchId: row.researchId,
      before: {
        id: row.id,
        documentId: row.documentId,
        researchVersionId: row.researchVersionId,
        status: row.status,
        approverIdList: approvers.map((a) => a.id),
        lastDocumentApprovalId: row.lastDocumentApprovalId,
      },
      after: { deletedAt: now.toISOString() },
    });
  });
}

/** GET /DocumentApprovalNotes?documentApprovalId=: whoever sees the approval. */
export async function listNotes(deps: Deps, approvalId: string, caller: ActorCaller): Promise<DocumentApprovalNoteReply[]> {
  const { row } = await approvalFor(deps.db, approvalId, caller, 'documentApprovalId');
  return approvalNotes(deps.db, row.id);
}

/** POST /DocumentApprovalNotes: a listed approver while the approval is Pending. */
export async function addNote(
  deps: Deps,
  body: { documentApprovalId: string; message: string },
  caller: ActorCaller,
): Promise<DocumentApprovalNoteReply> {
  const noteId = await deps.db.transaction(async (tx) => {
    const { row, listed } = await approvalFor(tx, body.documentApprovalId, caller, 'documentApprovalId', true);
    assertMayDecide(row, listed, 'documentApprovalId');
    const [note] = await tx
      .insert(documentApprovalNotes)
      .values({ documentApprovalId: row.id, message: body.message, createdBy: caller.actor.userId })
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'document_approval_note.add',
      entityType: 'document_approval_note',
      entityId: note!.id,
      researchId: row.researchId,
      after: { id: note!.id, documentApprovalId: row.id, message: body.message },
    });
    return note!.id;
  });
  return (await approvalNotes(deps.db, body.documentApprovalId)).find((n) => n.id === noteId)!;
}
