import { eq } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { subjects } from '../../platform/db/schema/index.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { conflict } from '../../platform/http/errors.js';
import { assertMayWrite, assertSeesSubject } from './subjects.policy.js';
import { auditedSubject, findSubject, type SubjectRecord, type SubjectRow } from './subjects.repo.js';

/** 409 when the client's `version` is not the stored one (a change based on a stale read). */
export function checkVersion(before: { version: number }, version: number | undefined): void {
  if (version !== undefined && version !== before.version) throw conflict('conflict', 'version');
}

/** Turns a race lost on a unique number into the same 409 the pre-check gives. */
export function uniqueNumberConflict(e: unknown, numbers: { screeningNumber?: string; randomizationNumber?: string }): never {
  if (isUniqueViolation(e, 'subjects_screening_number_uq')) {
    throw conflict('screening_number_taken', 'screeningNumber', { number: numbers.screeningNumber ?? '' });
  }
  if (isUniqueViolation(e, 'subjects_randomization_number_uq')) {
    throw conflict('randomization_number_taken', 'randomizationNumber', { number: numbers.randomizationNumber ?? '' });
  }
  throw e;
}

/**
 * One change of a subject in one transaction: loads and locks it, checks the caller sees it (403/404)
 * and may write in its centre (403), then runs `work`.
 */
export async function changeSubject<T>(
  deps: Deps,
  id: string,
  caller: ActorCaller,
  work: (tx: Db, before: SubjectRecord) => Promise<T>,
  numbers: { screeningNumber?: string; randomizationNumber?: string } = {},
): Promise<T> {
  try {
    return await deps.db.transaction(async (tx) => {
      const before = await findSubject(tx, id, { lock: true });
      assertSeesSubject(caller.actor, before);
      assertMayWrite(caller.actor, before!);
      return work(tx, before!);
    });
  } catch (e) {
    return uniqueNumberConflict(e, numbers);
  }
}

/** Writes a subject's new values (one version more) with its audit record, in the same transaction. */
export async function saveSubject(
  tx: Db,
  before: SubjectRecord,
  patch: Partial<SubjectRow>,
  caller: ActorCaller,
  audit: { action: string; reason?: string | null; after?: Record<string, unknown> },
): Promise<SubjectRecord> {
  const [after] = await tx
    .update(subjects)
    .set({ ...patch, version: before.version + 1, updatedAt: new Date() })
    .where(eq(subjects.id, before.id))
    .returning();
  await writeAudit(tx, caller.audit, {
    action: audit.action,
    entityType: 'subject',
    entityId: before.id,
    researchId: before.researchId,
    subjectId: before.id,
    before: auditedSubject(before),
    after: { ...auditedSubject(after!), ...audit.after },
    reason: audit.reason ?? null,
  });
  return { ...after!, centreNumber: before.centreNumber };
}
