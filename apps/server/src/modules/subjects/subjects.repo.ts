import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  heldVisitTiming,
  visitWindow,
  type VisitSchedule,
  isRequestedByMonitor,
  type CompletedStatus,
  type Gender,
  type Subject,
  type SubjectFacts,
  type SubjectStatus,
  type SubjectVisitBrief,
  type SubjectWithVisits,
  type VisitType,
} from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { researchOrganisations, subjects, subjectVisits, visits } from '../../platform/db/schema/index.js';
import { pageWindow, searchAny, type PageQuery } from '../../platform/http/paging.js';
import type { SubjectScope } from './subjects.policy.js';

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
  return readSubject(db, id, sql`null`);
}

/** The subject in the API's shape; the randomisation group only for unblinded callers. */
export function toSubject(r: SubjectRecord, seesGroup: boolean): Subject {
  return {
    id: r.id,
    researchId: r.researchId,
    researchOrganisationId: r.researchOrganisationId,
    researchOrganisationNumber: r.centreNumber,
    fullName: r.fullName,
    gender: r.gender as Gender,
    birthDate: r.birthDate,
    screenDate: r.screenDate,
    screeningNumber: r.screeningNumber,
    randomizationNumber: r.randomizationNumber,
    identificationNumber: r.identificationNumber,
    randomizationDate: r.randomizationDate,
    ...(seesGroup ? { randomizationGroup: r.randomizationGroup } : {}),
    status: r.status as SubjectStatus,
    isRandomised: r.isRandomised,
    isSigned: r.isSigned,
    signDate: r.signDate,
    endDate: r.endDate,
    endReason: r.endReason,
    drTrialId: r.drTrialId,
    isTest: r.isTest,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
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
 * joined to their centres (docs/subjects.md "At scale"). Given the total, a page in the second half is read from
 * the end (the order reversed, the rows turned back), so the last page costs what the first does.
 */
export async function listSubjects(
  db: Db,
  where: SQL | undefined,
  sorts: SubjectSorts,
  page: PageQuery,
  total?: number,
): Promise<MatrixRecord[]> {
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
    .select(matrixRecord)
    .from(subjects)
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, subjects.researchOrganisationId))
    // = any(array(…)): the ids as one array, looked up by the primary key whatever the planner guesses of the page.
    .where(sql`${subjects.id} = any(array(${pageIds}))`)
    .orderBy(...order);
  const list = rows.map(toMatrixRecord);
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

/**
 * A subject's live visits as matrix cells, in visit order, written by PostgreSQL as one text beside the subject's row
 * (a correlated sub-select on the outer `subjects` row): nine fields a cell, the cells one after another, all joined
 * by commas. A page then comes back as 50 rows rather than 50 plus 1,000, which took the pg protocol's parsing of
 * every cell's every field and a round trip off the matrix (docs/performance.md "Fifth run"). Every field is NOT NULL
 * (the monitor's mark is a 0/1 of whether validation started) and none can hold a comma: uuids, an ISO date, the
 * completed status and visit type (fixed words), integers.
 */
const visitCellsText = sql<string | null>`(select string_agg(${subjectVisits.id}::text || ',' || ${subjectVisits.visitId}::text
    || ',' || ${subjectVisits.date}::text || ',' || ${subjectVisits.formCompletedStatus}
    || ',' || (${subjectVisits.startValidatingDate} is not null)::int || ',' || ${subjectVisits.repeatIndex}
    || ',' || ${visits.visitType} || ',' || ${visits.dayNumber} || ',' || ${visits.dayPlus},
    ',' order by ${visits.index}, ${subjectVisits.repeatIndex}, ${subjectVisits.date}, ${subjectVisits.id})
  from ${subjectVisits} inner join ${visits} on ${visits.id} = ${subjectVisits.visitId}
  where ${subjectVisits.subjectId} = ${subjects.id} and ${subjectVisits.deletedAt} is null)`;

/** A subject with its centre's number and its visit cells as PostgreSQL wrote them (visitCellsText). */
export type MatrixRecord = SubjectRecord & { visitCells: string | null };

const matrixRecord = { ...record, visitCells: visitCellsText };
const toMatrixRecord = (r: { s: SubjectRow; centreNumber: string; visitCells: string | null }): MatrixRecord => ({
  ...r.s,
  centreNumber: r.centreNumber,
  visitCells: r.visitCells,
});

const CELL_FIELDS = 9;

/**
 * The cells of visitCellsText, timed on or overdue against their windows (packages/domain heldVisitTiming). A subject
 * visit is always held on its date, so no clock takes part.
 */
export function visitCellsOf(subject: MatrixRecord): SubjectVisitBrief[] {
  if (!subject.visitCells) return [];
  const f = subject.visitCells.split(',');
  const cells: SubjectVisitBrief[] = [];
  for (let i = 0; i + CELL_FIELDS <= f.length; i += CELL_FIELDS) {
    const formCompletedStatus = f[i + 3] as CompletedStatus;
    const date = f[i + 2]!;
    const schedule = { visitType: f[i + 6] as VisitType, dayNumber: Number(f[i + 7]), dayPlus: Number(f[i + 8]), dayMinus: 0 };
    cells.push({
      id: f[i]!,
      visitId: f[i + 1]!,
      date,
      formCompletedStatus,
      repeatIndex: Number(f[i + 5]),
      timing: heldVisitTiming(schedule, subject, date),
      requestedByMonitor: isRequestedByMonitor({ startValidatingDate: f[i + 4] === '1' ? date : null, formCompletedStatus }),
    });
  }
  return cells;
}

/** A matrix row: the subject as the caller may see it, with its visit cells. */
export const toSubjectWithVisits = (r: MatrixRecord, seesGroup: boolean): SubjectWithVisits => ({
  ...toSubject(r, seesGroup),
  subjectVisitList: visitCellsOf(r),
});

/** A live subject with its centre's number and its visit cells. */
export const findSubjectWithVisits = (db: Db, id: string) => readSubject(db, id, visitCellsText);

/** The live subject of that id with its centre's number, and its visit cells when asked (visitCellsText, else null). */
async function readSubject(db: Db, id: string, visitCells: SQL<string | null>): Promise<MatrixRecord | undefined> {
  const [row] = await db
    .select({ ...record, visitCells })
    .from(subjects)
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, subjects.researchOrganisationId))
    .where(liveSubject(id))
    .limit(1);
  return row ? toMatrixRecord(row) : undefined;
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
