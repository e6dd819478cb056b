import { expect, test } from '../support/test';
import { signIn, toast } from '../support/app';

test('personal data is saved and shown after reload', async ({ page }) => {
  await signIn(page, 'testsite@demo.test');
  await page.goto('/profile');
  const personal = page.getByRole('region', { name: 'Личные данные' });
  await expect(personal.getByLabel('Фамилия')).toHaveValue('Тестов');
  // E-mail and role are shown, not editable.
  await expect(personal.getByRole('textbox', { name: 'E-mail' })).toHaveCount(0);
  await expect(personal.getByRole('term')).toHaveText(['E-mail', 'Роль', 'Роль в исследовании']);
  await expect(personal.getByRole('definition')).toHaveText([
    'testsite@demo.test',
    'Пользователь',
    'Главный исследователь — DEMO-001 — Тестовый центр',
  ]);
  await expect(personal.getByRole('button', { name: 'Сохранить' })).toBeDisabled();

  await personal.getByLabel('Имя').fill('');
  await personal.getByRole('button', { name: 'Сохранить' }).click();
  await expect(personal.getByText('Заполните поле')).toBeVisible();

  await personal.getByLabel('Имя').fill('Тимур');
  await personal.getByLabel('Отчество').fill('Рустамович');
  await personal.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Сохранено')).toBeVisible();
  await page.reload();
  await expect(personal.getByLabel('Отчество')).toHaveValue('Рустамович');
  await expect(page.getByRole('button', { name: /^Меню пользователя/ })).toHaveAccessibleName(
    'Меню пользователя Тестов Тимур Рустамович',
  );

  await personal.getByLabel('Отчество').fill('');
  await personal.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Сохранено')).toBeVisible();
  await page.reload();
  await expect(personal.getByLabel('Отчество')).toHaveValue('');
});

test('password change: wrong current password comes from the server', async ({ page }) => {
  await signIn(page, 'testsite@demo.test');
  await page.goto('/profile');
  const form = page.getByRole('region', { name: 'Смена пароля' });
  await form.getByRole('textbox', { name: 'Текущий пароль', exact: true }).fill('wrong-password-1');
  await form.getByRole('textbox', { name: 'Новый пароль', exact: true }).fill('another-pass-2026');
  await form.getByRole('textbox', { name: 'Повторите пароль', exact: true }).fill('another-pass-2026x');
  await form.getByRole('button', { name: 'Изменить пароль' }).click();
  await expect(form.getByText('Пароли не совпадают')).toBeVisible();
  await form.getByRole('textbox', { name: 'Повторите пароль', exact: true }).fill('another-pass-2026');
  await form.getByRole('button', { name: 'Изменить пароль' }).click();
  await expect(toast(page, 'Неверный текущий пароль')).toBeVisible();
  // Still signed in, the form keeps its values.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(form.getByRole('textbox', { name: 'Новый пароль', exact: true })).toHaveValue('another-pass-2026');
});
