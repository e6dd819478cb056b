import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { subjectForms, subjectVisits } from '../../platform/db/schema/index.js';

/** The completed statuses data entry sets; the validated ones beyond them belong to validation. */
const ENTRY_STATUSES = ['Empty', 'Started', 'Completed'];

/**
 * Keeps a subject visit's `form_completed_status` (the subject matrix's cell colour and the visit list's
 * order) in step with its forms: Empty without forms, Completed when every form is complete, Started
 * otherwise. A visit already validated keeps its status.
 */
export async function refreshVisitStatus(tx: Db, subjectVisitId: string): Promise<void> {
  const [counts] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      complete: sql<number>`count(*) filter (where ${subjectForms.isComplete})::int`,
    })
    .from(subjectForms)
    .where(and(eq(subjectForms.subjectVisitId, subjectVisitId), isNull(subjectForms.deletedAt)));
  const n = Number(counts?.n ?? 0);
  const complete = Number(counts?.complete ?? 0);
  const status = n === 0 ? 'Empty' : complete === n ? 'Completed' : 'Started';
  await tx
    .update(subjectVisits)
    .set({ formCompletedStatus: status, updatedAt: new Date() })
    .where(
      and(
        eq(subjectVisits.id, subjectVisitId),
        inArray(subjectVisits.formCompletedStatus, ENTRY_STATUSES),
        ne(subjectVisits.formCompletedStatus, status),
      ),
    );
}
