import { expect, test } from '../support/test';
import { ACCOUNTS, roleButton, sideMenu, signIn, signOut } from '../support/app';

// multi@demo.test (no current organisation) is covered by organisation-chooser.spec.ts.
test.describe('each demo account signs in and lands on its home', () => {
  for (const acc of ACCOUNTS) {
    test(acc.email, async ({ page }) => {
      await page.goto('/login');
      const meReply = page.waitForResponse((r) => r.url().endsWith('/api/Users/me') && r.request().method() === 'GET');
      await signIn(page, acc.email);
      const me = (await (await meReply).json()) as { data: { homePath: string; user: { email: string } } };
      expect(me.data.user.email).toBe(acc.email);
      expect(me.data.homePath).toBe(acc.homePath);

      await expect(page).toHaveURL(new RegExp(`${acc.lands}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Раздел в разработке' })).toBeVisible();

      // Side menu: only built items — personal account and the user's organisations.
      const menu = sideMenu(page);
      await expect(menu.getByRole('link', { name: 'Личный кабинет' })).toBeVisible();
      await expect(menu.getByRole('button', { name: 'Организации' })).toHaveAttribute('aria-expanded', 'true');
      for (const org of acc.organisations) {
        const link = menu.getByRole('link', { name: new RegExp(`^${org}`) });
        await expect(link).toBeVisible();
        if (org === acc.currentOrganisation) await expect(link).toContainText('Текущая');
      }
      await expect(menu.getByRole('link')).toHaveCount(1 + acc.organisations.length);
      await expect(menu.getByText('Администрирование')).toHaveCount(0);

      // Breadcrumbs are shown off the home pages.
      await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' })).toContainText('Раздел в разработке');

      // Role/research selector.
      if (acc.role) await expect(roleButton(page)).toHaveAccessibleName(`Роль и исследование: ${acc.role}`);
      else await expect(roleButton(page)).toHaveCount(0);

      // "/" leads to the same home again.
      await page.goto('/');
      await expect(page).toHaveURL(new RegExp(`${acc.lands}$`));

      await signOut(page);
    });
  }
});

test('the profile link of the side menu opens the personal account', async ({ page }) => {
  await signIn(page, 'qa@demo.test');
  await sideMenu(page).getByRole('link', { name: 'Личный кабинет' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
  const personal = page.getByRole('region', { name: 'Личные данные' });
  await expect(personal.getByRole('definition')).toHaveText([
    'qa@demo.test',
    'Пользователь',
    'Специалист отдела качества — DEMO-001 — Контроль качества',
  ]);
  await expect(sideMenu(page).getByRole('link', { name: 'Личный кабинет' })).toHaveAttribute('aria-current', 'page');
});
