import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { preparedOnce } from '../../platform/db/prepared-once.js';
import { formEntryTallies, subjectTallies, subjectVisitTallies } from '../../platform/db/schema/index.js';
import type { SubjectFilters } from './subjects.repo.js';
import type { SubjectScope } from './subjects.policy.js';

/**
 * Counts kept current by the writes (migration 0020: statement triggers on subjects, subject_visits and visits
 * add signed rows in the writing transaction; docs/subjects.md "Counts"). Reading them costs a few dozen rows
 * whatever the size of the research, where counting the subjects or visits themselves grows with it.
 */

/** Whether the tallies answer a count with these filters: scope, status and test subjects only, no number search. */
export const talliesAnswer = (f: SubjectFilters) => !f.screeningNumber && !f.randomisationNumber && !f.identificationNumber;

/**
 * The rows of a scope, as placeholders (`researchId`, `centreId`) of a query prepared once per shape
 * (platform/db/prepared-once.ts); `shapeOf` names the shape, `valuesOf` gives the values.
 */
function scopeOf<T extends typeof subjectTallies | typeof subjectVisitTallies | typeof formEntryTallies>(
  t: T,
  scope: SubjectScope,
  withoutTest?: boolean,
) {
  return and(
    eq(t.researchId, sql.placeholder('researchId')),
    scope.centreId ? eq(t.researchOrganisationId, sql.placeholder('centreId')) : undefined,
    withoutTest ? eq(t.isTest, false) : undefined,
  );
}
const shapeOf = (scope: SubjectScope, withoutTest?: boolean) =>
  `${scope.centreId ? 'centre' : 'research'}${withoutTest ? ', no test' : ''}`;
const valuesOf = (scope: SubjectScope) => ({ researchId: scope.researchId, centreId: scope.centreId });

/** Live subjects of a scope by status (as countByStatus over subjectsWhere without number searches). */
export async function subjectTallyByStatus(db: Db, scope: SubjectScope, opts: { withoutTest?: boolean } = {}) {
  if (scope.empty) return new Map<string, number>();
  const rows = await preparedOnce(db, `subject tallies by status, ${shapeOf(scope, opts.withoutTest)}`, (d) =>
    d
      .select({ status: subjectTallies.status, n: sql<number>`sum(${subjectTallies.n})`.mapWith(Number) })
      .from(subjectTallies)
      .where(scopeOf(subjectTallies, scope, opts.withoutTest))
      .groupBy(subjectTallies.status),
  ).execute(valuesOf(scope));
  return new Map(rows.filter((r) => r.n !== 0).map((r) => [r.status, r.n]));
}

/** The number of live subjects of a scope, optionally of some statuses only. */
export async function subjectTallyTotal(db: Db, scope: SubjectScope, statusList?: readonly string[]): Promise<number> {
  const by = await subjectTallyByStatus(db, scope);
  return [...by.entries()].filter(([s]) => !statusList?.length || statusList.includes(s)).reduce((n, [, c]) => n + c, 0);
}

/** Live visits of live subjects of a scope by completed status, on time and overdue. */
export async function visitTallyByStatus(db: Db, scope: SubjectScope, opts: { withoutTest?: boolean } = {}) {
  if (scope.empty) return [];
  const t = subjectVisitTallies;
  const n = (when: SQL) => sql<number>`coalesce(sum(${t.n}) filter (where ${when}), 0)`.mapWith(Number);
  return preparedOnce(db, `visit tallies by status, ${shapeOf(scope, opts.withoutTest)}`, (d) =>
    d
      .select({ status: t.formCompletedStatus, overdue: n(sql`${t.overdue}`), onTime: n(sql`not ${t.overdue}`) })
      .from(t)
      .where(scopeOf(t, scope, opts.withoutTest))
      .groupBy(t.formCompletedStatus),
  ).execute(valuesOf(scope));
}

/** The live entries of a form in a scope (migration 0033), as countEntries counts them without a number search. */
export async function formEntryTallyTotal(db: Db, formId: string, scope: SubjectScope, withoutTest: boolean): Promise<number> {
  if (scope.empty) return 0;
  const t = formEntryTallies;
  const [row] = await preparedOnce(db, `form entry tallies, ${shapeOf(scope, withoutTest)}`, (d) =>
    d
      .select({ n: sql<number>`coalesce(sum(${t.n}), 0)`.mapWith(Number) })
      .from(t)
      .where(and(eq(t.formId, sql.placeholder('formId')), scopeOf(t, scope, withoutTest))),
  ).execute({ ...valuesOf(scope), formId });
  return row?.n ?? 0;
}

/** Folds the signed rows into one per key (one compaction at a time; the others return at once). */
export async function compactTallies(db: Db): Promise<void> {
  await db.execute(sql`select compact_subject_tallies()`);
}
