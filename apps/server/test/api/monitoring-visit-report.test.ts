import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { checkPdf } from '../support/pdf-checks.js';
import { expectError } from '../support/test-app.js';
import { makeEmployee } from '../support/subject-factories.js';
import { setupEntryApp } from './data-entry-support.js';
import { settledDocument } from '../support/generated-document.js';

// The monitoring visit report (POST /MonitoringVisits/{id}/GenerateReport, docs/monitoring-visits.md
// "Report") and the 'requested by a monitor' mark of the monitor's grid. The queue runs here (one worker).
const { t, w, d, db, api, pi, as, newForm } = setupEntryApp({ JOB_WORKERS: '1' });
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

let dm: string;
let otherMonitor: string;
let reviewed: Awaited<ReturnType<typeof newForm>>; // validated by QA, DM and the monitor
let requested: Awaited<ReturnType<typeof newForm>>; // QA validated only: the monitor's request is pending
let outside: Awaited<ReturnType<typeof newForm>>; // not covered by the monitoring visit
let monitoringVisitId: string;
let closedNote: string;

/** Every section NotApplicable and confirmed, then the form completed (no value needed). */
async function finish(f: Awaited<ReturnType<typeof newForm>>) {
  for (const s of [f.main, f.second]) {
    await pi().ok('POST', `/SubjectsFormSection/${s.id}/ChangeStatus`, { status: 'NotApplicable', version: 1 });
    await pi().ok('POST', `/SubjectsFormSection/${s.id}/Complete`, { version: 2 });
  }
  await pi().ok('POST', `/SubjectsForm/${f.form.id}/Complete`, { version: f.form.version });
}

const validate = (token: string, action: string, subjectFormId: string) =>
  api(token).ok('POST', `/SubjectsForm/${action}`, { subjectFormId });

const settled = (token: string, id: string) => settledDocument(api(token), id);

const download = (token: string, link: string) =>
  t.app.inject({ method: 'GET', url: link, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  const qaCentre = { id: w.world.cast.Qa.centreId, organisationId: w.world.cast.Qa.organisationId };
  dm = (await makeEmployee(t.app, db(), qaCentre, 'DataManager')).token;
  const kio = { id: w.world.cast.Kio.centreId, organisationId: w.world.cast.Kio.organisationId };
  otherMonitor = (await makeEmployee(t.app, db(), kio, 'Monitor')).token;

  // The data work comes before the visit is planned: a confirmed visit's work-day window would apply to it.
  reviewed = await newForm();
  await finish(reviewed);
  await validate(as('qa'), 'QaValidate', reviewed.form.id);
  await validate(dm, 'DmValidate', reviewed.form.id);
  await validate(as('kio'), 'KioValidate', reviewed.form.id);

  requested = await newForm();
  await finish(requested);
  await validate(as('qa'), 'QaValidate', requested.form.id);
  const kioNote = (f: typeof requested, note: string) =>
    api(as('kio')).ok('POST', '/ItemNote/AddKioItemNote', { subjectFormFieldId: f.fields.number.id, note });
  await kioNote(requested, 'Уточните давление');
  closedNote = (await kioNote(requested, 'Проверьте единицы')).id;
  await api(as('kio')).ok('POST', `/ItemNote/${closedNote}/Close`, { note: 'Закрыто' });

  outside = await newForm();
  await kioNote(outside, 'Вне визита');

  const plan = await api(as('admin')).ok('POST', '/MonitoringVisits', {
    startDate: at(-72),
    endDate: at(72),
    researchOrganisationId: w.world.cast.Kio.centreId,
    monitorList: [w.world.cast.Kio.employeeId],
    workDayStart: '08:00:00',
    workDayEnd: '21:00:00',
    subjectVisitIdList: [reviewed.sv.id, requested.sv.id],
  });
  monitoringVisitId = plan.id;
  await api(as('admin')).ok('POST', `/MonitoringVisits/${monitoringVisitId}/Confirm`);
});

const generate = (token: string, body?: unknown, id = monitoringVisitId) =>
  api(token).send('POST', `/MonitoringVisits/${id}/GenerateReport`, body);

describe('POST /MonitoringVisits/{id}/GenerateReport', () => {
  it('makes the PDF in the background for a monitor of the team: the visits covered, the forms validated, the notes', async () => {
    const res = await generate(as('kio'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'Started', type: 'MonitorReport', extension: 'pdf', documentLink: null });
    const done = await settled(as('kio'), res.body.data.id);
    expect(done.status, JSON.stringify(done.error)).toBe('Done');

    const file = await download(as('kio'), done.documentLink);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const { text, fonts } = await checkPdf(file.rawPayload);
    expect(text).toContain('Отчет о мониторинговом визите');
    expect(text).toContain('Формы, проверенные монитором (1)');
    expect(text).toContain(d.form.title);
    expect(text).toContain(reviewed.subject.identificationNumber);
    expect(text).toContain('Проверен КИО');
    expect(text).toContain('Запрошен монитором');
    expect(text).toContain('Уточните давление');
    expect(text).toContain('Замечания, закрытые во время визита (1)');
    expect(text).not.toContain('Вне визита');
    expect(text).not.toContain(outside.subject.identificationNumber);
    expect(fonts).toMatch(/DejaVuSans.*yes/); // embedded
  });

  it('makes the XLSX workbook for a planner, read back by an independent reader', async () => {
    const started = await api(as('admin')).ok('POST', `/MonitoringVisits/${monitoringVisitId}/GenerateReport`, {
      format: 'xlsx',
    });
    expect(started).toMatchObject({ extension: 'xlsx', type: 'MonitorReport' });
    const done = await settled(as('admin'), started.id);
    expect(done.status).toBe('Done');
    const file = await download(as('kio'), done.documentLink);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(file.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toEqual([
      'Мониторинговый визит',
      'Визиты субъектов',
      'Проверенные формы',
      'Открытые замечания',
      'Закрытые замечания',
    ]);
    const rows = (name: string) => XLSX.utils.sheet_to_json<string[]>(book.Sheets[name]!, { header: 1 });
    const visits = rows('Визиты субъектов');
    expect(visits[0]).toEqual(['Субъект', 'Визит', 'Дата визита', 'Статус визита', 'Запрошен монитором']);
    expect(visits.slice(1).map((r) => [r[0], r[3], r[4]])).toEqual(
      [
        [reviewed.subject.identificationNumber, 'Проверен КИО', 'Нет'],
        [requested.subject.identificationNumber, 'Проверен ОК', 'Да'],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    const validated = rows('Проверенные формы');
    expect(validated).toHaveLength(2);
    expect(validated[1]!.slice(1, 4)).toEqual([reviewed.subject.identificationNumber, expect.any(String), d.form.title]);
    const raised = rows('Открытые замечания').slice(1);
    expect(raised.map((r) => r[8]).sort()).toEqual(['Проверьте единицы', 'Уточните давление']);
    const closed = rows('Закрытые замечания').slice(1);
    expect(closed.map((r) => [r[8], r[7]])).toEqual([['Проверьте единицы', 'Закрыто']]);
  });

  it('is for the visit’s team and planners only', async () => {
    expectError(await generate(otherMonitor), 404, 'not_found', 'id');
    expectError(await generate(as('sitePi')), 403, 'forbidden');
    expectError(await generate(as('admin'), {}, d.form.id), 404, 'not_found', 'id');
    expectError(await generate(as('kio'), { format: 'docx' }), 400, 'validation', 'format');
    // The document follows the visit: a monitor not on its team and a site user do not read it.
    const doc = (await generate(as('kio'))).body.data;
    expectError(await api(otherMonitor).send('GET', `/Documents/${doc.id}`), 404, 'not_found', 'id');
    expectError(await api(as('sitePi')).send('GET', `/Documents/${doc.id}`), 404, 'not_found', 'id');
    expect((await api(as('manager')).send('GET', `/Documents/${doc.id}`)).status).toBe(200);
    await settled(as('kio'), doc.id);
  });
});

describe('the requested by a monitor mark', () => {
  it('marks a visit cell whose validation started and is neither QA-and-DM nor KIO validated', async () => {
    const res = await api(as('kio')).send('GET', `/Subjects/MonitoringVisit/${monitoringVisitId}`);
    expect(res.status).toBe(200);
    const cell = (svId: string) => res.body.data.flatMap((s: any) => s.subjectVisitList).find((v: any) => v.id === svId);
    expect(cell(requested.sv.id)).toMatchObject({ formCompletedStatus: 'QaValidated', requestedByMonitor: true });
    expect(cell(reviewed.sv.id)).toMatchObject({ formCompletedStatus: 'KioValidated', requestedByMonitor: false });
    // A visit never validated carries no mark.
    const matrix = await pi().ok('GET', `/Subjects/${outside.subject.id}`);
    expect(matrix.subjectVisitList[0].requestedByMonitor).toBe(false);
  });
});
