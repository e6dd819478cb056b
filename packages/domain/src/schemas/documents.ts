import { z } from 'zod';
import { id } from './common.js';

/**
 * Documents and subject visit documents (spec operations sections 3, 4 and 7: "Document", "Subject
 * visit document", /SubjectVisitDocuments, /Documents/{id}/File). Uploads are multipart, so only their
 * text fields have schemas here; the file is checked by the server (PDF, MAX_DOCUMENT_BYTES).
 */

export const DOCUMENT_STATUSES = ['Started', 'Done', 'Error', 'Deleted'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const documentStatus = z.enum(DOCUMENT_STATUSES);

export const DOCUMENT_TYPES = [
  'Template',
  'SubjectCard',
  'SubjectCardArchive',
  'SubjectVisit',
  'ReferenceReport',
  'Tracker',
  'Dataset',
  'TimeTracker',
  'MonitorReport',
  'Uploaded',
  'ResearchVersionChanges',
  'ScheduledActivities',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const documentType = z.enum(DOCUMENT_TYPES);

/** The multipart field names of the upload calls (errors name them in `path`). */
export const UPLOAD_FIELDS = { file: 'uploadedFile', name: 'name', subjectVisitId: 'subjectVisitId' } as const;

/** A document's name as typed (the file name without extension by default). */
export const documentName = z.string().trim().min(1).max(200);

// ------------------------------------------------------------------------------------------ requests

export const subjectVisitDocumentsQuery = z.object({ subjectVisitId: id });
/** The text fields of POST /SubjectVisitDocuments/UploadFile (besides the file `uploadedFile`). */
export const subjectVisitDocumentUploadFields = z.object({ name: documentName, subjectVisitId: id });
/** The text fields of POST /SubjectVisitDocuments/UploadNewVersion/{id}: the name is kept when not sent. */
export const subjectVisitDocumentNewVersionFields = z.object({ name: documentName.optional() });

// ------------------------------------------------------------------------------------------- replies

export const documentAuthor = z.object({ id, name: z.string() });

export const documentReply = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  /** Lower-case, without the dot: 'pdf'. */
  extension: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  status: documentStatus,
  type: documentType,
  sendToDrTrial: z.boolean(),
  forAll: z.boolean(),
  createdBy: documentAuthor.nullable(),
  /** When it was created (ISO date-time). */
  date: z.string(),
  /** Where the bytes are served: /api/Documents/{id}/File (needs the bearer token). */
  documentLink: z.string(),
});
export type DocumentReply = z.infer<typeof documentReply>;

/** One version of a subject visit document. */
export const subjectVisitDocumentVersion = z.object({
  id,
  subjectVisitId: id,
  /** The id of the document's first version: every version shares it. */
  lineageId: id,
  /** Counted from 1. */
  version: z.number(),
  createdAt: z.string(),
  createdBy: documentAuthor.nullable(),
  document: documentReply,
});
export type SubjectVisitDocumentVersion = z.infer<typeof subjectVisitDocumentVersion>;

/** A subject visit document as listed: its latest version, with the earlier ones newest first. */
export const subjectVisitDocument = subjectVisitDocumentVersion.extend({
  versionList: z.array(subjectVisitDocumentVersion),
});
export type SubjectVisitDocument = z.infer<typeof subjectVisitDocument>;
