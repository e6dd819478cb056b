import { and, desc, eq, isNull, max } from 'drizzle-orm';
import type { DocumentReply, DocumentStatus, DocumentType, SubjectVisitDocument, SubjectVisitDocumentVersion } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { documentFiles, documents, subjectVisitDocuments, users } from '../../platform/db/schema/index.js';
import { userFullName } from '../users/user-name.sql.js';

export type DocumentRow = typeof documents.$inferSelect;
export type SubjectVisitDocumentRow = typeof subjectVisitDocuments.$inferSelect;

/** Every column but the bytes, with the author's name. */
const versionColumns = {
  svd: subjectVisitDocuments,
  doc: {
    id: documents.id,
    researchId: documents.researchId,
    name: documents.name,
    description: documents.description,
    extension: documents.extension,
    contentType: documents.contentType,
    sizeBytes: documents.sizeBytes,
    status: documents.status,
    type: documents.type,
    sendToDrTrial: documents.sendToDrTrial,
    drTrialStatus: documents.drTrialStatus,
    drTrialSentAt: documents.drTrialSentAt,
    forAll: documents.forAll,
    createdBy: documents.createdBy,
    createdAt: documents.createdAt,
    deletedAt: documents.deletedAt,
  },
  authorName: userFullName,
};

type VersionRecord = {
  svd: SubjectVisitDocumentRow;
  doc: DocumentRow;
  authorName: string | null;
};

const author = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

/** A document's reply; `creatorName` is the full name of its creator, selected with it (`authorName`). */
export function toDocument(d: DocumentRow, creatorName: string | null): DocumentReply {
  return {
    id: d.id,
    name: d.name,
    description: d.description,
    extension: d.extension,
    contentType: d.contentType,
    sizeBytes: d.sizeBytes,
    status: d.status as DocumentStatus,
    type: d.type as DocumentType,
    sendToDrTrial: d.sendToDrTrial,
    drTrialStatus: d.drTrialStatus as DocumentReply['drTrialStatus'],
    drTrialSentAt: d.drTrialSentAt?.toISOString() ?? null,
    forAll: d.forAll,
    createdBy: author(d.createdBy, creatorName),
    date: d.createdAt.toISOString(),
    documentLink: `/api/Documents/${d.id}/File`,
  };
}

function toVersion(r: VersionRecord): SubjectVisitDocumentVersion {
  return {
    id: r.svd.id,
    subjectVisitId: r.svd.subjectVisitId,
    lineageId: r.svd.lineageId,
    version: r.svd.version,
    createdAt: r.svd.createdAt.toISOString(),
    createdBy: author(r.svd.createdBy, r.authorName),
    document: toDocument(r.doc, r.authorName),
  };
}

/**
 * The live documents of a subject visit: one item per lineage (its latest version, with the earlier
 * versions newest first), the most recently uploaded first.
 */
export async function listVisitDocuments(db: Db, subjectVisitId: string): Promise<SubjectVisitDocument[]> {
  const rows = (await db
    .select(versionColumns)
    .from(subjectVisitDocuments)
    .innerJoin(documents, eq(documents.id, subjectVisitDocuments.documentId))
    .leftJoin(users, eq(users.id, subjectVisitDocuments.createdBy))
    .where(and(eq(subjectVisitDocuments.subjectVisitId, subjectVisitId), isNull(subjectVisitDocuments.deletedAt)))
    .orderBy(desc(subjectVisitDocuments.version))) as VersionRecord[];
  const lineages = new Map<string, SubjectVisitDocumentVersion[]>();
  for (const r of rows) {
    const list = lineages.get(r.svd.lineageId) ?? [];
    list.push(toVersion(r));
    lineages.set(r.svd.lineageId, list);
  }
  const items = [...lineages.values()].map(([latest, ...earlier]) => ({ ...latest!, versionList: earlier }));
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** One live subject visit document (any version) with its author. */
export async function findVisitDocument(db: Db, id: string): Promise<SubjectVisitDocumentVersion | undefined> {
  const [row] = (await db
    .select(versionColumns)
    .from(subjectVisitDocuments)
    .innerJoin(documents, eq(documents.id, subjectVisitDocuments.documentId))
    .leftJoin(users, eq(users.id, subjectVisitDocuments.createdBy))
    .where(and(eq(subjectVisitDocuments.id, id), isNull(subjectVisitDocuments.deletedAt)))
    .limit(1)) as VersionRecord[];
  return row ? toVersion(row) : undefined;
}

/** The live versions of a lineage, latest first. */
export async function lineageRows(db: Db, lineageId: string) {
  return db
    .select({ svd: subjectVisitDocuments, doc: versionColumns.doc })
    .from(subjectVisitDocuments)
    .innerJoin(documents, eq(documents.id, subjectVisitDocuments.documentId))
    .where(and(eq(subjectVisitDocuments.lineageId, lineageId), isNull(subjectVisitDocuments.deletedAt)))
    .orderBy(desc(subjectVisitDocuments.version));
}

/** The highest version a lineage ever had (deleted rows included, so a number is never reused). */
export async function maxVersionOf(db: Db, lineageId: string): Promise<number> {
  const [row] = await db
    .select({ v: max(subjectVisitDocuments.version) })
    .from(subjectVisitDocuments)
    .where(eq(subjectVisitDocuments.lineageId, lineageId));
  return Number(row?.v ?? 0);
}

/** A live document with its subject visit link (null when it is not a subject visit document). */
export async function findDocumentForDownload(db: Db, documentId: string) {
  const [row] = await db
    .select({ doc: documents, subjectVisitId: subjectVisitDocuments.subjectVisitId })
    .from(documents)
    .leftJoin(
      subjectVisitDocuments,
      and(eq(subjectVisitDocuments.documentId, documents.id), isNull(subjectVisitDocuments.deletedAt)),
    )
    .where(and(eq(documents.id, documentId), isNull(documents.deletedAt)))
    .limit(1);
  return row;
}

export async function documentBytes(db: Db, documentId: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ content: documentFiles.content })
    .from(documentFiles)
    .where(eq(documentFiles.documentId, documentId));
  return row?.content;
}
