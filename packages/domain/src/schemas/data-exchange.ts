import { z } from 'zod';
import { id, pageQuery } from './common.js';

/**
 * Clinical data exchange (docs/data-exchange.md): dataset exports and the ODM ClinicalData import, both run
 * as background jobs of the job queue. A job is created by a request, runs in a worker (in the server or an
 * `npm run worker` process), shows its progress, and keeps its result (a document) across restarts.
 */

// ------------------------------------------------------------------------------------------------- jobs

/** scheduled_activities: the time points' schedule workbook (docs/time-points.md "Schedule"). */
export const JOB_KINDS = [
  'data_export',
  'clinical_import',
  'scheduled_activities',
  'visit_pdf',
  'subject_card',
  'version_changes',
  'dr_trial_send',
  'monitoring_report',
  'dataset_document',
  'tracker',
  'time_tracker',
  'reference_report',
  'research_template',
  'subject_card_archive',
  'subject_form_report',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** Queued → Running → Done | Failed (a failed attempt that will be retried goes back to Queued). */
export const JOB_STATUSES = ['Queued', 'Running', 'Done', 'Failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** How many times a job is tried before it is Failed. */
export const JOB_ATTEMPTS = 3;

export const jobReply = z.object({
  id: z.string(),
  researchId: z.string(),
  kind: z.enum(JOB_KINDS),
  status: z.enum(JOB_STATUSES),
  /** 0–100. */
  progress: z.number().int(),
  /** Units of work done and in all (values exported, subjects imported); null until known. */
  processed: z.number().int().nullable(),
  total: z.number().int().nullable(),
  /** A readable name: the export's file name, the imported file's name. */
  name: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The request as accepted (filters, format, dry run). */
  params: z.record(z.string(), z.unknown()),
  /** The result file (a document of type Dataset), downloadable at documentLink once Done. */
  documentId: z.string().nullable(),
  documentLink: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** The error of a Failed job (or of the last attempt of a Queued one), in the caller's language. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** What a Done job found: an import's report (clinicalImportReport), an export's counts. */
  result: z.unknown().nullable(),
});
export type JobReply = z.infer<typeof jobReply>;

/** GET /Jobs: the research's jobs of one kind, newest first. */
export const jobsQuery = pageQuery.extend({ researchId: id.optional(), kind: z.enum(JOB_KINDS) });

// ---------------------------------------------------------------------------------------------- exports

export const EXPORT_FORMATS = ['odm', 'datasetJson', 'csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Which subject forms an export takes by their status: every one, those not complete, complete, or
 * validated by QA, data management or the monitor (KIO).
 */
export const EXPORT_FORM_STATUSES = ['All', 'NotComplete', 'Complete', 'QaValidated', 'DmValidated', 'KioValidated'] as const;
export type ExportFormStatus = (typeof EXPORT_FORM_STATUSES)[number];

const idList = (max: number) => z.array(id).max(max).optional();

/**
 * POST /DataExports: a dataset export of the research's clinical data, made in the background. Empty or
 * absent lists mean every centre, visit or form the caller may read.
 */
export const dataExportRequest = z.object({
  researchId: id.optional(),
  format: z.enum(EXPORT_FORMATS),
  researchOrganisationIds: idList(1000),
  visitIds: idList(1000),
  formIds: idList(5000),
  formStatus: z.enum(EXPORT_FORM_STATUSES).default('All'),
  /** ODM only: each value's AuditRecord (who, when, why) and the subjects' and visits' signatures. */
  withAuditRecords: z.boolean().default(false),
  withSignatures: z.boolean().default(false),
  /** Test sites' subjects (docs/qa-validation.md "Test data") are left out unless asked for. */
  withTestSubjects: z.boolean().default(false),
});
export type DataExportRequest = z.infer<typeof dataExportRequest>;

/** What a Done export's result says. */
export const dataExportResult = z.object({
  subjects: z.number().int(),
  forms: z.number().int(),
  values: z.number().int(),
  /** Files in the result (one per form for CSV and Dataset-JSON, plus the data dictionary). */
  files: z.number().int(),
});
export type DataExportResult = z.infer<typeof dataExportResult>;

// ----------------------------------------------------------------------------------------------- import

/**
 * POST /ClinicalData/Import: an ODM 1.3.2 file's ClinicalData into the research's subjects, matched to the
 * design by OID (as the research's ODM export names them). `dryRun` writes nothing and reports what would
 * be created and every value that would be refused. Subjects go to the centre named for their SiteRef (or
 * LocationOID) in `centres`, else to `researchOrganisationId`; a subject with neither is refused.
 */
export const clinicalImportRequest = z.object({
  researchId: id.optional(),
  fileName: z.string().trim().min(1).max(255).default('clinical-data.xml'),
  xml: z
    .string()
    .min(1)
    .max(20 * 1024 * 1024),
  dryRun: z.boolean().default(true),
  researchOrganisationId: id.optional(),
  /** SiteRef / LocationOID → centre id. */
  centres: z.record(z.string().max(200), id).optional(),
});
export type ClinicalImportRequest = z.infer<typeof clinicalImportRequest>;

export const clinicalImportIssue = z.object({
  /** The element's place: SubjectKey, StudyEventOID, FormOID, ItemOID as far as known. */
  subjectKey: z.string().nullable(),
  oid: z.string().nullable(),
  value: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type ClinicalImportIssue = z.infer<typeof clinicalImportIssue>;

export const clinicalImportReport = z.object({
  dryRun: z.boolean(),
  subjects: z.object({ created: z.number().int(), existing: z.number().int(), refused: z.number().int() }),
  visits: z.object({ created: z.number().int(), existing: z.number().int() }),
  forms: z.object({ created: z.number().int(), existing: z.number().int() }),
  values: z.object({ created: z.number().int(), unchanged: z.number().int(), refused: z.number().int() }),
  /** The file's sites and the centre each goes to (null: none; its subjects are refused). */
  sites: z.array(z.object({ oid: z.string(), researchOrganisationId: z.string().nullable(), subjects: z.number().int() })),
  /** Every refused or skipped element, by OID (at most CLINICAL_IMPORT_MAX_ISSUES; `issuesTotal` counts all). */
  issues: z.array(clinicalImportIssue),
  issuesTotal: z.number().int(),
});
export type ClinicalImportReport = z.infer<typeof clinicalImportReport>;

export const CLINICAL_IMPORT_MAX_ISSUES = 1000;
