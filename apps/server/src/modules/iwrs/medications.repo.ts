import { and, desc, eq, inArray } from 'drizzle-orm';
import { nextMedicationStatus, type Medication, type MedicationAction, type MedicationStatus } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { medications, medicationStatusLogs, researchOrganisations } from '../../platform/db/schema/index.js';
import { writeAudit, type AuditActor } from '../../platform/audit/audit.js';
import { conflict } from '../../platform/http/errors.js';

export type KitRow = typeof medications.$inferSelect;

/** A kit in the API's shape; its arm only for callers who may see groups. */
export function toMedication(
  r: KitRow,
  centreNumber: string | null,
  seesGroup: boolean,
  logs?: (typeof medicationStatusLogs.$inferSelect)[],
): Medication {
  return {
    id: r.id,
    identNumber: r.identNumber,
    ...(seesGroup ? { medicationGroup: r.medicationGroup } : {}),
    lot: r.lot,
    expiryDate: r.expiryDate,
    currentStatus: r.currentStatus as MedicationStatus,
    researchOrganisationId: r.researchOrganisationId,
    researchOrganisationNumber: centreNumber,
    version: r.version,
    ...(logs
      ? {
          statusLogs: logs.map((l) => ({
            status: l.status as MedicationStatus,
            statusDateTime: l.statusDateTime.toISOString(),
            userEmail: l.userEmail,
          })),
        }
      : {}),
  };
}

/** The stored fields of a kit for the audit trail (read only with audit_read, by unblinded administrators). */
export const auditedKit = (r: KitRow) => ({
  id: r.id,
  identNumber: r.identNumber,
  medicationGroup: r.medicationGroup,
  lot: r.lot,
  expiryDate: r.expiryDate,
  currentStatus: r.currentStatus,
  researchOrganisationId: r.researchOrganisationId,
  shipmentId: r.shipmentId,
  subjectDosingId: r.subjectDosingId,
});

/** Kits with their centres' numbers and, when asked, their status logs newest first. */
export async function kitsWithLogs(db: Db, rows: KitRow[], seesGroup: boolean, withLogs: boolean): Promise<Medication[]> {
  if (rows.length === 0) return [];
  const centreIds = [...new Set(rows.map((r) => r.researchOrganisationId).filter((x): x is string => !!x))];
  const centres = centreIds.length
    ? await db
        .select({ id: researchOrganisations.id, number: researchOrganisations.number })
        .from(researchOrganisations)
        .where(inArray(researchOrganisations.id, centreIds))
    : [];
  const numberOf = new Map(centres.map((c) => [c.id, c.number]));
  const logs = withLogs
    ? await db
        .select()
        .from(medicationStatusLogs)
        .where(
          inArray(
            medicationStatusLogs.medicationId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(desc(medicationStatusLogs.statusDateTime), desc(medicationStatusLogs.id))
    : [];
  return rows.map((r) =>
    toMedication(
      r,
      r.researchOrganisationId ? (numberOf.get(r.researchOrganisationId) ?? null) : null,
      seesGroup,
      withLogs ? logs.filter((l) => l.medicationId === r.id) : undefined,
    ),
  );
}

export async function findKit(db: Db, researchId: string, id: string, opts: { lock?: boolean } = {}) {
  const q = db
    .select()
    .from(medications)
    .where(and(eq(medications.id, id), eq(medications.researchId, researchId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

/** 409 naming the kit, the action and its status when the transition table does not allow the action. */
export function assertTransition(kit: KitRow, action: MedicationAction, path = 'action'): MedicationStatus {
  const to = nextMedicationStatus(kit.currentStatus as MedicationStatus, action);
  if (!to) throw conflict('iwrs_transition', path, { action, number: kit.identNumber, status: kit.currentStatus });
  return to;
}

/**
 * Moves one kit by an action of the transition table: its new status and any other changes, one status
 * log row and one audit record, all in the caller's transaction.
 */
export async function moveKit(
  tx: Db,
  kit: KitRow,
  action: MedicationAction,
  who: { audit: AuditActor },
  opts: { patch?: Partial<KitRow>; subjectId?: string | null; reason?: string | null; at?: Date } = {},
): Promise<KitRow> {
  const to = assertTransition(kit, action);
  const at = opts.at ?? new Date();
  const [after] = await tx
    .update(medications)
    .set({ ...opts.patch, currentStatus: to, version: kit.version + 1, updatedAt: at })
    .where(eq(medications.id, kit.id))
    .returning();
  await tx.insert(medicationStatusLogs).values({
    medicationId: kit.id,
    status: to,
    statusDateTime: at,
    userId: who.audit.userId ?? null,
    userEmail: who.audit.email ?? null,
  });
  await writeAudit(tx, who.audit, {
    action: `medication.${action}`,
    entityType: 'medication',
    entityId: kit.id,
    researchId: kit.researchId,
    subjectId: opts.subjectId ?? null,
    before: auditedKit(kit),
    after: auditedKit(after!),
    reason: opts.reason ?? null,
  });
  return after!;
}

/** Log rows for many kits that took one status at one instant (imports and shipments). */
export async function logKits(tx: Db, ids: string[], status: MedicationStatus, who: { audit: AuditActor }, at: Date) {
  for (let i = 0; i < ids.length; i += 1000) {
    await tx.insert(medicationStatusLogs).values(
      ids.slice(i, i + 1000).map((medicationId) => ({
        medicationId,
        status,
        statusDateTime: at,
        userId: who.audit.userId ?? null,
        userEmail: who.audit.email ?? null,
      })),
    );
  }
}
