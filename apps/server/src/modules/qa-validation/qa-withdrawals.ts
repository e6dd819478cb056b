import { and, eq } from 'drizzle-orm';
import { writeAudit, type AuditActor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/client.js';
import { qaForms, qaVisits } from '../../platform/db/schema/index.js';

/**
 * The audit records of validations withdrawn by a design change. The database withdraws a validation in the
 * change's own transaction (migration triggers), so the withdrawal is never lost or late; the design change
 * itself is audited there by its service. The trail's record of the withdrawal needs the server's seal, so it
 * is written here, by the next QA read or write of the version (and before the Start testing gate), as the
 * system's record, with when and what changed.
 */
const SYSTEM: AuditActor = { userId: null, email: null, employeeId: null, employeeType: null, ip: null };

export async function auditQaWithdrawals(tx: Db, versionId: string): Promise<void> {
  for (const [table, entityType] of [
    [qaVisits, 'qa_visit'],
    [qaForms, 'qa_form'],
  ] as const) {
    const rows = await tx
      .update(table)
      .set({ withdrawalAudited: true })
      .where(and(eq(table.researchVersionId, versionId), eq(table.withdrawalAudited, false)))
      .returning();
    for (const r of rows) {
      await writeAudit(tx, SYSTEM, {
        action: `${entityType}.validation_withdrawn`,
        entityType,
        entityId: r.id,
        researchId: r.researchId,
        before: { validated: true },
        after: { validated: false, withdrawnAt: r.withdrawnAt, withdrawnCause: r.withdrawnCause },
        reason: `design change: ${r.withdrawnCause ?? ''}`,
      });
    }
  }
}
