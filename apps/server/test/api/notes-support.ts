import { beforeAll } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { NoteStatus, NoteType } from '@edc/domain';
import {
  auditLog,
  itemNoteEntries,
  itemNotes,
  subjectFormFields,
  subjectForms,
  subjects,
  subjectVisits,
} from '../../src/platform/db/schema/index.js';
import { makeEmployee } from '../support/subject-factories.js';
import { setupEntryApp } from './data-entry-support.js';

/**
 * Helpers of the notes API tests: the data-entry world (setupEntryApp) plus a data manager and a head of QA
 * of the research's QA centre; notes raised through the API or inserted directly (for an Auto note, which
 * no endpoint raises), their entries and audit records read back.
 */

/** The add endpoint of each note type. */
export const ADD_PATH: Record<Exclude<NoteType, 'Auto'>, string> = {
  QaNote: '/ItemNote/AddQaItemNote',
  DmNote: '/ItemNote/AddDmItemNote',
  KioNote: '/ItemNote/AddKioItemNote',
  Comment: '/ItemNote/AddComment',
};

export function setupNotesApp() {
  const entry = setupEntryApp();
  const { t, w, api, as } = entry;
  const more = {} as { dm: string; dmEmployeeId: string; headQa: string };
  beforeAll(async () => {
    const db = t.database.db;
    const qaCentre = { id: w.world.cast.Qa.centreId, organisationId: w.world.cast.Qa.organisationId };
    const dm = await makeEmployee(t.app, db, qaCentre, 'DataManager');
    more.dm = dm.token;
    more.dmEmployeeId = dm.employeeId;
    more.headQa = (await makeEmployee(t.app, db, qaCentre, 'HeadOfQa')).token;
  });
  const db = () => t.database.db;
  /** The raisers of each note type. */
  const raiser = (type: Exclude<NoteType, 'Auto'>) =>
    ({ QaNote: as('qa'), DmNote: more.dm, KioNote: as('kio'), Comment: as('sitePi') })[type];

  /** Raises a note of `type` on a field as its raiser; gives the note. */
  const raise = (type: Exclude<NoteType, 'Auto'>, subjectFormFieldId: string, note = `Проверьте ${type}`, token = raiser(type)) =>
    api(token).ok('POST', ADD_PATH[type], { subjectFormFieldId, note });

  /** An Auto note (raised by a rule, no endpoint) on a field, inserted as the notes module stores it, with its entry. */
  async function insertNote(subjectFormFieldId: string, type: NoteType = 'Auto', status: NoteStatus = 'New') {
    const [f] = await db().select().from(subjectFormFields).where(eq(subjectFormFields.id, subjectFormFieldId));
    const [sf] = await db().select().from(subjectForms).where(eq(subjectForms.id, f!.subjectFormId));
    const [sv] = await db().select().from(subjectVisits).where(eq(subjectVisits.id, sf!.subjectVisitId));
    const [s] = await db().select().from(subjects).where(eq(subjects.id, sf!.subjectId));
    const [row] = await db()
      .insert(itemNotes)
      .values({
        researchId: sf!.researchId,
        researchOrganisationId: s!.researchOrganisationId,
        subjectId: sf!.subjectId,
        subjectVisitId: sf!.subjectVisitId,
        subjectFormId: sf!.id,
        subjectFormSectionId: f!.subjectFormSectionId,
        subjectFormFieldId: f!.id,
        visitId: sv!.visitId,
        formId: sf!.formId,
        formFieldId: f!.formFieldId,
        type,
        status,
        note: 'Значение вне диапазона',
        lastEntry: 'Значение вне диапазона',
      })
      .returning();
    await db().insert(itemNoteEntries).values({ itemNoteId: row!.id, kind: 'Note', data: row!.note, status });
    return row!;
  }

  const noteRow = async (id: string) => (await db().select().from(itemNotes).where(eq(itemNotes.id, id)))[0]!;
  const entriesOf = (id: string) =>
    db()
      .select()
      .from(itemNoteEntries)
      .where(eq(itemNoteEntries.itemNoteId, id))
      .orderBy(asc(itemNoteEntries.createdAt), asc(itemNoteEntries.id));
  /** The audit records of an entity, oldest first (optionally one action). */
  const audits = (entityId: string, action?: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), action ? eq(auditLog.action, action) : undefined))
      .orderBy(asc(auditLog.seq));

  return {
    ...entry,
    db,
    more,
    tokens: { dm: () => more.dm, headQa: () => more.headQa },
    raiser,
    raise,
    insertNote,
    noteRow,
    entriesOf,
    audits,
  };
}
