import { createHash } from 'node:crypto';
import { and, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { DOCUMENT_DELETION_GRACE_MONTHS, todayIn, type DocumentStatusReply } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { documentFiles, documents } from '../../platform/db/schema/index.js';
import { writeAudit, type AuditActor } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { conflict, forbidden } from '../../platform/http/errors.js';
import { documentStatusReply, type DocumentRow } from './generated/generated-documents.js';
import { missing } from './documents.service.js';
import { rolesOf, seesListed as sees } from './documents-visibility.js';

/**
 * The documents screens' changes (docs/documents.md "Visibility, deletion and expiry"; spec design-and-admin
 * section 6): the visibility toggle (documents administrators or the document's author; making a common
 * document private again only its author), deletion (documents administrators) and the removal of expired
 * files. Uploaded visit files are not managed here (they go with their visit: /SubjectVisitDocuments).
 */

/** The generated document named by `id`, locked for the change; 404 (403 without any subject view) when unseen. */
async function documentToChange(tx: Db, id: string, caller: ActorCaller): Promise<DocumentRow> {
  const [doc] = await tx.select().from(documents).where(eq(documents.id, id)).for('update');
  if (!doc || doc.type === 'Uploaded' || !sees(caller, doc)) throw missing(caller, 'id');
  return doc;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What the trail keeps of a document whose file goes: everything but the bytes, which the hash identifies. */
async function auditedDocument(tx: Db, doc: DocumentRow) {
  const [file] = await tx.select().from(documentFiles).where(eq(documentFiles.documentId, doc.id));
  return {
    id: doc.id,
    name: doc.name,
    type: doc.type,
    status: doc.status,
    sizeBytes: doc.sizeBytes,
    expirationDate: doc.expirationDate,
    ...(file ? { sha256: sha256(file.content) } : {}),
  };
}

/** Status Deleted, the file removed, one audit record: the record and its trail stay. */
async function removeFile(tx: Db, actor: AuditActor, doc: DocumentRow, action: 'document.delete' | 'document.expire') {
  const before = await auditedDocument(tx, doc);
  await tx.delete(documentFiles).where(eq(documentFiles.documentId, doc.id));
  const now = new Date();
  await tx.update(documents).set({ status: 'Deleted', deletedAt: now }).where(eq(documents.id, doc.id));
  await writeAudit(tx, actor, {
    action,
    entityType: 'document',
    entityId: doc.id,
    researchId: doc.researchId,
    ...(doc.subjectId ? { subjectId: doc.subjectId } : {}),
    before,
    after: { status: 'Deleted', deletedAt: now.toISOString() },
  });
}

/**
 * PUT|POST /Documents/{id}/ToggleVisible: switches `forAll`. Its author or a documents administrator makes it
 * common; only its author makes a common document private again (spec operations section 6).
 */
export async function toggleVisible(deps: Deps, id: string, caller: ActorCaller): Promise<DocumentStatusReply> {
  const doc = await deps.db.transaction(async (tx) => {
    const doc = await documentToChange(tx, id, caller);
    const { admin, author } = rolesOf(caller, doc);
    if (!admin && !author) throw forbidden('document_not_manager', 'id');
    if (doc.forAll && !author) throw forbidden('document_visibility_creator', 'id');
    if (doc.status === 'Deleted') throw conflict('document_deleted', 'id');
    const [changed] = await tx.update(documents).set({ forAll: !doc.forAll }).where(eq(documents.id, doc.id)).returning();
    await writeAudit(tx, caller.audit, {
      action: 'document.visibility',
      entityType: 'document',
      entityId: doc.id,
      researchId: doc.researchId,
      ...(doc.subjectId ? { subjectId: doc.subjectId } : {}),
      before: { forAll: doc.forAll },
      after: { forAll: changed!.forAll },
    });
    return changed!;
  });
  return documentStatusReply(deps.db, doc, caller.lang);
}

/** DELETE /Documents/{id}: documents administrators only; status Deleted, the file removed, the record and trail kept. */
export async function deleteGeneratedDocument(deps: Deps, id: string, caller: ActorCaller): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const doc = await documentToChange(tx, id, caller);
    if (!rolesOf(caller, doc).admin) throw forbidden('document_not_admin', 'id');
    if (doc.status === 'Deleted') throw conflict('document_deleted', 'id');
    await removeFile(tx, caller.audit, doc, 'document.delete');
  });
}

/** The system as the author of the expiry sweep's audit records. */
export const DOCUMENT_EXPIRY_ACTOR: AuditActor = { email: 'system:document_expiry' };
export const DOCUMENT_EXPIRY_BATCH = 100;

/**
 * One batch of the documents past their deletion date (one month after expirationDate, UTC calendar) whose
 * file is still there: each becomes Deleted without its file, with its audit record, in one transaction.
 * Rows another transaction holds wait for the next batch or run. Answers how many were removed.
 */
export async function removeExpiredDocuments(db: Db, today = todayIn('UTC')): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(documents)
      .where(
        and(
          isNotNull(documents.expirationDate),
          ne(documents.status, 'Deleted'),
          lte(documents.expirationDate, today),
          // The deletion date as deletionDateOf computes it (PostgreSQL clamps month ends the same way).
          sql`(${documents.expirationDate} + make_interval(months => ${DOCUMENT_DELETION_GRACE_MONTHS}))::date <= ${today}::date`,
        ),
      )
      .limit(DOCUMENT_EXPIRY_BATCH)
      .for('update', { skipLocked: true });
    for (const doc of due) await removeFile(tx, DOCUMENT_EXPIRY_ACTOR, doc, 'document.expire');
    return due.length;
  });
}
