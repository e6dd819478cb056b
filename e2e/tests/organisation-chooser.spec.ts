import { expect, test } from '../support/test';
import { openUserMenu, sideMenu, signIn } from '../support/app';

// multi@demo.test belongs to two organisations and has no current one. The tests run in order: the
// mobile one only looks, the desktop one chooses (which changes the account for the rest of the run).
test.describe.configure({ mode: 'serial' });

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the chooser lists the organisations', async ({ page }) => {
    await signIn(page, 'multi@demo.test');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Выбор организации' })).toBeVisible();
    const group = page.getByRole('radiogroup', { name: 'Выберите организацию, в которой будете работать' });
    await expect(group.getByRole('radio')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Выбрать', exact: true })).toBeDisabled();
    await expect(sideMenu(page)).toHaveCount(0);
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'ГКБ №1' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Клиника Здоровье' })).toBeVisible();
    await page.keyboard.press('Escape');
  });
});

test('choosing an organisation makes it current and opens its cabinet', async ({ page }) => {
  await signIn(page, 'multi@demo.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Выбор организации' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' })).toHaveCount(0);
  const menu = sideMenu(page);
  await expect(menu.getByText('Текущая')).toHaveCount(0);

  await page.getByRole('radio', { name: /Клиника Здоровье/ }).check();
  await page.getByRole('button', { name: 'Выбрать', exact: true }).click();

  await expect(page).toHaveURL(/\/organizationCabinets\/[0-9a-f-]+\/info$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Клиника Здоровье');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Текущая');
  await expect(page.getByText('ООО «Клиника Здоровье»')).toBeVisible();
  await expect(page.getByText('Санкт-Петербург, Невский пр-т, 100')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Общая информация' })).toHaveAttribute('aria-selected', 'true');
  await expect(menu.getByRole('link', { name: /^Клиника Здоровье/ })).toContainText('Текущая');
  await expect(page.getByRole('button', { name: 'Сделать текущей' })).toHaveCount(0);

  // The other organisation's cabinet offers to make it current.
  await menu.getByRole('link', { name: /^ГКБ №1/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ГКБ №1');
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('Текущая');
  await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' })).toContainText('ГКБ №1');
  await page.getByRole('button', { name: 'Сделать текущей' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Текущая');
  await expect(menu.getByRole('link', { name: /^ГКБ №1/ })).toContainText('Текущая');
  await expect(menu.getByRole('link', { name: /^Клиника Здоровье/ })).not.toContainText('Текущая');

  // Home no longer shows the chooser.
  await page.goto('/');
  await expect(page).toHaveURL(/\/pageAtWork$/);
});
