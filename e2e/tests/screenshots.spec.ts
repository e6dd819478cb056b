import path from 'node:path';
import { expect, test } from '../support/test';
import { signIn } from '../support/app';

// Screenshots for a human to look at: SCREENSHOTS=1 npx playwright test -c e2e/playwright.config.ts screenshots
// They are written to test-results/screenshots/.
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');

async function token(page: import('@playwright/test').Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'accessMISToken');
  return decodeURIComponent(cookie?.value ?? '');
}

const out = (name: string) => path.join(test.info().project.outputDir, 'screenshots', name);

for (const [label, viewport] of [
  ['1280', { width: 1280, height: 800 }],
  ['390', { width: 390, height: 844 }],
] as const) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport });

    test('login', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: out(`login-${label}.png`), fullPage: true, animations: 'disabled' });
      await page.goto('/signUp');
      await expect(page.getByRole('button', { name: 'Далее' })).toBeVisible();
      await page.screenshot({ path: out(`signup-${label}.png`), fullPage: true, animations: 'disabled' });
      await page.goto('/help/manual');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: out(`manual-${label}.png`), fullPage: true, animations: 'disabled' });
    });

    test('audit trail verification', async ({ page }) => {
      await signIn(page, 'admin@demo.test');
      await page.goto('/administration/audit');
      await page.getByRole('button', { name: 'Проверить журнал аудита' }).click();
      await expect(page.getByTestId('audit-summary')).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: out(`audit-${label}.png`), fullPage: true, animations: 'disabled' });
    });

    test('shell, profile, cabinet', async ({ page }) => {
      await signIn(page, 'admin@demo.test');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: out(`shell-${label}.png`), fullPage: true, animations: 'disabled' });
      await page.getByRole('button', { name: /^Роль и исследование/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await page.screenshot({ path: out(`role-menu-${label}.png`), animations: 'disabled' });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Меню пользователя/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await page.screenshot({ path: out(`user-menu-${label}.png`), animations: 'disabled' });
      await page.keyboard.press('Escape');
      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
      await page.screenshot({ path: out(`profile-${label}.png`), fullPage: true, animations: 'disabled' });
      await page.getByRole('button', { name: 'Помощь' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: out(`help-${label}.png`), animations: 'disabled' });
      await page.keyboard.press('Escape');
      const me = (await (
        await page.request.get('/api/Users/me', { headers: { Authorization: `Bearer ${await token(page)}` } })
      ).json()) as {
        data: { organisationUsers: { organisation: { id: string } }[] };
      };
      await page.goto(`/organizationCabinets/${me.data.organisationUsers[0]!.organisation.id}/info`);
      await expect(page.getByRole('tab', { name: 'Общая информация' })).toBeVisible();
      await page.getByRole('button', { name: 'English' }).click();
      await expect(page.getByRole('tab', { name: 'General information' })).toBeVisible();
      await page.screenshot({ path: out(`cabinet-en-${label}.png`), fullPage: true, animations: 'disabled' });
      await page.getByRole('button', { name: 'Русский' }).click();
      await expect(page.getByRole('tab', { name: 'Общая информация' })).toBeVisible();
    });
  });
}

test('chooser (multi@demo.test, before it chooses)', async ({ page }) => {
  await signIn(page, 'multi@demo.test');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.screenshot({ path: out('chooser-1280.png'), fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: out('chooser-390.png'), fullPage: true, animations: 'disabled' });
});
