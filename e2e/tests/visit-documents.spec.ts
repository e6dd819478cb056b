import fs from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { DEMO_PASSWORD, signIn, toast } from '../support/app';

// Subject visit documents from the visit info dialog of the subject matrix (docs/documents.md). A fixture
// makes the screening visit of the design (the same one subjects.spec.ts uses) and a subject with that
// visit held ten days ago; the site's investigator uploads a PDF, downloads it and deletes it.

const SCREENING_VISIT = 'E2E Скрининг';
const SUBJECT = 'E2E-DOC-001';
const DOCUMENT = 'Информированное согласие';
/** A minimal PDF made in the test. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

const shot = process.env.SCREENSHOTS
  ? (page: Page, name: string) => page.screenshot({ path: path.join(test.info().project.outputDir, 'screenshots', name) })
  : null;

const isoIn = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' });
const text = (iso: string) => iso.split('-').reverse().join('.');

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const reply = await request.post('/api/Auth/SignIn', { data: { email, password: DEMO_PASSWORD } });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { data: { accessToken: string } }).data.accessToken;
}

test.beforeAll(async ({ request }) => {
  const site = { Authorization: `Bearer ${await apiToken(request, 'site@demo.test')}` };
  const admin = { Authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` };
  const me = (await (await request.get('/api/Users/me', { headers: site })).json()) as {
    data: { employees: { id: string; researchOrganisation: { research: { id: string } } }[]; currentEmployeeId: string };
  };
  const researchId = me.data.employees.find((e) => e.id === me.data.currentEmployeeId)!.researchOrganisation.research.id;
  const visits = async () =>
    (
      (await (await request.get(`/api/Visits?researchId=${researchId}`, { headers: admin })).json()) as {
        data: { id: string; visitKey: string }[];
      }
    ).data;
  if (!(await visits()).some((v) => v.visitKey === 'E2E_SCR')) {
    const reply = await request.post('/api/Visits', {
      headers: admin,
      data: {
        researchId,
        description: null,
        title: SCREENING_VISIT,
        visitKey: 'E2E_SCR',
        visitTypeString: 'Screening',
        dayNumber: 0,
      },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
  }
  const visitId = (await visits()).find((v) => v.visitKey === 'E2E_SCR')!.id;
  const subject = await request.post('/api/Subjects', {
    headers: site,
    data: { genderString: 'Male', birthDate: '1985-03-04', screenDate: isoIn(-10), screeningNumber: SUBJECT },
  });
  expect(subject.ok(), await subject.text()).toBe(true);
  const subjectId = ((await subject.json()) as { data: { id: string } }).data.id;
  const sv = await request.post('/api/SubjectsVisit', { headers: site, data: { date: isoIn(-10), subjectId, visitId } });
  expect(sv.ok(), await sv.text()).toBe(true);
});

test('a site user uploads a PDF to a visit, downloads it and deletes it', async ({ page }) => {
  await signIn(page, 'site@demo.test');
  await page.goto('/subjectmatrix');
  await page.getByRole('searchbox', { name: 'Скрининговый номер' }).fill(SUBJECT);
  await expect(page.getByTestId('subject-row')).toHaveCount(1);
  await page
    .getByTestId('subject-row')
    .getByRole('button', { name: `${SCREENING_VISIT}: Не начат, ${text(isoIn(-10))}` })
    .click();
  const info = page.getByRole('dialog', { name: `Визит «${SCREENING_VISIT}»: субъект ${SUBJECT}` });

  // The count is on the tab before it is opened.
  const tab = info.getByRole('tab', { name: 'Документы (0)' });
  await expect(tab).toBeVisible();
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const panel = info.getByRole('tabpanel');
  await expect(panel).toHaveAttribute('aria-labelledby', 'visit-info-tab-documents');
  await expect(panel.getByText('Документы отсутствуют')).toBeVisible();

  // Upload: a file that is not a PDF is refused before sending; the PDF's name becomes the document's name.
  await panel.getByRole('button', { name: 'Загрузить' }).click();
  const upload = page.getByRole('dialog', { name: 'Загрузка документа' });
  const input = upload.getByTestId('document-file-input');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(upload.getByText('Можно загрузить только файл PDF')).toBeVisible();
  await input.setInputFiles({ name: `${DOCUMENT}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  await expect(upload.getByRole('textbox', { name: /^Название/ })).toHaveValue(DOCUMENT);
  await expect(upload.getByText('Только PDF, не больше 20 МБ')).toBeVisible();
  await shot?.(page, 'visit-documents-upload.png');
  await upload.getByRole('button', { name: 'Загрузить' }).click();
  await expect(toast(page, 'Сохранено')).toBeVisible();
  await expect(upload).toBeHidden();
  await expect(info.getByRole('tab', { name: 'Документы (1)' })).toBeVisible();
  const item = panel.getByTestId('visit-document');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(DOCUMENT);
  await expect(item).toContainText('Версия 1');
  await shot?.(page, 'visit-documents-desktop.png');

  // Download: the same bytes, under the document's name.
  const downloading = page.waitForEvent('download');
  await item
    .getByRole('button', { name: `Скачать «${DOCUMENT}»` })
    .first()
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${DOCUMENT}.pdf`);
  expect(Buffer.compare(await fs.readFile((await download.path())!), PDF)).toBe(0);

  // A new version keeps the name and lists the first one among the earlier versions.
  await item.getByRole('button', { name: `Новая версия: ${DOCUMENT}` }).click();
  const version = page.getByRole('dialog', { name: `Новая версия документа «${DOCUMENT}»` });
  await version.getByTestId('document-file-input').setInputFiles({ name: 'v2.pdf', mimeType: 'application/pdf', buffer: PDF });
  await version.getByRole('button', { name: 'Загрузить' }).click();
  await expect(version).toBeHidden();
  await expect(item).toContainText('Версия 2');
  await expect(info.getByRole('tab', { name: 'Документы (1)' })).toBeVisible();
  await item.getByRole('button', { name: 'Предыдущие версии (1)' }).click();
  await expect(item).toContainText('Версия 1');

  // On a phone the dialog fills the screen and nothing overflows sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(item).toBeVisible();
  const overflow = await info.evaluate((el) => {
    const paper = el.querySelector('.MuiDialog-paper') ?? el;
    return paper.scrollWidth - paper.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  await shot?.(page, 'visit-documents-390.png');

  // Delete, after the confirmation.
  await item.getByRole('button', { name: `Удалить: ${DOCUMENT}` }).click();
  const confirm = page.getByRole('dialog', { name: `Удаление документа «${DOCUMENT}»` });
  await expect(confirm.getByText('Вы уверены что хотите удалить?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(toast(page, 'Удалено')).toBeVisible();
  await expect(info.getByRole('tab', { name: 'Документы (0)' })).toBeVisible();
  await expect(panel.getByText('Документы отсутствуют')).toBeVisible();
});
