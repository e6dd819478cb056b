import type { JobHandlers } from './platform/jobs/jobs.js';
import { exportJob } from './modules/data-exchange/export/export.job.js';
import { importJob } from './modules/data-exchange/import/import.job.js';
import { scheduleJob } from './modules/time-points/schedule.job.js';
import { drTrialSendJob } from './modules/external-trial/dr-trial-send.job.js';
import { visitPdfJob } from './modules/documents/generated/visit-pdf.job.js';
import { subjectCardJob } from './modules/documents/generated/subject-card.job.js';
import { versionChangesJob } from './modules/documents/generated/version-changes.job.js';
import { monitoringReportJob } from './modules/documents/generated/monitoring-report.job.js';
import { datasetDocumentJob } from './modules/documents/generated/dataset-document.job.js';
import { timeTrackerJob, trackerJob } from './modules/documents/generated/tracker.job.js';
import { referenceReportJob } from './modules/documents/generated/reference-report.job.js';
import { researchTemplateJob } from './modules/documents/generated/research-template.job.js';
import { subjectCardArchiveJob } from './modules/documents/generated/subject-card-archive.job.js';
import { subjectFormReportJob } from './modules/documents/generated/subject-form-report.job.js';

/** What each kind of background job does (platform/jobs runs them; docs/data-exchange.md). */
export const jobHandlers: JobHandlers = {
  data_export: exportJob,
  clinical_import: importJob,
  scheduled_activities: scheduleJob,
  dr_trial_send: drTrialSendJob,
  visit_pdf: visitPdfJob,
  subject_card: subjectCardJob,
  version_changes: versionChangesJob,
  monitoring_report: monitoringReportJob,
  dataset_document: datasetDocumentJob,
  tracker: trackerJob,
  time_tracker: timeTrackerJob,
  reference_report: referenceReportJob,
  research_template: researchTemplateJob,
  subject_card_archive: subjectCardArchiveJob,
  subject_form_report: subjectFormReportJob,
};
