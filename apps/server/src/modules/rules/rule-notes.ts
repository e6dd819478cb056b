import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../platform/db/client.js';
import { itemNoteEntries, itemNotes, subjectVisits } from '../../platform/db/schema/index.js';
import type { AuditEntry } from '../../platform/audit/audit.js';
import { auditedNote } from '../notes/note-entries.js';
import { AUTO_CLOSE_TEXT } from './rule-texts.js';

/**
 * The notes a NoteAction raises and closes (docs/rules.md "Actions"; the notes themselves are the notes
 * module's, docs/queries-and-validation.md): an Auto note, status New, raised by no user, carrying the rule
 * (`item_notes.rule_id`), with its first entry; closed by the rule with a closing entry once the data no
 * longer triggers it. Each returns its audit record (`item_note.add`, `item_note.close`, entity
 * `item_note`), naming the rule and the save that triggered it, for the caller to append with the others.
 */

export interface AutoNoteTarget {
  researchId: string;
  researchOrganisationId: string;
  subjectId: string;
  subjectVisitId: string;
  subjectFormId: string;
  subjectFormSectionId: string;
  subjectFormFieldId: string;
  formId: string;
  formFieldId: string;
  fieldText: string;
}

export interface Trigger {
  rule: { id: string; type: string };
  /** The save that made the rule fire: who, which field, which value. */
  triggeredBy: { userId: string; subjectFormFieldId: string; itemDataId: string };
}

/** Inserts an Auto note with the rule's message and its first entry. */
export async function raiseAutoNote(
  tx: Db,
  t: AutoNoteTarget,
  message: string,
  trigger: Trigger,
): Promise<{ noteId: string; audit: AuditEntry }> {
  const [visit] = await tx
    .select({ visitId: subjectVisits.visitId })
    .from(subjectVisits)
    .where(eq(subjectVisits.id, t.subjectVisitId));
  const [note] = await tx
    .insert(itemNotes)
    .values({
      id: uuidv7(),
      researchId: t.researchId,
      researchOrganisationId: t.researchOrganisationId,
      subjectId: t.subjectId,
      subjectVisitId: t.subjectVisitId,
      subjectFormId: t.subjectFormId,
      subjectFormSectionId: t.subjectFormSectionId,
      subjectFormFieldId: t.subjectFormFieldId,
      visitId: visit!.visitId,
      formId: t.formId,
      formFieldId: t.formFieldId,
      type: 'Auto',
      status: 'New',
      note: message,
      lastEntry: message,
      entryCount: 1,
      createdBy: null,
      ruleId: trigger.rule.id,
    })
    .returning();
  const entry = { id: uuidv7(), itemNoteId: note!.id, kind: 'Note', data: message, status: 'New' };
  await tx.insert(itemNoteEntries).values(entry);
  return {
    noteId: note!.id,
    audit: {
      action: 'item_note.add',
      entityType: 'item_note',
      entityId: note!.id,
      researchId: t.researchId,
      subjectId: t.subjectId,
      after: {
        ...auditedNote(note!, t.fieldText),
        entry: { id: entry.id, kind: entry.kind, text: message, itemDataId: null },
        ...trigger,
      },
    },
  };
}

/** Closes an open Auto note of a rule: a closing entry (AUTO_CLOSE_TEXT), status Closed, closeAt now. */
export async function closeAutoNote(
  tx: Db,
  noteId: string,
  fieldText: string,
  trigger: Trigger,
): Promise<{ audit: AuditEntry } | null> {
  const [before] = await tx.select().from(itemNotes).where(eq(itemNotes.id, noteId));
  if (!before) return null;
  const entry = { id: uuidv7(), itemNoteId: noteId, kind: 'Close', data: AUTO_CLOSE_TEXT, status: 'Closed' };
  await tx.insert(itemNoteEntries).values(entry);
  const now = new Date();
  const [after] = await tx
    .update(itemNotes)
    .set({
      status: 'Closed',
      lastEntry: AUTO_CLOSE_TEXT,
      entryCount: sql`${itemNotes.entryCount} + 1`,
      updatedAt: now,
      closeAt: now,
    })
    .where(eq(itemNotes.id, noteId))
    .returning();
  return {
    audit: {
      action: 'item_note.close',
      entityType: 'item_note',
      entityId: noteId,
      researchId: before.researchId,
      subjectId: before.subjectId,
      before: auditedNote(before, fieldText),
      after: {
        ...auditedNote(after!, fieldText),
        entry: { id: entry.id, kind: entry.kind, text: AUTO_CLOSE_TEXT, itemDataId: null },
        ...trigger,
      },
    },
  };
}
