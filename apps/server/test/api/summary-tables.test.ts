import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { formFields, subjectFormFields, subjectForms, subjectFormSections } from '../../src/platform/db/schema/index.js';
import { formCompletedStatus } from '@edc/domain';
import { makeResearch } from '../support/factories.js';
import { daysAgo, subjectsApi } from '../support/subject-factories.js';
import { call, callsAs, expectError } from '../support/test-app.js';
import { compactTallies } from '../../src/modules/subjects/subject-tallies.repo.js';
import { setupEntryApp } from './data-entry-support.js';
import { uniq } from './design-support.js';

// The summary tables (GET /Summary/Forms, /Summary/Forms/{id}, /SubjectsForm/ByForm) on entries made here:
// three subjects of site 01, one of site 02 and one of the test site, each with the all-types form
// (docs/reports.md "Summary tables and journals").
const { t, w, d, as, db } = setupEntryApp();
const tag = uniq('SUM').replace(/\W/g, '');
const entries: { subjectFormId: string; fields: Record<string, any>; main: any }[] = [];

async function enrol(token: string, screeningNumber: string) {
  const s = subjectsApi(t.app, token);
  const subject = await s.create({ screenDate: daysAgo(10), screeningNumber });
  const sv = await s.visit(subject.id, w.schedule.screening.id, daysAgo(5));
  const form = await s.ok('POST', '/SubjectsForm', { formId: d.form.id, subjectVisitId: sv.id });
  const fields: Record<string, any> = {};
  for (const section of form.subjectFormSectionList) {
    for (const f of section.subjectFormFieldList) fields[f.formFieldId] = f;
  }
  return { subjectFormId: form.id as string, fields, main: form.subjectFormSectionList[0] };
}

const rowsOf = async (q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: unknown[] }).rows;
// The kept keys beside the keys made afresh from the subject forms, their subjects and visits.
const keptKeys = () =>
  rowsOf(sql`select subject_form_id, research_organisation_id, is_test, screening_number, subject_id,
                    visit_repeat_index, visit_date::text as visit_date, repeated_index
             from form_entry_order where form_id = ${d.form.id} order by subject_form_id`);
const madeKeys = () =>
  rowsOf(sql`select sf.id as subject_form_id, s.research_organisation_id, s.is_test, s.screening_number,
                    s.id as subject_id, sv.repeat_index as visit_repeat_index, sv.date::text as visit_date, sf.repeated_index
             from subject_forms sf join subjects s on s.id = sf.subject_id and s.deleted_at is null
             join subject_visits sv on sv.id = sf.subject_visit_id and sv.deleted_at is null
             where sf.form_id = ${d.form.id} and sf.deleted_at is null order by sf.id`);

const byForm = (token: string, query: string) =>
  call(t.app, 'GET', `/SubjectsForm/ByForm?formId=${d.form.id}${query}`, { token });

beforeAll(async () => {
  // The file field is hidden by the design: no column for it.
  await db().update(formFields).set({ isHidden: true }).where(eq(formFields.id, d.ff.file.id));
  for (const n of ['3', '1', '2']) entries.push(await enrol(as('sitePi'), `${tag}-${n}`));
  entries.push(await enrol(w.site2.token, `${tag}-4`));
  entries.push(await enrol(as('testSitePi'), `${tag}-5`));
  const pi = callsAs(t.app, as('sitePi'));
  const first = entries[1]!; // screening number -1
  await pi.ok('POST', '/ItemData', { subjectFormFieldId: first.fields[d.ff.number.id].id, data: '70.5' });
  await pi.ok('POST', '/ItemData', { subjectFormFieldId: first.fields[d.ff.checkbox.id].id, data: 'true' });
  await pi.ok('POST', '/ItemData', { subjectFormFieldId: first.fields[d.ff.text.id].id, data: 'AB1' });
  await pi.ok('POST', '/SubjectsFormSection/' + first.main.id + '/ChangeStatus', {
    status: 'NotCompleted',
    message: 'Не проводилось',
    version: 1,
  });
});

describe('GET /Summary/Forms', () => {
  it('lists the research forms by visit index then form index, marking the repeating ones', async () => {
    const res = await call(t.app, 'GET', '/Summary/Forms', { token: as('qa') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = res.body.data as any[];
    const all = list.find((f) => f.id === d.form.id);
    expect(all).toMatchObject({
      title: d.form.title,
      repeating: false,
      visitId: w.schedule.screening.id,
      visitTitle: 'Screening',
    });
    expect(list.find((f) => f.id === d.repeating.id).repeating).toBe(true);
    const keys = list.map((f) => [f.visitIndex, f.index]);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
  });

  it('is refused without the summary screen (403) and to anonymous callers (401)', async () => {
    expect((await call(t.app, 'GET', '/Summary/Forms', { token: as('testSitePi') })).status).toBe(403);
    expect((await call(t.app, 'GET', '/Summary/Forms', { token: as('outsider') })).status).toBe(403);
    expect((await call(t.app, 'GET', '/Summary/Forms', {})).status).toBe(401);
  });
});

describe('GET /Summary/Forms/{id}', () => {
  it('gives the sections and a column per field the design does not hide, required and units marked', async () => {
    const layout = (await call(t.app, 'GET', `/Summary/Forms/${d.form.id}`, { token: as('kio') })).body.data;
    expect(layout.sections.map((s: any) => s.sectionName)).toEqual(['Main', 'Extra']);
    const ids = layout.columns.map((c: any) => c.formFieldId);
    expect(ids).not.toContain(d.ff.file.id);
    expect(ids).toContain(d.extra.id);
    expect(layout.columns.find((c: any) => c.formFieldId === d.ff.number.id)).toMatchObject({
      fieldType: 'Number',
      isRequired: true,
    });
    expect(layout.columns.find((c: any) => c.formFieldId === d.ff.text.id).isRequired).toBe(false);
  });

  it('answers 404 for a form of another research and 400 for a malformed id', async () => {
    const other = await makeResearch(db());
    expectError(await call(t.app, 'GET', `/Summary/Forms/${other.id}`, { token: as('qa') }), 404, 'not_found', 'id');
    expect((await call(t.app, 'GET', '/Summary/Forms/nope', { token: as('qa') })).status).toBe(400);
  });
});

describe('GET /SubjectsForm/ByForm', () => {
  it('pages the entries by screening number, test subjects left out unless asked for', async () => {
    const page1 = await byForm(as('qa'), `&page=1&pageSize=2&screeningNumber=${tag}`);
    expect(page1.status, JSON.stringify(page1.body)).toBe(200);
    expect(page1.body).toMatchObject({ page: 1, pageSize: 2, totalCount: 4 });
    expect(page1.body.data.map((e: any) => e.screeningNumber)).toEqual([`${tag}-1`, `${tag}-2`]);
    const page2 = await byForm(as('qa'), `&page=2&pageSize=2&screeningNumber=${tag}`);
    expect(page2.body.data.map((e: any) => e.screeningNumber)).toEqual([`${tag}-3`, `${tag}-4`]);
    const withTest = await byForm(as('qa'), `&withTestSubjects=true&screeningNumber=${tag}`);
    expect(withTest.body.totalCount).toBe(5);
  });

  it('gives the entry its status, index, current values (hidden and empty fields absent) and section states', async () => {
    const [entry] = (await byForm(as('qa'), `&pageSize=10&screeningNumber=${tag}-1`)).body.data;
    expect(entry).toMatchObject({ subjectFormId: entries[1]!.subjectFormId, formIndex: 1, status: 'Started' });
    expect(entry.values[d.ff.number.id]).toBe('70.5');
    expect(entry.values[d.ff.checkbox.id]).toBe('true');
    expect(entry.values[d.ff.text.id]).toBe('AB1');
    // The select's child is hidden (its parent is not 'Да'), the date is empty, the file has no column.
    expect(entry.values).not.toHaveProperty(d.ff.child.id);
    expect(entry.values).not.toHaveProperty(d.ff.date.id);
    expect(entry.values).not.toHaveProperty(d.ff.file.id);
    const main = entry.sections.find((s: any) => s.formSectionId === d.section.id);
    expect(main).toMatchObject({ status: 'NotCompleted', statusMessage: 'Не проводилось', isComplete: false });
  });

  it('follows a changed and a cleared value (the current value the item_data triggers keep)', async () => {
    const pi = callsAs(t.app, as('sitePi'));
    const entry = entries[2]!; // screening number -2
    const number = entry.fields[d.ff.number.id].id;
    const text = entry.fields[d.ff.text.id].id;
    const first = (await pi.ok('POST', '/ItemData', { subjectFormFieldId: number, data: '10' })).itemData;
    await pi.ok('POST', '/ItemData/WithReason', {
      subjectFormFieldId: number,
      data: '11.5',
      currentItemDataId: first.id,
      reasonForChange: 'Ошибка ввода',
    });
    const typed = (await pi.ok('POST', '/ItemData', { subjectFormFieldId: text, data: 'AB2' })).itemData;
    await pi.ok('POST', `/ItemData/${text}/Clean`, { reasonForChange: 'Ошибка ввода', currentItemDataId: typed.id });
    const [after] = (await byForm(as('qa'), `&screeningNumber=${tag}-2`)).body.data;
    expect(after.values[d.ff.number.id]).toBe('11.5');
    expect(after.values).not.toHaveProperty(d.ff.text.id);
    // The history stays in item_data (both rows of each field), only the current value moved.
    expect((await pi.ok('GET', `/ItemData?subjectFormFieldId=${number}`)).map((h: any) => h.data)).toEqual(['11.5', '10']);

    // item_data refuses updates and deletes; were a repair to delete the newest row (the refusal disabled),
    // the field's current value would fall back to the row before it. Rolled back.
    const current = async (id: string) =>
      (await db().select({ data: subjectFormFields.currentData }).from(subjectFormFields).where(eq(subjectFormFields.id, id)))[0]!
        .data;
    const rollback = new Error('rollback');
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`alter table item_data disable trigger item_data_no_update_delete`);
        await tx.execute(sql`delete from item_data where subject_form_field_id = ${number} and data = '11.5'`);
        const [inside] = await tx
          .select({ data: subjectFormFields.currentData })
          .from(subjectFormFields)
          .where(eq(subjectFormFields.id, number));
        expect(inside!.data).toBe('10');
        await tx.execute(sql`update item_data set data = '12' where subject_form_field_id = ${number}`);
        const [updated] = await tx
          .select({ data: subjectFormFields.currentData })
          .from(subjectFormFields)
          .where(eq(subjectFormFields.id, number));
        expect(updated!.data).toBe('12');
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await current(number)).toBe('11.5');
  });

  it("keeps a site to its own centre: site 02 sees none of site 01's entries", async () => {
    const own = await byForm(w.site2.token, `&screeningNumber=${tag}`);
    expect(own.body.data.map((e: any) => e.screeningNumber)).toEqual([`${tag}-4`]);
    const other = await byForm(w.site2.token, `&researchOrganisationId=${w.site.id}&screeningNumber=${tag}`);
    expect(other.body.totalCount).toBe(0);
    const site1 = await byForm(as('qa'), `&researchOrganisationId=${w.site.id}&screeningNumber=${tag}`);
    expect(site1.body.totalCount).toBe(3);
  });

  it('totals and orders the entries from the kept counts and keys, as the entries themselves would', async () => {
    // form_entry_tallies (migration 0033) and form_entry_order (0034) against the entries themselves, after changes
    // of every kind.
    const counted = async (opts: { centre?: string; withTest?: boolean } = {}) => {
      const res = (await db().execute(sql`
        select count(*)::int as n from subject_forms sf
        join subjects s on s.id = sf.subject_id and s.deleted_at is null
        join subject_visits sv on sv.id = sf.subject_visit_id and sv.deleted_at is null
        where sf.form_id = ${d.form.id} and sf.deleted_at is null
          and (${opts.centre ?? null}::uuid is null or s.research_organisation_id = ${opts.centre ?? null}::uuid)
          and (${opts.withTest ?? false} or not s.is_test)`)) as unknown as { rows: { n: number }[] };
      return res.rows[0]!.n;
    };
    const totals = async () => ({
      qa: (await byForm(as('qa'), '')).body.totalCount,
      withTest: (await byForm(as('qa'), '&withTestSubjects=true')).body.totalCount,
      site1: (await byForm(as('qa'), `&researchOrganisationId=${w.site.id}`)).body.totalCount,
      site2Own: (await byForm(w.site2.token, '')).body.totalCount,
    });
    const expected = async () => ({
      qa: await counted(),
      withTest: await counted({ withTest: true }),
      site1: await counted({ centre: w.site.id }),
      site2Own: await counted({ centre: w.site2Centre.id }),
    });
    // The entries as the API pages them (pages of 2, so that the second half is read from the end) beside the order
    // of the entries themselves.
    const paged = async () => {
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const res = await byForm(as('qa'), `&withTestSubjects=true&pageSize=2&page=${page}`);
        ids.push(...res.body.data.map((e: any) => e.subjectFormId));
        if (page * 2 >= res.body.totalCount) return ids;
      }
    };
    const ordered = async () =>
      (
        (await rowsOf(sql`select sf.id from subject_forms sf join subjects s on s.id = sf.subject_id and s.deleted_at is null
                          join subject_visits sv on sv.id = sf.subject_visit_id and sv.deleted_at is null
                          where sf.form_id = ${d.form.id} and sf.deleted_at is null
                          order by s.screening_number, s.id, sv.repeat_index, sv.date, sf.repeated_index, sf.id`)) as {
          id: string;
        }[]
      ).map((r) => r.id);
    const agree = async () => {
      expect(await totals()).toEqual(await expected());
      expect(await keptKeys()).toEqual(await madeKeys());
      expect(await paged()).toEqual(await ordered());
    };
    const before = await totals();
    await agree();
    expect(before.withTest).toBe(before.qa + 1);
    expect((await keptKeys()).length).toBe(before.withTest);

    // A subject deleted through the API takes its entry out; a subject moved to site 02, a visit deleted and a
    // form deleted, as a repair might, move or drop theirs.
    const gone = await enrol(as('sitePi'), `${uniq('SUMD')}-1`);
    expect((await totals()).qa).toBe(before.qa + 1);
    const subjectOf = async (subjectFormId: string) =>
      ((await db().execute(sql`select subject_id, subject_visit_id from subject_forms where id = ${subjectFormId}`)) as any)
        .rows[0];
    const g = await subjectOf(gone.subjectFormId);
    const del = await call(t.app, 'DELETE', `/Subjects/${g.subject_id}`, { token: as('sitePi') });
    expect(del.status, JSON.stringify(del.body)).toBeLessThan(300);
    expect(await totals()).toEqual(before);
    await agree();

    const moved = await subjectOf(entries[0]!.subjectFormId);
    await db()
      .execute(sql`update subjects set research_organisation_id = ${w.site2Centre.id}, identification_seq = identification_seq + 100000
                        where id = ${moved.subject_id}`);
    await agree();
    expect((await totals()).site2Own).toBe(before.site2Own + 1);
    await db().execute(sql`update subject_visits set deleted_at = now() where id = ${moved.subject_visit_id}`);
    await agree();
    await db().execute(sql`update subject_visits set deleted_at = null where id = ${moved.subject_visit_id}`);
    await db()
      .execute(sql`update subjects set research_organisation_id = ${w.site.id}, identification_seq = identification_seq - 100000
                        where id = ${moved.subject_id}`);
    expect(await totals()).toEqual(before);
    await db().execute(sql`update subject_forms set deleted_at = now() where id = ${entries[0]!.subjectFormId}`);
    expect((await totals()).qa).toBe(before.qa - 1);
    await agree();
    await db().execute(sql`update subject_forms set deleted_at = null where id = ${entries[0]!.subjectFormId}`);
    await agree();

    // Renumbered (first to last), its visit re-dated, made a test subject and back: the entry moves in the order.
    const renumbered = await subjectOf(entries[1]!.subjectFormId);
    const number = (
      (await rowsOf(sql`select screening_number from subjects where id = ${renumbered.subject_id}`)) as {
        screening_number: string;
      }[]
    )[0]!.screening_number;
    await db().execute(sql`update subjects set screening_number = ${`${tag}-9`} where id = ${renumbered.subject_id}`);
    await agree();
    expect((await paged()).indexOf(entries[1]!.subjectFormId)).toBeGreaterThan(
      (await paged()).indexOf(entries[0]!.subjectFormId),
    );
    await db().execute(sql`update subject_visits set date = date - 1 where id = ${renumbered.subject_visit_id}`);
    await db().execute(sql`update subjects set is_test = true where id = ${renumbered.subject_id}`);
    await agree();
    await db().execute(
      sql`update subjects set is_test = false, screening_number = ${number} where id = ${renumbered.subject_id}`,
    );
    await db().execute(sql`update subject_visits set date = date + 1 where id = ${renumbered.subject_visit_id}`);
    await agree();
    // Folded into one row per key, the same totals.
    await compactTallies(db());
    expect(await totals()).toEqual(before);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'keeps the order keys right when a subject is renamed while its visit is deleted in another transaction',
    async () => {
      const [entry] = (await rowsOf(
        sql`select subject_id, subject_visit_id from subject_forms where id = ${entries[2]!.subjectFormId}`,
      )) as { subject_id: string; subject_visit_id: string }[];
      const { subject_id: subjectId, subject_visit_id: visitId } = entry!;
      const [rename, remove] = [new pg.Client({ connectionString: t.url }), new pg.Client({ connectionString: t.url })];
      await rename.connect();
      await remove.connect();
      try {
        await rename.query('begin');
        await rename.query('update subjects set screening_number = $1 where id = $2', [`${tag}-8`, subjectId]);
        await remove.query('begin');
        const removed = remove.query('update subject_visits set deleted_at = now() where id = $1', [visitId]);
        // The second waits for the first (on the subject's row, or without the turn on the entry's old row).
        for (let i = 0; i < 100; i++) {
          const { rows } = await rename.query('select wait_event_type from pg_stat_activity where pid = $1', [
            (remove as unknown as { processID: number }).processID,
          ]);
          if (rows[0]?.wait_event_type === 'Lock') break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await rename.query('commit');
        await removed;
        await remove.query('commit');
        expect(await keptKeys()).toEqual(await madeKeys());
      } finally {
        await db().execute(sql`update subject_visits set deleted_at = null where id = ${visitId}`);
        await db().execute(sql`update subjects set screening_number = ${`${tag}-2`} where id = ${subjectId}`);
        await rename.end();
        await remove.end();
      }
      expect(await keptKeys()).toEqual(await madeKeys());
    },
  );

  it('reads a page in the second half from the end, in the same order as from the start', async () => {
    const all = (await byForm(as('qa'), '&withTestSubjects=true&pageSize=50')).body;
    expect(all.totalCount).toBeGreaterThanOrEqual(5);
    const order = all.data.map((e: any) => e.subjectFormId);
    const paged: string[] = [];
    for (let page = 1; (page - 1) * 2 < all.totalCount; page++) {
      const res = await byForm(as('qa'), `&withTestSubjects=true&pageSize=2&page=${page}`);
      expect(res.body.totalCount).toBe(all.totalCount);
      paged.push(...res.body.data.map((e: any) => e.subjectFormId));
    }
    expect(paged).toEqual(order);
    // A page past the end is empty.
    const past = await byForm(as('qa'), `&withTestSubjects=true&pageSize=2&page=${Math.ceil(all.totalCount / 2) + 1}`);
    expect(past.body.data).toEqual([]);
  });

  it('names the field of a bad request (400) and answers 404 for a form of another research', async () => {
    expectError(await call(t.app, 'GET', '/SubjectsForm/ByForm', { token: as('qa') }), 400, 'required', 'formId');
    expect((await byForm(as('qa'), '&pageSize=0')).body.errors[0].path).toBe('pageSize');
    const other = await makeResearch(db());
    expectError(
      await call(t.app, 'GET', `/SubjectsForm/ByForm?formId=${other.id}`, { token: as('qa') }),
      404,
      'not_found',
      'formId',
    );
    expect((await byForm(as('testSitePi'), '')).status).toBe(403);
  });

  it('writes each status as the domain does, every value as sent and section instants as toISOString does', async () => {
    // The entry's JSON is PostgreSQL's (form-entry-json.sql.ts): its status rule against formCompletedStatus.
    const entry = entries[0]!;
    for (let bits = 0; bits < 16; bits++) {
      const flags = { isComplete: !!(bits & 1), qaValidate: !!(bits & 2), dmValidate: !!(bits & 4), kioValidate: !!(bits & 8) };
      await db().update(subjectForms).set(flags).where(eq(subjectForms.id, entry.subjectFormId));
      const page = await byForm(as('qa'), `&screeningNumber=${tag}-3`);
      expect(
        page.body.data.map((e: any) => e.status),
        JSON.stringify(flags),
      ).toEqual([formCompletedStatus(flags)]);
    }
    await db()
      .update(subjectForms)
      .set({ isComplete: false, qaValidate: false, dmValidate: false, kioValidate: false })
      .where(eq(subjectForms.id, entry.subjectFormId));
    const text = 'кавычки "x" \\ и\nстрока\t😀';
    await callsAs(t.app, as('sitePi')).ok('POST', '/ItemData', { subjectFormFieldId: entry.fields[d.extra.id].id, data: text });
    const completedAt = new Date('2026-02-03T04:05:06.789Z');
    await db()
      .update(subjectFormSections)
      .set({ isComplete: true, completeDate: completedAt })
      .where(eq(subjectFormSections.id, entry.main.id));
    const [read] = (await byForm(as('qa'), `&screeningNumber=${tag}-3`)).body.data;
    expect(read.values[d.extra.id]).toBe(text);
    const main = read.sections.find((x: any) => x.id === entry.main.id);
    expect(main).toMatchObject({ isComplete: true, completeDate: completedAt.toISOString() });
    await db()
      .update(subjectFormSections)
      .set({ isComplete: false, completeDate: null })
      .where(eq(subjectFormSections.id, entry.main.id));
  });
});
