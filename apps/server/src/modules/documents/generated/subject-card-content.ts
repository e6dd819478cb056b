import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { NOTE_TYPES, type NoteType } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import { auditLog, researches, subjectVisits } from '../../../platform/db/schema/index.js';
import { notFound } from '../../../platform/http/errors.js';
import { blind } from '../../data-entry/audit-trail.service.js';
import { findSubject, type SubjectRecord } from '../../subjects/subjects.repo.js';
import { readVisitContent, type VisitContent } from './visit-content.js';

export interface AuditLine {
  at: Date;
  action: string;
  userEmail: string | null;
  reason: string | null;
  /** The record's values after the change (before, for a deletion), the randomisation group left out. */
  values: unknown;
}

export interface SubjectCardContent {
  researchTitle: string;
  centre: string;
  subject: SubjectRecord;
  visits: VisitContent[];
  audit: AuditLine[];
}

/**
 * Reads the whole casebook of a subject for its card (docs/documents.md "Subject card"): every live visit in
 * date order as the visit PDF reads it, and the subject's audit trail oldest first — the records of its chain,
 * blinded as on the screen (no randomisation group) and without the records of notes the requester does not
 * see. 404 naming `id` when the subject is gone.
 */
export async function readSubjectCard(db: Db, subjectId: string, noteTypes: readonly NoteType[]): Promise<SubjectCardContent> {
  const subject = await findSubject(db, subjectId);
  if (!subject) throw notFound('id');
  const [research] = await db
    .select({ protocol: researches.grlsProtocolNumber })
    .from(researches)
    .where(eq(researches.id, subject.researchId));
  const rows = await db
    .select({ id: subjectVisits.id })
    .from(subjectVisits)
    .where(and(eq(subjectVisits.subjectId, subject.id), isNull(subjectVisits.deletedAt)))
    .orderBy(asc(subjectVisits.date), asc(subjectVisits.repeatIndex), asc(subjectVisits.createdAt));
  const visits = [];
  for (const r of rows) visits.push(await readVisitContent(db, r.id, noteTypes));
  const noteType = sql`coalesce(${auditLog.after} ->> 'type', ${auditLog.before} ->> 'type')`;
  const records = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.researchId, subject.researchId),
        eq(auditLog.subjectId, subject.id),
        noteTypes.length === NOTE_TYPES.length
          ? undefined
          : or(ne(auditLog.entityType, 'item_note'), noteTypes.length ? inArray(noteType, [...noteTypes]) : sql`false`),
      ),
    )
    .orderBy(asc(auditLog.seq));
  return {
    researchTitle: research?.protocol ?? '',
    centre: subject.centreNumber,
    subject,
    visits,
    audit: records.map((r) => ({
      at: r.at,
      action: r.action,
      userEmail: r.userEmail,
      reason: r.reason,
      values: blind(r.after ?? r.before),
    })),
  };
}
