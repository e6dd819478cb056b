import { expect, test } from '../support/test';
import { signIn, toast } from '../support/app';
import { subjectCardDocument } from '../support/api';
import { browserDate } from '../support/dates';

// The research documents page (docs/documents.md "Documents screens"; design-and-admin section 2): the
// administrator sees a generated document, shares it, deletes it (status Deleted, no actions left), and the page
// fits a 390 px phone. A fixture makes a subject of its own and its card, so the spec stands alone.

const SUFFIX = Date.now().toString(36).slice(-5).toUpperCase();
const doc: { name?: string } = {};

test.beforeAll(async ({ request }) => {
  doc.name = await subjectCardDocument(request, 'admin@demo.test', {
    genderString: 'Female',
    birthDate: '1979-05-06',
    screenDate: browserDate(-3),
    screeningNumber: `E2E-DOC-${SUFFIX}`,
  });
});

test('the administrator shares and deletes a generated document; the page fits 390 px', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/researchSettings/documents/list');
  await expect(page.getByRole('tab', { name: 'Список' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('listitem', { name: doc.name! });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('document-status')).toHaveText('Готов');
  await expect(card.getByRole('button', { name: 'Скачать' })).toBeVisible();

  const shared = card.getByRole('switch', { name: 'Общий доступ' });
  await expect(shared).not.toBeChecked();
  await shared.click();
  await expect(toast(page, 'Сохранено')).toBeVisible();
  await expect(shared).toBeChecked();

  await card.getByRole('button', { name: 'Удалить' }).click();
  const ask = page.getByRole('dialog', { name: 'Вы уверены что хотите удалить?' });
  await ask.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(ask).toBeHidden();
  // The record stays, Deleted, without actions.
  await expect(card.getByTestId('document-status')).toHaveText('Удалён');
  await expect(card.getByText('Файл удалён')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Скачать' })).toHaveCount(0);

  // Every document of the demo is recent: none has expired.
  await page.getByRole('tab', { name: 'Истекший срок хранения' }).click();
  await expect(page.getByText('Документы отсутствуют')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/researchSettings/documents/list');
  await expect(page.getByRole('listitem', { name: doc.name! })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the administrator generates a dataset: asked for Started, then Done with its download', async ({ page }) => {
  const name = `Набор E2E-${SUFFIX}`;
  await signIn(page, 'admin@demo.test');
  await page.goto('/researchSettings/documents/list');
  await page.getByRole('button', { name: 'Сформировать набор данных' }).click();
  const dialog = page.getByRole('dialog', { name: 'Сформировать набор данных' });
  await dialog.getByRole('combobox', { name: 'Визиты' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('textbox', { name: 'Название' }).fill(name);
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/Researches/GenerateDatasetByVisit'));
  await dialog.getByRole('button', { name: 'Сформировать' }).click();
  expect(((await (await asked).json()) as { data: { status: string } }).data.status).toBe('Started');
  await expect(dialog).toBeHidden();
  // The list shows the new document; polled every 2 s until Done, the snackbar offers the file.
  await expect(page.getByRole('listitem', { name })).toBeVisible();
  const ready = page.getByText(`Документ «${name}» сформирован`);
  await expect(ready).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Скачать' }).last()).toBeVisible();
});

test('the archive of a centre’s subject cards offers every centre that holds subjects, and is made', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/researchSettings/documents/list');
  await page.getByRole('button', { name: 'Архив карточек субъектов' }).click();
  const dialog = page.getByRole('dialog', { name: 'Архив карточек субъектов центра' });
  await dialog.getByRole('combobox', { name: 'Центр' }).click();
  // The demo's site and test site centres (and any another spec made), by number; not the sponsor's, QA's or
  // monitor's centres, which hold no subjects.
  const options = page.getByRole('option');
  await expect(options.first()).toHaveText(/^01 · /);
  const numbers = (await options.allTextContents()).map((o) => o.split(' · ')[0]);
  expect(numbers).toEqual(expect.arrayContaining(['01', '02', 'T-01']));
  expect(numbers.filter((n) => ['A-01', 'Q-01', 'K-01'].includes(n!))).toEqual([]);
  await options.first().click();
  await dialog.getByRole('button', { name: 'Сформировать' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Архив «.+» готов$/)).toBeVisible({ timeout: 60_000 });
});
