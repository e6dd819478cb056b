import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { documents, users } from '../../src/platform/db/schema/index.js';
import { scheduleJob } from '../../src/modules/time-points/schedule.job.js';
import type { JobContext } from '../../src/platform/jobs/jobs.js';
import { matrix } from '../support/cast.js';
import { callsAs, expectError } from '../support/test-app.js';
import { daysAgo, setupSubjectApp, subjectsApi } from '../support/subject-factories.js';
import { auditActions, designApi, uniq } from './design-support.js';

/**
 * Time points (docs/time-points.md; spec design-and-admin sections 3, 5, 7; operations sections 3, 5, 7):
 * the settings (points and deviations, with their checks, permissions and audit), the staffing forecast on
 * a worked example, the scheduled activities report made in the background, a subject visit's time points
 * and the entry check of a value against its point's window.
 *
 * The design, on the subject world's screening visit: a form with a dose (DateTime, the visit's start
 * point, 5 minutes), PK1 (DateTime, 2 minutes, 30 ± 5 minutes after the dose), PK2 (DateTime, 2 minutes,
 * 30 ± 5 minutes after PK1), a night check (Time, one hour ± 15 minutes after the dose), a free Time field
 * and a text field; a repeating form with one more DateTime point (two hours ± 10 minutes after the dose).
 */

// A worker runs the schedules' jobs.
const s = setupSubjectApp({ JOB_WORKERS: '1' });
const api = (token: string) => callsAs(s.t.app, token);
const admin = () => api(s.as('admin'));
const pi = () => api(s.as('sitePi'));

const d = {} as {
  visitId: string;
  otherVisitId: string;
  form: { id: string; title: string };
  repeatForm: { id: string; title: string };
  ff: Record<'dose' | 'pk1' | 'pk2' | 'night' | 'freeTime' | 'text' | 'rep' | 'otherVisit', { id: string; text: string }>;
  tp: Record<'dose' | 'pk1' | 'pk2' | 'night' | 'rep', any>;
};

const point = (formFieldId: string, duration: string, over: Record<string, unknown> = {}) =>
  admin().ok('POST', '/TimePoints', { formFieldId, duration, description: null, ...over });
const deviation = (timePointId: string, startTimePointId: string, dev: string, plusMinus: string) =>
  admin().ok('POST', '/TimeDeviations', {
    timePointId,
    startTimePointId,
    deviation: dev,
    deviationPlus: plusMinus,
    deviationMinus: plusMinus,
  });

beforeAll(async () => {
  const design = designApi(s.t.app, s.as('admin'));
  d.visitId = s.w.schedule.screening.id;
  d.otherVisitId = s.w.schedule.period.id;
  const type = await design.formType();
  const def = (fieldType: string) => design.field(type.id, { fieldType });
  const [dateTime, time, text] = [await def('DateTime'), await def('Time'), await def('Text')];
  d.form = await design.form(d.visitId, type.id, { title: uniq('PK form') });
  const section = await design.section(d.form.id, { sectionName: 'Times' });
  const ff = {} as typeof d.ff;
  ff.dose = await design.formField(section.id, dateTime.id, { text: 'Dose' });
  ff.pk1 = await design.formField(section.id, dateTime.id, { text: 'PK1' });
  ff.pk2 = await design.formField(section.id, dateTime.id, { text: 'PK2' });
  ff.night = await design.formField(section.id, time.id, { text: 'Night check' });
  ff.freeTime = await design.formField(section.id, time.id, { text: 'Free time' });
  ff.text = await design.formField(section.id, text.id, { text: 'Note' });
  d.repeatForm = await design.form(d.visitId, type.id, { title: uniq('PK repeat'), repeating: true });
  const repeatSection = await design.section(d.repeatForm.id, { sectionName: 'Repeat' });
  ff.rep = await design.formField(repeatSection.id, dateTime.id, { text: 'Repeat draw' });
  const otherForm = await design.form(d.otherVisitId, type.id);
  ff.otherVisit = await design.formField((await design.section(otherForm.id)).id, dateTime.id, { text: 'Elsewhere' });
  d.ff = ff;
  d.tp = {
    dose: await point(ff.dose.id, '00:05:00', { isVisitStartPoint: true, description: 'Приём препарата' }),
    pk1: await point(ff.pk1.id, '00:02:00', { description: 'Забор крови 1' }),
    pk2: await point(ff.pk2.id, '00:02:00'),
    night: await point(ff.night.id, '00:01:00'),
    rep: await point(ff.rep.id, '00:01:00'),
  };
  await deviation(d.tp.pk1.id, d.tp.dose.id, '00:30:00', '00:05:00');
  await deviation(d.tp.pk2.id, d.tp.pk1.id, '00:30:00', '00:05:00');
  await deviation(d.tp.night.id, d.tp.dose.id, '01:00:00', '00:15:00');
  await deviation(d.tp.rep.id, d.tp.dose.id, '02:00:00', '00:10:00');
});

/** Runs `work` while the admin reads English (a user's own language wins over Accept-Language). */
async function adminInEnglish<T>(work: () => Promise<T>): Promise<T> {
  const db = s.db();
  await db.update(users).set({ language: 'en' }).where(eq(users.id, s.w.callers.admin.userId));
  try {
    return await work();
  } finally {
    await db.update(users).set({ language: 'ru' }).where(eq(users.id, s.w.callers.admin.userId));
  }
}

describe('the settings: points and deviations', () => {
  it("lists the visit's points in their fields' order, with the chain and the deviations", async () => {
    const list = await admin().ok('GET', `/TimePoints?visitId=${d.visitId.toUpperCase()}`);
    expect(list.map((p: any) => p.formFieldChain.formField.text)).toEqual(['Dose', 'PK1', 'PK2', 'Night check', 'Repeat draw']);
    const pk1 = list[1];
    expect(pk1).toMatchObject({
      id: d.tp.pk1.id,
      visitId: d.visitId,
      formFieldId: d.ff.pk1.id,
      duration: '00:02:00',
      description: 'Забор крови 1',
      isVisitStartPoint: false,
      formFieldChain: {
        visit: { id: d.visitId, title: 'Screening' },
        form: { id: d.form.id, title: d.form.title },
        formSection: { sectionName: 'Times' },
        formField: { id: d.ff.pk1.id, text: 'PK1', fieldType: 'DateTime' },
      },
    });
    expect(pk1.timeDeviationList).toEqual([
      {
        id: expect.any(String),
        timePointId: d.tp.pk1.id,
        startTimePointId: d.tp.dose.id,
        deviation: '00:30:00',
        deviationPlus: '00:05:00',
        deviationMinus: '00:05:00',
        startTimePoint: { id: d.tp.dose.id, formFieldText: 'Dose' },
      },
    ]);
    expect(list[0].timeDeviationList).toEqual([]);
    expect(list[3].formFieldChain.formField.fieldType).toBe('Time');
  });

  it('refuses bad input with 400 naming the field', async () => {
    const send = (body: Record<string, unknown>) => admin().send('POST', '/TimePoints', body);
    expectError(await send({ formFieldId: d.ff.freeTime.id, duration: '1:00' }), 400, 'validation', 'duration');
    expectError(await send({ formFieldId: d.ff.freeTime.id, duration: '00:60:00' }), 400, 'validation', 'duration');
    expectError(await send({ formFieldId: 'not-an-id', duration: '00:01:00' }), 400, 'validation', 'formFieldId');
    const notTime = expectError(
      await send({ formFieldId: d.ff.text.id, duration: '00:01:00' }),
      400,
      'time_point_not_time_field',
      'formFieldId',
    );
    expect(notTime.message).toBe('Точка времени ставится только на поле типа «Время» или «Дата и время»');
    expectError(await send({ formFieldId: d.ff.pk1.id, duration: '00:01:00' }), 400, 'time_point_field_taken', 'formFieldId');
    expectError(
      await send({ formFieldId: d.ff.freeTime.id, duration: '00:01:00', isVisitStartPoint: true }),
      409,
      'time_point_start_taken',
      'isVisitStartPoint',
    );
    expectError(
      await send({ formFieldId: '01900000-0000-7000-8000-000000000000', duration: '00:01:00' }),
      404,
      'not_found',
      'formFieldId',
    );
  });

  it('refuses a deviation from the point itself or from a point of another visit', async () => {
    const elsewhere = await point(d.ff.otherVisit.id, '00:01:00');
    const send = (body: Record<string, unknown>) =>
      admin().send('POST', '/TimeDeviations', {
        deviation: '00:10:00',
        deviationPlus: '00:01:00',
        deviationMinus: '00:01:00',
        ...body,
      });
    expectError(
      await send({ timePointId: d.tp.pk2.id, startTimePointId: d.tp.pk2.id }),
      400,
      'time_deviation_self',
      'startTimePointId',
    );
    expectError(
      await send({ timePointId: d.tp.pk2.id, startTimePointId: elsewhere.id }),
      400,
      'time_point_other_visit',
      'startTimePointId',
    );
    expectError(
      await send({ timePointId: d.tp.pk2.id, startTimePointId: d.tp.pk1.id, deviation: '24:00' }),
      400,
      'validation',
      'deviation',
    );
    await admin().ok('DELETE', `/TimePoints/${elsewhere.id}`);
  });

  it('edits a point (PUT with the trailing slash): a second start point is 409, a stale updatedAt is 409', async () => {
    const before = await admin().ok('GET', `/TimePoints?visitId=${d.visitId}`);
    const night = before.find((p: any) => p.id === d.tp.night.id);
    const edited = await admin().ok('PUT', `/TimePoints/${d.tp.night.id}/`, {
      duration: '00:03:00',
      description: 'Ночная проверка',
      isVisitStartPoint: false,
      updatedAt: night.updatedAt,
    });
    expect(edited).toMatchObject({ duration: '00:03:00', description: 'Ночная проверка' });
    expect(edited.timeDeviationList).toHaveLength(1);
    expectError(
      await admin().send('PUT', `/TimePoints/${d.tp.night.id}/`, { duration: '00:01:00', updatedAt: night.updatedAt }),
      409,
      'conflict',
      'updatedAt',
    );
    expectError(
      await admin().send('PUT', `/TimePoints/${d.tp.night.id}`, { duration: '00:01:00', isVisitStartPoint: true }),
      409,
      'time_point_start_taken',
    );
    await admin().ok('PUT', `/TimePoints/${d.tp.night.id}`, { duration: '00:01:00', description: null });
  });

  it('deletes a point with its deviations and those timed from it; every write is audited', async () => {
    const a = await point(d.ff.freeTime.id, '00:01:00');
    const fromDose = await deviation(a.id, d.tp.dose.id, '03:00:00', '00:10:00');
    expect(fromDose.startTimePoint).toEqual({ id: d.tp.dose.id, formFieldText: 'Dose' });
    const pk2From = await deviation(d.tp.pk2.id, a.id, '00:10:00', '00:01:00');
    await admin().ok('DELETE', `/TimePoints/${a.id}`);
    const list = await admin().ok('GET', `/TimePoints?visitId=${d.visitId}`);
    expect(list.map((p: any) => p.id)).not.toContain(a.id);
    expect(list.find((p: any) => p.id === d.tp.pk2.id).timeDeviationList.map((x: any) => x.id)).not.toContain(pk2From.id);
    expectError(await admin().send('DELETE', `/TimePoints/${a.id}`), 404, 'not_found', 'id');
    expectError(await admin().send('DELETE', `/TimeDeviations/${fromDose.id}`), 404, 'not_found', 'id');
    // The field is free again.
    const again = await point(d.ff.freeTime.id, '00:01:00');
    const dev = await deviation(again.id, d.tp.dose.id, '03:00:00', '00:10:00');
    await admin().ok('DELETE', `/TimeDeviations/${dev.id}`);
    await admin().ok('DELETE', `/TimePoints/${again.id}`);

    const db = s.db();
    expect(await auditActions(db, a.id)).toEqual(['time_point.create', 'time_point.delete']);
    expect(await auditActions(db, d.tp.night.id)).toEqual(['time_point.create', 'time_point.update', 'time_point.update']);
    expect(await auditActions(db, fromDose.id)).toEqual(['time_deviation.create']);
    expect(await auditActions(db, dev.id)).toEqual(['time_deviation.create', 'time_deviation.delete']);
  });

  it('a point whose field is deleted in the designer goes from the list and frees the start slot', async () => {
    const design = designApi(s.t.app, s.as('admin'));
    const visit = await design.visit(s.w.researchId);
    const type = await design.formType();
    const dt = await design.field(type.id, { fieldType: 'DateTime' });
    const section = await design.section((await design.form(visit.id, type.id)).id);
    const [first, second] = [await design.formField(section.id, dt.id), await design.formField(section.id, dt.id)];
    const start = await point(first.id, '00:01:00', { isVisitStartPoint: true });
    await admin().ok('DELETE', `/FormFields/${first.id}`);
    expect(await admin().ok('GET', `/TimePoints?visitId=${visit.id}`)).toEqual([]);
    const next = await point(second.id, '00:01:00', { isVisitStartPoint: true });
    expect((await admin().ok('GET', `/TimePoints?visitId=${visit.id}`)).map((p: any) => p.id)).toEqual([next.id]);
    expect(await auditActions(s.db(), start.id)).toEqual(['time_point.create', 'time_point.delete']);
  });

  it('GET /FormFields/Time marks the fields a point uses', async () => {
    const fields = await admin().ok('GET', `/FormFields/Time?visitId=${d.visitId}`);
    const byText = Object.fromEntries(fields.map((f: any) => [f.text, f]));
    expect(byText.Dose.hasTimePoint).toBe(true);
    expect(byText['Free time'].hasTimePoint).toBe(false);
    expect(byText.Note).toBeUndefined();
    expect(byText.PK1.formFieldChain).toMatchObject({
      visit: { id: d.visitId, title: 'Screening' },
      form: { id: d.form.id },
      formField: { id: d.ff.pk1.id, text: 'PK1', fieldType: 'DateTime' },
    });
  });
});

describe('who reads and who changes the settings', () => {
  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))('GET /TimePoints as %s (%s) → %i', async (_l, who, status) => {
    const res = await api(s.as(who)).send('GET', `/TimePoints?visitId=${d.visitId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status === 403) expect(res.body.errors[0].code).toBe('time_points_view_forbidden');
  });

  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))(
    'PUT /TimePoints/{id}/ as %s (%s) → %i',
    async (_l, who, status) => {
      const res = await api(s.as(who)).send('PUT', `/TimePoints/${d.tp.pk2.id}/`, { duration: '00:02:00' });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
    },
  );

  it.each(matrix({ admin: 400, editor: 400, manager: 400 }, 403))('POST /TimePoints as %s (%s) → %i', async (_l, who, status) => {
    // A text field: those who may change the design get as far as the type check.
    const res = await api(s.as(who)).send('POST', '/TimePoints', { formFieldId: d.ff.text.id, duration: '00:01:00' });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
  });

  it('a site user and a monitor neither create deviations nor delete points (403)', async () => {
    const body = {
      timePointId: d.tp.pk2.id,
      startTimePointId: d.tp.dose.id,
      deviation: '01:00:00',
      deviationPlus: '00:01:00',
      deviationMinus: '00:01:00',
    };
    for (const who of ['sitePi', 'kio'] as const) {
      expectError(await api(s.as(who)).send('POST', '/TimeDeviations', body), 403, 'forbidden');
      expectError(await api(s.as(who)).send('DELETE', `/TimePoints/${d.tp.pk2.id}`), 403, 'forbidden');
      expectError(await api(s.as(who)).send('DELETE', '/TimeDeviations/01900000-0000-7000-8000-000000000000'), 403, 'forbidden');
    }
  });
});

describe('the staffing forecast', () => {
  it('gives the worked example: one subject 01:02:00, all 01:22:00, one person; a minute apart, three', async () => {
    // Only dose → PK1 → PK2 count here: the example's visit has no other points.
    const design = designApi(s.t.app, s.as('admin'));
    const visit = await design.visit(s.w.researchId);
    const type = await design.formType();
    const dt = await design.field(type.id, { fieldType: 'DateTime' });
    const form = await design.form(visit.id, type.id);
    const section = await design.section(form.id);
    const f = [];
    for (const text of ['Доза', 'ФК1', 'ФК2']) f.push(await design.formField(section.id, dt.id, { text }));
    const pk2 = await point(f[2]!.id, '00:02:00');
    const dose = await point(f[0]!.id, '00:05:00', { isVisitStartPoint: true });
    const pk1 = await point(f[1]!.id, '00:02:00');
    await deviation(pk1.id, dose.id, '00:30:00', '00:05:00');
    await deviation(pk2.id, pk1.id, '00:30:00', '00:05:00');

    const tenMinutes = await admin().ok('POST', '/TimePoints/EmployeesCountForecast', {
      visitId: visit.id,
      subjectsCount: 3,
      timeInterval: '00:10:00',
    });
    expect(tenMinutes).toEqual({
      supposedTimeForOneSubject: '01:02:00',
      supposedTimeForAllSubjects: '01:22:00',
      supposedEmployeesCount: 1,
      timeIntervalsList: [
        { id: dose.id, duration: '00:05:00', isTimePoint: true, formField: { id: f[0]!.id, text: 'Доза' }, start: '00:00:00' },
        { id: 'wait-1', duration: '00:25:00', isTimePoint: false, formField: null, start: '00:05:00' },
        { id: pk1.id, duration: '00:02:00', isTimePoint: true, formField: { id: f[1]!.id, text: 'ФК1' }, start: '00:30:00' },
        { id: 'wait-2', duration: '00:28:00', isTimePoint: false, formField: null, start: '00:32:00' },
        { id: pk2.id, duration: '00:02:00', isTimePoint: true, formField: { id: f[2]!.id, text: 'ФК2' }, start: '01:00:00' },
      ],
    });
    const oneMinute = await admin().ok('POST', '/TimePoints/EmployeesCountForecast', {
      visitId: visit.id,
      subjectsCount: 3,
      timeInterval: '00:01:00',
    });
    expect(oneMinute.supposedEmployeesCount).toBe(3);
    expectError(
      await admin().send('POST', '/TimePoints/EmployeesCountForecast', {
        visitId: visit.id,
        subjectsCount: 0,
        timeInterval: '00:01:00',
      }),
      400,
      'validation',
      'subjectsCount',
    );
    expectError(
      await admin().send('POST', '/TimePoints/EmployeesCountForecast', {
        visitId: visit.id,
        subjectsCount: 3,
        timeInterval: '1 min',
      }),
      400,
      'validation',
      'timeInterval',
    );
    expectError(
      await api(s.as('sitePi')).send('POST', '/TimePoints/EmployeesCountForecast', {
        visitId: visit.id,
        subjectsCount: 3,
        timeInterval: '00:01:00',
      }),
      403,
      'time_points_view_forbidden',
    );
  });
});

describe('the scheduled activities report', () => {
  /** Polls the schedule's status until it is no longer Started. */
  async function settled(id: string, token = s.as('admin')) {
    for (let i = 0; i < 200; i++) {
      const doc = await api(token).ok('GET', `/TimePoints/ScheduledActivities/${id}`);
      if (doc.status !== 'Started') return doc;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the schedule was not made');
  }

  async function workbookOf(link: string, token = s.as('admin')) {
    const res = await s.t.app.inject({ method: 'GET', url: link, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  const at = (text: string) => new Date(`${text}Z`);

  it('records the document as Started, makes the workbook in the background, then it is Done and downloadable', async () => {
    const started = await admin().ok('POST', '/TimePoints/GenerateScheduledActivities', {
      visitId: d.visitId,
      subjectCount: 2,
      timeInterval: '00:10:00',
      startDateTime: '2026-03-01T09:00',
    });
    expect(started).toMatchObject({ status: 'Started', documentLink: null });
    expect(started.name).toContain('График процедур');
    const done = await settled(started.id);
    expect(done).toEqual({
      id: started.id,
      name: started.name,
      status: 'Done',
      documentLink: `/api/Documents/${started.id}/File`,
    });

    const rows = await workbookOf(done.documentLink);
    expect(rows[0]).toEqual([
      'Субъект',
      'Визит',
      'Форма',
      'Поле',
      'Плановое начало',
      'Плановое окончание',
      'Окно с',
      'Окно по',
      'Описание',
    ]);
    expect(rows).toHaveLength(1 + 2 * 5); // two subjects, five points
    // Subject 1: the dose at the start, PK1 30 minutes later (window ± 5); PK2 and the night check an hour after the dose.
    expect(rows[1]).toEqual([
      1,
      'Screening',
      d.form.title,
      'Dose',
      at('2026-03-01T09:00:00'),
      at('2026-03-01T09:05:00'),
      undefined,
      undefined,
      'Приём препарата',
    ]);
    expect(rows[2]).toEqual([
      1,
      'Screening',
      d.form.title,
      'PK1',
      at('2026-03-01T09:30:00'),
      at('2026-03-01T09:32:00'),
      at('2026-03-01T09:25:00'),
      at('2026-03-01T09:35:00'),
      'Забор крови 1',
    ]);
    expect(rows.slice(1, 6).map((r) => r[3])).toEqual(['Dose', 'PK1', 'PK2', 'Night check', 'Repeat draw']);
    // Subject 2 starts ten minutes later.
    expect(rows[6]!.slice(0, 5)).toEqual([2, 'Screening', d.form.title, 'Dose', at('2026-03-01T09:10:00')]);

    const [doc] = await s.db().select().from(documents).where(eq(documents.id, started.id));
    expect(doc).toMatchObject({
      type: 'ScheduledActivities',
      status: 'Done',
      extension: 'xlsx',
      createdBy: s.w.callers.admin.userId,
    });
    expect(doc!.sizeBytes).toBeGreaterThan(0);
    expect(await auditActions(s.db(), started.id)).toEqual(['document.generate']);
  });

  it('schedules one point along the visit’s chain, headed in the caller’s language', async () => {
    const started = await adminInEnglish(() =>
      admin().ok('POST', `/TimePoints/${d.tp.pk2.id}/GenerateScheduledActivities`, {
        subjectCount: 3,
        timeInterval: '00:00:10',
        startDateTime: '2026-03-01T23:30:00',
      }),
    );
    expect(started.name).toContain('Scheduled activities');
    const rows = await workbookOf((await settled(started.id)).documentLink);
    expect(rows[0]!.slice(0, 5)).toEqual(['Subject', 'Visit', 'Form', 'Field', 'Planned start']);
    expect(rows).toHaveLength(1 + 3);
    // PK2 is an hour after the dose: past midnight.
    expect(rows.slice(1).map((r) => [r[0], r[3], r[4]])).toEqual([
      [1, 'PK2', at('2026-03-02T00:30:00')],
      [2, 'PK2', at('2026-03-02T00:30:10')],
      [3, 'PK2', at('2026-03-02T00:30:20')],
    ]);
  });

  it('checks the request, and only the creator or a reader of the settings polls and downloads', async () => {
    const body = { subjectCount: 1, timeInterval: '00:01:00', startDateTime: '2026-03-01T09:00' };
    const send = (b: Record<string, unknown>) => admin().send('POST', '/TimePoints/GenerateScheduledActivities', b);
    expectError(await send(body), 400, 'required', 'visitId');
    expectError(
      await send({ ...body, visitId: d.visitId, startDateTime: '2026-02-30T09:00' }),
      400,
      'validation',
      'startDateTime',
    );
    expectError(
      await send({ ...body, visitId: d.visitId, startDateTime: '01.03.2026 09:00' }),
      400,
      'validation',
      'startDateTime',
    );
    expectError(await send({ ...body, visitId: s.w.schedule.end.id }), 400, 'time_points_none', 'visitId');
    expectError(
      await admin().send('POST', `/TimePoints/${d.tp.pk1.id}/GenerateScheduledActivities`, { ...body, visitId: d.otherVisitId }),
      400,
      'time_point_other_visit',
      'visitId',
    );
    expectError(
      await api(s.as('sitePi')).send('POST', '/TimePoints/GenerateScheduledActivities', { ...body, visitId: d.visitId }),
      403,
      'time_points_view_forbidden',
    );

    const started = await admin().ok('POST', '/TimePoints/GenerateScheduledActivities', { ...body, visitId: d.visitId });
    const done = await settled(started.id);
    expect((await settled(started.id, s.as('editor'))).status).toBe('Done');
    expectError(
      await api(s.as('sitePi')).send('GET', `/TimePoints/ScheduledActivities/${started.id}`),
      403,
      'time_points_view_forbidden',
    );
    const bySite = await s.t.app.inject({
      method: 'GET',
      url: done.documentLink,
      headers: { authorization: `Bearer ${s.as('sitePi')}` },
    });
    expect(bySite.statusCode).toBe(404);
    expect((await workbookOf(done.documentLink, s.as('manager'))).length).toBe(1 + 5);
  });

  it('a schedule that cannot be made (its visit is gone) leaves the document in status Error', async () => {
    const [doc] = await s
      .db()
      .insert(documents)
      .values({
        researchId: s.w.researchId,
        name: 'broken',
        extension: 'xlsx',
        contentType: 'application/octet-stream',
        sizeBytes: 0,
        status: 'Started',
        type: 'ScheduledActivities',
        createdBy: s.w.callers.admin.userId,
      })
      .returning();
    const params = {
      documentId: doc!.id,
      visitId: '01900000-0000-7000-8000-000000000000',
      subjectCount: 1,
      timeInterval: '00:00:10',
      startDateTime: '2026-01-01T09:00',
    };
    const ctx = { job: { params, attempts: 1, actor: { language: 'ru' } }, db: s.db() } as unknown as JobContext;
    await expect(scheduleJob(ctx)).rejects.toThrow();
    const polled = await admin().ok('GET', `/TimePoints/ScheduledActivities/${doc!.id}`);
    expect(polled).toMatchObject({ status: 'Error', documentLink: null });
  });
});

describe('a subject visit’s time points and the entry check', () => {
  async function newVisit() {
    const site = subjectsApi(s.t.app, s.as('sitePi'));
    const subject = await site.create({ screenDate: daysAgo(10) });
    const sv = await site.visit(subject.id, d.visitId, daysAgo(5));
    const fieldsOf = async (formId: string) => {
      const form = await pi().ok('POST', '/SubjectsForm', { formId, subjectVisitId: sv.id });
      const byFormField = new Map<string, any>();
      for (const section of form.subjectFormSectionList)
        for (const f of section.subjectFormFieldList) byFormField.set(f.formFieldId, f);
      return { form, field: (k: keyof typeof d.ff) => byFormField.get(d.ff[k].id) };
    };
    return { sv, main: await fieldsOf(d.form.id), fieldsOf };
  }
  const save = async (field: { id: string }, data: string | null, token = s.as('sitePi')) => {
    const history = await api(token).ok('GET', `/ItemData?subjectFormFieldId=${field.id}`);
    if (!history.length) return api(token).send('POST', '/ItemData', { subjectFormFieldId: field.id, data });
    return api(token).send('POST', '/ItemData/WithReason', {
      subjectFormFieldId: field.id,
      data,
      reasonForChange: 'Исправление',
      currentItemDataId: history[0].id,
    });
  };
  const saved = async (field: { id: string }, data: string | null) => {
    const res = await save(field, data);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const timesOf = async (svId: string, token = s.as('sitePi')) => {
    const list = await api(token).ok('GET', `/SubjectTimePoints?subjectVisitId=${svId}`);
    return Object.fromEntries(list.map((p: any) => [p.fieldText, p]));
  };

  it('plans nothing before the start point has a value, then plans from it; a changed start moves the windows', async () => {
    const { sv, main } = await newVisit();
    let times = await timesOf(sv.id);
    expect(Object.keys(times)).toEqual(['Dose', 'PK1', 'PK2', 'Night check']);
    expect(times.PK1).toMatchObject({
      timePoint: { id: d.tp.pk1.id, description: 'Забор крови 1', isVisitStartPoint: false, duration: '00:02:00' },
      subjectFormFieldId: main.field('pk1').id,
      subjectFormId: main.form.id,
      formTitle: d.form.title,
      fieldType: 'DateTime',
      planedTimeStart: null,
      planedTimeEnd: null,
      recommendedTime: null,
      factTime: null,
      outside: false,
    });

    await saved(main.field('dose'), '2026-03-01T08:00');
    times = await timesOf(sv.id);
    expect(times.Dose).toMatchObject({ factTime: '2026-03-01T08:00', planedTimeStart: null });
    expect(times.PK1).toMatchObject({
      recommendedTime: '2026-03-01T08:30:00',
      planedTimeStart: '2026-03-01T08:25:00',
      planedTimeEnd: '2026-03-01T08:35:00',
    });
    expect(times.PK2).toMatchObject({ recommendedTime: '2026-03-01T09:00:00', planedTimeStart: '2026-03-01T08:55:00' });
    expect(times['Night check']).toMatchObject({
      recommendedTime: '09:00:00',
      planedTimeStart: '08:45:00',
      planedTimeEnd: '09:15:00',
    });

    await saved(main.field('dose'), '2026-03-01T09:00');
    times = await timesOf(sv.id);
    expect(times.PK1).toMatchObject({ planedTimeStart: '2026-03-01T09:25:00', planedTimeEnd: '2026-03-01T09:35:00' });
  });

  it('refuses a value outside its window with the recommended time, accepts one inside; clearing is never refused', async () => {
    const { sv, main } = await newVisit();
    // Nothing plans PK1 yet: any value goes.
    await saved(main.field('pk1'), '2026-03-01T06:00');
    await saved(main.field('dose'), '2026-03-01T09:00');
    const outside = await save(main.field('pk1'), '2026-03-01T10:00');
    const error = expectError(outside, 400, 'time_outside_window', 'data');
    expect(error.message).toBe('Рекомендуемое время: 01.03.2026 09:25 - 01.03.2026 09:35');
    const english = expectError(
      await save(main.field('pk1'), '2026-03-01T09:36', s.w.english.token),
      400,
      'time_outside_window',
      'data',
    );
    expect(english.message).toBe('Recommended time: 01.03.2026 09:25 - 01.03.2026 09:35');
    // The value entered before the window was known is shown as outside it.
    expect((await timesOf(sv.id)).PK1).toMatchObject({ factTime: '2026-03-01T06:00', outside: true });

    await saved(main.field('pk1'), '2026-03-01T09:35');
    let times = await timesOf(sv.id);
    expect(times.PK1.outside).toBe(false);
    // PK2 follows the value entered for PK1.
    expect(times.PK2).toMatchObject({ recommendedTime: '2026-03-01T10:05:00' });
    expectError(await save(main.field('pk2'), '2026-03-01T09:59'), 400, 'time_outside_window', 'data');
    await saved(main.field('pk2'), '2026-03-01T10:00');

    // Moving the dose leaves PK1's value outside its new window; the value can still be cleared.
    await saved(main.field('dose'), '2026-03-01T11:00');
    times = await timesOf(sv.id);
    expect(times.PK1).toMatchObject({ outside: true, planedTimeStart: '2026-03-01T11:25:00' });
    await saved(main.field('pk1'), null);
    expect((await timesOf(sv.id)).PK1).toMatchObject({ factTime: null, outside: false });
  });

  it('compares a Time field by the time of day, across midnight', async () => {
    const { main } = await newVisit();
    await saved(main.field('dose'), '2026-03-01T23:30');
    const error = expectError(await save(main.field('night'), '01:00'), 400, 'time_outside_window', 'data');
    expect(error.message).toBe('Рекомендуемое время: 00:15 - 00:45');
    await saved(main.field('night'), '00:40');
    // A field without a point takes any time.
    await saved(main.field('freeTime'), '13:13');
  });

  it('gives a row per instance of a repeating form; the plan follows the first instance', async () => {
    const { sv, main, fieldsOf } = await newVisit();
    const first = await fieldsOf(d.repeatForm.id);
    const second = await fieldsOf(d.repeatForm.id);
    await saved(main.field('dose'), '2026-03-01T08:00');
    await saved(second.field('rep'), '2026-03-01T10:05');
    expectError(await save(first.field('rep'), '2026-03-01T12:00'), 400, 'time_outside_window', 'data');
    const list = await pi().ok('GET', `/SubjectTimePoints?subjectVisitId=${sv.id}`);
    const reps = list.filter((p: any) => p.timePoint.id === d.tp.rep.id);
    expect(reps.map((p: any) => [p.formTitle, p.subjectFormFieldId, p.factTime, p.planedTimeStart])).toEqual([
      [d.repeatForm.title, first.field('rep').id, null, '2026-03-01T09:50:00'],
      [`${d.repeatForm.title} (2)`, second.field('rep').id, '2026-03-01T10:05', '2026-03-01T09:50:00'],
    ]);
  });

  it.each(matrix({ admin: 200, editor: 200, manager: 200, sitePi: 200, qa: 200, kio: 403, outsider: 403 }, 404))(
    'GET /SubjectTimePoints as %s (%s) → %i',
    async (_l, who, status) => {
      const { sv } = await newVisit();
      const res = await api(s.as(who)).send('GET', `/SubjectTimePoints?subjectVisitId=${sv.id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
    },
  );
});
