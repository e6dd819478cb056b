import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { outboxFiles, passwordInput, sideMenu, toast, waitForMailLink } from '../support/app';
import { fakeCompanyRegistry, fakeInn } from '../support/fake-lookup';

/**
 * Registration gives no session (docs/security.md, "Registration"): the page asks to open the mailed link,
 * which asks for the e-mail again, sets the password and signs in.
 */
async function expectCheckMail(page: Page, email: string) {
  await expect(page.getByRole('status').filter({ hasText: `Проверьте почту: на ${email} отправлено письмо` })).toBeVisible();
  await expect(page).toHaveURL(/\/signUp$/);
  await expect(page.getByRole('button', { name: /^Меню пользователя/ })).toHaveCount(0);
}

async function completeByMail(page: Page, email: string, before: Set<string>) {
  const link = await waitForMailLink(email, /\/setPasswordWCreds\/[^/?#]+/, before);
  await page.goto(link);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await passwordInput(page, 'Новый пароль').fill('new-user-pass-2026');
  await passwordInput(page, 'Повторите пароль').fill('new-user-pass-2026');
  await page.getByRole('button', { name: 'Сохранить пароль и войти' }).click();
  await expect(page).not.toHaveURL(/setPasswordWCreds/);
}

test('register with a new organisation, then set the password from the mail', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const email = `new-${stamp}@example.test`;
  const before = outboxFiles();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Регистрация' }).click();
  await expect(page).toHaveURL(/\/signUp$/);
  const next = page.getByRole('button', { name: 'Далее' });
  await expect(next).toBeDisabled();

  // No company registry in the test server: the lookup knows only the organisations here, so a new one
  // is entered by hand, and marked so.
  await page.getByRole('radio', { name: 'Создать новую' }).check();
  await page.getByRole('combobox', { name: 'Название или ИНН' }).fill(`Новая клиника ${stamp}`);
  await expect(page.getByText('Ничего не найдено')).toBeVisible();
  await page.getByRole('button', { name: 'Ввести новую организацию вручную' }).click();
  await expect(page.getByText(/Новая организация вводится вручную/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Краткое наименование' })).toHaveValue(`Новая клиника ${stamp}`);
  await page.getByRole('textbox', { name: 'Полное наименование' }).fill(`ООО «Новая клиника ${stamp}»`);
  await expect(next).toBeDisabled();
  await page.getByRole('textbox', { name: 'Адрес' }).fill('Тверь, ул. Новая, 1');
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page.getByText(`Будет создана организация «Новая клиника ${stamp}», введённая вручную`)).toBeVisible();

  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Заполните поле')).toHaveCount(3);
  await page.getByLabel('Фамилия').fill('Новиков');
  await page.getByRole('textbox', { name: 'Имя', exact: true }).fill('Николай');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(toast(page, /Регистрация принята/)).toBeVisible();
  await expectCheckMail(page, email);

  // The mailed link is opened elsewhere: it asks for the e-mail, and the password policy speaks through it.
  const link = await waitForMailLink(email, /\/setPasswordWCreds\/[^/?#]+/, before);
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page2 = await other.newPage();
  await page2.goto(link);
  await page2.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await passwordInput(page2, 'Новый пароль').fill('Николай-2026');
  await passwordInput(page2, 'Повторите пароль').fill('Николай-2026');
  await page2.getByRole('button', { name: 'Сохранить пароль и войти' }).click();
  await expect(page2.getByText('Пароль не должен содержать имя, фамилию или отчество').first()).toBeVisible();
  await passwordInput(page2, 'Новый пароль').fill('new-user-pass-2026');
  await passwordInput(page2, 'Повторите пароль').fill('new-user-pass-2026');
  await page2.getByRole('button', { name: 'Сохранить пароль и войти' }).click();
  await expect(page2).not.toHaveURL(/setPasswordWCreds/);
  await expect(page2.getByRole('button', { name: /^Меню пользователя/ })).toHaveAccessibleName(
    'Меню пользователя Новиков Николай',
  );
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
  await expectCheckMail(page, email);
});

test('register with a new organisation found by the company lookup: its INN and KPP are kept', async ({ page }) => {
  const stamp = Date.now().toString().slice(-6);
  const company = {
    name: `ООО «Реестровая клиника ${stamp}»`,
    shortName: `Реестровая клиника ${stamp}`,
    inn: fakeInn(stamp, '02'),
    kpp: '690101001',
    address: 'Тверь, ул. Реестровая, 2',
  };
  const email = `registry-${stamp}@example.test`;
  const before = outboxFiles();
  await fakeCompanyRegistry(page, [company]);
  await page.goto('/signUp');
  const next = page.getByRole('button', { name: 'Далее' });
  await page.getByRole('radio', { name: 'Создать новую' }).check();
  await page.getByRole('combobox', { name: 'Название или ИНН' }).fill(company.inn);
  await page.getByRole('option', { name: new RegExp(company.shortName) }).click();
  await expect(page.getByRole('textbox', { name: 'ИНН', exact: true })).toHaveValue(company.inn);
  await expect(page.getByRole('textbox', { name: 'Адрес', exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Ввести новую организацию вручную' })).toHaveCount(0);
  await next.click();
  await expect(page.getByText(`Будет создана организация «${company.shortName}», вы станете её администратором.`)).toBeVisible();
  await page.getByLabel('Фамилия').fill('Реестров');
  await page.getByRole('textbox', { name: 'Имя', exact: true }).fill('Роман');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  const call = page.waitForRequest((r) => r.url().endsWith('/api/Auth/SignUpWithOrganisation'));
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  expect((await call).postDataJSON()).toEqual({
    userDto: { email, firstName: 'Роман', lastName: 'Реестров' },
    organisationDto: company,
  });
  await expectCheckMail(page, email);
  await completeByMail(page, email, before);
  await expect(page.getByRole('button', { name: /^Меню пользователя/ })).toHaveAccessibleName('Меню пользователя Реестров Роман');

  // The founder's cabinet shows the tax numbers from the lookup.
  await sideMenu(page)
    .getByRole('link', { name: new RegExp(company.shortName) })
    .click();
  await expect(page).toHaveURL(/\/organizationCabinets\/[0-9a-f-]+\/info$/);
  const details = page.getByRole('region', { name: 'Реквизиты организации' });
  await expect(details).toContainText(company.inn);
  await expect(details).toContainText(company.kpp);
});

test('the lookup finds an organisation already registered: the newcomer joins it instead', async ({ page }) => {
  const email = `joiner-lookup-${Date.now().toString(36)}@example.test`;
  await page.goto('/signUp');
  await page.getByRole('radio', { name: 'Создать новую' }).check();
  await page.getByRole('combobox', { name: 'Название или ИНН' }).fill('Здоровье');
  await page.getByRole('option', { name: /Клиника Здоровье/ }).click();
  await expect(page.getByText('Эта организация уже зарегистрирована в системе.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Далее' })).toBeDisabled();
  await page.getByRole('button', { name: 'Присоединиться к ней' }).click();
  await expect(page.getByRole('radio', { name: 'Выбрать существующую' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Название организации' })).toHaveValue('Клиника Здоровье');
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByText('Вы присоединяетесь к организации «Клиника Здоровье»')).toBeVisible();
  await page.getByLabel('Фамилия').fill('Присоединова');
  await page.getByRole('textbox', { name: 'Имя', exact: true }).fill('Анна');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  const call = page.waitForRequest((r) => r.url().endsWith('/api/Auth/SignUp'));
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  expect((await call).postDataJSON()).toMatchObject({ organisationShortName: 'Клиника Здоровье' });
  await expectCheckMail(page, email);
});
