import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { expect, test } from '../support/test';
import { DEMO_PASSWORD, signIn } from '../support/app';
import { apiAuth, currentResearchId, postOk, visitIdByKey } from '../support/api';
import { browserDate } from '../support/dates';

// The visit PDF (docs/documents.md "Visit PDF"; spec operations sections 4 and 9): a site investigator signs a
// visit, asks for its PDF, the button waits while it is made (polled every 2 s), and the snackbar's download
// button saves a PDF whose text holds the visit and the signature in Russian. A fixture makes a subject of its
// own with an unscheduled visit whose one form is complete, so the spec stands alone.

const SUFFIX = Date.now().toString(36).slice(-5).toUpperCase();
const SUBJECT = `E2E-PDF-${SUFFIX}`;
const ids: { visit?: string } = {};

test.beforeAll(async ({ request }) => {
  const site = await apiAuth(request, 'site@demo.test');
  const admin = await apiAuth(request, 'admin@demo.test');
  const researchId = await currentResearchId(request, site);
  const subject = await postOk(request, site, '/api/Subjects', {
    genderString: 'Male',
    birthDate: '1985-03-04',
    screenDate: browserDate(-6),
    screeningNumber: SUBJECT,
  });
  // The screening visit comes first; the unscheduled visit is the one signed.
  await postOk(request, site, '/api/SubjectsVisit', {
    date: browserDate(-6),
    subjectId: subject.id,
    visitId: await visitIdByKey(request, admin, researchId, 'SCR'),
  });
  const sv = await postOk(request, site, '/api/SubjectsVisit', {
    date: browserDate(-1),
    subjectId: subject.id,
    visitId: await visitIdByKey(request, admin, researchId, 'UNS'),
  });
  const page = (await (await request.get(`/api/SubjectsVisit/${sv.id}`, { headers: site })).json()) as {
    data: { availableFormList: { id: string }[] };
  };
  const form = await postOk<{ id: string; version: number; subjectFormSectionList: { id: string }[] }>(
    request,
    site,
    '/api/SubjectsForm',
    { formId: page.data.availableFormList[0]!.id, subjectVisitId: sv.id },
  );
  for (const s of form.subjectFormSectionList) {
    await postOk(request, site, `/api/SubjectsFormSection/${s.id}/ChangeStatus`, { status: 'NotApplicable', version: 1 });
    await postOk(request, site, `/api/SubjectsFormSection/${s.id}/Complete`, { version: 2 });
  }
  await postOk(request, site, `/api/SubjectsForm/${form.id}/Complete`, { version: form.version });
  ids.visit = sv.id;
});

test('a site investigator signs the visit and downloads its PDF from the snackbar', async ({ page }) => {
  await signIn(page, 'site@demo.test');
  await page.goto(`/subjectVisit/${ids.visit}`);
  // Not offered before the visit is signed.
  await expect(page.getByRole('button', { name: 'Подписать' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'PDF визита' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Подписать' }).click();
  const sign = page.getByRole('dialog', { name: 'Подписание визита' });
  await sign.getByRole('textbox', { name: 'Пароль' }).fill(DEMO_PASSWORD);
  await sign.getByRole('button', { name: 'Подписать' }).click();
  await expect(sign).toBeHidden();
  await expect(page.getByTestId('signature')).toBeVisible();

  const generate = page.waitForResponse((r) => r.url().endsWith('/api/SubjectVisitDocuments/Generate'));
  await page.getByRole('button', { name: 'PDF визита' }).click();
  expect((await generate).status()).toBe(200);
  const snackbar = page.getByText(/Документ «.+» сформирован/);
  await expect(snackbar).toBeVisible({ timeout: 30_000 });
  // The button is offered again once the document is ready.
  await expect(page.getByRole('button', { name: 'PDF визита' })).toBeEnabled();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const saved = await file.path();
  const bytes = fs.readFileSync(saved);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', saved, '-']).toString('utf8').replace(/\s+/g, ' ');
  expect(text).toContain('Электронная подпись');
  expect(text).toContain('Подтверждаю достоверность данных');
  expect(text).toContain('Незапланированный визит');
  // The download closes the snackbar.
  await expect(snackbar).toBeHidden();
});
