import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { personFullName, type QaItemNotesQuery, type QaNoteStatus } from '@edc/domain';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import {
  formFields,
  forms,
  qaForms,
  qaItemNotes,
  qaNotes,
  qaVisits,
  rules,
  users,
  visits,
} from '../../platform/db/schema/index.js';
import { offsetOf } from '../../platform/http/paging.js';

/** QA notes with what the notes page shows of them: the visit, form, field or rule, the author and the thread. */

const author = alias(users, 'qa_note_author');

const noteColumns = {
  id: qaItemNotes.id,
  status: qaItemNotes.status,
  researchId: qaItemNotes.researchId,
  researchVersionId: qaItemNotes.researchVersionId,
  createdAt: qaItemNotes.createdAt,
  authorId: author.id,
  authorEmail: author.email,
  authorFirstName: author.firstName,
  authorLastName: author.lastName,
  authorPatronymic: author.patronymic,
  qaVisitId: qaVisits.id,
  visitId: visits.id,
  visitTitle: visits.title,
  qaFormId: qaForms.id,
  formId: forms.id,
  formTitle: forms.title,
  formFieldId: formFields.id,
  formFieldText: formFields.text,
  formSectionId: formFields.formSectionId,
  ruleId: rules.id,
  ruleExpression: rules.expression,
};

const personOf = (
  id: string | null,
  email: string | null,
  first: string | null,
  last: string | null,
  patronymic: string | null,
) => (id ? { id, email: email!, fullName: personFullName({ firstName: first ?? '', lastName: last ?? '', patronymic }) } : null);

function selectNotes(db: Db) {
  return db
    .select(noteColumns)
    .from(qaItemNotes)
    .innerJoin(qaVisits, eq(qaVisits.id, qaItemNotes.qaVisitId))
    .innerJoin(visits, eq(visits.id, qaVisits.visitId))
    .leftJoin(qaForms, eq(qaForms.id, qaItemNotes.qaFormId))
    .leftJoin(forms, eq(forms.id, qaForms.formId))
    .leftJoin(formFields, eq(formFields.id, qaItemNotes.formFieldId))
    .leftJoin(rules, eq(rules.id, qaItemNotes.ruleId))
    .leftJoin(author, eq(author.id, qaItemNotes.createdBy));
}

type NoteRow = Awaited<ReturnType<typeof selectNotes>>[number];
export type QaNoteRecord = ReturnType<typeof toRecord>;

function toRecord(r: NoteRow, thread: ReturnType<typeof threadItem>[]) {
  return {
    id: r.id,
    status: r.status as QaNoteStatus,
    researchId: r.researchId,
    researchVersionId: r.researchVersionId,
    createdAt: r.createdAt.toISOString(),
    createdBy: personOf(r.authorId, r.authorEmail, r.authorFirstName, r.authorLastName, r.authorPatronymic),
    qaVisit: { id: r.qaVisitId, visitId: r.visitId, title: r.visitTitle },
    qaForm: r.qaFormId ? { id: r.qaFormId, formId: r.formId!, title: r.formTitle! } : null,
    formField: r.formFieldId ? { id: r.formFieldId, text: r.formFieldText!, formSectionId: r.formSectionId! } : null,
    rule: r.ruleId ? { id: r.ruleId, expression: r.ruleExpression! } : null,
    qaNoteList: thread,
  };
}

const threadItem = (m: {
  id: string;
  data: string;
  createdAt: Date;
  userId: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  patronymic: string | null;
}) => ({
  id: m.id,
  data: m.data,
  createdAt: m.createdAt.toISOString(),
  createdBy: personOf(m.userId, m.email, m.firstName, m.lastName, m.patronymic),
});

/** The threads of some notes, oldest message first. */
async function threadsOf(db: Db, noteIds: string[]) {
  const byNote = new Map<string, ReturnType<typeof threadItem>[]>();
  if (noteIds.length === 0) return byNote;
  const rows = await db
    .select({
      noteId: qaNotes.qaItemNoteId,
      id: qaNotes.id,
      data: qaNotes.data,
      createdAt: qaNotes.createdAt,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      patronymic: users.patronymic,
    })
    .from(qaNotes)
    .leftJoin(users, eq(users.id, qaNotes.createdBy))
    .where(inArray(qaNotes.qaItemNoteId, noteIds))
    .orderBy(asc(qaNotes.createdAt), asc(qaNotes.id));
  for (const r of rows) {
    const list = byNote.get(r.noteId) ?? [];
    list.push(threadItem(r));
    byNote.set(r.noteId, list);
  }
  return byNote;
}

/** One live note with its thread, or undefined. */
export async function findQaNote(db: Db, id: string) {
  const [row] = await selectNotes(db)
    .where(and(eq(qaItemNotes.id, id), isNull(qaItemNotes.deletedAt)))
    .limit(1);
  if (!row) return undefined;
  const threads = await threadsOf(db, [id]);
  return toRecord(row, threads.get(id) ?? []);
}

/** A page of a version's live notes, newest first, with the notes page's filters. */
export async function pageQaNotes(db: Db, versionId: string, q: QaItemNotesQuery) {
  const conds: (SQL | undefined)[] = [eq(qaItemNotes.researchVersionId, versionId), isNull(qaItemNotes.deletedAt)];
  if (q.qaVisitId) conds.push(eq(qaItemNotes.qaVisitId, q.qaVisitId));
  if (q.qaFormId) conds.push(eq(qaItemNotes.qaFormId, q.qaFormId));
  if (q.formFieldId) conds.push(eq(qaItemNotes.formFieldId, q.formFieldId));
  if (q.ruleId) conds.push(eq(qaItemNotes.ruleId, q.ruleId));
  if (q.statusList.length > 0) conds.push(inArray(qaItemNotes.status, q.statusList));
  if (q.createdBy) conds.push(eq(qaItemNotes.createdBy, q.createdBy));
  const where = and(...conds);
  const [rows, [count]] = await Promise.all([
    selectNotes(db).where(where).orderBy(desc(qaItemNotes.createdAt), desc(qaItemNotes.id)).limit(q.pageSize).offset(offsetOf(q)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(qaItemNotes)
      .where(where),
  ]);
  const threads = await threadsOf(
    db,
    rows.map((r) => r.id),
  );
  return { records: rows.map((r) => toRecord(r, threads.get(r.id) ?? [])), totalCount: Number(count?.n ?? 0) };
}
