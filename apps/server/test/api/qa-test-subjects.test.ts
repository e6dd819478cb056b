import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { subjects } from '../../src/platform/db/schema/index.js';
import { rowsOf, subjectWhere, type ExportScope } from '../../src/modules/data-exchange/export/export-scope.js';
import { call } from '../support/test-app.js';
import { makeCentre, makeResearch } from '../support/factories.js';
import {
  daysAgo,
  makeEmployee,
  makeSubject,
  makeSubjectVisit,
  makeVisit,
  setupSubjectApp,
  subjectsApi,
} from '../support/subject-factories.js';

/** The test phase (docs/qa-validation.md "Test data"): test sites' subjects are marked and kept apart. */
const { t, db, as, site } = setupSubjectApp();

describe('test subjects', () => {
  it('are the subjects a test site enters, marked as such for good', async () => {
    const test = await subjectsApi(t.app, as('testSitePi')).create();
    const real = await site().create();
    expect(test.isTest).toBe(true);
    expect(real.isTest).toBe(false);
    const [row] = await db().select({ isTest: subjects.isTest }).from(subjects).where(eq(subjects.id, test.id));
    expect(row!.isTest).toBe(true);
  });

  /** A research with a site and a test site, one subject each with one visit done on time. */
  async function twoSites() {
    const research = await makeResearch(db());
    const siteCentre = await makeCentre(db(), { researchId: research.id, type: 'Site', number: 'A' });
    const testCentre = await makeCentre(db(), { researchId: research.id, type: 'TestSite', number: 'T' });
    const qaCentre = await makeCentre(db(), { researchId: research.id, type: 'Qa', number: 'Q' });
    const qa = await makeEmployee(t.app, db(), qaCentre, 'SpecialistQa');
    const screening = await makeVisit(db(), research.id, { visitType: 'Screening' });
    const real = await makeSubject(db(), { researchId: research.id, centreId: siteCentre.id, screenDate: daysAgo(10) });
    const test = await makeSubject(db(), { researchId: research.id, centreId: testCentre.id, screenDate: daysAgo(10) });
    await db().update(subjects).set({ isTest: true }).where(eq(subjects.id, test.id));
    for (const s of [real, test]) {
      await makeSubjectVisit(db(), { subjectId: s.id, visitId: screening.id, date: daysAgo(10), status: 'Completed' });
    }
    return { research, qa, siteCentre, testCentre, real, test };
  }

  it('are left out of the visit statistic unless asked for', async () => {
    const w = await twoSites();
    const url = `/Statistic/SubjectVisitsStatistic/${w.research.id}`;
    const plain = await call(t.app, 'GET', url, { token: w.qa.token });
    expect(plain.status).toBe(200);
    expect(plain.body.data.onTime + plain.body.data.overdue).toBe(1);
    const all = await call(t.app, 'GET', `${url}?withTestSubjects=true`, { token: w.qa.token });
    expect(all.body.data.onTime + all.body.data.overdue).toBe(2);
    const bad = await call(t.app, 'GET', `${url}?withTestSubjects=maybe`, { token: w.qa.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('withTestSubjects');
  });

  it('are left out of the subjects statistic unless asked for', async () => {
    const w = await twoSites();
    const url = `/Statistic/SubjectStatistic/${w.research.id}`;
    const plain = await call(t.app, 'GET', url, { token: w.qa.token });
    expect(plain.status).toBe(200);
    expect(plain.body.data.subjectCount).toBe(1);
    const all = await call(t.app, 'GET', `${url}?withTestSubjects=true`, { token: w.qa.token });
    expect(all.body.data.subjectCount).toBe(2);
  });

  it('are left out of dataset exports unless asked for (the subjects filter every export reads through)', async () => {
    const w = await twoSites();
    const scope = (withTestSubjects: boolean): ExportScope => ({
      researchId: w.research.id,
      centreIds: null,
      visitIds: null,
      formIds: [],
      formStatus: 'All',
      withTestSubjects,
    });
    const ids = async (withTest: boolean) =>
      (await rowsOf<{ id: string }>(db(), sql`select s.id from subjects s where ${subjectWhere(scope(withTest))}`)).map(
        (r) => r.id,
      );
    expect(await ids(false)).toEqual([w.real.id]);
    expect((await ids(true)).sort()).toEqual([w.real.id, w.test.id].sort());
  });
});
