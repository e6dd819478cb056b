import { expect, test } from '../support/test';
import { signIn, toast } from '../support/app';

test('signed out: e-mail and description are required, then the request is sent', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Помощь' }).click();
  const dialog = page.getByRole('dialog', { name: 'Обращение в поддержку' });
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(dialog.getByText('Заполните поле')).toHaveCount(2);
  await expect(dialog.getByLabel('E-mail для ответа')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('E-mail для ответа').fill('visitor@example.test');
  await dialog.getByLabel('Тема').fill('Не могу войти');
  await dialog.getByLabel('Описание').fill('После смены пароля вход не работает.');
  const request = page.waitForRequest((r) => r.url().endsWith('/api/support/addTicket'));
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  const body = (await request).postDataJSON() as Record<string, string>;
  expect(body).toEqual({
    email: 'visitor@example.test',
    topic: 'Не могу войти',
    description: 'После смены пароля вход не работает.',
  });
  await expect(toast(page, 'Обращение отправлено в поддержку')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('signed in: no e-mail field, the protocol number is appended to the topic', async ({ page }) => {
  await signIn(page, 'site@demo.test');
  await page.getByRole('button', { name: 'Помощь' }).click();
  const dialog = page.getByRole('dialog', { name: 'Обращение в поддержку' });
  await expect(dialog.getByLabel('E-mail для ответа')).toHaveCount(0);
  await expect(dialog.getByText('К теме будет добавлен номер протокола DEMO-001')).toBeVisible();
  await dialog.getByLabel('Тема').fill('Вопрос по визиту');
  await dialog.getByLabel('Описание').fill('Не открывается форма визита.');
  const request = page.waitForRequest((r) => r.url().endsWith('/api/support/addTicket'));
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  const body = (await request).postDataJSON() as Record<string, string>;
  expect(body).toEqual({ topic: 'Вопрос по визиту (протокол DEMO-001)', description: 'Не открывается форма визита.' });
  await expect(toast(page, 'Обращение отправлено в поддержку')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('a failed request keeps what was typed', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/api/support/addTicket', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ errors: [{ code: 'internal', message: 'Внутренняя ошибка сервера' }] }),
    }),
  );
  await page.getByRole('button', { name: 'Помощь' }).click();
  const dialog = page.getByRole('dialog', { name: 'Обращение в поддержку' });
  await dialog.getByLabel('E-mail для ответа').fill('visitor@example.test');
  await dialog.getByLabel('Описание').fill('Текст обращения');
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(toast(page, 'Внутренняя ошибка сервера')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Описание')).toHaveValue('Текст обращения');
});
