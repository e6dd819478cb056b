import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { auditLog, documents, subjects } from '../../src/platform/db/schema/index.js';
import { checkPdf } from '../support/pdf-checks.js';
import { expectError } from '../support/test-app.js';
import { finishedJob, settledDocument } from '../support/generated-document.js';
import { setupEntryApp } from './data-entry-support.js';
import { designApi, freshResearch } from './design-support.js';

// The queue runs here (one worker): the generation requests are followed to their end.
const { t, w, api, as, newVisit, db } = setupEntryApp({ JOB_WORKERS: '1' });

async function download(token: string, link: string) {
  return t.app.inject({ method: 'GET', url: link, headers: { authorization: `Bearer ${token}` } });
}

describe('POST /Researches/GenerateTemplate: the research template', () => {
  it('prints the chosen visits of the version as a blank CRF: forms, sections, field labels, types, units, options', async () => {
    const admin = designApi(t.app, w.callers.admin.token);
    const research = await freshResearch(db());
    const version = await admin.version(research.id);
    const visit = await admin.visit(research.id, { title: 'Визит скрининга' });
    const other = await admin.visit(research.id, { title: 'Визит не выбранный' });
    const formType = await admin.formType();
    const pulse = await admin.field(formType.id, { fieldType: 'Number', units: 'уд/мин' });
    const smoker = await admin.field(formType.id, { fieldType: 'Select', optionList: ['', 'Курит', 'Не курит'] });
    const form = await admin.form(visit.id, formType.id, { title: 'Жизненные показатели' });
    const section = await admin.section(form.id, { sectionName: 'Осмотр' });
    await admin.formField(section.id, pulse.id, { text: 'Частота пульса' });
    await admin.formField(section.id, smoker.id, { text: 'Статус курения' });
    const otherForm = await admin.form(other.id, formType.id, { title: 'Форма другого визита' });
    await admin.section(otherForm.id);

    const send = (body: Record<string, unknown>, token = w.callers.admin.token) =>
      api(token).send('POST', '/Researches/GenerateTemplate', body);
    const before = await db().select({ id: documents.id }).from(documents);
    expectError(await send({ visitIdList: [visit.id] }), 400, 'required', 'researchVersionId');
    const empty = await send({ researchVersionId: version.id, visitIdList: [] });
    expect([empty.status, empty.body.errors[0].path]).toEqual([400, 'visitIdList']);
    expectError(await send({ researchVersionId: version.id, visitIdList: ['x'] }), 400, 'validation', 'visitIdList.0');
    expectError(
      await send({ researchVersionId: version.id, visitIdList: [crypto.randomUUID()] }),
      400,
      'template_unknown_ids',
      'visitIdList',
    );
    expectError(
      await send({ researchVersionId: version.id, visitIdList: [visit.id], protocolVersionId: crypto.randomUUID() }),
      400,
      'template_unknown_ids',
      'protocolVersionId',
    );
    expectError(
      await send({ researchVersionId: crypto.randomUUID(), visitIdList: [visit.id] }),
      404,
      'not_found',
      'researchVersionId',
    );
    // Site staff and the monitor's organisation do not make templates; a qa employee of another research does not see it.
    expectError(await send({ researchVersionId: version.id, visitIdList: [visit.id] }, as('sitePi')), 403, 'forbidden');
    expectError(await send({ researchVersionId: version.id, visitIdList: [visit.id] }, as('kio')), 403, 'forbidden');
    expectError(
      await send({ researchVersionId: version.id, visitIdList: [visit.id] }, as('qa')),
      404,
      'not_found',
      'researchVersionId',
    );
    // Nothing was written by the refusals.
    expect(await db().select({ id: documents.id }).from(documents)).toHaveLength(before.length);
    // A qa employee of the research passes the rights check (and meets the visit check).
    const demoVersion = await admin.version(w.researchId);
    expectError(
      await send({ researchVersionId: demoVersion!.id, visitIdList: [crypto.randomUUID()] }, as('qa')),
      400,
      'template_unknown_ids',
      'visitIdList',
    );

    const started = (await send({ researchVersionId: version.id, visitIdList: [visit.id] })).body.data;
    expect(started).toMatchObject({ status: 'Started', type: 'Template', extension: 'pdf', subjectId: null });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, started.id), eq(auditLog.action, 'document.generate')));
    expect(audit?.after).toMatchObject({ type: 'Template', researchVersionId: version.id, visitIds: [visit.id] });
    const done = await settledDocument(api(w.callers.admin.token), started.id);
    expect(done).toMatchObject({ status: 'Done', error: null });
    const job = await finishedJob(db(), started.id);
    expect(job).toMatchObject({ kind: 'research_template', status: 'Done' });
    const { text } = await checkPdf((await download(w.callers.admin.token, done.documentLink)).rawPayload);
    for (const s of [
      'Шаблон ИРК версии 1.0',
      'Визит: Визит скрининга',
      'Форма: Жизненные показатели',
      'Раздел: Осмотр',
      'Частота пульса',
      'Единицы: уд/мин',
      'Статус курения',
      'Курит',
      'Не курит',
    ])
      expect(text).toContain(s);
    expect(text).not.toContain('Визит не выбранный');
    expectError(await api(as('qa')).send('GET', `/Documents/${started.id}`), 404, 'not_found', 'id');
  });
});

describe('POST /ResearchOrganisations/{id}/GenerateSubjectCardArchive: the centre archive', () => {
  it("holds one subject card PDF per live subject of the centre, for the centre's readers only", async () => {
    const a = await newVisit();
    await newVisit();
    // A deleted subject has no card in the archive.
    const gone = await newVisit();
    await db().update(subjects).set({ deletedAt: new Date() }).where(eq(subjects.id, gone.subject.id));
    const centreId = a.subject.researchOrganisationId as string;
    const live = await db()
      .select({ number: subjects.identificationNumber })
      .from(subjects)
      .where(and(eq(subjects.researchOrganisationId, centreId), isNull(subjects.deletedAt)));
    const url = `/ResearchOrganisations/${centreId}/GenerateSubjectCardArchive`;
    expectError(await api(w.site2.token).send('POST', url, {}), 404, 'not_found', 'id');
    expectError(await api(as('kio')).send('POST', url, {}), 403, 'forbidden');
    expectError(
      await api(as('qa')).send('POST', `/ResearchOrganisations/${crypto.randomUUID()}/GenerateSubjectCardArchive`, {}),
      404,
      'not_found',
      'id',
    );
    expectError(
      await api(as('qa')).send('POST', '/ResearchOrganisations/x/GenerateSubjectCardArchive', {}),
      400,
      'validation',
      'id',
    );

    const started = await api(as('sitePi')).ok('POST', url, {});
    expect(started).toMatchObject({
      status: 'Started',
      type: 'SubjectCardArchive',
      extension: 'zip',
      contentType: 'application/zip',
    });
    const done = await settledDocument(api(as('sitePi')), started.id);
    expect(done).toMatchObject({ status: 'Done', error: null });
    expectError(await api(w.site2.token).send('GET', `/Documents/${started.id}`), 404, 'not_found', 'id');
    expect((await api(as('qa')).ok('GET', `/Documents/${started.id}`)).status).toBe('Done');

    const res = await download(as('sitePi'), done.documentLink);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(entries).sort();
    expect(names).toEqual(live.map((s) => `Карточка субъекта ${s.number}.pdf`).sort());
    expect(names).not.toContain(`Карточка субъекта ${gone.subject.identificationNumber}.pdf`);
    for (const name of names) {
      const { text } = await checkPdf(Buffer.from(entries[name]!));
      expect(text).toContain(name.replace(/\.pdf$/, ''));
    }
  });
});
