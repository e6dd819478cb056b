import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { NOTE_TYPES, topNoteStatus, type NoteStatus, type NoteType } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { itemNotes } from '../../platform/db/schema/index.js';

/**
 * The note indicators of data-entry replies (a field's count and most urgent status, a section's, a form's,
 * a visit's), over the notes of the types the caller sees (visibleNoteTypes: monitors only KIO notes). One
 * grouped query per reply, on the indexes (subject_form_id, type, status) and (subject_visit_id, type,
 * status); never one per field.
 */

/** The type condition: none when the caller sees every type. */
const ofTypes = (types: readonly NoteType[]): SQL | undefined =>
  types.length === NOTE_TYPES.length ? undefined : inArray(itemNotes.type, [...types]);

export interface FieldNotes {
  noteCount: number;
  noteStatus: NoteStatus | null;
}

/** Per subject form field of a subject form: how many notes and the most urgent status. */
export async function fieldNotesOfForm(
  db: Db,
  subjectFormId: string,
  types: readonly NoteType[],
): Promise<(subjectFormFieldId: string) => FieldNotes> {
  const rows = await db
    .select({
      field: itemNotes.subjectFormFieldId,
      status: itemNotes.status,
      n: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(itemNotes)
    .where(and(eq(itemNotes.subjectFormId, subjectFormId), ofTypes(types)))
    .groupBy(itemNotes.subjectFormFieldId, itemNotes.status);
  const byField = new Map<string, { n: number; statuses: NoteStatus[] }>();
  for (const r of rows) {
    const f = byField.get(r.field) ?? { n: 0, statuses: [] };
    f.n += r.n;
    f.statuses.push(r.status as NoteStatus);
    byField.set(r.field, f);
  }
  return (id) => {
    const f = byField.get(id);
    return { noteCount: f?.n ?? 0, noteStatus: f ? topNoteStatus(f.statuses) : null };
  };
}

/** The most urgent status of the notes of each subject form or subject visit listed (absent: none). */
async function topStatusBy(
  db: Db,
  column: typeof itemNotes.subjectFormId | typeof itemNotes.subjectVisitId,
  ids: readonly string[],
  types: readonly NoteType[],
): Promise<Map<string, NoteStatus>> {
  if (ids.length === 0 || types.length === 0) return new Map();
  const rows = await db
    .selectDistinct({ id: column, status: itemNotes.status })
    .from(itemNotes)
    .where(and(inArray(column, [...ids]), ofTypes(types)));
  const statuses = new Map<string, NoteStatus[]>();
  for (const r of rows) statuses.set(r.id, [...(statuses.get(r.id) ?? []), r.status as NoteStatus]);
  return new Map([...statuses].map(([id, list]) => [id, topNoteStatus(list)!]));
}

export const noteStatusOfForms = (db: Db, subjectFormIds: readonly string[], types: readonly NoteType[]) =>
  topStatusBy(db, itemNotes.subjectFormId, subjectFormIds, types);

export const noteStatusOfVisits = (db: Db, subjectVisitIds: readonly string[], types: readonly NoteType[]) =>
  topStatusBy(db, itemNotes.subjectVisitId, subjectVisitIds, types);

/** Subject visits with their `noteStatus` (the visit card's indicator), in one query. */
export async function withVisitNoteStatus<T extends { id: string }>(
  db: Db,
  list: T[],
  types: readonly NoteType[],
): Promise<(T & { noteStatus: NoteStatus | null })[]> {
  const top = await noteStatusOfVisits(
    db,
    list.map((v) => v.id),
    types,
  );
  return list.map((v) => ({ ...v, noteStatus: top.get(v.id) ?? null }));
}
