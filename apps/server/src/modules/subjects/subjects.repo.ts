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
import { offsetOf, searchAny, type PageQuery } from '../../platform/http/paging.js';
import type { SubjectScope } from './subjects.policy.js';

export type SubjectRow = typeof subjects.$inferSelect;
export type SubjectRecord = SubjectRow & { centreNumber: string };

const record = { s: subjects, centreNumber: researchOrganisations.number };

/** A live subject with its centre's number; locked for the transaction when asked. */
export async function findSubject(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<SubjectRecord | undefined> {
  if (opts.lock) {
    const [locked] = await db
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(eq(subjects.id, id), isNull(subjects.deletedAt)))
      .for('update');
    if (!locked) return undefined;
  }
  const [row] = await db
    .select(record)
    .from(subjects)
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, subjects.researchOrganisationId))
    .where(and(eq(subjects.id, id), isNull(subjects.deletedAt)))
    .limit(1);
  return row ? { ...row.s, centreNumber: row.centreNumber } : undefined;
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
): Promise<SubjectRecord[]> {
  const offset = offsetOf(page);
  const fromEnd = total !== undefined && offset > total / 2 && offset < total;
  const order = subjectsOrder(sorts, { reverse: fromEnd });
  const limit = fromEnd ? Math.min(page.pageSize, total - offset) : page.pageSize;
  const pageIds = db
    .select({ id: subjects.id })
    .from(subjects)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(fromEnd ? total - offset - limit : offset);
  const rows = await db
    .select(record)
    .from(subjects)
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, subjects.researchOrganisationId))
    // = any(array(…)): the ids as one array, looked up by the primary key whatever the planner guesses of the page.
    .where(sql`${subjects.id} = any(array(${pageIds}))`)
    .orderBy(...order);
  const list = rows.map((r) => ({ ...r.s, centreNumber: r.centreNumber }));
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

/** A matrix cell's row as the driver gives it (visitCellsOf). */
interface VisitCellRow {
  id: string;
  subject_id: string;
  visit_id: string;
  date: string;
  form_completed_status: CompletedStatus;
  start_validating_date: string | null;
  repeat_index: number;
  visit_type: VisitType;
  day_number: number;
  day_plus: number;
}

/**
 * The live visits of the given subjects as matrix cells, in visit order, by subject id. One flat query by
 * subject id (no join to subjects: their dates are at hand), timed with heldVisitTiming of packages/domain. A
 * page has a thousand cells: their rows are read as the driver gives them, not mapped column by column
 * (docs/performance.md "Subject matrix at scale").
 */
export async function visitCellsOf(db: Db, list: readonly SubjectRecord[]): Promise<Map<string, SubjectVisitBrief[]>> {
  const out = new Map<string, SubjectVisitBrief[]>(list.map((s) => [s.id, []]));
  if (list.length === 0) return out;
  const sv = subjectVisits;
  const { rows } = (await db.execute(sql`
    select ${sv.id} as id, ${sv.subjectId} as subject_id, ${sv.visitId} as visit_id, ${sv.date} as date,
      ${sv.formCompletedStatus} as form_completed_status, ${sv.startValidatingDate} as start_validating_date,
      ${sv.repeatIndex} as repeat_index, ${visits.visitType} as visit_type, ${visits.dayNumber} as day_number,
      ${visits.dayPlus} as day_plus
    from ${sv} inner join ${visits} on ${visits.id} = ${sv.visitId}
    where ${sv.subjectId} = any(${sql.param(list.map((s) => s.id))}::uuid[]) and ${sv.deletedAt} is null
    order by ${visits.index}, ${sv.repeatIndex}, ${sv.date}, ${sv.id}`)) as unknown as { rows: VisitCellRow[] };
  const byId = new Map(list.map((s) => [s.id, s]));
  for (const r of rows) {
    const schedule = { visitType: r.visit_type, dayNumber: r.day_number, dayPlus: r.day_plus, dayMinus: 0 };
    out.get(r.subject_id)!.push({
      id: r.id,
      visitId: r.visit_id,
      date: r.date,
      formCompletedStatus: r.form_completed_status,
      repeatIndex: r.repeat_index,
      timing: heldVisitTiming(schedule, byId.get(r.subject_id)!, r.date),
      requestedByMonitor: isRequestedByMonitor({
        startValidatingDate: r.start_validating_date as string | null,
        formCompletedStatus: r.form_completed_status,
      }),
    });
  }
  return out;
}

export async function withVisits(db: Db, list: SubjectRecord[], seesGroup: boolean): Promise<SubjectWithVisits[]> {
  const cells = await visitCellsOf(db, list);
  return list.map((s) => ({ ...toSubject(s, seesGroup), subjectVisitList: cells.get(s.id)! }));
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
