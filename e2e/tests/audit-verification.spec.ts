import { expect, test } from '../support/test';
import { signIn } from '../support/app';

test('the administrator verifies the audit trail in the background and finds the run among the earlier ones', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/administration/audit');
  await expect(page.getByRole('heading', { name: 'Целостность журнала аудита' })).toBeVisible();
  const started = page.waitForResponse((r) => r.url().endsWith('/api/Audit/Verifications') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Проверить журнал аудита' }).click();
  expect((await started).status()).toBe(200);

  // The worker walks the trail; the page follows it and shows what it found, with who asked.
  await expect(page.getByTestId('audit-summary')).toContainText('Журнал аудита цел', { timeout: 30_000 });
  await expect(page.getByTestId('audit-run')).toContainText('Запрошена');
  await expect(page.getByRole('button', { name: 'Проверить журнал аудита' })).toBeEnabled();
  const history = page.getByRole('region', { name: 'Проверки' });
  await expect(history).toContainText('журнал цел');

  // The result is kept: read again after a reload, the newest run first.
  await page.reload();
  await expect(page.getByTestId('audit-summary')).toContainText('Журнал аудита цел');
  await expect(page.getByTestId('audit-history-row').first()).toContainText('журнал цел');
});
