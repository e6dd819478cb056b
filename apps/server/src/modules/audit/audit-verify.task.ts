import type { ScheduledTask } from '../../platform/jobs/scheduled.js';
import { AUDIT_VERIFY_TASK, runVerification } from './audit-verifications.service.js';

/** A verification of the audit trail asked for on the screen (POST /Audit/Verifications): run when sent. */
export const auditVerifyTask: ScheduledTask = {
  name: AUDIT_VERIFY_TASK,
  run: async (deps, data) => {
    const id = data?.verificationId;
    if (typeof id !== 'string') return null;
    return runVerification(deps.db, id);
  },
};
