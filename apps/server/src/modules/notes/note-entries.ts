import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { NoteEntryKind, NoteStatus } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { itemNoteEntries, itemNotes } from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import type { NoteRow } from './notes.repo.js';

/**
 * A note's writes: the note row and an entry row, with one audit record (`item_note.<action>`, entity
 * `item_note`) in the subject's chain, all in the caller's transaction so nothing is ever half-written.
 */

export type NoteAction = 'add' | 'answer' | 'comment' | 'close';

export interface EntryInput {
  kind: NoteEntryKind;
  data: string | null;
  /** The status the note is left in. */
  status: NoteStatus;
  itemDataId?: string | null;
}

/** What the audit trail keeps of a note: its type and status and the chain from the subject to the field. */
export const auditedNote = (n: NoteRow, fieldText: string) => ({
  id: n.id,
  type: n.type,
  status: n.status,
  closeAt: n.closeAt?.toISOString() ?? null,
  subjectId: n.subjectId,
  subjectVisitId: n.subjectVisitId,
  subjectFormId: n.subjectFormId,
  subjectFormSectionId: n.subjectFormSectionId,
  subjectFormFieldId: n.subjectFormFieldId,
  visitId: n.visitId,
  formId: n.formId,
  formFieldId: n.formFieldId,
  field: fieldText,
  ruleId: n.ruleId,
});

async function auditNote(
  tx: Db,
  caller: ActorCaller,
  action: NoteAction,
  before: NoteRow | null,
  after: NoteRow,
  entry: EntryInput & { id: string },
  fieldText: string,
) {
  await writeAudit(tx, caller.audit, {
    action: `item_note.${action}`,
    entityType: 'item_note',
    entityId: after.id,
    researchId: after.researchId,
    subjectId: after.subjectId,
    before: before ? auditedNote(before, fieldText) : null,
    after: {
      ...auditedNote(after, fieldText),
      entry: { id: entry.id, kind: entry.kind, text: entry.data, itemDataId: entry.itemDataId ?? null },
      role: caller.actor.employee?.employeeType ?? null,
    },
  });
}

const entryRow = (caller: ActorCaller, noteId: string, e: EntryInput) => ({
  id: uuidv7(),
  itemNoteId: noteId,
  kind: e.kind,
  data: e.data,
  status: e.status,
  itemDataId: e.itemDataId ?? null,
  createdBy: caller.actor.userId,
  employeeId: caller.actor.employee?.id ?? null,
  employeeType: caller.actor.employee?.employeeType ?? null,
});

/** Inserts a new note with its first entry (the note's text) and audits it. */
export async function insertNote(
  tx: Db,
  caller: ActorCaller,
  note: Omit<typeof itemNotes.$inferInsert, 'id' | 'note' | 'lastEntry' | 'entryCount'> & { status: NoteStatus },
  text: string,
  fieldText: string,
): Promise<NoteRow> {
  const [row] = await tx
    .insert(itemNotes)
    .values({ ...note, id: uuidv7(), note: text, lastEntry: text, entryCount: 1 })
    .returning();
  const entry = entryRow(caller, row!.id, { kind: 'Note', data: text, status: note.status });
  await tx.insert(itemNoteEntries).values(entry);
  await auditNote(tx, caller, 'add', null, row!, entry, fieldText);
  return row!;
}

/** Appends an entry to a note (answer, comment, close), moves its status and audits it. */
export async function appendEntry(
  tx: Db,
  caller: ActorCaller,
  action: Exclude<NoteAction, 'add'>,
  note: NoteRow & { fieldText: string },
  e: EntryInput,
  opts: { close?: boolean } = {},
): Promise<NoteRow> {
  const entry = entryRow(caller, note.id, e);
  await tx.insert(itemNoteEntries).values(entry);
  const [after] = await tx
    .update(itemNotes)
    .set({
      status: e.status,
      // A closing without a last word keeps the previous entry as the newest text worth showing.
      lastEntry: e.data ?? note.lastEntry,
      entryCount: sql`${itemNotes.entryCount} + 1`,
      updatedAt: new Date(),
      ...(opts.close ? { closeAt: new Date() } : {}),
    })
    .where(eq(itemNotes.id, note.id))
    .returning();
  await auditNote(tx, caller, action, note, after!, entry, note.fieldText);
  return after!;
}
