import { expect, test } from '../support/test';
import { signIn, signOut, toast } from '../support/app';
import { subjectCardDocument } from '../support/api';
import { browserDate } from '../support/dates';

// Document approvals (docs/documents.md "Approvals"): the administrator sends a made document with a research
// version to the QA specialist from the approval tab; she approves it from her profile; the tab shows Approved.
// A fixture makes a subject of its own and its card (the document), so the spec stands alone.

const SUFFIX = Date.now().toString(36).slice(-5).toUpperCase();
const doc: { name?: string } = {};

test.beforeAll(async ({ request }) => {
  doc.name = await subjectCardDocument(request, 'admin@demo.test', {
    genderString: 'Male',
    birthDate: '1981-02-03',
    screenDate: browserDate(-2),
    screeningNumber: `E2E-APR-${SUFFIX}`,
  });
});

test('the administrator sends a document for approval, the approver approves it, the tab shows Approved', async ({ page }) => {
  // Three sign-ins in one journey: room for a busy machine.
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.test');
  await page.goto('/researchSettings/documents/approval');
  await expect(page.getByRole('tab', { name: 'Согласование' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Отправить на согласование' }).click();
  const dialog = page.getByRole('dialog', { name: 'Отправить документ на согласование' });
  // The documents are searched on the server as the name is typed (a large trial makes thousands).
  const searched = page.waitForResponse((r) => r.url().includes('/api/Documents/Paged') && r.url().includes('search='));
  await dialog.getByRole('combobox', { name: 'Документ' }).fill(doc.name!.slice(-12));
  expect((await searched).status()).toBe(200);
  await page.getByRole('option', { name: doc.name!, exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Версия исследования' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('combobox', { name: 'Согласующие' }).fill('Качествова');
  await page.getByRole('option', { name: /Качествова/ }).click();
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(toast(page, 'Сохранено')).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('listitem', { name: doc.name! });
  await expect(card.getByTestId('approval-status')).toHaveText('На согласовании');

  await signOut(page);
  await signIn(page, 'qa@demo.test');
  await page.goto('/profile');
  const block = page.getByRole('region', { name: 'Документы на согласование' });
  const mine = block.getByRole('listitem', { name: doc.name! });
  await mine.getByRole('button', { name: 'Согласовать' }).click();
  await expect(toast(page, 'Сохранено')).toBeVisible();
  await expect(mine).toBeHidden();

  await signOut(page);
  await signIn(page, 'admin@demo.test');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/researchSettings/documents/approval');
  await expect(page.getByRole('listitem', { name: doc.name! }).getByTestId('approval-status')).toHaveText('Согласован');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
