import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  canChangeVisitDocuments,
  type DocumentStatusReply,
  type SubjectStatus,
  type SubjectVisitDocument,
  type SubjectVisitDocumentVersion,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { documentFiles, documents, subjectVisitDocuments } from '../../platform/db/schema/index.js';
import { readsJobDocument } from '../jobs/jobs.service.js';
import { datasetJobActorOf, readsDatasetDocument } from './generated/dataset-document.service.js';
import { readsReferenceReport } from './generated/reference-report.service.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { assertMayWrite, assertSeesSubject } from '../subjects/subjects.policy.js';
import { findSubject, type SubjectRecord } from '../subjects/subjects.repo.js';
import { findSubjectVisit, type SubjectVisitRow } from '../subjects/subject-visits.repo.js';
import { readsScheduleDocument } from '../time-points/time-points.policy.js';
import type { UploadedPdf } from './upload.js';
import { documentStatusReply } from './generated/generated-documents.js';
import { readsMonitoringVisit } from './generated/monitoring-report.service.js';
import { seesListed } from './documents-visibility.js';
import { readsVersionChanges } from './generated/version-changes.service.js';
import { readsTemplate } from './generated/research-template.service.js';
import { archiveCentreOf, readsArchive } from './generated/subject-card-archive.service.js';
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

export interface VisitContext {
  subject: SubjectRecord;
  visit: SubjectVisitRow;
}

/** The subject visit and its subject, when the caller sees them; 404 naming `path` otherwise. */
export async function visitToRead(
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
export function missing(caller: ActorCaller, path: string): AppError {
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
      // An uploaded source document never expires (docs/documents.md, "Expiry").
      expirationDate: null,
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

/** The reply of a document named by any of its versions' ids: its latest version with the earlier ones. */
export async function reply(db: Db, id: string): Promise<SubjectVisitDocument> {
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
 * Who reads a live document (404 `id` otherwise). Subject visit documents, uploaded or generated (the visit
 * PDF), and a subject's generated documents: the subject's readers. Research version changes: holders of
 * documents_settings in the research. A research template and a centre's subject cards archive: their
 * services' readsTemplate / readsArchive. A monitoring visit report: the visit's team and planners
 * (monitoring-report.service.ts). A scheduled activities report (time
 * points module): its creator and the readers of its research's time points settings. A dataset export: the
 * readers of its job (jobs.service.ts); a generated dataset or a tracker: dataset-document.service.ts; a
 * reference report: the readers of its centre's references (reference-report.service.ts). Any other document answers 404 until its module defines who reads it.
 */
async function readableDocument(deps: Deps, id: string, caller: ActorCaller) {
  const found = await findDocumentForDownload(deps.db, id);
  if (found?.doc.type === 'ScheduledActivities' && !found.subjectVisitId) {
    if (!readsScheduleDocument(caller.actor, found.doc)) throw notFound('id');
  } else if ((found?.doc.type === 'Tracker' || found?.doc.type === 'TimeTracker') && !found.subjectVisitId) {
    const generated = await datasetJobActorOf(deps.db, found.doc.id);
    if (!generated || !readsDatasetDocument(caller.actor, found.doc, generated)) throw notFound('id');
  } else if (found?.doc.type === 'ReferenceReport' && !found.subjectVisitId) {
    if (!(await readsReferenceReport(deps.db, caller.actor, found.doc.id))) throw notFound('id');
  } else if (found?.doc.type === 'Dataset' && !found.subjectVisitId) {
    const generated = await datasetJobActorOf(deps.db, found.doc.id);
    const reads = generated
      ? readsDatasetDocument(caller.actor, found.doc, generated)
      : await readsJobDocument(deps.db, caller.actor, found.doc.id);
    if (!reads) throw notFound('id');
  } else if (found?.doc.monitoringVisitId) {
    if (!(await readsMonitoringVisit(deps.db, caller.actor, found.doc.monitoringVisitId))) throw notFound('id');
  } else if (found?.doc.type === 'Template') {
    if (!readsTemplate(caller.actor, found.doc.researchId)) throw notFound('id');
  } else if (found?.doc.type === 'SubjectCardArchive') {
    const centreId = await archiveCentreOf(deps.db, found.doc.id);
    if (!centreId || !readsArchive(caller.actor, found.doc, centreId, found.doc.researchId)) throw notFound('id');
  } else if (found?.doc.type === 'ResearchVersionChanges') {
    if (!readsVersionChanges(caller.actor, found.doc.researchId)) throw notFound('id');
  } else if (found?.doc.subjectId) {
    assertSeesSubject(caller.actor, await findSubject(deps.db, found.doc.subjectId), 'id');
  } else if (!found?.subjectVisitId) {
    throw missing(caller, 'id');
  } else {
    await visitToRead(deps.db, found.subjectVisitId, caller, 'id');
  }
  return found.doc;
}

/** GET /Documents/{id}/File: the bytes of a live document the caller may see (404 while it has none: Started, Error). */
export async function documentFile(
  deps: Deps,
  id: string,
  caller: ActorCaller,
): Promise<{ name: string; extension: string; contentType: string; bytes: Buffer }> {
  const doc = await readableDocument(deps, id, caller);
  const bytes = doc.status === 'Done' ? await documentBytes(deps.db, id) : undefined;
  if (!bytes) throw notFound('id');
  return { name: doc.name, extension: doc.extension, contentType: doc.contentType, bytes };
}

/**
 * GET /Documents/{id}: a document with its progress (polled while Started), for the readers of its file and for
 * whoever sees it in a documents list (documents-visibility.ts), whose page refreshes its Started documents.
 */
export async function documentStatus(deps: Deps, id: string, caller: ActorCaller): Promise<DocumentStatusReply> {
  return documentStatusReply(deps.db, await visibleDocument(deps, id, caller), caller.lang);
}

/**
 * A live document the caller reads (as its file) or sees in a documents list (documents-visibility.ts); 404 `id`
 * (403 with no subject view) otherwise. The progress and the confidential preview answer to these callers.
 */
export async function visibleDocument(deps: Deps, id: string, caller: ActorCaller) {
  const [listed] = await deps.db.select().from(documents).where(eq(documents.id, id));
  if (listed && listed.type !== 'Uploaded' && listed.deletedAt === null && seesListed(caller, listed)) return listed;
  return readableDocument(deps, id, caller);
}
