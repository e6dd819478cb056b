import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { JOB_ATTEMPTS } from '@edc/domain';
import {
  auditLog,
  documentFiles,
  documents,
  jobs,
  researches,
  subjectVisitDocuments,
} from '../../src/platform/db/schema/index.js';
import { call, expectError } from '../support/test-app.js';
import { makeSubject, makeSubjectVisit, setupSubjectApp } from '../support/subject-factories.js';
import { startFakeDrTrial } from '../support/fake-dr-trial.js';

// DrTrial, played by a real HTTP server on an ephemeral port; the app runs its jobs (one worker, retries 1 s apart).
const TOKEN = 'dr-trial-token-send';
const drTrial = await startFakeDrTrial(TOKEN);
afterAll(() => drTrial.close());
const { w, db, t, as } = setupSubjectApp({ DRTRIAL_URL: drTrial.url, DRTRIAL_TOKEN: TOKEN, JOB_WORKERS: '1' });

const DR_ID = 'DRT-RES-2';
beforeAll(async () => {
  await db().update(researches).set({ drTrialId: DR_ID }).where(eq(researches.id, w.researchId));
});

const pdf = (tag = randomUUID()) => Buffer.from(`%PDF-1.4\n% ${tag}\ntrailer << >>\n%%EOF\n`, 'latin1');

/** A document on a visit of a subject of the first site; by default linked to DrTrial and signed. */
async function documentOn(opts: { linked?: boolean; signed?: boolean; externalVisit?: boolean } = {}) {
  const { linked = true, signed = true, externalVisit = true } = opts;
  const subject = await makeSubject(db(), {
    researchId: w.researchId,
    centreId: w.site.id,
    status: 'Screened',
    drTrialId: linked ? `SUBJ-${randomUUID().slice(0, 8)}` : null,
  });
  const sv = await makeSubjectVisit(db(), {
    subjectId: subject.id,
    visitId: externalVisit ? w.schedule.external.id : w.schedule.screening.id,
    signDate: signed ? '2024-01-10' : undefined,
  });
  const bytes = pdf();
  const [doc] = await db()
    .insert(documents)
    .values({
      researchId: w.researchId,
      name: 'Протокол визита',
      extension: 'pdf',
      contentType: 'application/pdf',
      sizeBytes: bytes.length,
      status: 'Done',
      type: 'SubjectVisit',
    })
    .returning();
  await db().insert(documentFiles).values({ documentId: doc!.id, content: bytes });
  const id = randomUUID();
  await db().insert(subjectVisitDocuments).values({ id, subjectVisitId: sv.id, documentId: doc!.id, lineageId: id, version: 1 });
  return { id, documentId: doc!.id, bytes, subject, sv };
}

const sendAs = (who: Parameters<typeof as>[0], id: string) =>
  call(t.app, 'POST', `/SubjectVisitDocuments/${id}/SendToDrTrial`, { token: as(who) });

/** Waits until the document is no longer Queued, and gives its row. */
async function settled(documentId: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db().select().from(documents).where(eq(documents.id, documentId));
    if (row!.drTrialStatus !== 'Queued') return row!;
    if (Date.now() > until) throw new Error(`document ${documentId} still Queued`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const jobOf = async (documentId: string) =>
  (await db().select().from(jobs).where(eq(jobs.kind, 'dr_trial_send'))).filter(
    (j) => (j.params as { documentId: string }).documentId === documentId,
  );

describe('sending a signed visit’s document to DrTrial', () => {
  it('sends it through the job queue: while DrTrial answers 503 it is retried, and it arrives once', async () => {
    const d = await documentOn();
    drTrial.fail({ status: 503 }, 'reset');
    const res = await sendAs('sitePi', d.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.document).toMatchObject({ sendToDrTrial: true, drTrialStatus: 'Queued', drTrialSentAt: null });
    const row = await settled(d.documentId);
    expect(row.drTrialStatus).toBe('Sent');
    expect(row.drTrialSentAt).toBeInstanceOf(Date);
    const received = [...drTrial.documents.values()].filter((r) => r.path.endsWith(`/documents/${d.documentId}`));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      path: `/researches/${DR_ID}/subjects/${d.subject.drTrialId}/visits/EXT-1/documents/${d.documentId}`,
      name: 'Протокол визита',
      subjectVisitId: d.sv.id,
      puts: 1,
    });
    expect(received[0]!.bytes.equals(d.bytes)).toBe(true);
    const [job] = await jobOf(d.documentId);
    expect(job).toMatchObject({ status: 'Done', attempts: 3 });
    const trail = await db()
      .select({ action: auditLog.action, userId: auditLog.userId })
      .from(auditLog)
      .where(eq(auditLog.entityId, d.id))
      .orderBy(auditLog.seq);
    expect(trail).toEqual([
      { action: 'subject_visit_document.send_to_dr_trial', userId: w.callers.sitePi.userId },
      { action: 'subject_visit_document.sent_to_dr_trial', userId: w.callers.sitePi.userId },
    ]);
    // The list shows where it stands.
    const list = await call(t.app, 'GET', `/SubjectVisitDocuments?subjectVisitId=${d.sv.id}`, { token: as('qa') });
    expect(list.body.data[0].document).toMatchObject({ drTrialStatus: 'Sent' });
    // Sent once: sending again is refused.
    expectError(await sendAs('sitePi', d.id), 409, 'dr_trial_already_sent');
  }, 40_000);

  it('a visit PDF generated with sendToDrTrial is sent once made; a reader or an unlinked visit is refused, writing nothing', async () => {
    const d = await documentOn();
    const generate = (who: Parameters<typeof as>[0], subjectVisitId: string) =>
      call(t.app, 'POST', '/SubjectVisitDocuments/Generate', { token: as(who), body: { subjectVisitId, sendToDrTrial: true } });
    const generatedOn = async (subjectVisitId: string) =>
      (await db().select().from(documents).where(eq(documents.subjectVisitId, subjectVisitId))).length;
    expectError(await generate('qa', d.sv.id), 403, 'forbidden');
    const unlinked = await documentOn({ linked: false });
    expectError(await generate('sitePi', unlinked.sv.id), 409, 'dr_trial_not_linked', 'sendToDrTrial');
    expect(await generatedOn(d.sv.id)).toBe(0);
    expect(await generatedOn(unlinked.sv.id)).toBe(0);

    const res = await generate('sitePi', d.sv.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const documentId: string = res.body.data.id;
    const until = Date.now() + 30_000;
    let row = (await db().select().from(documents).where(eq(documents.id, documentId)))[0]!;
    while (row.drTrialStatus !== 'Sent' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      row = (await db().select().from(documents).where(eq(documents.id, documentId)))[0]!;
    }
    expect(row).toMatchObject({ status: 'Done', sendToDrTrial: true, drTrialStatus: 'Sent' });
    const received = [...drTrial.documents.values()].filter((r) => r.path.endsWith(`/documents/${documentId}`));
    expect(received).toHaveLength(1);
    const [file] = await db().select().from(documentFiles).where(eq(documentFiles.documentId, documentId));
    expect(received[0]!.bytes.equals(file!.content)).toBe(true);
    expect(received[0]!.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 40_000);

  it('DrTrial unavailable on every attempt: Failed after the last, the document kept; sending again then succeeds', async () => {
    const d = await documentOn();
    drTrial.fail(...Array.from({ length: JOB_ATTEMPTS }, () => ({ status: 503 })));
    expect((await sendAs('sitePi', d.id)).status).toBe(200);
    expect((await settled(d.documentId)).drTrialStatus).toBe('Failed');
    const [job] = await jobOf(d.documentId);
    expect(job).toMatchObject({ status: 'Failed', attempts: JOB_ATTEMPTS, error: { code: 'job_failed' } });
    const [kept] = await db().select().from(documentFiles).where(eq(documentFiles.documentId, d.documentId));
    expect(kept!.content.equals(d.bytes)).toBe(true);
    expect((await sendAs('sitePi', d.id)).status).toBe(200);
    expect((await settled(d.documentId)).drTrialStatus).toBe('Sent');
  }, 40_000);

  it('a refusal by DrTrial (a bad token, 4xx) fails at once, not retried', async () => {
    const d = await documentOn();
    drTrial.reset();
    drTrial.fail({ status: 401 });
    expect((await sendAs('sitePi', d.id)).status).toBe(200);
    expect((await settled(d.documentId)).drTrialStatus).toBe('Failed');
    const [job] = await jobOf(d.documentId);
    expect(job).toMatchObject({
      status: 'Failed',
      attempts: 1,
      error: { code: 'dr_trial_send_refused', params: { status: 401 } },
    });
    expect(drTrial.log.filter((l) => l.startsWith('PUT'))).toHaveLength(1);
  });

  it('refuses a visit not signed, a subject or visit not linked (409), before writing anything', async () => {
    const unsigned = await documentOn({ signed: false });
    expectError(await sendAs('sitePi', unsigned.id), 409, 'dr_trial_visit_not_signed');
    const unlinked = await documentOn({ linked: false });
    expectError(await sendAs('sitePi', unlinked.id), 409, 'dr_trial_not_linked');
    const plain = await documentOn({ externalVisit: false });
    expectError(await sendAs('sitePi', plain.id), 409, 'dr_trial_not_linked');
    for (const d of [unsigned, unlinked, plain]) {
      const [row] = await db().select().from(documents).where(eq(documents.id, d.documentId));
      expect(row).toMatchObject({ sendToDrTrial: false, drTrialStatus: null });
      expect(await jobOf(d.documentId)).toHaveLength(0);
    }
  });

  it('the send jobs are read by the subject’s centre only', async () => {
    const d = await documentOn();
    expect((await sendAs('sitePi', d.id)).status).toBe(200);
    await settled(d.documentId);
    const [job] = await jobOf(d.documentId);
    const own = await call(t.app, 'GET', `/Jobs?kind=dr_trial_send&researchId=${w.researchId}&pageSize=100`, {
      token: as('sitePi'),
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.map((j: { id: string }) => j.id)).toContain(job!.id);
    expect((await call(t.app, 'GET', `/Jobs/${job!.id}`, { token: as('sitePi') })).status).toBe(200);
    const other = await call(t.app, 'GET', `/Jobs?kind=dr_trial_send&researchId=${w.researchId}&pageSize=100`, {
      token: w.site2.token,
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.data).toEqual([]);
    expect([403, 404]).toContain((await call(t.app, 'GET', `/Jobs/${job!.id}`, { token: w.site2.token })).status);
  }, 40_000);

  it('only the document’s writers send it: other site 404, readers 403, unknown id 404', async () => {
    const d = await documentOn();
    expect((await call(t.app, 'POST', `/SubjectVisitDocuments/${d.id}/SendToDrTrial`, { token: w.site2.token })).status).toBe(
      404,
    );
    for (const who of ['qa', 'kio', 'admin', 'editor', 'manager'] as const) {
      expect((await sendAs(who, d.id)).status, who).toBe(403);
    }
    expect((await sendAs('outsider', d.id)).status).toBe(403);
    expectError(await sendAs('sitePi', randomUUID()), 404, 'not_found', 'id');
    expectError(await sendAs('sitePi', 'not-a-uuid'), 400, 'validation');
    const [row] = await db()
      .select()
      .from(documents)
      .where(and(eq(documents.id, d.documentId)));
    expect(row!.drTrialStatus).toBeNull();
  });
});
