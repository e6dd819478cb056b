import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_SIGNATURE_MEANING } from '@edc/domain';
import { auditLog, documents } from '../../src/platform/db/schema/index.js';
import { insertJob } from '../../src/modules/jobs/jobs.service.js';
import { PASSWORD } from '../support/factories.js';
import { checkPdf } from '../support/pdf-checks.js';
import { expectError } from '../support/test-app.js';
import { finishedJob, settledDocument } from '../support/generated-document.js';
import { setupEntryApp } from './data-entry-support.js';

// The queue runs here (one worker): the generation requests are followed to their end.
const { t, w, d, extra, api, pi, as, newForm, db } = setupEntryApp({ JOB_WORKERS: '1' });

const settled = (token: string, id: string) => settledDocument(api(token), id);
const download = (token: string, link: string) =>
  t.app.inject({ method: 'GET', url: link, headers: { authorization: `Bearer ${token}` } });
const generate = (token: string, id: string, body?: unknown) =>
  api(token).send('POST', `/SubjectsForm/${id}/GenerateReport`, body as Record<string, unknown>);

/**
 * A form of the all-types design: a number, the select back to «Нет» after «Да» (so its child, whose value stays
 * in the data, is hidden), a comment note in Russian, every section not applicable, complete.
 */
async function filledForm() {
  const f = await newForm();
  const ok = pi().ok;
  await ok('POST', '/ItemData', { subjectFormFieldId: f.fields.number.id, data: '120' });
  const yes = await ok('POST', '/ItemData', { subjectFormFieldId: f.fields.select.id, data: 'Да' });
  await ok('POST', '/ItemData', { subjectFormFieldId: f.fields.child.id, data: 'Скрытое значение дочернего поля' });
  await ok('POST', '/ItemData/WithReason', {
    subjectFormFieldId: f.fields.select.id,
    data: 'Нет',
    currentItemDataId: yes.itemData.id,
    reasonForChange: 'Ошибка ввода',
  });
  await ok('POST', '/ItemNote/AddComment', { subjectFormFieldId: f.fields.number.id, note: 'Давление измерено дважды' });
  for (const s of [f.main, f.second]) {
    await ok('POST', `/SubjectsFormSection/${s.id}/ChangeStatus`, { status: 'NotApplicable', version: 1 });
    await ok('POST', `/SubjectsFormSection/${s.id}/Complete`, { version: 2 });
  }
  await ok('POST', `/SubjectsForm/${f.form.id}/Complete`, { version: f.form.version });
  return f;
}

describe('POST /SubjectsForm/{id}/GenerateReport: the subject form report', () => {
  it('makes the form’s PDF in the background: sections, values, statuses, validation, notes, the signature; hidden fields left out', async () => {
    const f = await filledForm();
    // Before the visit is signed: the report says so.
    const unsigned = await pi().ok('POST', `/SubjectsForm/${f.form.id}/GenerateReport`, {});
    expect(unsigned).toMatchObject({
      status: 'Started',
      type: 'SubjectVisit',
      extension: 'pdf',
      documentLink: null,
      subjectId: f.subject.id,
      subjectVisitId: f.sv.id,
    });
    expect(unsigned.name).toBe(`Форма ${f.form.form.title} — визит Screening — субъект ${f.subject.identificationNumber}`);
    const first = await checkPdf(
      (await download(as('sitePi'), (await settled(as('sitePi'), unsigned.id)).documentLink)).rawPayload,
    );
    expect(first.text).toContain('Визит не подписан');
    expect(first.text).toContain('Проверка формы: Не проверена');

    await api(as('qa')).ok('POST', '/SubjectsForm/QaValidate', { subjectFormId: f.form.id });
    await pi().ok('POST', `/SubjectsVisit/${f.sv.id}/Sign`, { password: PASSWORD });
    // No body at all: a PDF.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/SubjectsForm/${f.form.id}/GenerateReport`,
      headers: { authorization: `Bearer ${as('sitePi')}`, 'x-time-zone': 'Europe/Moscow' },
    });
    expect(res.statusCode).toBe(200);
    const started = res.json().data;
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, started.id), eq(auditLog.action, 'document.generate')));
    expect(audit).toMatchObject({ subjectId: f.subject.id, entityType: 'document' });
    expect(audit!.after).toMatchObject({ subjectFormId: f.form.id, format: 'pdf', type: 'SubjectVisit' });

    const done = await settled(as('sitePi'), started.id);
    expect(done).toMatchObject({ status: 'Done', documentLink: `/api/Documents/${started.id}/File`, error: null });
    const job = await finishedJob(db(), started.id);
    expect(job).toMatchObject({ kind: 'subject_form_report', status: 'Done' });
    const file = await download(as('sitePi'), done.documentLink);
    expect(file.headers['content-type']).toBe('application/pdf');
    const { text, fonts } = await checkPdf(file.rawPayload);
    const sig = (await pi().ok('GET', `/SubjectsVisit/${f.sv.id}`)).signature;
    for (const s of [
      `Форма ${f.form.form.title} — визит Screening — субъект ${f.subject.identificationNumber}`,
      f.subject.screeningNumber,
      'Раздел: Main',
      'Статус раздела: Не применимо',
      'Q number: 120',
      'Q select: Нет',
      'Причина изменения: Ошибка ввода',
      'Давление измерено дважды',
      'Проверка формы: ОК',
      '(Europe/Moscow)',
      'Электронная подпись',
      `Подписал(а): ${sig.printedName}`,
      `Значение подписи: ${DEFAULT_SIGNATURE_MEANING}`,
      sig.contentHash,
      'Страница 1 из',
    ])
      expect(text).toContain(s);
    // The hidden child field (its parent says «Нет») is not printed, nor its value.
    expect(text).not.toContain('Q child');
    expect(text).not.toContain('Скрытое значение');
    expect(text).not.toContain('Не проверена');
    expect(fonts).toMatch(/DejaVuSans.*yes/);
  });

  it('holds that form only: another form of the same visit and its value are not in it', async () => {
    const f = await filledForm();
    const other = await pi().ok('POST', '/SubjectsForm', { formId: d.repeating.id, subjectVisitId: f.sv.id });
    const rep = other.subjectFormSectionList[0].subjectFormFieldList[0];
    await pi().ok('POST', '/ItemData', { subjectFormFieldId: rep.id, data: 'Значение другой формы' });
    const started = await pi().ok('POST', `/SubjectsForm/${f.form.id}/GenerateReport`, { format: 'pdf' });
    const { text } = await checkPdf(
      (await download(as('sitePi'), (await settled(as('sitePi'), started.id)).documentLink)).rawPayload,
    );
    expect(text).toContain('Q number: 120');
    expect(text).not.toContain(d.repeating.title);
    expect(text).not.toContain('Значение другой формы');
    // And the other form's report holds it, not the first form's values.
    const second = await pi().ok('POST', `/SubjectsForm/${other.id}/GenerateReport`, {});
    const report = await checkPdf(
      (await download(as('sitePi'), (await settled(as('sitePi'), second.id)).documentLink)).rawPayload,
    );
    expect(report.text).toContain('Q rep: Значение другой формы');
    expect(report.text).not.toContain('Q number');
  });

  it('in English for an English reader; the subject’s readers generate and read it, another centre gets 404', async () => {
    const f = await filledForm();
    const started = await api(w.english.token).ok('POST', `/SubjectsForm/${f.form.id}/GenerateReport`, {});
    expect(started.name).toBe(`Form ${f.form.form.title} — visit Screening — subject ${f.subject.identificationNumber}`);
    const done = await settled(as('qa'), started.id);
    const { text } = await checkPdf((await download(as('qa'), done.documentLink)).rawPayload);
    for (const s of ['Section status: Not applicable', 'Form validation: Not validated', 'The visit is not signed'])
      expect(text).toContain(s);
    // The site, QA and a monitor read it (the subject's readers); another centre does not see it.
    for (const token of [as('sitePi'), as('qa'), as('kio')])
      expect((await api(token).ok('GET', `/Documents/${started.id}`)).status).toBe('Done');
    expectError(await api(w.site2.token).send('GET', `/Documents/${started.id}`), 404, 'not_found', 'id');
    expect((await download(w.site2.token, done.documentLink)).statusCode).toBe(404);
    // Generating is reading: a nurse, QA and a monitor may; another centre gets 404.
    for (const token of [extra.nurse.token, as('qa'), as('kio')])
      expect((await api(token).ok('POST', `/SubjectsForm/${f.form.id}/GenerateReport`, {})).status).toBe('Started');
    expectError(await generate(w.site2.token, f.form.id, {}), 404, 'not_found', 'id');
  });

  it('checks its input: 400 naming the field, 404 for an unknown form; nothing is written', async () => {
    const f = await filledForm();
    const before = (await db().select().from(documents)).length;
    expectError(await generate(as('sitePi'), 'x', {}), 400, 'validation', 'id');
    expectError(await generate(as('sitePi'), f.form.id, { format: 'xlsx' }), 400, 'validation', 'format');
    expectError(await generate(as('sitePi'), f.form.id, { format: 7 }), 400, 'validation', 'format');
    expectError(await generate(as('sitePi'), crypto.randomUUID(), {}), 404, 'not_found', 'id');
    expect((await db().select().from(documents)).length).toBe(before);
  });

  it('a form gone before the job runs ends the document in Error with the reason', async () => {
    const f = await filledForm();
    const [doc] = await db()
      .insert(documents)
      .values({
        researchId: w.researchId,
        name: 'gone',
        extension: 'pdf',
        contentType: 'application/pdf',
        sizeBytes: 0,
        status: 'Started',
        type: 'SubjectVisit',
        subjectId: f.subject.id,
        subjectVisitId: f.sv.id,
      })
      .returning();
    const job = await insertJob(db(), {
      researchId: w.researchId,
      kind: 'subject_form_report',
      name: 'gone',
      params: {
        documentId: doc!.id,
        subjectFormId: crypto.randomUUID(),
        subjectVisitId: f.sv.id,
        noteTypes: [],
        timeZone: 'UTC',
      },
      actor: { userId: w.english.userId, language: 'ru', seesGroup: false, centreId: null } as never,
      documentId: doc!.id,
    });
    await t.app.deps.jobs.enqueue('subject_form_report', job.id);
    const ended = await settled(as('sitePi'), doc!.id);
    expect(ended).toMatchObject({ status: 'Error', documentLink: null, error: { code: 'not_found' } });
  });
});
