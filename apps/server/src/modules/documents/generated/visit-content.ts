import { and, asc, eq, inArray } from 'drizzle-orm';
import { personFullName, type NoteType, type SubjectFormSectionReply, type SubjectVisit } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import { itemNoteEntries, itemNotes, researches, signatures, subjectVisits, users } from '../../../platform/db/schema/index.js';
import { notFound } from '../../../platform/http/errors.js';
import { sectionsOfForm, subjectFormBriefs } from '../../data-entry/data-entry.repo.js';
import { findSubjectVisit, listSubjectVisits } from '../../subjects/subject-visits.repo.js';
import { findSubject, type SubjectRecord } from '../../subjects/subjects.repo.js';

/** A note of a field with its entries (the question, answers, comments, closing), oldest first. */
export interface VisitNote {
  subjectFormFieldId: string;
  type: string;
  status: string;
  entries: { kind: string; text: string; author: string; createdAt: Date }[];
}

export interface VisitSignature {
  printedName: string;
  meaning: string;
  signDate: string;
  signedAt: Date;
  contentHash: string;
}

/** Everything the visit PDF shows, read from the database as it is now. */
export interface VisitContent {
  researchTitle: string;
  centre: string;
  subject: SubjectRecord;
  visit: SubjectVisit;
  forms: {
    title: string;
    repeatedIndex: number;
    isComplete: boolean;
    sections: SubjectFormSectionReply[];
    /** When QA, DM and KIO validated the form (ISO, '' when unknown; null: not validated): printed by the subject form report. */
    validation?: { qa: string | null; dm: string | null; kio: string | null };
  }[];
  notes: VisitNote[];
  signatures: VisitSignature[];
}

/**
 * Reads a subject visit for its PDF (docs/documents.md "Visit PDF"): the subject and visit, every live form
 * of the visit (its own forms and the context forms made in it) with their sections, fields, current values
 * and statuses, the notes of the types the requester sees, and every signature of the visit, oldest first.
 * 404 naming `subjectVisitId` when the visit or its subject is gone. With `subjectFormId` (the subject form
 * report), that one live form only (404 naming `id` when it is gone), with its validation and its fields' notes.
 */
export async function readVisitContent(
  db: Db,
  subjectVisitId: string,
  noteTypes: readonly NoteType[],
  subjectFormId?: string,
): Promise<VisitContent> {
  const row = await findSubjectVisit(db, subjectVisitId);
  const subject = row ? await findSubject(db, row.subjectId) : undefined;
  if (!row || !subject) throw notFound('subjectVisitId');
  const [visit] = await listSubjectVisits(db, eq(subjectVisits.id, subjectVisitId), subject);
  const [research] = await db
    .select({ protocol: researches.grlsProtocolNumber })
    .from(researches)
    .where(eq(researches.id, subject.researchId));
  const briefs = await subjectFormBriefs(db, subjectFormId ? { id: subjectFormId } : { subjectVisitId }, () => false, noteTypes);
  if (subjectFormId && briefs[0]?.subjectVisitId !== subjectVisitId) throw notFound('id');
  const forms = [];
  for (const b of briefs) {
    forms.push({
      title: b.form.title,
      repeatedIndex: b.repeatedIndex,
      isComplete: b.isComplete,
      sections: await sectionsOfForm(db, b.id, noteTypes),
      ...(subjectFormId
        ? {
            validation: {
              qa: b.qaValidate ? (b.qaValidateDate ?? '') : null,
              dm: b.dmValidate ? (b.dmValidateDate ?? '') : null,
              kio: b.kioValidate ? (b.kioValidateDate ?? '') : null,
            },
          }
        : {}),
    });
  }
  const notes = await visitNotes(db, subjectVisitId, noteTypes);
  const fieldsOfForms = new Set(forms.flatMap((f) => f.sections.flatMap((s) => s.subjectFormFieldList.map((x) => x.id))));
  return {
    researchTitle: research?.protocol ?? '',
    centre: subject.centreNumber,
    subject,
    visit: visit!,
    forms,
    notes: subjectFormId ? notes.filter((n) => fieldsOfForms.has(n.subjectFormFieldId)) : notes,
    signatures: await db
      .select({
        printedName: signatures.printedName,
        meaning: signatures.meaning,
        signDate: signatures.signDate,
        signedAt: signatures.signedAt,
        contentHash: signatures.contentHash,
      })
      .from(signatures)
      .where(eq(signatures.subjectVisitId, subjectVisitId))
      .orderBy(asc(signatures.signedAt)),
  };
}

async function visitNotes(db: Db, subjectVisitId: string, types: readonly NoteType[]): Promise<VisitNote[]> {
  if (types.length === 0) return [];
  const notes = await db
    .select({ id: itemNotes.id, field: itemNotes.subjectFormFieldId, type: itemNotes.type, status: itemNotes.status })
    .from(itemNotes)
    .where(and(eq(itemNotes.subjectVisitId, subjectVisitId), inArray(itemNotes.type, [...types])))
    .orderBy(asc(itemNotes.createdAt), asc(itemNotes.id));
  if (notes.length === 0) return [];
  const entries = await db
    .select({
      note: itemNoteEntries.itemNoteId,
      kind: itemNoteEntries.kind,
      data: itemNoteEntries.data,
      createdAt: itemNoteEntries.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      patronymic: users.patronymic,
      email: users.email,
    })
    .from(itemNoteEntries)
    .leftJoin(users, eq(users.id, itemNoteEntries.createdBy))
    .where(
      inArray(
        itemNoteEntries.itemNoteId,
        notes.map((n) => n.id),
      ),
    )
    .orderBy(asc(itemNoteEntries.createdAt), asc(itemNoteEntries.id));
  return notes.map((n) => ({
    subjectFormFieldId: n.field,
    type: n.type,
    status: n.status,
    entries: entries
      .filter((e) => e.note === n.id && e.data)
      .map((e) => ({
        kind: e.kind,
        text: e.data!,
        author:
          personFullName({ lastName: e.lastName ?? '', firstName: e.firstName ?? '', patronymic: e.patronymic }) ||
          (e.email ?? ''),
        createdAt: e.createdAt,
      })),
  }));
}
