import { expect, test } from '../support/test';
import { signIn } from '../support/app';

test('signed out, the language is remembered on the device', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Русский' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
});

test('signed in, the language is saved on the user and follows them', async ({ page, browser }) => {
  await signIn(page, 'coresearcher@demo.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Матрица субъектов' })).toBeVisible();

  const saved = page.waitForResponse((r) => /\/api\/Users\/[0-9a-f-]+\/$/.test(r.url()) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'English' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Subject matrix' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Subject matrix' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Personal account' })).toBeVisible();

  // Another device (fresh storage): Russian while signed out, English once signed in.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page2 = await other.newPage();
  await signIn(page2, 'coresearcher@demo.test');
  await expect(page2.getByRole('heading', { level: 1, name: 'Subject matrix' })).toBeVisible();
  await other.close();

  // Back to Russian for the other specs.
  await page.getByRole('button', { name: 'Русский' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Матрица субъектов' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Матрица субъектов' })).toBeVisible();
});
