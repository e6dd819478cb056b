import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  NOTE_TYPES,
  personFullName,
  type ItemNoteEntryReply,
  type NoteEntryKind,
  type NoteStatus,
  type NoteType,
} from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { fields, formFields, itemNoteEntries, itemNotes, subjectForms, subjects, users } from '../../platform/db/schema/index.js';

/** Reads of notes (docs/queries-and-validation.md): one note, a field's notes, the entries of some notes. */

export type NoteRow = typeof itemNotes.$inferSelect;
/** A note with what its writes need of its form field: the text (audit) and the field type (answers with data). */
export interface NoteRecord extends NoteRow {
  type: NoteType;
  status: NoteStatus;
  fieldText: string;
  fieldType: string;
}

export interface Names {
  firstName: string | null;
  lastName: string | null;
  patronymic: string | null;
}
export const fullNameOf = (u: Names) =>
  u.lastName === null ? '' : personFullName({ lastName: u.lastName, firstName: u.firstName ?? '', patronymic: u.patronymic });

/** A live note (its subject and subject form not deleted), or undefined. */
export async function findNote(db: Db, id: string): Promise<NoteRecord | undefined> {
  const [row] = await db
    .select({ note: itemNotes, fieldText: formFields.text, fieldType: fields.fieldType })
    .from(itemNotes)
    .innerJoin(subjects, eq(subjects.id, itemNotes.subjectId))
    .innerJoin(subjectForms, eq(subjectForms.id, itemNotes.subjectFormId))
    .innerJoin(formFields, eq(formFields.id, itemNotes.formFieldId))
    .innerJoin(fields, eq(fields.id, formFields.fieldId))
    .where(and(eq(itemNotes.id, id), isNull(subjects.deletedAt), isNull(subjectForms.deletedAt)))
    .limit(1);
  return row ? ({ ...row.note, fieldText: row.fieldText, fieldType: row.fieldType } as NoteRecord) : undefined;
}

/** The notes of one field among `types`, newest first (index item_notes_field_idx). */
export async function notesOfField(db: Db, subjectFormFieldId: string, types: readonly NoteType[]): Promise<NoteRow[]> {
  return db
    .select()
    .from(itemNotes)
    .where(
      and(
        eq(itemNotes.subjectFormFieldId, subjectFormFieldId),
        types.length === NOTE_TYPES.length ? undefined : inArray(itemNotes.type, [...types]),
      ),
    )
    .orderBy(desc(itemNotes.createdAt), desc(itemNotes.id));
}

/** The entries of some notes, oldest first, by note id (index item_note_entries_note_idx). */
export async function entriesOf(db: Db, noteIds: readonly string[]): Promise<Map<string, ItemNoteEntryReply[]>> {
  const byNote = new Map<string, ItemNoteEntryReply[]>();
  if (noteIds.length === 0) return byNote;
  const rows = await db
    .select({ e: itemNoteEntries, firstName: users.firstName, lastName: users.lastName, patronymic: users.patronymic })
    .from(itemNoteEntries)
    .leftJoin(users, eq(users.id, itemNoteEntries.createdBy))
    .where(inArray(itemNoteEntries.itemNoteId, [...noteIds]))
    .orderBy(asc(itemNoteEntries.createdAt), asc(itemNoteEntries.id));
  for (const { e, ...names } of rows) {
    const list = byNote.get(e.itemNoteId) ?? [];
    list.push({
      id: e.id,
      kind: e.kind as NoteEntryKind,
      data: e.data,
      status: e.status as NoteStatus,
      itemDataId: e.itemDataId,
      createdAt: e.createdAt.toISOString(),
      createdBy: { id: e.createdBy, fullName: fullNameOf(names), employeeType: e.employeeType },
    });
    byNote.set(e.itemNoteId, list);
  }
  return byNote;
}

/** The names of some users, by id. */
export async function namesOf(db: Db, userIds: readonly (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter((u): u is string => !!u))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, patronymic: users.patronymic })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, fullNameOf(r)]));
}
