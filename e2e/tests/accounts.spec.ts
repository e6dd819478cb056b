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
      await expect(page.getByRole('heading', { level: 1, name: acc.heading, exact: true })).toBeVisible();

      // Side menu: the built items of the account's role, its organisations with the current one marked.
      const menu = sideMenu(page);
      for (const name of acc.menuLinks) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
      for (const name of acc.menuGroups) {
        await expect(menu.getByRole('button', { name, exact: true })).toHaveAttribute('aria-expanded', 'true');
      }
      for (const org of acc.organisations) {
        const link = menu.getByRole('link', { name: new RegExp(`^${org}`) });
        await expect(link).toBeVisible();
        if (org === acc.currentOrganisation) await expect(link).toContainText('Текущая');
        else await expect(link).not.toContainText('Текущая');
      }
      // Nothing else: every link of the menu is accounted for.
      await expect(menu.getByRole('link')).toHaveCount(acc.menuLinks.length + acc.organisations.length);
      for (const name of acc.menuAbsent) await expect(menu.getByText(name, { exact: true })).toHaveCount(0);
      if (acc.activeLink) {
        await expect(menu.getByRole('link', { name: acc.activeLink, exact: true })).toHaveAttribute('aria-current', 'page');
      } else {
        await expect(menu.locator('[aria-current="page"]')).toHaveCount(0);
      }

      // Breadcrumbs are shown off the subject matrix.
      const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
      if (acc.crumb) {
        await expect(crumbs.getByRole('link', { name: 'Главная', exact: true })).toBeVisible();
        await expect(crumbs.locator('[aria-current="page"]')).toHaveText(acc.crumb);
      } else {
        await expect(crumbs).toHaveCount(0);
      }

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
