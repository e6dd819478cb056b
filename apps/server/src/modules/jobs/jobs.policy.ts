import type { JobKind, PermissionKey } from '@edc/domain';
import type { Actor } from '../../platform/http/actor.js';
import { forbidden } from '../../platform/http/errors.js';

/** The permission behind each kind of job (docs/data-exchange.md "Who"). */
export const JOB_PERMISSION: Record<JobKind, PermissionKey> = {
  data_export: 'data_export',
  clinical_import: 'data_import',
  scheduled_activities: 'time_points_settings',
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
export function readsJob(actor: Actor, job: { kind: string; researchId: string }): boolean {
  return mayUseJobs(actor, job.kind as JobKind, job.researchId);
}
