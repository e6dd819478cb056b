import type { CompletedStatus } from '../subjects/subject-status.js';

/**
 * The 'requested by a monitor' mark of a visit cell on the monitor's subject grid (spec operations section 2,
 * /monitoringVisits/{id}): validation of the visit has started (`startValidatingDate` set) and it is neither
 * QA-and-DM validated nor KIO validated, so data still waits for review or answers.
 */
export function isRequestedByMonitor(visit: {
  startValidatingDate: string | Date | null;
  formCompletedStatus: CompletedStatus;
}): boolean {
  if (!visit.startValidatingDate) return false;
  return visit.formCompletedStatus !== 'QaAndDmValidated' && visit.formCompletedStatus !== 'KioValidated';
}
