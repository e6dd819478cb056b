import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  canChangeVisitDocuments,
  type SubjectStatus,
  type SubjectVisitDocument,
  type SubjectVisitDocumentVersion,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { documentFiles, documents, subjectVisitDocuments } from '../../platform/db/schema/index.js';
import { readsJobDocument } from '../jobs/jobs.service.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { assertMayWrite, assertSeesSubject } from '../subjects/subjects.policy.js';
import { findSubject, type SubjectRecord } from '../subjects/subjects.repo.js';
import { findSubjectVisit, type SubjectVisitRow } from '../subjects/subject-visits.repo.js';
import { readsScheduleDocument } from '../time-points/time-points.policy.js';
import type { UploadedPdf } from './upload.js';
import {
  documentBytes,
  findDocumentForDownload,
  findVisitDocument,
  lineageRows,
  listVisitDocuments,
  maxVersionOf,
} from './documents.repo.js';

/**
 * Subject visit documents (docs/documents.md). Reading follows the subject (subjects.policy.ts: 404
 * outside the caller's scope); writing needs subjects_edit in the subject's own centre, a live unsigned
 * subject and an unsigned visit (canChangeVisitDocuments). Every write is one transaction: the bytes, the
 * rows and the audit record commit together or not at all.
 */

interface VisitContext {
  subject: SubjectRecord;
  visit: SubjectVisitRow;
}

/** The subject visit and its subject, when the caller sees them; 404 naming `path` otherwise. */
async function visitToRead(
  db: Db,
  subjectVisitId: string,
  caller: ActorCaller,
  path: string,
  lock = false,
): Promise<VisitContext> {
  const visit = await findSubjectVisit(db, subjectVisitId);
  const subject = visit ? await findSubject(db, visit.subjectId, { lock }) : undefined;
  assertSeesSubject(caller.actor, subject, path);
  return { subject: subject!, visit: visit! };
}

/** An unknown id: 403 for callers with no subject view at all (as for subjects), 404 otherwise. */
function missing(caller: ActorCaller, path: string): AppError {
  try {
    assertSeesSubject(caller.actor, undefined, path);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  return notFound(path);
}

/** The write rules, after the visit is known to be visible: 403 for non-writers, 409 for a locked subject or visit. */
function assertMayChange(caller: ActorCaller, { subject, visit }: VisitContext): void {
  assertMayWrite(caller.actor, subject);
  const code = canChangeVisitDocuments(
    { status: subject.status as SubjectStatus, isSigned: subject.isSigned },
    { organisationType: caller.actor.employee?.organisationType ?? null },
    visit,
  );
  if (code) throw new AppError(code === 'forbidden' ? 403 : 409, code);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What the audit trail keeps of a version: everything but the bytes, which it identifies by hash. */
const audited = (
  v: { id: string; subjectVisitId: string; lineageId: string; version: number; documentId: string },
  doc: { name: string; sizeBytes: number; sha256?: string },
) => ({
  id: v.id,
  subjectVisitId: v.subjectVisitId,
  lineageId: v.lineageId,
  version: v.version,
  documentId: v.documentId,
  name: doc.name,
  sizeBytes: doc.sizeBytes,
  ...(doc.sha256 ? { sha256: doc.sha256 } : {}),
});

/** Inserts the document, its bytes and the version row; audits it. */
async function insertVersion(
  tx: Db,
  caller: ActorCaller,
  ctx: VisitContext,
  input: { name: string; file: UploadedPdf; lineageId?: string; version: number },
  action: string,
): Promise<string> {
  const id = uuidv7();
  const lineageId = input.lineageId ?? id;
  const userId = caller.actor.userId;
  const [doc] = await tx
    .insert(documents)
    .values({
      researchId: ctx.subject.researchId,
      name: input.name,
      extension: 'pdf',
      contentType: 'application/pdf',
      sizeBytes: input.file.bytes.length,
      status: 'Done',
      type: 'Uploaded',
      createdBy: userId,
    })
    .returning({ id: documents.id });
  await tx.insert(documentFiles).values({ documentId: doc!.id, content: input.file.bytes });
  await tx.insert(subjectVisitDocuments).values({
    id,
    subjectVisitId: ctx.visit.id,
    documentId: doc!.id,
    lineageId,
    version: input.version,
    createdBy: userId,
  });
  await writeAudit(tx, caller.audit, {
    action,
    entityType: 'subject_visit_document',
    entityId: id,
    researchId: ctx.subject.researchId,
    subjectId: ctx.subject.id,
    after: audited(
      { id, subjectVisitId: ctx.visit.id, lineageId, version: input.version, documentId: doc!.id },
      { name: input.name, sizeBytes: input.file.bytes.length, sha256: sha256(input.file.bytes) },
    ),
  });
  return id;
}

async function reply(db: Db, id: string): Promise<SubjectVisitDocument> {
  const row = await findVisitDocument(db, id);
  const all = await listVisitDocuments(db, row!.subjectVisitId);
  return all.find((d) => d.lineageId === row!.lineageId)!;
}

/** GET /SubjectVisitDocuments?subjectVisitId=: the visit's documents, latest version of each, newest first. */
export async function visitDocuments(deps: Deps, subjectVisitId: string, caller: ActorCaller): Promise<SubjectVisitDocument[]> {
  const ctx = await visitToRead(deps.db, subjectVisitId, caller, 'subjectVisitId');
  return listVisitDocuments(deps.db, ctx.visit.id);
}

/** POST /SubjectVisitDocuments/UploadFile: a new document, version 1. */
export async function uploadDocument(
  deps: Deps,
  input: { subjectVisitId: string; name: string; file: UploadedPdf },
  caller: ActorCaller,
): Promise<SubjectVisitDocument> {
  const id = await deps.db.transaction(async (tx) => {
    const ctx = await visitToRead(tx, input.subjectVisitId, caller, 'subjectVisitId', true);
    assertMayChange(caller, ctx);
    return insertVersion(tx, caller, ctx, { name: input.name, file: input.file, version: 1 }, 'subject_visit_document.upload');
  });
  return reply(deps.db, id);
}

/** The lineage of a live subject visit document the caller sees (any of its versions named by `id`). */
async function lineageToChange(
  tx: Db,
  id: string,
  caller: ActorCaller,
): Promise<{ ctx: VisitContext; current: SubjectVisitDocumentVersion }> {
  const named = await findVisitDocument(tx, id);
  if (!named) throw missing(caller, 'id');
  const ctx = await visitToRead(tx, named.subjectVisitId, caller, 'id', true);
  assertMayChange(caller, ctx);
  const [latest] = await lineageRows(tx, named!.lineageId);
  return { ctx, current: (await findVisitDocument(tx, latest!.svd.id))! };
}

/** POST /SubjectVisitDocuments/UploadNewVersion/{id}: the next version of the document; the name stays unless given. */
export async function uploadNewVersion(
  deps: Deps,
  id: string,
  input: { name?: string; file: UploadedPdf },
  caller: ActorCaller,
): Promise<SubjectVisitDocument> {
  try {
    const newId = await deps.db.transaction(async (tx) => {
      const { ctx, current } = await lineageToChange(tx, id, caller);
      const version = (await maxVersionOf(tx, current.lineageId)) + 1;
      return insertVersion(
        tx,
        caller,
        ctx,
        { name: input.name ?? current.document.name, file: input.file, lineageId: current.lineageId, version },
        'subject_visit_document.new_version',
      );
    });
    return reply(deps.db, newId);
  } catch (e) {
    // The subject row lock serialises versions; the unique index is the backstop.
    if (isUniqueViolation(e, 'subject_visit_documents_version_uq')) throw new AppError(409, 'conflict', {}, 'id');
    throw e;
  }
}

/** DELETE /SubjectVisitDocuments/{id}: soft deletes every version of the document (status Deleted). */
export async function deleteDocument(deps: Deps, id: string, caller: ActorCaller): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { ctx, current } = await lineageToChange(tx, id, caller);
    const rows = await lineageRows(tx, current.lineageId);
    const now = new Date();
    await tx
      .update(subjectVisitDocuments)
      .set({ deletedAt: now })
      .where(and(eq(subjectVisitDocuments.lineageId, current.lineageId), isNull(subjectVisitDocuments.deletedAt)));
    await tx
      .update(documents)
      .set({ deletedAt: now, status: 'Deleted' })
      .where(
        inArray(
          documents.id,
          rows.map((r) => r.doc.id),
        ),
      );
    await writeAudit(tx, caller.audit, {
      action: 'subject_visit_document.delete',
      entityType: 'subject_visit_document',
      entityId: current.lineageId,
      researchId: ctx.subject.researchId,
      subjectId: ctx.subject.id,
      before: rows.map((r) => audited({ ...r.svd }, r.doc)),
    });
  });
}

/**
 * GET /Documents/{id}/File: the bytes of a live document the caller may see. Subject visit documents: the
 * subject's readers. A scheduled activities report (time points module): its creator and the readers of
 * its research's time points settings. A dataset export: the readers of its job (jobs.service.ts). Any other document answers 404 until its module defines who reads it.
 */
export async function documentFile(
  deps: Deps,
  id: string,
  caller: ActorCaller,
): Promise<{ name: string; extension: string; contentType: string; bytes: Buffer }> {
  const found = await findDocumentForDownload(deps.db, id);
  if (found?.doc.type === 'ScheduledActivities' && !found.subjectVisitId) {
    if (!readsScheduleDocument(caller.actor, found.doc)) throw notFound('id');
  } else if (found?.doc.type === 'Dataset' && !found.subjectVisitId) {
    if (!(await readsJobDocument(deps.db, caller.actor, found.doc.id))) throw notFound('id');
  } else if (!found?.subjectVisitId) {
    throw missing(caller, 'id');
  } else {
    await visitToRead(deps.db, found.subjectVisitId, caller, 'id');
  }
  const bytes = await documentBytes(deps.db, id);
  if (!bytes) throw notFound('id');
  return { name: found.doc.name, extension: found.doc.extension, contentType: found.doc.contentType, bytes };
}
