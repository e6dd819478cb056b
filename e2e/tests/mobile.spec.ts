import { expect, test } from '../support/test';
import { openUserMenu, roleButton, sideMenu, signIn, signOut } from '../support/app';

test.use({ viewport: { width: 390, height: 844 } });

test('sign-in page fits the phone', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Войти', exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('no side menu; the user menu holds the items and links', async ({ page }) => {
  await signIn(page, 'site@demo.test');
  await expect(page).toHaveURL(/\/subjectmatrix$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Матрица субъектов' })).toBeVisible();
  await expect(sideMenu(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Руководство пользователя' })).toHaveCount(0);
  await expect(roleButton(page)).toHaveAccessibleName('Роль и исследование: Главный исследователь — DEMO-001 — ГКБ №1');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const menu = await openUserMenu(page);
  await expect(menu.getByRole('menuitem', { name: 'Матрица субъектов' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Референсы' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Личный кабинет' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Администрирование' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: /^ГКБ №1/ })).toContainText('Текущая');
  await expect(menu.getByRole('menuitem', { name: 'Руководство пользователя' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Документы' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Выход' })).toBeVisible();

  await menu.getByRole('menuitem', { name: 'Личный кабинет' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Смена пароля' })).toBeVisible();

  const menu2 = await openUserMenu(page);
  await menu2.getByRole('menuitem', { name: /^ГКБ №1/ }).click();
  await expect(page).toHaveURL(/\/organizationCabinets\/[0-9a-f-]+\/info$/);
  await expect(page.getByText('ГБУЗ «Городская клиническая больница №1»')).toBeVisible();

  await signOut(page);
});

test('role selector and help work at 390 px', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Визиты' })).toBeVisible();
  await roleButton(page).click();
  await expect(page.getByRole('menu', { name: 'Роли и исследования' }).getByRole('menuitem')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Помощь' }).click();
  await expect(page.getByRole('dialog', { name: 'Обращение в поддержку' })).toBeVisible();
  await page.getByRole('button', { name: 'Отмена' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
