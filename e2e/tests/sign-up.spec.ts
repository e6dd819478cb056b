import { expect, test } from '../support/test';
import { outboxFiles, passwordInput, toast, waitForMailLink } from '../support/app';

test('register with a new organisation, then set the password from the mail', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const email = `new-${stamp}@example.test`;
  const before = outboxFiles();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Регистрация' }).click();
  await expect(page).toHaveURL(/\/signUp$/);
  const next = page.getByRole('button', { name: 'Далее' });
  await expect(next).toBeDisabled();

  await page.getByRole('radio', { name: 'Создать новую' }).check();
  await page.getByLabel('Полное наименование').fill(`ООО «Новая клиника ${stamp}»`);
  await page.getByLabel('Краткое наименование').fill(`Новая клиника ${stamp}`);
  await expect(next).toBeDisabled();
  await page.getByLabel('Адрес').fill('Тверь, ул. Новая, 1');
  await expect(next).toBeEnabled();
  await next.click();

  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Заполните поле')).toHaveCount(3);
  await page.getByLabel('Фамилия').fill('Новиков');
  await page.getByRole('textbox', { name: 'Имя', exact: true }).fill('Николай');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(toast(page, /Регистрация выполнена/)).toBeVisible();
  await expect(page).not.toHaveURL(/\/signUp/);
  await expect(page.getByRole('button', { name: /^Меню пользователя/ })).toHaveAccessibleName(
    'Меню пользователя Новиков Николай',
  );

  const link = await waitForMailLink(email, /\/setPassword(WCreds)?\/[^/?#]+/, before);
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page2 = await other.newPage();
  await page2.goto(link);
  if (link.includes('/setPasswordWCreds/')) {
    await page2.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await passwordInput(page2, 'Новый пароль').fill('new-user-pass-2026');
    await passwordInput(page2, 'Повторите пароль').fill('new-user-pass-2026');
    await page2.getByRole('button', { name: 'Сохранить пароль и войти' }).click();
    await expect(page2).not.toHaveURL(/setPasswordWCreds/);
    await expect(page2.getByRole('button', { name: /^Меню пользователя/ })).toBeVisible();
  } else {
    await passwordInput(page2, 'Новый пароль').fill('new-user-pass-2026');
    await passwordInput(page2, 'Повторите пароль').fill('new-user-pass-2026');
    await page2.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(page2).toHaveURL(/\/login$/);
  }
  await other.close();
});

test('register into an existing organisation chosen from the list', async ({ page }) => {
  const email = `joiner-${Date.now().toString(36)}@example.test`;
  await page.goto('/signUp');
  const next = page.getByRole('button', { name: 'Далее' });
  await page.getByRole('combobox', { name: 'Название организации' }).fill('Клиника');
  await page.getByRole('option', { name: 'Клиника Здоровье' }).click();
  await expect(next).toBeEnabled();
  await next.click();
  await page.getByLabel('Фамилия').fill('Присоединов');
  await page.getByRole('textbox', { name: 'Имя', exact: true }).fill('Иван');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  const call = page.waitForRequest((r) => r.url().endsWith('/api/Auth/SignUp'));
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  expect((await call).postDataJSON()).toEqual({
    userDto: { email, firstName: 'Иван', lastName: 'Присоединов' },
    organisationShortName: 'Клиника Здоровье',
  });
  await expect(page).not.toHaveURL(/\/signUp/);
});
