import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { DEMO_PASSWORD, signIn, toast } from '../support/app';

// Subject Matrix journeys (spec operations section 2). The demo world has no visits designed, so a
// fixture creates a Screening and a Period visit for DEMO-001 through the API as the administrator.

const SCREENING_VISIT = 'E2E Скрининг';
const PERIOD_VISIT = 'E2E Период 1';
const SCREENING_NUMBER = 'E2E-S-001';
const RANDOMISATION_NUMBER = 'E2E-R-001';

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const reply = await request.post('/api/Auth/SignIn', { data: { email, password: DEMO_PASSWORD } });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { data: { accessToken: string } }).data.accessToken;
}

test.beforeAll(async ({ request }) => {
  const site = await apiToken(request, 'site@demo.test');
  const me = (await (await request.get('/api/Users/me', { headers: { Authorization: `Bearer ${site}` } })).json()) as {
    data: { employees: { id: string; researchOrganisation: { research: { id: string } } }[]; currentEmployeeId: string };
  };
  const researchId = me.data.employees.find((e) => e.id === me.data.currentEmployeeId)!.researchOrganisation.research.id;
  const admin = { Authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` };
  const existing = (await (await request.get(`/api/Visits?researchId=${researchId}`, { headers: admin })).json()) as {
    data: { visitKey: string }[];
  };
  for (const visit of [
    { title: SCREENING_VISIT, visitKey: 'E2E_SCR', visitTypeString: 'Screening', dayNumber: 0 },
    { title: PERIOD_VISIT, visitKey: 'E2E_P1', visitTypeString: 'Period', dayNumber: 7, dayPlus: 2, dayMinus: 2 },
  ]) {
    if (existing.data.some((v) => v.visitKey === visit.visitKey)) continue;
    const reply = await request.post('/api/Visits', { headers: admin, data: { researchId, description: null, ...visit } });
    expect(reply.ok(), await reply.text()).toBe(true);
  }
});

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' });
const tomorrow = () => new Date(Date.now() + 36 * 3600 * 1000).toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' });

function row(page: Page, screeningNumber: string) {
  return page.getByTestId('subject-row').filter({ has: page.getByRole('rowheader', { name: screeningNumber }) });
}

async function openMatrix(page: Page) {
  await page.goto('/subjectmatrix');
  await expect(page.getByRole('heading', { level: 1, name: 'Матрица субъектов' })).toBeVisible();
}

async function rowAction(page: Page, action: string) {
  await page.getByRole('button', { name: `Действия: субъект ${SCREENING_NUMBER}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
  return page.getByRole('dialog');
}

test.describe.serial('subject matrix', () => {
  test('a site user creates a subject, confirms its screening visit, randomises it and ends its participation', async ({
    page,
  }) => {
    await signIn(page, 'site@demo.test');
    // The site's home is the matrix.
    await expect(page).toHaveURL(/\/subjectmatrix$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Матрица субъектов' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: SCREENING_VISIT })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: PERIOD_VISIT })).toBeVisible();

    // Create: a screening date in the future is refused with the spec's message.
    await page.getByRole('button', { name: 'Добавить субъекта' }).click();
    const create = page.getByRole('dialog', { name: 'Новый субъект' });
    await create.getByRole('textbox', { name: /^Скрининговый номер/ }).fill(SCREENING_NUMBER);
    await create.getByLabel(/^Дата скрининга/).fill(tomorrow());
    await create.getByRole('combobox', { name: /^Пол/ }).click();
    await page.getByRole('option', { name: 'Женский' }).click();
    await create.getByLabel(/^Дата рождения/).fill('1985-04-12');
    await create.getByRole('button', { name: 'Создать' }).click();
    await expect(create.getByText('Дата скрининга должна быть не позднее сегодняшней')).toBeVisible();
    await create.getByLabel(/^Дата скрининга/).fill(today());
    await create.getByRole('button', { name: 'Создать' }).click();
    await expect(create).toBeHidden();
    await expect(toast(page, 'Сохранено')).toBeVisible();
    const subject = row(page, SCREENING_NUMBER);
    await expect(subject.getByRole('img', { name: 'Начат', exact: true })).toBeVisible();
    // A Started subject takes the screening visit first.
    await expect(subject.getByRole('button', { name: `Подтвердить визит «${PERIOD_VISIT}»` })).toHaveCount(0);

    // Confirm the screening visit (keyboard: the date is today by default).
    await subject.getByRole('button', { name: `Подтвердить визит «${SCREENING_VISIT}»` }).click();
    const confirm = page.getByRole('dialog', { name: `Подтверждение визита «${SCREENING_VISIT}»` });
    await expect(confirm.getByLabel(/^Дата визита/)).toHaveValue(today());
    await confirm.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(confirm).toBeHidden();
    await expect(subject.getByRole('img', { name: 'Скрининг', exact: true })).toBeVisible();
    await expect(subject.getByRole('button', { name: `Подтвердить визит «${SCREENING_VISIT}»` })).toHaveCount(0);

    // Delete asks first; cancel keeps the subject.
    const del = await rowAction(page, 'Удалить');
    await expect(del.getByText('Вы уверены что хотите удалить?')).toBeVisible();
    await expect(del.getByRole('button', { name: 'Подтвердить' })).toBeVisible();
    await del.getByRole('button', { name: 'Отмена' }).click();
    await expect(del).toBeHidden();

    // Randomise.
    const randomise = await rowAction(page, 'Рандомизировать');
    await expect(randomise.getByLabel(/^Дата рандомизации/)).toHaveValue(today());
    await randomise.getByRole('combobox', { name: /^Группа рандомизации/ }).click();
    await page.getByRole('option', { name: 'A', exact: true }).click();
    await randomise.getByRole('textbox', { name: /^Рандомизационный номер/ }).fill(RANDOMISATION_NUMBER);
    await randomise.getByRole('button', { name: 'Сохранить' }).click();
    await expect(randomise).toBeHidden();
    await expect(subject.getByRole('img', { name: 'Рандомизирован', exact: true })).toBeVisible();
    await expect(subject.getByRole('cell', { name: RANDOMISATION_NUMBER })).toBeVisible();

    // End participation: ahead of schedule needs a reason; by protocol does not.
    const end = await rowAction(page, 'Завершить участие');
    await end.getByRole('radio', { name: 'Досрочно' }).check();
    await end.getByRole('button', { name: 'Сохранить' }).click();
    await expect(end.getByText('Заполните поле')).toBeVisible();
    await end.getByRole('radio', { name: 'По протоколу' }).check();
    await end.getByRole('button', { name: 'Сохранить' }).click();
    await expect(end).toBeHidden();
    await expect(subject.getByRole('img', { name: 'Завершил по протоколу', exact: true })).toBeVisible();

    // The filters survive leaving and coming back.
    await page.getByRole('searchbox', { name: 'Скрининговый номер' }).fill('E2E');
    await expect(subject).toBeVisible();
    await page.goto('/profile');
    await openMatrix(page);
    await expect(page.getByRole('searchbox', { name: 'Скрининговый номер' })).toHaveValue('E2E');
    await expect(row(page, SCREENING_NUMBER)).toBeVisible();

    // The subject page lists its visit.
    await page.getByRole('link', { name: `Открыть страницу субъекта ${SCREENING_NUMBER}` }).click();
    await expect(page).toHaveURL(/\/subject\/[0-9a-f-]+\/visits$/);
    await expect(page.getByRole('heading', { level: 1, name: `Субъект ${SCREENING_NUMBER}` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: SCREENING_VISIT })).toBeVisible();
  });

  test('a user of another site does not see it', async ({ page }) => {
    await signIn(page, 'site2@demo.test');
    await openMatrix(page);
    await expect(page.getByText('Данные отсутствуют')).toBeVisible();
    await expect(page.getByText(SCREENING_NUMBER)).toHaveCount(0);
  });

  test('QA filters by site and sees it read-only', async ({ page }) => {
    await signIn(page, 'qa@demo.test');
    await openMatrix(page);
    await page.getByRole('combobox', { name: 'Центр' }).click();
    await page.getByRole('option', { name: /ГКБ №1/ }).click();
    const subject = row(page, SCREENING_NUMBER);
    await expect(subject).toBeVisible();
    await expect(subject.getByRole('img', { name: 'Завершил по протоколу', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Добавить субъекта' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Действия/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Подтвердить визит/ })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Центр' }).click();
    await page.getByRole('option', { name: /Клиника Здоровье/ }).click();
    await expect(page.getByText('Данные отсутствуют')).toBeVisible();
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the matrix shows collapsible cards', async ({ page }) => {
      await signIn(page, 'site@demo.test');
      await openMatrix(page);
      const card = page.getByTestId('subject-card').filter({ hasText: SCREENING_NUMBER });
      await expect(card).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await card.getByRole('button', { name: `Подробнее: субъект ${SCREENING_NUMBER}` }).click();
      await expect(card.getByText(SCREENING_VISIT)).toBeVisible();
      await expect(card.getByRole('button', { name: `Действия: субъект ${SCREENING_NUMBER}` })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Добавить субъекта' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
