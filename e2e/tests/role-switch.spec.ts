import { expect, test } from '../support/test';
import { roleButton, signIn } from '../support/app';

const FIRST = 'Менеджер — DEMO-001 — Демо Фарма';
const SECOND = 'Менеджер — DEMO-002 — Демо Фарма';

test('admin switches between its two employees (role/research) and back', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/researchSettings\/visits$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Визиты' })).toBeVisible();
  await expect(roleButton(page)).toHaveAccessibleName(`Роль и исследование: ${FIRST}`);

  await roleButton(page).click();
  const menu = page.getByRole('menu', { name: 'Роли и исследования' });
  await expect(menu.getByRole('menuitem')).toHaveCount(2);
  await expect(menu.getByRole('menuitem', { name: new RegExp(FIRST) })).toHaveAttribute('aria-current', 'true');
  const meAfterSwitch = page.waitForResponse((r) => r.url().endsWith('/api/Users/me') && r.ok());
  await menu.getByRole('menuitem', { name: new RegExp(SECOND) }).click();
  const me = (await (await meAfterSwitch).json()) as { data: { homePath: string } };
  expect(me.data.homePath).toBe('/researchSettings/visits');

  await expect(roleButton(page)).toHaveAccessibleName(`Роль и исследование: ${SECOND}`);
  await expect(page).toHaveURL(/\/researchSettings\/visits$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Визиты' })).toBeVisible();

  // Kept by the server.
  await page.reload();
  await expect(roleButton(page)).toHaveAccessibleName(`Роль и исследование: ${SECOND}`);

  // The profile shows the new context.
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Личные данные' }).getByRole('definition').last()).toHaveText(SECOND);

  // And back, keyboard only.
  await roleButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu', { name: 'Роли и исследования' })).toBeVisible();
  await page.getByRole('menuitem', { name: new RegExp(FIRST) }).focus();
  await page.keyboard.press('Enter');
  await expect(roleButton(page)).toHaveAccessibleName(`Роль и исследование: ${FIRST}`);
  await expect(page).toHaveURL(/\/researchSettings\/visits$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Визиты' })).toBeVisible();
});
