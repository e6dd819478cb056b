import { and, eq, inArray, isNotNull, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import { NOTE_STATUSES, NOTE_TYPES, type ItemNoteFilter } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { itemNotes, subjects } from '../../platform/db/schema/index.js';
import type { Actor } from '../../platform/http/actor.js';
import { listScopeOf, type SubjectScope } from '../subjects/subjects.policy.js';
import { noteTypesSeenBy } from './note-actor.js';

/**
 * The notes a list covers (FilteredList, GenerateReport, the statistic): the caller's research scoped as
 * subjects are (listScopeOf: site and test-site employees their own centre only, the others every centre or
 * the one asked for), the note types the caller sees, and the filters. Every condition is on item_notes
 * itself (the note carries its centre, subject, design ids and creator), so the indexes of
 * schema/notes.ts serve it; the subject numbers are first turned into the matching subjects' ids.
 */

export type NoteFilters = Omit<ItemNoteFilter, 'page' | 'pageSize'>;

export const noteScopeOf = (db: Db, actor: Actor, q: { researchId?: string; researchOrganisationId?: string }) =>
  listScopeOf(db, actor, q);

/**
 * The live subjects of the research whose numbers equal those asked (case-insensitive; a subject matches
 * every number given), read first: with their few ids in the query the planner reads those subjects' notes,
 * where the estimate of a `lower(number)` match in a subquery made it walk the research in list order hoping
 * for a page. Undefined when no number is asked.
 */
async function subjectsNumbered(db: Db, researchId: string, f: Partial<NoteFilters>): Promise<string[] | undefined> {
  const numbers = [
    [subjects.screeningNumber, f.screeningNumber],
    [subjects.randomizationNumber, f.randomisationNumber],
    [subjects.identificationNumber, f.identificationNumber],
  ] as const;
  const asked = numbers.filter(([, v]) => !!v).map(([column, v]) => sql`lower(${column}) = lower(${v})`);
  if (asked.length === 0) return undefined;
  const rows = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.researchId, researchId), isNull(subjects.deletedAt), ...asked))
    .limit(1000);
  return rows.map((r) => r.id);
}

export async function notesWhere(db: Db, scope: SubjectScope, f: Partial<NoteFilters>, actor: Actor): Promise<SQL> {
  const numbered = await subjectsNumbered(db, scope.researchId, f);
  const seen = noteTypesSeenBy(actor);
  const asked = f.noteTypeList?.length ? f.noteTypeList.filter((t) => seen.includes(t)) : seen;
  const creator = f.forEmployee === 'me' ? (actor.employee?.id ?? null) : f.forEmployee;
  const byTypeOrStatus = asked.length < NOTE_TYPES.length || !!f.noteStatusList?.length;
  return and(
    eq(itemNotes.researchId, scope.researchId),
    scope.centreId ? eq(itemNotes.researchOrganisationId, scope.centreId) : undefined,
    scope.empty ? sql`false` : undefined,
    // When either is filtered both are named (every value of the other): the covering indexes lead with type
    // then status, and a list of values is a few probes of each. When neither is, naming none keeps the list
    // order of item_notes_research_list_idx (PostgreSQL does not read an index in order past a list of values).
    ...(byTypeOrStatus
      ? [
          inArray(itemNotes.type, [...asked]),
          inArray(itemNotes.status, [...(f.noteStatusList?.length ? f.noteStatusList : NOTE_STATUSES)]),
        ]
      : []),
    f.employeeTypeList?.length ? inArray(itemNotes.createdByEmployeeType, [...f.employeeTypeList]) : undefined,
    f.forEmployee === undefined ? undefined : creator ? eq(itemNotes.createdByEmployeeId, creator) : sql`false`,
    f.visitId ? eq(itemNotes.visitId, f.visitId) : undefined,
    f.formId ? eq(itemNotes.formId, f.formId) : undefined,
    f.formFieldId ? eq(itemNotes.formFieldId, f.formFieldId) : undefined,
    numbered === undefined ? undefined : numbered.length ? inArray(itemNotes.subjectId, numbered) : sql`false`,
    // A deleted subject leaves every list and count (docs/subjects.md), its notes with it.
    notExists(
      db
        .select({ x: sql`1` })
        .from(subjects)
        .where(and(eq(subjects.id, itemNotes.subjectId), isNotNull(subjects.deletedAt))),
    ),
  )!;
}
