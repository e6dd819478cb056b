import { expect, test } from '../support/test';
import { signIn } from '../support/app';
import { subjectCardDocument } from '../support/api';
import { browserDate } from '../support/dates';

// The PDF viewer (docs/documents.md "Confidential download"; spec operations sections 2, 8 and 9): qa, a
// non-administrator, previews its own subject card from the profile — the file is fetched encrypted for the
// session, decrypted in the page and handed to the /pdfViewer tab, which shows it without a download button.
// A fixture makes a subject of its own and its card, so the spec stands alone.

const SUFFIX = Date.now().toString(36).slice(-5).toUpperCase();
const doc: { name?: string } = {};

test.beforeAll(async ({ request }) => {
  doc.name = await subjectCardDocument(request, 'qa@demo.test', {
    genderString: 'Male',
    birthDate: '1981-02-03',
    screenDate: browserDate(-2),
    screeningNumber: `E2E-PDF-${SUFFIX}`,
  });
});

test('qa previews a generated document in the PDF viewer tab, without a download button', async ({ page }) => {
  await signIn(page, 'qa@demo.test');
  await page.goto('/profile');
  const card = page.getByRole('list', { name: 'Мои документы' }).getByRole('listitem', { name: doc.name! });
  await expect(card).toBeVisible();
  // The profile generates too: a qa centre's staff have datasets, reports, the template and archives made.
  const mine = page.getByRole('region', { name: 'Мои документы' });
  await expect(mine.getByRole('button', { name: 'Сформировать набор данных' })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Сформировать шаблон' })).toBeVisible();
  // A PDF: others than documents administrators preview it, they do not download it.
  await expect(card.getByRole('button', { name: 'Скачать' })).toHaveCount(0);

  const [viewer] = await Promise.all([page.waitForEvent('popup'), card.getByRole('button', { name: 'Просмотр' }).click()]);
  await expect(viewer).toHaveURL(/\/pdfViewer$/);
  await expect(viewer.getByRole('heading', { level: 1 })).toContainText(doc.name!);
  const frame = viewer.getByTestId('pdf-viewer-frame');
  await expect(frame).toHaveAttribute('src', /^blob:http.*#toolbar=0$/);
  await expect(frame).toHaveAttribute('title', `${doc.name!}.pdf`);
  await expect(viewer.getByRole('button', { name: 'Скачать' })).toHaveCount(0);

  await viewer.setViewportSize({ width: 390, height: 844 });
  await expect(frame).toBeVisible();
  expect(await viewer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
