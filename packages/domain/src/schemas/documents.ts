import { z } from 'zod';
import { id, pageQuery } from './common.js';
import { EXPORT_FORMATS } from './data-exchange.js';

/** The longest name of a generated dataset. */
export const DATASET_NAME_MAX = 200;

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
  /** Where it stands with DrTrial: null never asked; Queued (waiting or retrying), Sent, Failed. */
  drTrialStatus: z.enum(['Queued', 'Sent', 'Failed']).nullable(),
  /** When DrTrial accepted it (ISO date-time). */
  drTrialSentAt: z.string().nullable(),
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

// -------------------------------------------------------------------------------- generated documents

/** How often the web app asks for a document being generated (spec operations section 9: 2 s). */
export const DOCUMENT_POLL_MS = 2000;
/** How long the snackbar with the download button stays (spec: 8 s). */
export const DOCUMENT_SNACKBAR_MS = 8000;

/**
 * POST /SubjectVisitDocuments/Generate: the PDF of a signed subject visit, made in the background.
 * `sendToDrTrial` is kept on the document (the external trial system's transfer is not part of this service).
 */
export const subjectVisitDocumentGenerate = z.object({ subjectVisitId: id, sendToDrTrial: z.boolean().optional() });
export type SubjectVisitDocumentGenerate = z.infer<typeof subjectVisitDocumentGenerate>;

/** The subject form report's formats (docs/documents.md "Subject form report"): a PDF only, for now. */
export const SUBJECT_FORM_REPORT_FORMATS = ['pdf'] as const;

/** POST /SubjectsForm/{id}/GenerateReport: the report of one subject form, made in the background (no body: a PDF). */
export const subjectFormReportGenerate = z.object({ format: z.enum(SUBJECT_FORM_REPORT_FORMATS).optional() });
export type SubjectFormReportGenerate = z.infer<typeof subjectFormReportGenerate>;

/**
 * GET /Documents/{id} and the reply of a generation: a document with its progress. `documentLink` appears
 * once it is Done; `error` says why it ended in Error (in the reader's language).
 */
export const documentStatusReply = documentReply.omit({ documentLink: true }).extend({
  documentLink: z.string().nullable(),
  subjectId: id.nullable(),
  subjectVisitId: id.nullable(),
  finishedAt: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** When generation began and ended (ISO date-times; design-and-admin "Document" startTime, endTime). */
  startTime: z.string(),
  endTime: z.string().nullable(),
  /** The last day it is kept as is (YYYY-MM-DD); null for a document that does not expire (uploaded files). */
  expirationDate: z.string().nullable(),
  /** The day its file is removed: one month after expirationDate (design-and-admin section 4). */
  deletionDate: z.string().nullable(),
  /** expirationDate has come and the file is not yet removed: the document is due for deletion. */
  expired: z.boolean(),
});
export type DocumentStatusReply = z.infer<typeof documentStatusReply>;

/** POST /ResearchVersions/GenerateResearchVersionsChanges: what changed from the earlier version to the later one. */
export const researchVersionsChangesGenerate = z.object({ firstVersionId: id, secondVersionId: id });
export type ResearchVersionsChangesGenerate = z.infer<typeof researchVersionsChangesGenerate>;

/**
 * POST /Researches/GenerateTemplate (design-and-admin section 7; the body is not shown there, decided in
 * docs/documents.md "Research template"): the blank CRF of the chosen visits as the research version has them,
 * the protocol version printed in its header, a name of one's own or the default one.
 */
export const researchTemplateGenerate = z.object({
  researchVersionId: id,
  protocolVersionId: id.optional(),
  visitIdList: z.array(id).min(1).max(500),
  name: z.string().trim().min(1).max(DATASET_NAME_MAX).optional(),
});
export type ResearchTemplateGenerate = z.infer<typeof researchTemplateGenerate>;

/**
 * POST /Researches/GenerateDatasetByVisit and /Researches/GenerateDatasetByForm (design-and-admin section 7): a
 * dataset of the chosen visits (every form of them) or of the chosen forms, made in the background by the
 * exporters of the data exchange in one of its formats (XLSX by default). `withCreators` adds who entered each
 * value and when: ODM ClinicalData only (its AuditRecords). `researchId` defaults to the caller's research.
 */
const datasetGenerateBase = z.object({
  researchId: id.optional(),
  name: z.string().trim().min(1).max(DATASET_NAME_MAX),
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
  withCreators: z.boolean().default(false),
});
export const datasetByVisitGenerate = datasetGenerateBase.extend({ visitIdList: z.array(id).min(1).max(1000) });
export type DatasetByVisitGenerate = z.infer<typeof datasetByVisitGenerate>;
export const datasetByFormGenerate = datasetGenerateBase.extend({ formIdList: z.array(id).min(1).max(5000) });
export type DatasetByFormGenerate = z.infer<typeof datasetByFormGenerate>;

/**
 * GET /ResearchOrganisations/GenerateTracker and GenerateTimeTracker (docs/documents.md "Trackers"): the
 * research (the caller's own by default) and optionally one centre; a site user's tracker is their centre's.
 */
export const trackerGenerateQuery = z.object({ researchId: id.optional(), researchOrganisationId: id.optional() });
export type TrackerGenerateQuery = z.infer<typeof trackerGenerateQuery>;

export const REFERENCE_REPORT_FORMATS = ['pdf', 'xlsx'] as const;
/** GET /ReferenceGroups/GenerateReferenceReport: a centre's reference groups and ranges, PDF (default) or XLSX. */
export const referenceReportGenerateQuery = z.object({
  researchOrganisationId: id,
  format: z.enum(REFERENCE_REPORT_FORMATS).optional(),
});
export type ReferenceReportGenerateQuery = z.infer<typeof referenceReportGenerateQuery>;

/**
 * GET /Documents/Paged: a research's documents, newest first (spec: page, pageSize, Status and Type filters).
 * Uploaded visit files are not listed (they belong to their visit).
 */
export const documentsPagedQuery = pageQuery.extend({
  researchId: id.optional(),
  Status: documentStatus.optional(),
  Type: documentType.optional(),
  /**
   * true: the documents due for deletion (expirationDate reached, not yet Deleted); false: every other one;
   * absent: all (spec operations section 7: "default filter Expiring true for one list and false for the other").
   */
  Expiring: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** Documents whose name contains this (any case): the pickers that choose one of a large trial's documents. */
  search: z.string().trim().max(200).optional(),
});
export type DocumentsPagedQuery = z.input<typeof documentsPagedQuery>;

/** GET /Documents/PersonalList: the caller's own documents (the profile), with the same filters. */
export const documentsPersonalQuery = documentsPagedQuery;

// ------------------------------------------------------------------------------- documents screens

/** Started documents are asked for again every 5 s, 3 at a time (spec operations section 9). */
export const DOCUMENT_REFRESH_MS = 5000;
export const DOCUMENT_REFRESH_BATCH = 3;

/**
 * The next Started documents to ask for: `size` of them from `turn` on, taking turns round the list so that each
 * is refreshed; answers them and the next turn.
 */
export function nextRefreshBatch<T>(
  ids: readonly T[],
  turn: number,
  size = DOCUMENT_REFRESH_BATCH,
): { batch: T[]; next: number } {
  if (ids.length === 0) return { batch: [], next: 0 };
  const start = turn % ids.length;
  const batch = Array.from({ length: Math.min(size, ids.length) }, (_, i) => ids[(start + i) % ids.length]!);
  return { batch, next: (start + batch.length) % ids.length };
}
/** A description longer than this is cut with an expand toggle (design-and-admin section 9). */
export const DOCUMENT_DESCRIPTION_MAX = 130;
/** The filters' debounce (spec: 500 ms). */
export const DOCUMENT_FILTER_DEBOUNCE_MS = 500;
/**
 * How long a generated document is kept before it expires (the spec leaves it open): three months from its
 * creation. Its file is removed one month later (DOCUMENT_DELETION_GRACE_MONTHS). Uploaded files never expire.
 */
export const DOCUMENT_RETENTION_MONTHS = 3;
export const DOCUMENT_DELETION_GRACE_MONTHS = 1;

/** A calendar date (YYYY-MM-DD) moved by whole months, the day clamped to the month's end (31 Jan + 1 = 28/29 Feb). */
export function addCalendarMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The day a document's file is removed: one month after its expiration date. */
export const deletionDateOf = (expirationDate: string): string =>
  addCalendarMonths(expirationDate, DOCUMENT_DELETION_GRACE_MONTHS);
