import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signIn, signOut, toast } from '../support/app';
import { apiAuth, completeForm, currentResearchId, postOk, visitIdByKey } from '../support/api';
import { browserDate } from '../support/dates';

// The monitor's side of monitoring visits (spec operations section 2; docs/monitoring-visits.md): the demo
// world plans one confirmed monitoring visit, in progress, of the visits of S-001 and S-002 at site 01, with
// kio@demo.test on its team.

test('a monitor lands on their monitoring visits, opens one and a subject visit of its grid, and comes back', async ({
  page,
}) => {
  await signIn(page, 'kio@demo.test');
  await expect(page).toHaveURL(/\/monitoringVisits$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Мониторинговые визиты' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Доступные (1)' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByTestId('monitoring-visit-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Визит идет');
  await expect(card).toContainText('КИО Мониторинг');
  await card.getByRole('link', { name: 'Открыть' }).click();

  await expect(page).toHaveURL(/\/monitoringVisits\/[0-9a-f-]+$/);
  const visitUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Мониторинговый визит' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(
    /\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} — \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/,
  );
  const rows = page.getByTestId('subject-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('S-001');

  // A covered visit opens its page with the way back to the monitoring visit.
  await rows.first().locator('a.subject-visit-badge').first().click();
  await expect(page).toHaveURL(/\/subjectVisit\/[0-9a-f-]+\?monitoringVisitId=[0-9a-f-]+$/);
  await crumbs.getByRole('link', { name: 'Мониторинговый визит' }).click();
  await expect(page).toHaveURL(visitUrl);
  await expect(rows).toHaveCount(2);

  // The report of the visit, as a PDF: made in the background, then downloaded from the snackbar.
  await page.getByRole('button', { name: 'Сформировать отчет' }).click();
  await page.getByRole('menuitem', { name: 'PDF' }).click();
  await expect(page.getByText(/Документ «Отчет о мониторинговом визите .+» сформирован/)).toBeVisible({ timeout: 10_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    fs
      .readFileSync(await file.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
});

test('the other tabs list nothing for the demo monitor, and the page fits 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, 'kio@demo.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Мониторинговые визиты' })).toBeVisible();
  await page.getByRole('tab', { name: 'Завершенные (0)' }).click();
  await expect(page.getByText('Визитов нет')).toBeVisible();
  // At 390 px the tabs scroll, and MUI animates the scroll after each choice: a click during the animation can
  // land on the neighbouring tab, so the choice is repeated until the tab is the selected one.
  const available = page.getByRole('tab', { name: 'Доступные (1)' });
  await expect(async () => {
    await available.click();
    await expect(available).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass();
  await page.getByTestId('monitoring-visit-card').getByRole('link', { name: 'Открыть' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Мониторинговый визит' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Подробнее: субъект S-001' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

/**
 * Fills the plan dialog for the demo monitor: from yesterday for a week, KIO Мониторинг with Мониторова, round the
 * clock (so that no other test's writes on site 01 meet the work-day window).
 */
async function planForDemoMonitor(page: Page, dialog: Locator) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Начало').fill(`${day(-1)}T00:00`);
  await dialog.getByLabel('Окончание').fill(`${day(7)}T00:00`);
  await dialog.getByRole('combobox', { name: 'Организация мониторинга' }).click();
  await page.getByRole('option', { name: /КИО Мониторинг/ }).click();
  await dialog.getByRole('combobox', { name: 'Мониторы' }).click();
  await page.getByRole('option', { name: /Мониторова/ }).click();
  await page.keyboard.press('Escape');
  await dialog.getByLabel('Рабочее время с').fill('00:00:00');
  await dialog.getByLabel('Рабочее время до').fill('23:59:59');
}

test('an administrator plans and confirms a visit of site 01 for the demo monitor, who then has it; then deletes it', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/researchSettings/monitoringVisits');
  await expect(page.getByRole('heading', { level: 1, name: 'Мониторинговые визиты исследования' })).toBeVisible();
  await page.getByRole('button', { name: 'Запланировать визит' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый мониторинговый визит' });
  // The spec's checks before anything is sent.
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toContainText('Заполните поле «Начало»');
  await planForDemoMonitor(page, dialog);
  await dialog.getByRole('radio', { name: 'Центр' }).check();
  await dialog.getByRole('combobox', { name: 'Центр' }).click();
  await page.getByRole('option', { name: /^01/ }).click();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();

  const planned = page.getByTestId('planned-visit').filter({ hasText: 'Визит охватывает все визиты центра 01' });
  await expect(planned).toHaveCount(1);
  await planned.getByRole('button', { name: 'Подтвердить' }).click();
  await page
    .getByRole('dialog', { name: 'Подтвердить мониторинговый визит?' })
    .getByRole('button', { name: 'Подтвердить' })
    .click();
  await expect(planned).toHaveCount(0);
  await page.getByRole('tab', { name: 'Подтвержденные', exact: true }).click();
  await expect(planned).toHaveCount(1);

  await signOut(page);
  await signIn(page, 'kio@demo.test');
  await expect(page.getByRole('tab', { name: 'Доступные (2)' })).toBeVisible();
  await signOut(page);

  await signIn(page, 'admin@demo.test');
  await page.goto('/researchSettings/monitoringVisits');
  await page.getByRole('tab', { name: 'Подтвержденные', exact: true }).click();
  await planned.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog', { name: 'Удалить мониторинговый визит?' }).getByRole('button', { name: 'Удалить' }).click();
  await expect(planned).toHaveCount(0);
});

test("a planner finds a visit to choose by its subject's screening number, and editing the plan keeps it", async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/researchSettings/monitoringVisits');
  await page.getByRole('button', { name: 'Запланировать визит' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый мониторинговый визит' });
  await planForDemoMonitor(page, dialog);
  // The choice is searched on the server by screening number: any subject of the research, not only the first ones.
  const visits = dialog.getByRole('combobox', { name: 'Выбранные визиты' });
  const searched = page.waitForRequest((r) => /\/api\/Subjects\?.*screeningNumber=S-003/.test(r.url()));
  await visits.fill('S-003');
  await searched;
  await page.getByRole('option', { name: /^S-003 · Скрининг · / }).click();
  await visits.fill('S-004');
  await page.getByRole('option', { name: /^S-004 · Скрининг · / }).click();
  // The first choice stays chosen, with its label, while another subject is searched.
  await expect(dialog.getByRole('button', { name: /^S-003 · Скрининг · / })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^S-004 · Скрининг · / })).toBeVisible();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();

  const planned = page.getByTestId('planned-visit').filter({ hasText: 'Выбранные визиты: 2' });
  await expect(planned).toHaveCount(1);
  await planned.getByRole('button', { name: 'Изменить' }).click();
  const edit = page.getByRole('dialog', { name: 'Изменение мониторингового визита' });
  await expect(edit.getByRole('button', { name: /^S-003 · Скрининг · / })).toBeVisible();
  await edit.getByRole('combobox', { name: 'Выбранные визиты' }).fill('S-001');
  await page.getByRole('option', { name: /^S-001 · Скрининг · / }).click();
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(edit).toBeHidden();
  const edited = page.getByTestId('planned-visit').filter({ hasText: 'Выбранные визиты: 3' });
  await expect(edited).toHaveCount(1);
  await edited.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog', { name: 'Удалить мониторинговый визит?' }).getByRole('button', { name: 'Удалить' }).click();
  await expect(edited).toHaveCount(0);
});

test('the research statistic draws its three charts with their tables, also at 390 px', async ({ page }) => {
  await signIn(page, 'kio@demo.test');
  await page
    .getByRole('navigation', { name: /^(Главное меню|Main menu)$/ })
    .getByRole('link', { name: 'Статистика исследования' })
    .click();
  await expect(page).toHaveURL(/\/research\/statistic$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Статистика исследования' })).toBeVisible();
  const panel = page.getByRole('tabpanel');
  await expect(panel.locator('svg.MuiChartsSurface-root, svg').first()).toBeVisible();
  await expect(panel.getByRole('cell', { name: 'Всего' })).toBeVisible();
  for (const tab of ['Записи', 'Визиты']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab }).locator('svg').first()).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: tab }).getByRole('table')).toBeVisible();
  }
  // Opened directly (a bookmark, a reload), the page loads the other features' strings it shows.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Учитывать тестовых субъектов' })).toBeVisible();
  await page.getByRole('tab', { name: 'Визиты' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Визиты' }).getByRole('cell', { name: 'Не начат', exact: true })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('tab', { name: 'Субъекты' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Субъекты' }).getByRole('table')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the monitor validates a form of a subject visit opened from the grid of a monitoring visit', async ({ page, request }) => {
  // A subject of site 01 whose unscheduled visit holds a complete form validated by QA and the data manager (the
  // monitor validates after both), and a monitoring visit of that visit for the demo monitor, removed at the end.
  const subject = `E2E-MV-${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const [site, admin, kio] = await Promise.all([
    apiAuth(request, 'site@demo.test'),
    apiAuth(request, 'admin@demo.test'),
    apiAuth(request, 'kio@demo.test'),
  ]);
  const researchId = await currentResearchId(request, site);
  const created = await postOk(request, site, '/api/Subjects', {
    genderString: 'Male',
    birthDate: '1985-03-04',
    screenDate: browserDate(-3),
    screeningNumber: subject,
  });
  await postOk(request, site, '/api/SubjectsVisit', {
    date: browserDate(-3),
    subjectId: created.id,
    visitId: await visitIdByKey(request, admin, researchId, 'SCR'),
  });
  const visit = await postOk(request, site, '/api/SubjectsVisit', {
    date: browserDate(-1),
    subjectId: created.id,
    visitId: await visitIdByKey(request, admin, researchId, 'UNS'),
  });
  const formId = await completeForm(request, site, visit.id, 'Нежелательные явления', {
    'Были ли нежелательные явления?': 'Нет',
  });
  await postOk(request, await apiAuth(request, 'qa@demo.test'), '/api/SubjectsForm/QaValidate', { subjectFormId: formId });
  await postOk(request, await apiAuth(request, 'dm@demo.test'), '/api/SubjectsForm/DmValidate', { subjectFormId: formId });
  const me = (await (await request.get('/api/Users/me', { headers: kio })).json()) as {
    data: { currentEmployeeId: string; employees: { id: string; researchOrganisation: { id: string } }[] };
  };
  const monitor = me.data.employees.find((e) => e.id === me.data.currentEmployeeId)!;
  const hour = 3_600_000;
  const mv = await postOk(request, admin, '/api/MonitoringVisits', {
    startDate: new Date(Date.now() - hour).toISOString(),
    endDate: new Date(Date.now() + 24 * hour).toISOString(),
    researchOrganisationId: monitor.researchOrganisation.id,
    monitorList: [monitor.id],
    workDayStart: '00:00:00',
    workDayEnd: '23:59:59',
    subjectVisitIdList: [visit.id],
  });
  try {
    await postOk(request, admin, `/api/MonitoringVisits/${mv.id}/Confirm`, {});

    await signIn(page, 'kio@demo.test');
    await page.goto(`/monitoringVisits/${mv.id}`);
    const row = page.getByTestId('subject-row').filter({ hasText: subject });
    await row.getByRole('link', { name: /^Незапланированный визит: / }).click();
    await expect(page).toHaveURL(new RegExp(`/subjectVisit/${visit.id}\\?monitoringVisitId=${mv.id}$`));
    await page.getByRole('button', { name: 'Открыть форму «Нежелательные явления»' }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${subject} / `) });
    await dialog.getByRole('group', { name: 'Проверка формы' }).getByRole('button', { name: 'Проверить форму (КИО)' }).click();
    await expect(toast(page, 'Форма проверена КИО')).toBeVisible();
    await expect(
      dialog.getByRole('group', { name: 'Проверка формы' }).locator('[data-testid="form-validated"][data-side="kio"]'),
    ).toBeVisible();
  } finally {
    // The demo monitor's tabs count one visit in the other tests.
    expect((await request.delete(`/api/MonitoringVisits/${mv.id}`, { headers: admin })).ok()).toBe(true);
  }
});
