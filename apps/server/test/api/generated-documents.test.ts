import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_SIGNATURE_MEANING } from '@edc/domain';
import { auditLog, documentFiles, documents } from '../../src/platform/db/schema/index.js';
import { insertJob } from '../../src/modules/jobs/jobs.service.js';
import { PASSWORD } from '../support/factories.js';
import { checkPdf } from '../support/pdf-checks.js';
import { expectError } from '../support/test-app.js';
import { setupEntryApp } from './data-entry-support.js';
import { designApi, freshResearch, makeFormTree } from './design-support.js';
import { finishedJob, settledDocument } from '../support/generated-document.js';

// The queue runs here (one worker): the generation requests are followed to their end.
const { t, w, extra, api, pi, as, newForm, db } = setupEntryApp({ JOB_WORKERS: '1' });

/** A visit of the all-types form: a number, the select «Да» with its child text in Russian, a comment note, complete. */
async function filledVisit() {
  const f = await newForm();
  const ok = pi().ok;
  await ok('POST', '/ItemData', { subjectFormFieldId: f.fields.number.id, data: '120' });
  await ok('POST', '/ItemData', { subjectFormFieldId: f.fields.select.id, data: 'Да' });
  await ok('POST', '/ItemData', { subjectFormFieldId: f.fields.child.id, data: 'Головная боль после приёма' });
  await ok('POST', '/ItemNote/AddComment', { subjectFormFieldId: f.fields.number.id, note: 'Давление измерено дважды' });
  for (const s of [f.main, f.second]) {
    await ok('POST', `/SubjectsFormSection/${s.id}/ChangeStatus`, { status: 'NotApplicable', version: 1 });
    await ok('POST', `/SubjectsFormSection/${s.id}/Complete`, { version: 2 });
  }
  await ok('POST', `/SubjectsForm/${f.form.id}/Complete`, { version: f.form.version });
  return f;
}

const settled = (token: string, id: string) => settledDocument(api(token), id);

async function download(token: string, link: string) {
  const res = await t.app.inject({ method: 'GET', url: link, headers: { authorization: `Bearer ${token}` } });
  return res;
}

describe('POST /SubjectVisitDocuments/Generate: the visit PDF', () => {
  it('makes the signed visit’s PDF in the background: every form, value, status, note and the signature manifestation', async () => {
    const f = await filledVisit();
    expectError(
      await pi().send('POST', '/SubjectVisitDocuments/Generate', { subjectVisitId: f.sv.id }),
      409,
      'visit_not_signed',
      'subjectVisitId',
    );
    await pi().ok('POST', `/SubjectsVisit/${f.sv.id}/Sign`, { password: PASSWORD });

    // Sending to DrTrial needs the link, off in this app (dr-trial-send.test.ts sends one).
    expectError(
      await pi().send('POST', '/SubjectVisitDocuments/Generate', { subjectVisitId: f.sv.id, sendToDrTrial: true }),
      409,
      'dr_trial_off',
    );
    const started = await pi().ok('POST', '/SubjectVisitDocuments/Generate', { subjectVisitId: f.sv.id });
    expect(started).toMatchObject({
      status: 'Started',
      type: 'SubjectVisit',
      extension: 'pdf',
      documentLink: null,
      subjectVisitId: f.sv.id,
      subjectId: f.subject.id,
      sendToDrTrial: false,
      error: null,
    });
    expect(started.name).toContain(f.subject.identificationNumber);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, started.id), eq(auditLog.action, 'document.generate')));
    expect(audit?.subjectId).toBe(f.subject.id);

    const done = await settled(as('sitePi'), started.id);
    expect(done).toMatchObject({ status: 'Done', documentLink: `/api/Documents/${started.id}/File`, error: null });
    expect(done.sizeBytes).toBeGreaterThan(1000);
    expect(done.finishedAt).toEqual(expect.any(String));
    const job = await finishedJob(db(), started.id);
    expect(job).toMatchObject({ kind: 'visit_pdf', status: 'Done' });

    const res = await download(as('sitePi'), done.documentLink);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text, fonts } = await checkPdf(res.rawPayload);
    const sig = (await pi().ok('GET', `/SubjectsVisit/${f.sv.id}`)).signature;
    for (const s of [
      f.subject.identificationNumber,
      f.form.form.title,
      'Раздел: Main',
      'Q number: 120',
      'Q select: Да',
      'Q child: Головная боль после приёма',
      'Статус раздела: Не применимо',
      'Давление измерено дважды',
      'Электронная подпись',
      `Подписал(а): ${sig.printedName}`,
      `Значение подписи: ${DEFAULT_SIGNATURE_MEANING}`,
      'Дата и время подписи:',
      sig.contentHash,
      'Страница 1 из',
    ])
      expect(text).toContain(s);
    expect(fonts).toMatch(/DejaVuSans.*yes/);
  });

  it('in English for an English reader; readers of the subject read it, other centres get 404', async () => {
    const f = await filledVisit();
    await pi().ok('POST', `/SubjectsVisit/${f.sv.id}/Sign`, { password: PASSWORD });
    const started = await api(w.english.token).ok('POST', '/SubjectVisitDocuments/Generate', { subjectVisitId: f.sv.id });
    expect(started.sendToDrTrial).toBe(false);
    const done = await settled(as('qa'), started.id);
    const { text } = await checkPdf((await download(as('qa'), done.documentLink)).rawPayload);
    expect(text).toContain('Electronic signature');
    expect(text).toContain('Section status: Not applicable');
    expect(text).toContain('Q child: Головная боль после приёма');
    // QA and the site read the document one of the site made; another centre does not see it at all.
    expect((await api(as('sitePi')).ok('GET', `/Documents/${started.id}`)).status).toBe('Done');
    expectError(await api(w.site2.token).send('GET', `/Documents/${started.id}`), 404, 'not_found', 'id');
    expect((await download(w.site2.token, done.documentLink)).statusCode).toBe(404);
    expectError(
      await api(w.site2.token).send('POST', '/SubjectVisitDocuments/Generate', { subjectVisitId: f.sv.id }),
      404,
      'not_found',
      'subjectVisitId',
    );
    // A nurse of the site (no signing right) may still have the PDF made: it is a reading.
    expect((await api(extra.nurse.token).ok('POST', '/SubjectVisitDocuments/Generate', { subjectVisitId: f.sv.id })).status).toBe(
      'Started',
    );
  });

  it('checks its input: 400 naming the field, 404 for an unknown visit; nothing is written', async () => {
    const before = (await db().select().from(documents)).length;
    expectError(await pi().send('POST', '/SubjectVisitDocuments/Generate', {}), 400, 'required', 'subjectVisitId');
    expectError(
      await pi().send('POST', '/SubjectVisitDocuments/Generate', { subjectVisitId: 'x' }),
      400,
      'validation',
      'subjectVisitId',
    );
    expectError(
      await pi().send('POST', '/SubjectVisitDocuments/Generate', { subjectVisitId: crypto.randomUUID(), sendToDrTrial: 'yes' }),
      400,
      'validation',
      'sendToDrTrial',
    );
    expectError(
      await pi().send('POST', '/SubjectVisitDocuments/Generate', { subjectVisitId: crypto.randomUUID() }),
      404,
      'not_found',
      'subjectVisitId',
    );
    expect((await db().select().from(documents)).length).toBe(before);
  });

  it('a generation that cannot be done ends in Error with the reason in the reader’s language', async () => {
    const f = await filledVisit();
    await pi().ok('POST', `/SubjectsVisit/${f.sv.id}/Sign`, { password: PASSWORD });
    const job = async (subjectVisitId: string, timeZone: string) => {
      const [doc] = await db()
        .insert(documents)
        .values({
          researchId: w.researchId,
          name: 'broken',
          extension: 'pdf',
          contentType: 'application/pdf',
          sizeBytes: 0,
          status: 'Started',
          type: 'SubjectVisit',
          subjectId: f.subject.id,
          subjectVisitId: f.sv.id,
        })
        .returning();
      const row = await insertJob(db(), {
        researchId: w.researchId,
        kind: 'visit_pdf',
        name: 'broken',
        params: { documentId: doc!.id, subjectVisitId, noteTypes: [], timeZone },
        actor: { userId: w.english.userId, language: 'ru', seesGroup: false, centreId: null } as never,
        documentId: doc!.id,
      });
      await t.app.deps.jobs.enqueue('visit_pdf', row.id);
      return doc!.id;
    };
    // The visit is gone (a refusal): Error at once, saying what is missing.
    const gone = await settled(as('sitePi'), await job(crypto.randomUUID(), 'UTC'));
    expect(gone).toMatchObject({ status: 'Error', documentLink: null, error: { code: 'not_found' } });
    expect(gone.error.message).toMatch(/не найден/i);
    // An internal failure (a time zone no runtime knows) is tried three times, then kept as an Error.
    const broken = await job(f.sv.id, 'Nowhere/Zone');
    const failed = await settled(as('sitePi'), broken);
    expect(failed).toMatchObject({ status: 'Error', error: { code: 'document_generation_failed' } });
    expect((await api(w.english.token).ok('GET', `/Documents/${broken}`)).error.message).toBe(
      'The document could not be made because of an internal error',
    );
    const j = await finishedJob(db(), broken);
    expect(j).toMatchObject({ status: 'Failed', attempts: 3 });
    expect(await db().select().from(documentFiles).where(eq(documentFiles.documentId, broken))).toEqual([]);
    expect((await download(as('sitePi'), `/api/Documents/${broken}/File`)).statusCode).toBe(404);
  }, 60_000);
});

describe('POST /Subjects/{id}/GenerateSubjectCard: the subject card', () => {
  it('holds every visit of the subject with its values and signature, and the audit trail without the randomisation group', async () => {
    const f = await filledVisit();
    await pi().ok('POST', `/SubjectsVisit/${f.sv.id}/Sign`, { password: PASSWORD });
    const started = await api(as('qa')).ok('POST', `/Subjects/${f.subject.id}/GenerateSubjectCard`, {});
    expect(started).toMatchObject({ status: 'Started', type: 'SubjectCard', subjectId: f.subject.id, subjectVisitId: null });
    const done = await settled(as('qa'), started.id);
    expect(done.status).toBe('Done');
    const { text, pages } = await checkPdf((await download(as('qa'), done.documentLink)).rawPayload);
    expect(pages).toBeGreaterThanOrEqual(3);
    for (const s of [
      `Карточка субъекта ${f.subject.identificationNumber}`,
      'Визит: Screening',
      'Q child: Головная боль после приёма',
      'Электронная подпись',
      'Журнал аудита',
      'subject.create',
      'subject_visit.sign',
      'Давление измерено дважды',
    ])
      expect(text).toContain(s);
    expect(text).not.toContain('randomizationGroup');
    // The site reads it; another centre does not; a monitor's organisation does not generate documents.
    expect((await api(as('sitePi')).ok('GET', `/Documents/${started.id}`)).status).toBe('Done');
    expectError(await api(w.site2.token).send('GET', `/Documents/${started.id}`), 404, 'not_found', 'id');
    expectError(
      await api(w.site2.token).send('POST', `/Subjects/${f.subject.id}/GenerateSubjectCard`, {}),
      404,
      'not_found',
      'id',
    );
    expectError(await api(as('kio')).send('POST', `/Subjects/${f.subject.id}/GenerateSubjectCard`, {}), 403, 'forbidden');
    expectError(
      await api(as('qa')).send('POST', `/Subjects/${crypto.randomUUID()}/GenerateSubjectCard`, {}),
      404,
      'not_found',
      'id',
    );
    expectError(await api(as('qa')).send('POST', '/Subjects/x/GenerateSubjectCard', {}), 400, 'validation', 'id');
  });
});

describe('POST /ResearchVersions/GenerateResearchVersionsChanges: the research version changes', () => {
  it('lists the visits, forms, sections and fields added, removed and modified from the earlier version to the later', async () => {
    const admin = designApi(t.app, w.callers.admin.token);
    const research = await freshResearch(db());
    const v1 = await admin.version(research.id);
    const tree = await makeFormTree(admin, research.id);
    const gone = await admin.visit(research.id, { title: 'Визит удаляемый' });
    const v2 = await admin.version(research.id, { majorIndex: 1, minorIndex: 1, startedDate: '2026-02-01' });
    // 1.1: the form is split and gets a section with a field; a visit joins; another leaves.
    const [, copy] = await admin.ok('POST', `/Forms/${tree.form.id}/SplitVersion/${v2.id}`);
    const history = await admin.section(copy.id, { sectionName: 'Анамнез' });
    await admin.formField(history.id, tree.text.id, { text: 'Аллергии в анамнезе' });
    const added = await admin.visit(research.id, { title: 'Визит наблюдения' });
    const goneVisit = await admin.ok('GET', `/Visits/${gone.id}`);
    await admin.ok('PUT', `/Visits/${gone.id}`, { researchVersionIdList: [v1.id], updatedAt: goneVisit.updatedAt });

    const send = (body: Record<string, unknown>, token = w.callers.admin.token) =>
      api(token).send('POST', '/ResearchVersions/GenerateResearchVersionsChanges', body);
    expectError(await send({ firstVersionId: v2.id, secondVersionId: v1.id }), 400, 'version_changes_order', 'secondVersionId');
    expectError(await send({ firstVersionId: v1.id, secondVersionId: v1.id }), 400, 'version_changes_order', 'secondVersionId');
    expectError(await send({ firstVersionId: v1.id }), 400, 'required', 'secondVersionId');
    expectError(await send({ firstVersionId: v1.id, secondVersionId: crypto.randomUUID() }), 404, 'not_found', 'secondVersionId');
    expectError(await send({ firstVersionId: v1.id, secondVersionId: v2.id }, as('sitePi')), 403, 'forbidden');

    const started = (await send({ firstVersionId: v1.id, secondVersionId: v2.id })).body.data;
    expect(started).toMatchObject({ status: 'Started', type: 'ResearchVersionChanges', subjectId: null });
    const done = await settled(w.callers.admin.token, started.id);
    expect(done.status).toBe('Done');
    const { text } = await checkPdf((await download(w.callers.admin.token, done.documentLink)).rawPayload);
    for (const s of [
      'Изменения версии 1.0 → 1.1',
      'Добавлено (3)',
      `Визит: ${added.title}`,
      `Раздел: Анамнез — ${tree.visit.title} / ${copy.title}`,
      'Поле: Аллергии в анамнезе',
      'Удалено (1)',
      'Визит: Визит удаляемый',
      'Изменено (1)',
      'Форма:',
      `Форма: ${copy.title} — ${tree.visit.title}`,
    ])
      expect(text).toContain(s);
    // An admin-only type: a site reads nothing of it.
    expectError(await api(as('sitePi')).send('GET', `/Documents/${started.id}`), 404, 'not_found', 'id');

    // GET /Documents/Paged: the research's documents, filtered by type and status, paged.
    const list = (query: string, token = w.callers.admin.token) => api(token).send('GET', `/Documents/Paged?${query}`);
    const mine = await list(`researchId=${research.id}&Type=ResearchVersionChanges`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ totalCount: 1, page: 1 });
    expect(mine.body.data[0]).toMatchObject({ id: started.id, status: 'Done', documentLink: done.documentLink });
    expect((await list(`researchId=${research.id}&Status=Started`)).body.totalCount).toBe(0);
    expectError(await list(`researchId=${research.id}&Status=Ready`), 400, 'validation', 'Status');
    expectError(await list(`researchId=${research.id}&Type=Thing`), 400, 'validation', 'Type');
    expectError(await list(`researchId=${research.id}`, as('sitePi')), 403, 'no_research_access', 'researchId');
    // In the subjects' research: the administrator sees the visit PDFs; a site sees only common documents.
    const all = await list(`researchId=${w.researchId}&Type=SubjectVisit&pageSize=2`);
    expect(all.body.totalCount).toBeGreaterThan(2);
    expect(all.body.data).toHaveLength(2);
    expect((await list('Type=SubjectVisit', as('sitePi'))).body.totalCount).toBe(0);
  });
});
