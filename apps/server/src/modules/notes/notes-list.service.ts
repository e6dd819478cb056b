import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ItemNoteFilter, ItemNoteRow, NoteStatus, NoteType } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import {
  formFields,
  forms,
  formSections,
  itemNotes,
  researchOrganisations,
  subjectForms,
  subjectFormSections,
  subjects,
  subjectVisits,
  users,
  visits,
} from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { offsetOf, pageOf } from '../../platform/http/paging.js';
import { noteScopeOf, notesWhere } from './notes-filter.js';
import { fullNameOf, type Names } from './notes.repo.js';

/**
 * GET /ItemNote/FilteredList (spec section 2, the queries page): one count and one page of notes, newest
 * first, each with the chain from its subject to its field. The page's ids are cut from item_notes' covering
 * indexes alone, and only their rows are read and joined to their subject, visit, form, section and field.
 */

interface RowsWindow {
  limit: number;
  offset?: number;
  /** Keyset paging (the report): the notes after this one in the list's order. */
  afterId?: string;
}

/** The page query of noteRows (unexecuted, so a benchmark can explain it). */
export function noteRowsQuery(db: Db, where: SQL, window: RowsWindow) {
  const after = window.afterId
    ? sql`(${itemNotes.createdAt}, ${itemNotes.id}) < (select n.created_at, n.id from item_notes n where n.id = ${window.afterId})`
    : undefined;
  // The page's ids first, from an index alone (schema/notes.ts: the covering indexes), then only their rows.
  const page = db
    .select({ id: itemNotes.id, createdAt: itemNotes.createdAt })
    .from(itemNotes)
    .where(and(where, after))
    .orderBy(desc(itemNotes.createdAt), desc(itemNotes.id))
    .limit(window.limit)
    .offset(window.offset ?? 0)
    .as('page');
  const p = itemNotes;
  // The names around each note as scalar lookups by primary key: planned in no time, where a join of ten
  // tables would take the planner longer than the query takes to run.
  const one = <T>(column: string, table: PgTable, id: PgColumn) =>
    sql<T>`(select ${sql.raw(column)} from ${table} x where x.id = ${id})`;
  return db
    .select({
      id: p.id,
      type: p.type,
      status: p.status,
      createdAt: p.createdAt,
      closeAt: p.closeAt,
      createdBy: p.createdBy,
      createdByEmployeeType: p.createdByEmployeeType,
      note: p.note,
      lastEntry: p.lastEntry,
      entryCount: p.entryCount,
      subjectFormFieldId: p.subjectFormFieldId,
      subjectFormId: p.subjectFormId,
      subjectVisitId: p.subjectVisitId,
      researchOrganisationId: p.researchOrganisationId,
      subject: {
        id: subjects.id,
        identificationNumber: subjects.identificationNumber,
        screeningNumber: subjects.screeningNumber,
        randomisationNumber: subjects.randomizationNumber,
      },
      centreNumber: one<string>('x.number', researchOrganisations, p.researchOrganisationId),
      visitTitle: one<string>('x.title', visits, p.visitId),
      visitDate: one<string>('x.date::text', subjectVisits, p.subjectVisitId),
      formTitle: one<string>('x.title', forms, p.formId),
      repeatedIndex: one<number>('x.repeated_index', subjectForms, p.subjectFormId),
      sectionName: sql<string>`(select fs.section_name from ${subjectFormSections} x join ${formSections} fs on fs.id = x.form_section_id where x.id = ${p.subjectFormSectionId})`,
      fieldText: one<string>('x.text', formFields, p.formFieldId),
      creator: one<Names | null>(
        `jsonb_build_object('firstName', x.first_name, 'lastName', x.last_name, 'patronymic', x.patronymic)`,
        users,
        p.createdBy,
      ),
    })
    .from(page)
    .innerJoin(p, eq(p.id, page.id))
    .innerJoin(subjects, eq(subjects.id, p.subjectId))
    .orderBy(desc(page.createdAt), desc(page.id));
}

/** The rows of notes matching `where`, newest first: `limit` from `offset`, or after the note `afterId` (the report's pages). */
export async function noteRows(db: Db, where: SQL, window: RowsWindow): Promise<ItemNoteRow[]> {
  const rows = await noteRowsQuery(db, where, window);
  return rows.map((r) => ({
    id: r.id,
    type: r.type as NoteType,
    status: r.status as NoteStatus,
    createdAt: r.createdAt.toISOString(),
    closeAt: r.closeAt?.toISOString() ?? null,
    createdBy: {
      id: r.createdBy,
      fullName: r.creator ? fullNameOf(r.creator) : '',
      employeeType: r.createdByEmployeeType,
    },
    note: r.note,
    lastEntry: r.lastEntry,
    entryCount: r.entryCount,
    subject: r.subject,
    researchOrganisation: { id: r.researchOrganisationId, number: r.centreNumber },
    subjectVisit: { id: r.subjectVisitId, title: r.visitTitle, date: r.visitDate },
    subjectForm: { id: r.subjectFormId, title: r.formTitle, repeatedIndex: Number(r.repeatedIndex) },
    sectionName: r.sectionName,
    subjectFormField: { id: r.subjectFormFieldId, text: r.fieldText },
  }));
}

export async function filteredNotes(deps: Deps, q: ItemNoteFilter, caller: ActorCaller) {
  const { db } = deps;
  const scope = await noteScopeOf(db, caller.actor, { researchOrganisationId: q.researchOrganisationId });
  const where = await notesWhere(db, scope, q, caller.actor);
  const [total] = await db.select({ n: count() }).from(itemNotes).where(where);
  const totalCount = Number(total?.n ?? 0);
  // Past the last note there is nothing to join: no page query.
  const data = offsetOf(q) < totalCount ? await noteRows(db, where, { limit: q.pageSize, offset: offsetOf(q) }) : [];
  return pageOf(data, totalCount, q);
}
