import { expect, test } from '../support/test';
import { DEMO_PASSWORD, signIn } from '../support/app';
import type { Page } from '@playwright/test';

function crumbs(page: Page, label = 'Навигационная цепочка') {
  return page.getByRole('navigation', { name: label });
}

/** The whole trail, "Home" first; the last crumb is the current page. */
async function expectTrail(page: Page, trail: string[], label?: string) {
  const nav = crumbs(page, label);
  await expect(nav.getByRole('listitem')).toHaveText(trail);
  await expect(nav.locator('[aria-current="page"]')).toHaveText(trail[trail.length - 1]!);
}

async function ids(page: Page) {
  const reply = await page.request.post('/api/Auth/SignIn', { data: { email: 'site@demo.test', password: DEMO_PASSWORD } });
  const token = ((await reply.json()) as { data: { accessToken: string } }).data.accessToken;
  const me = (await (await page.request.get('/api/Users/me', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    data: { employees: { researchOrganisation: { id: string } }[]; organisationUsers: { organisation: { id: string } }[] };
  };
  return {
    centreId: me.data.employees[0]!.researchOrganisation.id,
    organisationId: me.data.organisationUsers[0]!.organisation.id,
  };
}

test('the built pages name themselves in the breadcrumbs', async ({ page }) => {
  const { centreId, organisationId } = await ids(page);
  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Визиты' })).toBeVisible();
  await expectTrail(page, ['Главная', 'Настройки исследования', 'Визиты']);

  await page.goto('/forms');
  await expectTrail(page, ['Главная', 'Администрирование', 'Формы']);
  await page.goto('/users');
  await expectTrail(page, ['Главная', 'Пользователи']);
  await page.goto('/researchSettings/centers');
  await expectTrail(page, ['Главная', 'Настройки исследования', 'Центры исследования']);
  await page.goto(`/centers/${centreId}/versions`);
  await expectTrail(page, ['Главная', 'Настройки исследования', 'Центры исследования', 'Центр', 'Версии']);
  await crumbs(page).getByRole('link', { name: 'Центры исследования' }).click();
  await expect(page).toHaveURL(/\/researchSettings\/centers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Центры' })).toBeVisible();

  await page.goto('/organizations');
  await expectTrail(page, ['Главная', 'Администрирование', 'Настройки организаций']);
  await page.goto(`/organizations/${organisationId}/references`);
  await expectTrail(page, ['Главная', 'Администрирование', 'Настройки организаций', 'Организация', 'Референсы']);
  await page.goto('/researchReferences');
  await expectTrail(page, ['Главная', 'Референсы']);

  // The cabinet names its tab.
  await page
    .getByRole('navigation', { name: 'Главное меню' })
    .getByRole('link', { name: /^Демо Фарма/ })
    .click();
  await expect(page).toHaveURL(/\/organizationCabinets\/[0-9a-f-]+\/info$/);
  await expectTrail(page, ['Главная', 'Организации', 'Демо Фарма', 'Общая информация']);
  await page.getByRole('tab', { name: 'Референсы' }).click();
  await expect(page).toHaveURL(/\/organizationCabinets\/[0-9a-f-]+\/references$/);
  await expectTrail(page, ['Главная', 'Организации', 'Демо Фарма', 'Референсы']);

  // "Home" leads home.
  await crumbs(page).getByRole('link', { name: 'Главная' }).click();
  await expect(page).toHaveURL(/\/researchSettings\/visits$/);
});

test.describe('in English', () => {
  // Whatever happens, the admin's saved language goes back to Russian for the other specs.
  test.afterEach(async ({ request }) => {
    const reply = await request.post('/api/Auth/SignIn', { data: { email: 'admin@demo.test', password: DEMO_PASSWORD } });
    const token = ((await reply.json()) as { data: { accessToken: string } }).data.accessToken;
    const headers = { Authorization: `Bearer ${token}` };
    const me = (await (await request.get('/api/Users/me', { headers })).json()) as { data: { user: { id: string } } };
    expect((await request.put(`/api/Users/${me.data.user.id}/`, { headers, data: { language: 'ru' } })).ok()).toBe(true);
  });

  test('breadcrumbs use the user language', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/researchSettings\/visits$/);
    const saved = page.waitForResponse((r) => /\/api\/Users\/[0-9a-f-]+\/$/.test(r.url()) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'English' }).click();
    expect((await saved).ok()).toBe(true);
    await expectTrail(page, ['Home', 'Research settings', 'Visits'], 'Breadcrumbs');
    await page.goto('/forms');
    await expectTrail(page, ['Home', 'Administration', 'Forms'], 'Breadcrumbs');
    await page.goto('/researchSettings/centers');
    await expectTrail(page, ['Home', 'Research settings', 'Research centres'], 'Breadcrumbs');
    await page.goto('/organizations');
    await expectTrail(page, ['Home', 'Administration', 'Organisation settings'], 'Breadcrumbs');
  });
});

test('the subject matrix has no breadcrumbs', async ({ page }) => {
  await signIn(page, 'site@demo.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Матрица субъектов' })).toBeVisible();
  await expect(crumbs(page)).toHaveCount(0);
});
