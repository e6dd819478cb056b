import { expect, test } from '../support/test';
import { DEMO_PASSWORD, passwordInput, signIn, signOut, toast } from '../support/app';

async function tokenCookie(page: import('@playwright/test').Page) {
  return (await page.context().cookies()).find((c) => c.name === 'accessMISToken');
}

test('guards: signed out, protected and unknown paths lead to /login', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the server message and keeps the form', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByText('Заполните поле')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('dm@demo.test');
  await passwordInput(page, 'Пароль').fill('not-the-password');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(toast(page, 'Неверный e-mail или пароль')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue('dm@demo.test');
  await expect(passwordInput(page, 'Пароль')).toHaveValue('not-the-password');
});

test('sign in stores the session; sign out ends it', async ({ page }) => {
  await signIn(page, 'dm@demo.test', DEMO_PASSWORD);
  const cookie = await tokenCookie(page);
  expect(cookie?.sameSite).toBe('Strict');
  expect(cookie?.path).toBe('/');
  expect(await page.evaluate(() => localStorage.getItem('rsaKey'))).toBeTruthy();

  // Signed in, /login sends the user home (a data manager's is the subject matrix).
  await page.goto('/login');
  await expect(page).toHaveURL(/\/subjectmatrix$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Матрица субъектов' })).toBeVisible();

  const signOutCall = page.waitForResponse((r) => r.url().includes('/api/Auth/SignOut'));
  await signOut(page);
  expect((await signOutCall).ok()).toBe(true);
  expect(await tokenCookie(page)).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('rsaKey'))).toBeNull();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a 401 (ended session) clears the session and shows the sign-in page', async ({ page }) => {
  await signIn(page, 'dm@demo.test');
  const token = (await tokenCookie(page))!.value;
  // End the session behind the app's back.
  const reply = await page.request.post('/api/Auth/SignOut', {
    headers: { Authorization: `Bearer ${decodeURIComponent(token)}` },
  });
  expect(reply.ok()).toBe(true);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  expect(await tokenCookie(page)).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('rsaKey'))).toBeNull();
});

test('after signing in the user returns to the page they asked for', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'kio@demo.test');
  await expect(page).toHaveURL(/\/profile$/);
});

test('idle sign-out after one hour without activity', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'testsite@demo.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Матрица субъектов' })).toBeVisible();
  await page.clock.fastForward('59:00');
  await expect(page).toHaveURL(/\/subjectmatrix$/);
  await page.clock.fastForward('01:01');
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Сеанс завершён: более часа не было активности')).toBeVisible();
  expect(await tokenCookie(page)).toBeUndefined();
});

test('activity keeps the session alive', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'testsite@demo.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Матрица субъектов' })).toBeVisible();
  await page.clock.fastForward('50:00');
  await page.keyboard.press('Tab');
  await page.clock.fastForward('50:00');
  await expect(page).toHaveURL(/\/subjectmatrix$/);
  await page.clock.fastForward('11:00');
  await expect(page).toHaveURL(/\/login$/);
});

test('sign in with the keyboard only', async ({ page }) => {
  await page.goto('/login');
  // The e-mail field has the focus; Tab moves to the password, Enter submits.
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toBeFocused();
  await page.keyboard.type('kio@demo.test');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Пароль', exact: true })).toBeFocused();
  await page.keyboard.type('demo-pass-2026');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Показать пароль' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Пароль', exact: true })).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Скрыть пароль' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Пароль', exact: true }).press('Enter');
  // The monitor's home: their monitoring visits.
  await expect(page).toHaveURL(/\/monitoringVisits$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Мониторинговые визиты' })).toBeVisible();
});
