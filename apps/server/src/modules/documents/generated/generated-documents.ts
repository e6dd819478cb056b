import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  deletionDateOf,
  errorMessage,
  todayIn,
  type DocumentStatusReply,
  type ErrorCode,
  type JobKind,
  type Language,
  type MessageParams,
} from '@edc/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Db } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import type { ActorCaller } from '../../../platform/http/caller.js';
import { insertJob, jobActorOf } from '../../jobs/jobs.service.js';
import { documentFiles, documents, users } from '../../../platform/db/schema/index.js';

export type DocumentRow = typeof documents.$inferSelect;

/**
 * Stores the bytes of a generated document and marks it Done, in one transaction, only while it is still
 * Started: a document deleted (or failed) meanwhile keeps its status and gets no file.
 */
export async function storeGeneratedDocument(db: Db, documentId: string, bytes: Buffer): Promise<void> {
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(documents)
      .set({ status: 'Done', sizeBytes: bytes.length, finishedAt: new Date(), error: null })
      .where(and(eq(documents.id, documentId), eq(documents.status, 'Started')))
      .returning({ id: documents.id });
    if (done) await tx.insert(documentFiles).values({ documentId, content: bytes });
  });
}

/** The blocks in which a file is moved into document_files: what the process holds of it at a time. */
export const FILE_BLOCK_BYTES = 4 << 20;

/**
 * Stores a generated document written to a file (a centre's archive) and marks it Done, as
 * storeGeneratedDocument does, without holding the file in memory: the bytes go into document_files block by
 * block (the first inserted, the next appended), all in the one transaction that marks the document Done, so a
 * reader sees the whole file or none, and a document no longer Started gets none. Answers with the size.
 */
export async function storeGeneratedDocumentFile(db: Db, documentId: string, file: string): Promise<number> {
  const { size } = await stat(file);
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(documents)
      .set({ status: 'Done', sizeBytes: size, finishedAt: new Date(), error: null })
      .where(and(eq(documents.id, documentId), eq(documents.status, 'Started')))
      .returning({ id: documents.id });
    if (!done) return;
    let first = true;
    for await (const block of createReadStream(file, { highWaterMark: FILE_BLOCK_BYTES }) as AsyncIterable<Buffer>) {
      if (first) await tx.insert(documentFiles).values({ documentId, content: block });
      else
        await tx
          .update(documentFiles)
          .set({ content: sql`${documentFiles.content} || ${block}::bytea` })
          .where(eq(documentFiles.documentId, documentId));
      first = false;
    }
    if (first) await tx.insert(documentFiles).values({ documentId, content: Buffer.alloc(0) });
  });
  return size;
}

/** Its expiration date has come (UTC calendar) and its file is still there: due for deletion. */
export const isExpired = (doc: Pick<DocumentRow, 'expirationDate' | 'status'>, today = todayIn('UTC')): boolean =>
  doc.status !== 'Deleted' && doc.expirationDate !== null && doc.expirationDate <= today;

/** The authors of documents, by id: what a reply names (a list reads them in one statement). */
export async function documentAuthors(db: Db, ids: (string | null)[]): Promise<Map<string, DocumentAuthor>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      patronymic: users.patronymic,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

export interface DocumentAuthor {
  id: string;
  firstName: string | null;
  lastName: string | null;
  patronymic: string | null;
  email: string;
}

/** A document with its progress (GET /Documents/{id}), the error in the reader's language. */
export async function documentStatusReply(db: Db, doc: DocumentRow, lang: Language): Promise<DocumentStatusReply> {
  const authors = await documentAuthors(db, [doc.createdBy]);
  return documentReplyOf(doc, doc.createdBy ? authors.get(doc.createdBy) : undefined, lang);
}

/** A document's reply given its author (read with it, or with the rest of a page). */
export function documentReplyOf(doc: DocumentRow, author: DocumentAuthor | undefined, lang: Language): DocumentStatusReply {
  const error = doc.error as { code: string; params?: MessageParams } | null;
  return {
    id: doc.id,
    name: doc.name,
    description: doc.description,
    extension: doc.extension,
    contentType: doc.contentType,
    sizeBytes: doc.sizeBytes,
    status: doc.status as DocumentStatusReply['status'],
    type: doc.type as DocumentStatusReply['type'],
    sendToDrTrial: doc.sendToDrTrial,
    drTrialStatus: doc.drTrialStatus as DocumentStatusReply['drTrialStatus'],
    drTrialSentAt: doc.drTrialSentAt?.toISOString() ?? null,
    forAll: doc.forAll,
    createdBy: author
      ? { id: author.id, name: [author.lastName, author.firstName, author.patronymic].filter(Boolean).join(' ') || author.email }
      : null,
    date: doc.createdAt.toISOString(),
    documentLink: doc.status === 'Done' ? `/api/Documents/${doc.id}/File` : null,
    subjectId: doc.subjectId,
    subjectVisitId: doc.subjectVisitId,
    finishedAt: doc.finishedAt?.toISOString() ?? null,
    error: error ? { code: error.code, message: errorMessage(error.code as ErrorCode, lang, error.params ?? {}) } : null,
    startTime: doc.createdAt.toISOString(),
    endTime: doc.finishedAt?.toISOString() ?? null,
    expirationDate: doc.expirationDate,
    deletionDate: doc.expirationDate ? deletionDateOf(doc.expirationDate) : null,
    expired: isExpired(doc),
  };
}

/** What a generation request records: the document (Started), its job and the audit record. */
export interface GenerationRequest {
  researchId: string;
  /** The subject whose readers read it (visit PDF, subject card); none for a research's document. */
  subjectId?: string;
  subjectVisitId?: string;
  /** The monitoring visit whose team and planners read it (monitoring visit report). */
  monitoringVisitId?: string;
  type:
    | 'SubjectVisit'
    | 'SubjectCard'
    | 'ResearchVersionChanges'
    | 'MonitorReport'
    | 'Dataset'
    | 'Tracker'
    | 'TimeTracker'
    | 'ReferenceReport'
    | 'Template'
    | 'SubjectCardArchive';
  /** The file's kind: a PDF unless said. */
  file?: { extension: string; contentType: string };
  kind: JobKind;
  name: string;
  sendToDrTrial?: boolean;
  /** The job's parameters besides the document's id. */
  params: Record<string, unknown>;
  /** What else the audit record keeps of the request (a dataset's filter and format). */
  audit?: Record<string, unknown>;
  /** The centre the requester's view is limited to (job actor). */
  centreId: string | null;
}

/**
 * Records a generated document (status Started), its job (which knows the document: the runner sets it to
 * Error when the job fails for good) and the audit record `document.generate`, in one transaction; hands the
 * job to the queue once it committed and answers with the document.
 */
export async function startGeneration(deps: Deps, caller: ActorCaller, g: GenerationRequest): Promise<DocumentStatusReply> {
  const { doc, jobId } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(documents)
      .values({
        researchId: g.researchId,
        name: g.name,
        extension: g.file?.extension ?? 'pdf',
        contentType: g.file?.contentType ?? 'application/pdf',
        sizeBytes: 0,
        status: 'Started',
        type: g.type,
        sendToDrTrial: g.sendToDrTrial ?? false,
        createdBy: caller.actor.userId,
        subjectId: g.subjectId ?? null,
        subjectVisitId: g.subjectVisitId ?? null,
        monitoringVisitId: g.monitoringVisitId ?? null,
      })
      .returning();
    const job = await insertJob(tx, {
      researchId: g.researchId,
      kind: g.kind,
      name: g.name,
      params: { ...g.params, documentId: row!.id },
      actor: jobActorOf(caller, g.centreId),
      documentId: row!.id,
    });
    await writeAudit(tx, caller.audit, {
      action: 'document.generate',
      entityType: 'document',
      entityId: row!.id,
      researchId: g.researchId,
      ...(g.subjectId ? { subjectId: g.subjectId } : {}),
      after: {
        id: row!.id,
        type: g.type,
        name: g.name,
        subjectId: g.subjectId ?? null,
        subjectVisitId: g.subjectVisitId ?? null,
        ...(g.monitoringVisitId ? { monitoringVisitId: g.monitoringVisitId, format: row!.extension } : {}),
        ...(g.audit ?? {}),
        sendToDrTrial: row!.sendToDrTrial,
        jobId: job.id,
      },
    });
    return { doc: row!, jobId: job.id };
  });
  await deps.jobs.enqueue(g.kind, jobId);
  return documentStatusReply(deps.db, doc, caller.lang);
}
