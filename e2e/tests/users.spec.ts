import { expect, test } from '../support/test';
import { signIn, toast } from '../support/app';

test('admin adds, edits and deletes a user on /users', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Пользователи' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Пользователи' });
  await expect(table.getByRole('row', { name: /admin@demo\.test/ })).toBeVisible();

  // Missing fields: "Заполните все поля".
  await page.getByRole('button', { name: 'Добавить пользователя' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавить пользователя' });
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Заполните все поля')).toBeVisible();

  const email = `new.user.${Date.now()}@demo.test`;
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Фамилия' }).fill('Новикова');
  await dialog.getByRole('textbox', { name: 'Имя' }).fill('Ольга');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Сохранено')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Поиск' }).fill(email);
  const row = table.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Новикова Ольга');
  await expect(row).toContainText('Пользователь');
  await expect(table.getByRole('row')).toHaveCount(2);

  // Edit: patronymic and role.
  await row.getByRole('button', { name: `Редактировать: ${email}` }).click();
  const edit = page.getByRole('dialog', { name: 'Редактирование пользователя' });
  await edit.getByRole('textbox', { name: 'Отчество' }).fill('Петровна');
  await edit.getByRole('combobox', { name: 'Роль' }).click();
  await page.getByRole('option', { name: 'Редактор' }).click();
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText('Новикова Ольга Петровна');
  await expect(row).toContainText('Редактор');

  // Delete with confirmation.
  await row.getByRole('button', { name: `Удалить: ${email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Подтверждение' });
  await expect(confirm).toContainText('Вы уверены что хотите удалить?');
  await confirm.getByRole('button', { name: 'Отмена' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Удалить: ${email}` }).click();
  await confirm.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(toast(page, 'Удалено')).toBeVisible();
  await expect(page.getByText('Нет записей')).toBeVisible();
});

test('page sizes 10/25/50 with server paging', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/users');
  const table = page.getByRole('table', { name: 'Пользователи' });
  await expect(table.getByRole('row')).not.toHaveCount(0);
  await page.getByRole('combobox', { name: 'Строк на странице:' }).click();
  await expect(page.getByRole('option')).toHaveText(['10', '25', '50']);
  await page.getByRole('option', { name: '25' }).click();
  await expect(page.getByText(/^1–\d+ из \d+$/)).toBeVisible();
});

test('users page is not for a site user', async ({ page }) => {
  await signIn(page, 'site@demo.test');
  await page.goto('/users');
  await expect(page.getByText('У Вас нет прав для просмотра этой страницы')).toBeVisible();
});
