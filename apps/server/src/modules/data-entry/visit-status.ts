import { and, eq, isNull } from 'drizzle-orm';
import { visitCompletedStatus } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { subjectForms, subjectVisits } from '../../platform/db/schema/index.js';

/**
 * Keeps a subject visit's `form_completed_status` (the subject matrix's cell colour and the visit list's
 * order) in step with its live forms, own and context ones (domain visitCompletedStatus): Empty without
 * forms, Started while one is incomplete, then Completed, QaValidated, DmValidated, QaAndDmValidated and
 * KioValidated as the least advanced form. The first validation of any of its forms also stamps
 * `start_validating_date` (kept afterwards). Called after every change of a form's completion or validation.
 */
export async function refreshVisitStatus(tx: Db, subjectVisitId: string): Promise<void> {
  // The visit's row lock first: the forms read next then include every change committed before it, so two
  // transactions changing different forms of the visit cannot leave a status computed from a stale list.
  const [visit] = await tx
    .select({ status: subjectVisits.formCompletedStatus, startValidatingDate: subjectVisits.startValidatingDate })
    .from(subjectVisits)
    .where(eq(subjectVisits.id, subjectVisitId))
    .for('update');
  if (!visit) return;
  const list = await tx
    .select({
      isComplete: subjectForms.isComplete,
      qaValidate: subjectForms.qaValidate,
      dmValidate: subjectForms.dmValidate,
      kioValidate: subjectForms.kioValidate,
    })
    .from(subjectForms)
    .where(and(eq(subjectForms.subjectVisitId, subjectVisitId), isNull(subjectForms.deletedAt)));
  const status = visitCompletedStatus(list);
  const validating = !visit.startValidatingDate && list.some((f) => f.qaValidate || f.dmValidate || f.kioValidate);
  if (status === visit.status && !validating) return;
  const now = new Date();
  await tx
    .update(subjectVisits)
    .set({ formCompletedStatus: status, updatedAt: now, ...(validating ? { startValidatingDate: now } : {}) })
    .where(eq(subjectVisits.id, subjectVisitId));
}
