import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/test-app.js';
import { makeSubject, setupSubjectApp } from '../support/subject-factories.js';

// Pages in the second half of the matrix are read from the end (subjects.repo.ts listSubjects): every page, in
// every order, must hold what the whole list in one page holds at its place (docs/subjects.md "At scale").
const { t, w, db, as } = setupSubjectApp();

beforeAll(async () => {
  const centre = { researchId: w.researchId, centreId: w.site.id };
  const statuses = ['Started', 'Randomised', 'Screened', 'Randomised', 'End', 'Failed', 'Randomised'] as const;
  for (let i = 0; i < 33; i++) {
    await makeSubject(db(), { ...centre, status: statuses[i % statuses.length], screeningNumber: `D-${(i * 7) % 33}` });
  }
});

const ids = async (query: string) => {
  const res = await call(t.app, 'GET', `/Subjects?${query}`, { token: as('qa') });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ids: (res.body.data as { id: string }[]).map((s) => s.id), total: res.body.totalCount as number };
};

describe('GET /Subjects, deep pages', () => {
  for (const sort of [
    '',
    'sortByScrNumber=asc',
    'sortByScrNumber=desc',
    'sortByRandNumber=asc',
    'sortByRandNumber=desc',
    'sortByIdentNumber=desc',
  ]) {
    for (const filter of ['', 'statusList=Randomised', 'screeningNumber=D-']) {
      it(`hold each page in place (${sort || 'enrolment order'}${filter ? `, ${filter}` : ''})`, async () => {
        const all = await ids(`PageSize=50&${sort}&${filter}`);
        expect(all.ids.length).toBe(all.total);
        const paged: string[] = [];
        for (let page = 1; page <= Math.ceil(all.total / 10); page++) {
          const one = await ids(`Page=${page}&PageSize=10&${sort}&${filter}`);
          expect(one.total).toBe(all.total);
          paged.push(...one.ids);
        }
        expect(paged).toEqual(all.ids);
        expect((await ids(`Page=${Math.ceil(all.total / 10) + 1}&PageSize=10&${sort}&${filter}`)).ids).toEqual([]);
      });
    }
  }
});
