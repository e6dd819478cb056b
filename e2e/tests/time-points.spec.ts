import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signIn } from '../support/app';
import { apiAuth, currentResearchId, postOk, subjectVersion, visitIdByKey } from '../support/api';
import { browserDate } from '../support/dates';

// Time points (docs/time-points.md; spec design-and-admin sections 2, 3, 5 and operations section 5): the
// admin defines the randomisation visit's pharmacokinetics points — the dose as the start point and two blood
// draws, each due 30 minutes after the one before — and runs the staffing forecast on a worked example; the
// site enters a dose time on visit 1 (whose points the demo has), sees the planned windows on the visit's
// time points page, and a draw outside its window is refused with the recommended time.

const SUFFIX = Date.now().toString(36).slice(-5).toUpperCase();
const SUBJECT = `E2E-TP-${SUFFIX}`;
const PK = 'Фармакокинетика';
const DOSE = 'Время введения препарата';
const DRAW1 = 'Взятие крови через 30 мин';
const DRAW2 = 'Взятие крови через 1 ч';

const ids: { rnd?: string; subjectVisit?: string } = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const site = await apiAuth(request, 'site@demo.test');
  const admin = await apiAuth(request, 'admin@demo.test');
  const researchId = await currentResearchId(request, site);
  ids.rnd = await visitIdByKey(request, admin, researchId, 'RND');
  const subject = await postOk(request, site, '/api/Subjects', {
    genderString: 'Female',
    birthDate: '1984-02-03',
    screenDate: browserDate(-16),
    screeningNumber: SUBJECT,
  });
  const visit = async (key: string, days: number) =>
    postOk(request, site, '/api/SubjectsVisit', {
      date: browserDate(days),
      subjectId: subject.id,
      visitId: await visitIdByKey(request, admin, researchId, key),
    });
  // Visit 1 comes after screening and randomisation.
  await visit('SCR', -16);
  await postOk(request, site, `/api/Subjects/${subject.id}/Randomise`, {
    version: await subjectVersion(request, site, subject.id),
    randomizationDate: browserDate(-15),
  });
  ids.subjectVisit = (await visit('V1', -2)).id;
});

async function choose(page: Page, scope: Locator, label: string, option: RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

async function addPoint(page: Page, field: string, duration: string, start = false) {
  await page.getByRole('button', { name: 'Добавить точку' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая временная точка' });
  await choose(page, dialog, 'Поле', new RegExp(field));
  await dialog.getByRole('textbox', { name: 'Длительность (чч:мм:сс)' }).fill(duration);
  if (start) await dialog.getByRole('checkbox', { name: 'Стартовая точка визита' }).check();
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(pointRow(page, field)).toBeVisible();
}

const pointRow = (page: Page, field: string) => page.getByTestId('time-point-row').filter({ hasText: field });

async function addDeviation(page: Page, field: string, startField: string) {
  await page.getByRole('button', { name: `Добавить отклонение к точке «${field}»` }).click();
  const dialog = page.getByRole('dialog', { name: 'Новое отклонение' });
  await choose(page, dialog, 'Стартовая точка', new RegExp(startField));
  await dialog.getByRole('textbox', { name: 'Отклонение (чч:мм:сс)' }).fill('00:30:00');
  await dialog.getByRole('textbox', { name: 'Отклонение в минус (чч:мм:сс)' }).fill('00:05:00');
  await dialog.getByRole('textbox', { name: 'Отклонение в плюс (чч:мм:сс)' }).fill('00:05:00');
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(pointRow(page, field)).toContainText(`+00:30:00 (−00:05:00/+00:05:00) после «${startField}»`);
}

test('admin defines a start point and two points with deviations, then runs the forecast', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.test');
  await page.goto(`/researchSettings/timePoints?visitId=${ids.rnd}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Временные точки' })).toBeVisible();
  await expect(page.getByText('Нет точек')).toBeVisible();

  await addPoint(page, DOSE, '00:05:00', true);
  await expect(pointRow(page, DOSE)).toContainText('Стартовая точка визита');
  await addPoint(page, DRAW1, '00:02:00');
  await addPoint(page, DRAW2, '00:02:00');
  await addDeviation(page, DRAW1, DOSE);
  await addDeviation(page, DRAW2, DRAW1);

  // A bad duration is refused in the dialog, nothing sent.
  await page.getByRole('button', { name: `Изменить точку «${DRAW2}»` }).click();
  const edit = page.getByRole('dialog', { name: 'Изменение временной точки' });
  await edit.getByRole('textbox', { name: 'Длительность (чч:мм:сс)' }).fill('2 минуты');
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Отмена' }).click();
  await expect(edit).toHaveCount(0);

  // The worked example of docs/time-points.md: one subject 01:02:00; three 10 minutes apart 01:22:00 with one
  // member of staff; a minute apart the doses overlap: three.
  await page.getByRole('button', { name: 'Прогноз' }).click();
  const forecast = page.getByRole('dialog', { name: 'Прогноз количества сотрудников' });
  await forecast.getByRole('spinbutton', { name: 'Количество субъектов' }).fill('3');
  const interval = forecast.getByRole('textbox', { name: 'Интервал между субъектами (чч:мм:сс)' });
  await interval.fill('00:10:00');
  await forecast.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(forecast.getByTestId('forecast-one')).toContainText('01:02:00');
  await expect(forecast.getByTestId('forecast-all')).toContainText('01:22:00');
  await expect(forecast.getByTestId('forecast-employees')).toContainText('1');
  await expect(forecast.getByRole('list', { name: 'Диаграмма дня одного субъекта: активности и ожидания' })).toContainText(
    'Ожидание',
  );
  await interval.fill('00:01:00');
  await forecast.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(forecast.getByTestId('forecast-employees')).toContainText('3');
  await forecast.getByRole('button', { name: 'Закрыть' }).click();
  await expect(forecast).toHaveCount(0);
});

const formDialog = (page: Page) => page.getByRole('dialog', { name: new RegExp(`^${SUBJECT} / `) });
const input = (scope: Locator, text: string) =>
  scope.locator(`[data-testid="field-row"][data-field="${text}"]`).locator('input.field-input').first();

test('the site sees the planned windows after the dose and is refused outside a window', async ({ page }) => {
  await signIn(page, 'site@demo.test');
  await page.goto(`/subjectVisit/${ids.subjectVisit}`);
  await page.getByRole('button', { name: 'Добавить форму' }).click();
  await page.getByRole('menuitem', { name: PK, exact: true }).click();
  const form = formDialog(page);
  await expect(form.getByRole('heading', { level: 2 })).toContainText(PK);

  const save = async (field: string, value: string) => {
    const reply = page.waitForResponse((r) => /\/api\/ItemData/.test(r.url()) && r.request().method() === 'POST');
    await input(form, field).fill(value);
    await input(form, field).press('Tab');
    return (await reply).status();
  };
  expect(await save(DOSE, '10:00')).toBe(200);

  // The first draw is due 10:25–10:35: 11:00 is refused with the window, what was typed stays.
  expect(await save(DRAW1, '11:00')).toBe(400);
  const row1 = form.locator(`[data-testid="field-row"][data-field="${DRAW1}"]`);
  await expect(row1).toContainText('Рекомендуемое время: 10:25 - 10:35');
  await expect(input(form, DRAW1)).toHaveValue('11:00');
  expect(await save(DRAW1, '10:33')).toBe(200);
  // Back to the visit page (the open form is in the address).
  await page.goto(`/subjectVisit/${ids.subjectVisit}`);
  await expect(form).toHaveCount(0);

  // The visit's time points: the second draw planned from the first draw's value (10:33 + 30 min ± 5).
  await page.getByRole('link', { name: 'Временные точки визита' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Временные точки' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Временные точки визита субъекта' });
  const pointOf = (field: string) =>
    table.getByRole('row').filter({ has: page.getByRole('link', { name: `Открыть поле «${field}» в форме`, exact: true }) });
  await expect(pointOf(DRAW1)).toContainText('10:25');
  await expect(pointOf(DRAW1)).toContainText('10:35');
  await expect(pointOf(DRAW1)).toContainText('10:33');
  await expect(pointOf(DRAW2)).toContainText('10:58');
  await expect(pointOf(DRAW2)).toContainText('11:08');
  await expect(pointOf(DRAW2)).toContainText('11:03');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the visit time points are readable cards', async ({ page }) => {
    await signIn(page, 'site@demo.test');
    await page.goto(`/subjectVisit/${ids.subjectVisit}/timePoints`);
    await expect(page.getByRole('heading', { level: 1, name: 'Временные точки' })).toBeVisible();
    await expect(page.getByText(DRAW2).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
});
