import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { subjects, subjectVisits, visits } from '../../src/platform/db/schema/index.js';
import { compactTallies, subjectTallyByStatus } from '../../src/modules/subjects/subject-tallies.repo.js';
import { call } from '../support/test-app.js';
import { daysAgo, makeSubject, makeSubjectVisit, setupSubjectApp } from '../support/subject-factories.js';

// The counts the writes keep (migration 0020, docs/subjects.md "Counts") against a count of the rows themselves,
// after every kind of change that moves a subject or a subject visit from one key to another.
const { t, w, db, as, site } = setupSubjectApp();

type Row = Record<string, unknown>;
const rowsOf = async (q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: Row[] }).rows;

const kept = () =>
  rowsOf(sql`select research_id, research_organisation_id, is_test, status, sum(n)::int as n from subject_tallies
             group by 1, 2, 3, 4 having sum(n) <> 0 order by 1, 2, 3, 4`);
const counted = () =>
  rowsOf(sql`select research_id, research_organisation_id, is_test, status, count(*)::int as n from subjects
             where deleted_at is null group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
const keptVisits = () =>
  rowsOf(sql`select research_id, research_organisation_id, is_test, form_completed_status, overdue, sum(n)::int as n
             from subject_visit_tallies group by 1, 2, 3, 4, 5 having sum(n) <> 0 order by 1, 2, 3, 4, 5`);
const countedVisits = () =>
  rowsOf(sql`select s.research_id, s.research_organisation_id, s.is_test, sv.form_completed_status,
                    subject_visit_overdue(sv.date, v.visit_type, v.day_number, v.day_plus, s.screen_date, s.randomization_date) as overdue,
                    count(*)::int as n
             from subject_visits sv join subjects s on s.id = sv.subject_id and s.deleted_at is null join visits v on v.id = sv.visit_id
             where sv.deleted_at is null group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);

async function expectTalliesMatch() {
  expect(await kept()).toEqual(await counted());
  expect(await keptVisits()).toEqual(await countedVisits());
}

let a: { id: string };
let b: { id: string };

beforeAll(async () => {
  const centre = { researchId: w.researchId, centreId: w.site.id };
  a = await makeSubject(db(), { ...centre, status: 'Screened' });
  b = await makeSubject(db(), { ...centre, status: 'Randomised' });
  await makeSubject(db(), { researchId: w.researchId, centreId: w.site2Centre.id, status: 'Started' });
  for (const s of [a, b]) {
    await makeSubjectVisit(db(), { subjectId: s.id, visitId: w.schedule.screening.id, date: daysAgo(60), status: 'Completed' });
    await makeSubjectVisit(db(), { subjectId: s.id, visitId: w.schedule.period.id, date: daysAgo(2), status: 'Started' });
  }
});

describe('the kept counts of subjects and subject visits', () => {
  it('start equal to a count of the rows, with overdue and on-time visits both present', async () => {
    await expectTalliesMatch();
    const overdue = (await keptVisits()).map((r) => r.overdue);
    expect(overdue).toContain(true);
    expect(overdue).toContain(false);
  });

  it('follow status changes, visit dates, schedules, centres, test marks, deletions and several rows in one statement', async () => {
    await db().update(subjectVisits).set({ formCompletedStatus: 'QaValidated' }).where(eq(subjectVisits.subjectId, a.id));
    await expectTalliesMatch();
    await db()
      .update(subjectVisits)
      .set({ date: daysAgo(1) })
      .where(eq(subjectVisits.visitId, w.schedule.screening.id));
    await expectTalliesMatch();
    // Randomising moves the subject's visits to another window.
    await db()
      .update(subjects)
      .set({ status: 'Randomised', randomizationDate: daysAgo(10), randomizationNumber: 'R-T-1' })
      .where(eq(subjects.id, a.id));
    await expectTalliesMatch();
    await db().update(visits).set({ dayNumber: 60, dayPlus: 5 }).where(eq(visits.id, w.schedule.period.id));
    await expectTalliesMatch();
    await db().update(subjects).set({ researchOrganisationId: w.site2Centre.id, isTest: true }).where(eq(subjects.id, b.id));
    await expectTalliesMatch();
    await db().update(subjectVisits).set({ deletedAt: new Date() }).where(eq(subjectVisits.subjectId, b.id));
    await expectTalliesMatch();
    await db().update(subjects).set({ status: 'Deleted', deletedAt: new Date() }).where(eq(subjects.id, a.id));
    await expectTalliesMatch();
    await db().delete(subjectVisits).where(eq(subjectVisits.subjectId, a.id));
    await expectTalliesMatch();
  });

  it('follow the API: enrolment, a visit, randomisation and deletion', async () => {
    const api = site();
    const created = await api.create({ screenDate: daysAgo(40) });
    await api.visit(created.id, w.schedule.screening.id, daysAgo(39));
    await expectTalliesMatch();
    await api.randomise(created.id);
    await api.visit(created.id, w.schedule.period.id, daysAgo(1));
    await expectTalliesMatch();
    const stat = await call(t.app, 'GET', `/Statistic/SubjectVisitsStatistic/${w.researchId}?withTestSubjects=true`, {
      token: as('qa'),
    });
    const visitsCounted = (await countedVisits()).filter((r) => r.research_id === w.researchId);
    expect(stat.body.data.onTime + stat.body.data.overdue).toBe(visitsCounted.reduce((n, r) => n + (r.n as number), 0));
    expect(stat.body.data.overdue).toBe(visitsCounted.filter((r) => r.overdue).reduce((n, r) => n + (r.n as number), 0));
  });

  it('keep their sums when compacted into one row per key', async () => {
    const before = { subjects: await kept(), visits: await keptVisits() };
    const rowsBefore = await rowsOf(sql`select count(*)::int as n from subject_visit_tallies`);
    await compactTallies(db());
    expect(await kept()).toEqual(before.subjects);
    expect(await keptVisits()).toEqual(before.visits);
    const rowsAfter = await rowsOf(sql`select count(*)::int as n from subject_visit_tallies`);
    expect(rowsAfter[0]!.n).toBeLessThan(rowsBefore[0]!.n as number);
    expect(rowsAfter[0]!.n).toBe(before.visits.length);
  });

  it('are read by a query built once per shape: other values get their own answer, a transaction its own view', async () => {
    // subjectTallyByStatus is prepared once per database handle and shape (platform/db/prepared-once.ts).
    const total = (m: Map<string, number>) => [...m.values()].reduce((n, c) => n + c, 0);
    const countOf = async (centreId: string) =>
      (
        await rowsOf(
          sql`select count(*)::int as n from subjects where research_organisation_id = ${centreId} and deleted_at is null`,
        )
      )[0]!.n as number;
    const site1 = await subjectTallyByStatus(db(), { researchId: w.researchId, centreId: w.site.id });
    const site2 = await subjectTallyByStatus(db(), { researchId: w.researchId, centreId: w.site2Centre.id });
    expect(total(site1)).toBe(await countOf(w.site.id));
    expect(total(site2)).toBe(await countOf(w.site2Centre.id));
    expect(total(site1)).not.toBe(total(site2));
    // Inside a transaction the same read sees the transaction's own subject, and the pool does not.
    const rolledBack = new Error('rolled back');
    await expect(
      db().transaction(async (tx) => {
        await makeSubject(tx, { researchId: w.researchId, centreId: w.site2Centre.id });
        expect(total(await subjectTallyByStatus(tx, { researchId: w.researchId, centreId: w.site2Centre.id }))).toBe(
          total(site2) + 1,
        );
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(total(await subjectTallyByStatus(db(), { researchId: w.researchId, centreId: w.site2Centre.id }))).toBe(total(site2));
  });
});
