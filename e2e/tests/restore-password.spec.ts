import { expect, test } from '../support/test';
import { DEMO_PASSWORD, outboxFiles, passwordInput, signIn, signOut, toast, waitForMailLink } from '../support/app';

const EMAIL = 'site2@demo.test';
const RESTORED = 'restored-pass-2026';
const SENT = 'Если такой e-mail зарегистрирован, на него отправлена ссылка для восстановления пароля';

test('restore password through the mailed link, then change it back in the profile', async ({ page }) => {
  const before = outboxFiles();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page).toHaveURL(/\/restorePassword$/);
  await page.getByRole('button', { name: 'Восстановить' }).click();
  await expect(page.getByText('Заполните поле')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(EMAIL);
  await page.getByRole('button', { name: 'Восстановить' }).click();
  await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();

  const link = await waitForMailLink(EMAIL, /\/setPassword\/[^/?#]+/, before);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Новый пароль' })).toBeVisible();

  await passwordInput(page, 'Новый пароль').fill('short');
  await passwordInput(page, 'Повторите пароль').fill('short');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByText('Short password')).toBeVisible();

  await passwordInput(page, 'Новый пароль').fill(RESTORED);
  await passwordInput(page, 'Повторите пароль').fill(`${RESTORED}x`);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();

  // The show/hide toggle reveals what was typed.
  await page.getByRole('button', { name: 'Показать пароль' }).first().click();
  await expect(passwordInput(page, 'Новый пароль')).toHaveAttribute('type', 'text');

  await passwordInput(page, 'Повторите пароль').fill(RESTORED);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(toast(page, 'Пароль изменён')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The link is single-use.
  await page.goto(link);
  await passwordInput(page, 'Новый пароль').fill(RESTORED);
  await passwordInput(page, 'Повторите пароль').fill(RESTORED);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(toast(page, 'Ссылка недействительна или устарела')).toBeVisible();
  await expect(passwordInput(page, 'Новый пароль')).toHaveValue(RESTORED);

  // The old password no longer works; the new one does.
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(EMAIL);
  await passwordInput(page, 'Пароль').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(toast(page, 'Неверный e-mail или пароль')).toBeVisible();
  await signIn(page, EMAIL, RESTORED);

  // Change it back in the profile.
  await page.goto('/profile');
  const form = page.getByRole('region', { name: 'Смена пароля' });
  await passwordInput(page, 'Текущий пароль').fill(RESTORED);
  await form.getByRole('textbox', { name: 'Новый пароль', exact: true }).fill('1234567');
  await form.getByRole('textbox', { name: 'Повторите пароль', exact: true }).fill('1234567');
  await form.getByRole('button', { name: 'Изменить пароль' }).click();
  await expect(form.getByText('Short password')).toBeVisible();
  await form.getByRole('textbox', { name: 'Новый пароль', exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('textbox', { name: 'Повторите пароль', exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Изменить пароль' }).click();
  await expect(toast(page, 'Пароль изменён')).toBeVisible();
  await expect(passwordInput(page, 'Текущий пароль')).toHaveValue('');

  await signOut(page);
  await signIn(page, EMAIL, DEMO_PASSWORD);
});

test('restore answers the same for an unknown e-mail', async ({ page }) => {
  await page.goto('/restorePassword');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('nobody@demo.test');
  await page.getByRole('button', { name: 'Восстановить' }).click();
  await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();
});

test('a set-password link without a token explains itself', async ({ page }) => {
  await page.goto('/setPassword');
  await expect(page.getByText('Ссылка недействительна: в ней нет ключа')).toBeVisible();
});
