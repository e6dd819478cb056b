import type { JobKind, PermissionKey } from '@edc/domain';
import type { Actor } from '../../platform/http/actor.js';
import { forbidden } from '../../platform/http/errors.js';

/** The permission behind each kind of job (docs/data-exchange.md "Who"). */
export const JOB_PERMISSION: Record<JobKind, PermissionKey> = {
  data_export: 'data_export',
  clinical_import: 'data_import',
  scheduled_activities: 'time_points_settings',
  // Sending a visit's PDF to DrTrial: its writers (docs/external-trial.md).
  dr_trial_send: 'subjects_edit',
  // Visit PDFs are read through /Documents by the subject's readers; the job list is for administrators.
  visit_pdf: 'documents_settings',
  subject_card: 'documents_settings',
  version_changes: 'documents_settings',
  // Monitoring visit reports are read through /Documents by the visit's team and planners.
  monitoring_report: 'documents_settings',
  // Generated datasets are read through /Documents (documents/generated/dataset-document.service.ts).
  dataset_document: 'documents_settings',
  // Trackers and reference reports too (tracker.service.ts, reference-report.service.ts).
  tracker: 'documents_settings',
  time_tracker: 'documents_settings',
  reference_report: 'documents_settings',
  // Templates and centre archives are read through /Documents (research-template / subject-card-archive services).
  research_template: 'documents_settings',
  subject_card_archive: 'documents_settings',
  // Subject form reports are read through /Documents by the subject's readers.
  subject_form_report: 'documents_settings',
};

/**
 * Whether the caller works with jobs of this kind in this research: the kind's permission, held in the
 * research itself (as its employee) or as the system administrator, who works in every research.
 */
export function mayUseJobs(actor: Actor, kind: JobKind, researchId: string): boolean {
  if (!actor.permissions.has(JOB_PERMISSION[kind])) return false;
  return actor.userRole === 'Admin' || actor.employee?.researchId === researchId;
}

/** 403 unless the caller holds the kind's permission somewhere. */
export function assertUsesJobsAnywhere(actor: Actor, kind: JobKind): void {
  if (!actor.permissions.has(JOB_PERMISSION[kind])) throw forbidden();
}

/**
 * A job is read by whoever may use its kind in its research now: one who asked for it and has since lost the
 * right or left the research no longer reads it (nor downloads its data).
 */
export function readsJob(actor: Actor, job: { kind: string; researchId: string; actor?: unknown }): boolean {
  if (!mayUseJobs(actor, job.kind as JobKind, job.researchId)) return false;
  if (job.kind !== 'dr_trial_send' || actor.userRole === 'Admin') return true;
  return (job.actor as { centreId?: string | null } | undefined)?.centreId === sendingCentreOf(actor);
}

/**
 * A document sent to DrTrial belongs to its subject's centre: its job is read by that centre's staff only
 * (the sender writes that centre's subjects). The centre a caller reads such jobs of; null for none.
 */
export function sendingCentreOf(actor: Actor): string | null {
  return actor.employee?.researchOrganisationId ?? null;
}
