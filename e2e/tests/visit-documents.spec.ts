import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signIn, toast } from '../support/app';
import { apiAuth, currentResearchId, postOk, visitIdByKey } from '../support/api';
import { browserDate, shown } from '../support/dates';

// Subject visit documents from the visit info dialog of the subject matrix (docs/documents.md). A fixture
// makes a subject of its own with DEMO-001's screening visit held ten days ago (no design change, so the
// spec stands alone); the site's investigator uploads a PDF, downloads it and deletes it.

const SCREENING_VISIT = 'Скрининг';
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

test.beforeAll(async ({ request }) => {
  const site = await apiAuth(request, 'site@demo.test');
  const admin = await apiAuth(request, 'admin@demo.test');
  const visitId = await visitIdByKey(request, admin, await currentResearchId(request, site), 'SCR');
  const subject = await postOk(request, site, '/api/Subjects', {
    genderString: 'Male',
    birthDate: '1985-03-04',
    screenDate: browserDate(-10),
    screeningNumber: SUBJECT,
  });
  await postOk(request, site, '/api/SubjectsVisit', { date: browserDate(-10), subjectId: subject.id, visitId });
});

test('a site user uploads a PDF to a visit, downloads it and deletes it', async ({ page }) => {
  await signIn(page, 'site@demo.test');
  await page.goto('/subjectmatrix');
  await page.getByRole('searchbox', { name: 'Скрининговый номер' }).fill(SUBJECT);
  await expect(page.getByTestId('subject-row')).toHaveCount(1);
  await page
    .getByTestId('subject-row')
    .getByRole('button', { name: `${SCREENING_VISIT}: Не начат, ${shown(browserDate(-10))}` })
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
