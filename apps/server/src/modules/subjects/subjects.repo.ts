import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  heldVisitTiming,
  visitWindow,
  type VisitSchedule,
  type CompletedStatus,
  type SubjectFacts,
  type SubjectStatus,
  type VisitType,
} from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { researchOrganisations, subjects, subjectVisits, visits } from '../../platform/db/schema/index.js';
import { pageWindow, searchAny, type PageQuery } from '../../platform/http/paging.js';
import type { SubjectScope } from './subjects.policy.js';
import { subjectJson } from './subject-json.sql.js';

export type SubjectRow = typeof subjects.$inferSelect;
export type SubjectRecord = SubjectRow & { centreNumber: string };

const record = { s: subjects, centreNumber: researchOrganisations.number };

/** The live subject of that id. */
const liveSubject = (id: string) => and(eq(subjects.id, id), isNull(subjects.deletedAt));

/** A live subject with its centre's number; locked for the transaction when asked. */
export async function findSubject(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<SubjectRecord | undefined> {
  if (opts.lock) {
    const [locked] = await db.select({ id: subjects.id }).from(subjects).where(liveSubject(id)).for('update');
    if (!locked) return undefined;
  }
  const [row] = await db
    .select(record)
    .from(subjects)
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, subjects.researchOrganisationId))
    .where(liveSubject(id))
    .limit(1);
  return row ? { ...row.s, centreNumber: row.centreNumber } : undefined;
}

/** The stored fields of a subject for the audit trail (all of them: the trail is not blinded, and is read only with audit_read). */
export const auditedSubject = (r: SubjectRow) => ({
  id: r.id,
  researchOrganisationId: r.researchOrganisationId,
  fullName: r.fullName,
  gender: r.gender,
  birthDate: r.birthDate,
  screenDate: r.screenDate,
  screeningNumber: r.screeningNumber,
  randomizationNumber: r.randomizationNumber,
  identificationNumber: r.identificationNumber,
  randomizationDate: r.randomizationDate,
  randomizationGroup: r.randomizationGroup,
  status: r.status,
  isRandomised: r.isRandomised,
  isSigned: r.isSigned,
  signDate: r.signDate,
  endDate: r.endDate,
  endReason: r.endReason,
  version: r.version,
  deletedAt: r.deletedAt?.toISOString() ?? null,
});

// ----------------------------------------------------------------------------------------------- lists

export interface SubjectFilters {
  screeningNumber?: string;
  randomisationNumber?: string;
  identificationNumber?: string;
  statusList?: readonly SubjectStatus[];
  /** Leave test sites' subjects out (statistics do, unless asked otherwise). */
  withoutTest?: boolean;
}

/** The live subjects of a scope matching the filters (the numbers: contains, case-insensitive). */
export function subjectsWhere(scope: SubjectScope, f: SubjectFilters): SQL | undefined {
  return and(
    eq(subjects.researchId, scope.researchId),
    isNull(subjects.deletedAt),
    scope.centreId ? eq(subjects.researchOrganisationId, scope.centreId) : undefined,
    scope.empty ? sql`false` : undefined,
    f.statusList?.length ? inArray(subjects.status, [...f.statusList]) : undefined,
    f.withoutTest ? eq(subjects.isTest, false) : undefined,
    searchAny(f.screeningNumber, [subjects.screeningNumber]),
    searchAny(f.randomisationNumber, [subjects.randomizationNumber]),
    searchAny(f.identificationNumber, [subjects.identificationNumber]),
  );
}

export type SortOrder = 'asc' | 'desc' | undefined;
export interface SubjectSorts {
  sortByScrNumber?: SortOrder;
  sortByRandNumber?: SortOrder;
  sortByIdentNumber?: SortOrder;
}

/**
 * Sorts in the order screening, randomisation, identification number, then enrolment (creation) order.
 * Numbers compare as text; subjects without a randomisation number come last either way.
 */
export function subjectsOrder(s: SubjectSorts, opts: { reverse?: boolean } = {}): SQL[] {
  // Screening and identification numbers are never null: plain asc/desc, so their indexes give the order.
  // Reversed (a page near the end read from the end), every key turns round, nulls included.
  const flip = (order: SortOrder): 'asc' | 'desc' => ((order === 'desc') !== !!opts.reverse ? 'desc' : 'asc');
  const by = (column: SQLWrapper, order: SortOrder) => (flip(order) === 'desc' ? desc(column) : asc(column));
  const nulls = opts.reverse ? sql`nulls first` : sql`nulls last`;
  const nullsLast = (column: SQLWrapper, order: SortOrder) =>
    flip(order) === 'desc' ? sql`${column} desc ${nulls}` : sql`${column} asc ${nulls}`;
  const order: SQL[] = [];
  if (s.sortByScrNumber) order.push(by(subjects.screeningNumber, s.sortByScrNumber));
  if (s.sortByRandNumber) order.push(nullsLast(subjects.randomizationNumber, s.sortByRandNumber));
  if (s.sortByIdentNumber) order.push(by(subjects.identificationNumber, s.sortByIdentNumber));
  order.push(by(subjects.createdAt, 'asc'), by(subjects.id, 'asc'));
  return order;
}

/**
 * A page of subjects. The page's ids are picked first (the filters and the order read from covering indexes:
 * an index-only scan, so a deep page skips index entries, not table rows), then only those rows are read and
 * joined to their centres, each written as the API's JSON for the caller by PostgreSQL (subject-json.sql.ts;
 * docs/subjects.md "At scale"). Given the total, a page in the second half is read from the end (the order reversed,
 * the rows turned back), so the last page costs what the first does.
 */
export async function listSubjects(
  db: Db,
  where: SQL | undefined,
  sorts: SubjectSorts,
  page: PageQuery,
  total: number | undefined,
  seesGroup: boolean,
): Promise<string[]> {
  const { fromEnd, limit, offset } = pageWindow(page, total);
  const order = subjectsOrder(sorts, { reverse: fromEnd });
  const pageIds = db
    .select({ id: subjects.id })
    .from(subjects)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const rows = await db
    .select({ json: subjectJson(seesGroup) })
    .from(subjects)
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, subjects.researchOrganisationId))
    // = any(array(…)): the ids as one array, looked up by the primary key whatever the planner guesses of the page.
    .where(sql`${subjects.id} = any(array(${pageIds}))`)
    .orderBy(...order);
  const list = rows.map((r) => r.json);
  return fromEnd ? list.reverse() : list;
}

export async function countSubjects(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subjects).where(where);
  return row?.n ?? 0;
}

export async function countByStatus(db: Db, where: SQL | undefined): Promise<Map<string, number>> {
  const rows = await db.select({ status: subjects.status, n: count() }).from(subjects).where(where).groupBy(subjects.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

// -------------------------------------------------------------------------------------- subject visits

/**
 * On time or overdue against the visit's window (packages/domain visitWindow and heldVisitTiming). A
 * subject visit is always held on its date, so no clock takes part.
 */
export function timingOf(
  schedule: VisitSchedule,
  subject: { screenDate: string; randomizationDate: string | null },
  date: string,
) {
  return { window: visitWindow(schedule, subject), timing: heldVisitTiming(schedule, subject, date) };
}

/** A live subject's research and centre (what decides who sees it), with its JSON for the caller (subject-json.sql.ts). */
export async function findSubjectWithVisits(
  db: Db,
  id: string,
  seesGroup: boolean,
): Promise<{ researchId: string; researchOrganisationId: string; json: string } | undefined> {
  const [row] = await db
    .select({
      researchId: subjects.researchId,
      researchOrganisationId: subjects.researchOrganisationId,
      json: subjectJson(seesGroup),
    })
    .from(subjects)
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, subjects.researchOrganisationId))
    .where(liveSubject(id))
    .limit(1);
  return row;
}

/** What the action rules need: the subject's state and its live visits' types and statuses. */
export async function factsOf(db: Db, s: SubjectRow): Promise<SubjectFacts> {
  const rows = await db
    .select({ visitType: visits.visitType, completedStatus: subjectVisits.formCompletedStatus })
    .from(subjectVisits)
    .innerJoin(visits, eq(visits.id, subjectVisits.visitId))
    .where(and(eq(subjectVisits.subjectId, s.id), isNull(subjectVisits.deletedAt)));
  return {
    status: s.status as SubjectStatus,
    isRandomised: s.isRandomised,
    isSigned: s.isSigned,
    drTrialId: s.drTrialId,
    visits: rows.map((r) => ({ visitType: r.visitType as VisitType, completedStatus: r.completedStatus as CompletedStatus })),
  };
}

/** The earliest date among the subject's live visits. */
export async function firstVisitDate(db: Db, subjectId: string): Promise<string | null> {
  const [row] = await db
    .select({ date: subjectVisits.date })
    .from(subjectVisits)
    .where(and(eq(subjectVisits.subjectId, subjectId), isNull(subjectVisits.deletedAt)))
    .orderBy(asc(subjectVisits.date))
    .limit(1);
  return row?.date ?? null;
}

/** The next running number of a centre (deleted subjects keep theirs; numbers are never reused). */
export async function nextIdentificationSeq(db: Db, centreId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${subjects.identificationSeq})` })
    .from(subjects)
    .where(eq(subjects.researchOrganisationId, centreId));
  return Number(row?.max ?? 0) + 1;
}

/** '<centre number>-<running number>', the running number padded to three digits. */
export const identificationNumberOf = (centreNumber: string, seq: number) => `${centreNumber}-${String(seq).padStart(3, '0')}`;
