import { and, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { NOTE_TYPES, type AuditRecordReply, type subjectAuditTrailQuery } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import { auditLog } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { offsetOf, pageOf } from '../../platform/http/paging.js';
import { assertSeesSubject } from '../subjects/subjects.policy.js';
import { findSubject } from '../subjects/subjects.repo.js';
import { noteTypesSeenBy } from '../notes/note-actor.js';

/** Keys never returned by the subject's trail: blinding holds for everyone who reads it here. */
const BLINDED = new Set(['randomizationGroup']);

export function blind(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(blind);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !BLINDED.has(k))
        .map(([k, v]) => [k, blind(v)]),
    );
  }
  return value;
}

/** A value of the record (after, else before): the form and form field filters, inside one subject's records. */
const named = (key: string) =>
  sql`coalesce(${auditLog.after} ->> ${sql.raw(`'${key}'`)}, ${auditLog.before} ->> ${sql.raw(`'${key}'`)})`;

/** A monitor reads only KIO notes (spec section 6): the records of other notes stay out of its trail too. */
function notesNotSeen(caller: ActorCaller) {
  const seen = noteTypesSeenBy(caller.actor);
  if (seen.length === NOTE_TYPES.length) return undefined;
  return or(ne(auditLog.entityType, 'item_note'), inArray(named('type'), [...seen]));
}

/**
 * GET /Subjects/{id}/AuditTrail: one page of the subject's audit records, newest first: the records of its
 * chain (`subject_id`, index audit_subject_seq_idx): its own changes, its visits, documents, forms,
 * sections, values and signatures, optionally only those of a form or a form field of the design. Records
 * written before subjects had chains (migration 0009) have no `subject_id` and are not listed
 * (docs/audit-trail.md). Read by whoever reads the subject; the randomisation group is left out of every
 * record, and the records of notes the caller does not see (a monitor: all but KIO notes) are left out.
 */
export async function subjectAuditTrail(
  deps: Deps,
  subjectId: string,
  q: z.infer<typeof subjectAuditTrailQuery>,
  caller: ActorCaller,
): Promise<{ data: AuditRecordReply[]; page: number; pageSize: number; totalCount: number }> {
  const subject = await findSubject(deps.db, subjectId);
  assertSeesSubject(caller.actor, subject, 'id');
  const where = and(
    eq(auditLog.researchId, subject!.researchId),
    eq(auditLog.subjectId, subject!.id),
    q.formId ? eq(named('formId'), q.formId) : undefined,
    q.formFieldId ? eq(named('formFieldId'), q.formFieldId) : undefined,
    notesNotSeen(caller),
  );
  const [total] = await deps.db.select({ n: count() }).from(auditLog).where(where);
  const rows = await deps.db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.seq))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const data = rows.map((r) => ({
    id: r.id,
    seq: r.seq,
    at: r.at.toISOString(),
    action: r.action,
    entityType: r.entityType,
    entityId: r.entityId,
    userEmail: r.userEmail,
    employeeType: r.employeeType,
    before: blind(r.before),
    after: blind(r.after),
    reason: r.reason,
  }));
  return pageOf(data, Number(total?.n ?? 0), q);
}
