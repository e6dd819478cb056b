import { beforeAll, describe, expect, it } from 'vitest';
import { makeResearch } from '../support/factories.js';
import { daysAgo, subjectsApi } from '../support/subject-factories.js';
import { call, callsAs, expectError } from '../support/test-app.js';
import { setupEntryApp } from './data-entry-support.js';
import { uniq } from './design-support.js';

// The journals (GET /SubjectsFormSection/Journal/Sections, /Journal/{id}/Columns, /Journal) and completing a
// section from one (docs/reports.md "Summary tables and journals").
const { t, w, d, as, db, extra } = setupEntryApp();
const tag = uniq('JRN').replace(/\W/g, '');
const made: { sections: any[]; fields: Record<string, any> }[] = [];

async function enrol(token: string, screeningNumber: string) {
  const s = subjectsApi(t.app, token);
  const subject = await s.create({ screenDate: daysAgo(10), screeningNumber });
  const sv = await s.visit(subject.id, w.schedule.screening.id, daysAgo(5));
  const form = await s.ok('POST', '/SubjectsForm', { formId: d.form.id, subjectVisitId: sv.id });
  const fields: Record<string, any> = {};
  for (const section of form.subjectFormSectionList) {
    for (const f of section.subjectFormFieldList) fields[f.formFieldId] = f;
  }
  return { sections: form.subjectFormSectionList, fields };
}

const journal = (token: string, query = '') =>
  call(t.app, 'GET', `/SubjectsFormSection/Journal?formSectionId=${d.section.id}&screeningNumber=${tag}${query}`, { token });

beforeAll(async () => {
  made.push(await enrol(as('sitePi'), `${tag}-2`));
  made.push(await enrol(as('sitePi'), `${tag}-1`));
  made.push(await enrol(w.site2.token, `${tag}-3`));
  await callsAs(t.app, as('sitePi')).ok('POST', '/ItemData', {
    subjectFormFieldId: made[1]!.fields[d.ff.number.id].id,
    data: '42',
  });
});

describe('GET /SubjectsFormSection/Journal/Sections and /Journal/{id}/Columns', () => {
  it("lists the research's sections by visit, form and section, and a section's visible fields", async () => {
    const list = (await call(t.app, 'GET', '/SubjectsFormSection/Journal/Sections', { token: as('sitePi') })).body.data as any[];
    expect(list.find((s) => s.formSectionId === d.section.id)).toMatchObject({
      sectionName: 'Main',
      formId: d.form.id,
      visitId: w.schedule.screening.id,
    });
    const columns = (await call(t.app, 'GET', `/SubjectsFormSection/Journal/${d.section2.id}/Columns`, { token: as('qa') })).body
      .data;
    expect(columns.sections.map((s: any) => s.id)).toEqual([d.section2.id]);
    expect(columns.columns.map((c: any) => c.formFieldId)).toEqual([d.extra.id]);
  });

  it('is for sites, test sites and QA only (403), and 404 for a section of another research', async () => {
    expect((await call(t.app, 'GET', '/SubjectsFormSection/Journal/Sections', { token: as('testSitePi') })).status).toBe(200);
    expect((await call(t.app, 'GET', '/SubjectsFormSection/Journal/Sections', { token: as('kio') })).status).toBe(403);
    expect((await call(t.app, 'GET', '/SubjectsFormSection/Journal/Sections', { token: as('manager') })).status).toBe(403);
    const other = await makeResearch(db());
    expectError(
      await call(t.app, 'GET', `/SubjectsFormSection/Journal/${other.id}/Columns`, { token: as('qa') }),
      404,
      'not_found',
      'id',
    );
  });
});

describe('GET /SubjectsFormSection/Journal', () => {
  it('pages the section across subjects by screening number with its values and state', async () => {
    const res = await journal(as('qa'), '&pageSize=10');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totalCount).toBe(3);
    expect(res.body.data.map((e: any) => e.screeningNumber)).toEqual([`${tag}-1`, `${tag}-2`, `${tag}-3`]);
    const [first] = res.body.data;
    expect(first.values[d.ff.number.id]).toBe('42');
    expect(first.values[d.extra.id]).toBeUndefined();
    expect(first.sections).toHaveLength(1);
    expect(first.sections[0]).toMatchObject({ formSectionId: d.section.id, isComplete: false, version: 1 });
    // QA reads but does not complete.
    expect(res.body.data.every((e: any) => e.canComplete === false)).toBe(true);
  });

  it("keeps a site to its own centre and lets its permitted roles complete, not a nurse outside the form's roles", async () => {
    const own = await journal(as('sitePi'));
    expect(own.body.data.map((e: any) => [e.screeningNumber, e.canComplete])).toEqual([
      [`${tag}-1`, true],
      [`${tag}-2`, true],
    ]);
    const site2 = await journal(w.site2.token);
    expect(site2.body.data.map((e: any) => e.screeningNumber)).toEqual([`${tag}-3`]);
    const nurse = await journal(extra.nurse.token);
    expect(nurse.body.data.every((e: any) => e.canComplete === false)).toBe(true);
  });

  it('shows a section completed through the journal row', async () => {
    const pi = callsAs(t.app, as('sitePi'));
    const [row] = (await journal(as('sitePi'))).body.data;
    const section = row.sections[0];
    await pi.ok('POST', `/SubjectsFormSection/${section.id}/ChangeStatus`, { status: 'Completed', version: section.version });
    await pi.ok('POST', `/SubjectsFormSection/${section.id}/Complete`, { version: section.version + 1, date: null });
    const after = (await journal(as('sitePi'))).body.data[0].sections[0];
    expect(after).toMatchObject({ id: section.id, status: 'Completed', isComplete: true });
    expect(after.completeDate).toEqual(expect.any(String));
  });

  it('names the field of a bad request (400) and refuses callers without journals (403)', async () => {
    expectError(await call(t.app, 'GET', '/SubjectsFormSection/Journal', { token: as('qa') }), 400, 'required', 'formSectionId');
    expect((await journal(as('qa'), '&page=0')).body.errors[0].path).toBe('page');
    expect((await journal(as('kio'))).status).toBe(403);
    const other = await makeResearch(db());
    expectError(
      await call(t.app, 'GET', `/SubjectsFormSection/Journal?formSectionId=${other.id}`, { token: as('qa') }),
      404,
      'not_found',
      'formSectionId',
    );
  });
});
