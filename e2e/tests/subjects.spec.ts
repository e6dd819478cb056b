import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signIn, toast } from '../support/app';
import { apiAuth, currentResearchId, postOk, visitIdByKey, subjectVersion } from '../support/api';
import { browserDate, futureEverywhere, shown } from '../support/dates';

// Subject Matrix journeys (spec operations section 2) on DEMO-001's own design: its screening visit and
// visit 1 (day 14 ± 2 after randomisation), which site 01's research version holds. The spec changes no
// design, so it does not depend on what other specs did to it. Dates are the browser's (support/dates.ts).

const SCREENING_VISIT = 'Скрининг';
const PERIOD_VISIT = 'Визит 1';
const SCREENING_NUMBER = 'E2E-S-001';
// DEMO-001 has IWRS on: randomisation numbers come from its list (R-001 went to the demo's S-001).
const TAKEN_NUMBER = 'R-001';
let secondNumber = '';
// A second subject, made through the API: randomised four weeks ago, with both visits held.
const SECOND_NUMBER = 'E2E-S-002';
const SECOND_NAME = 'Иванова Анна Петровна';

const today = () => shown(browserDate());
const tomorrow = () => shown(futureEverywhere());
const daysAgo = (n: number) => shown(browserDate(-n));

/** E2E-S-002 through the API as the site's investigator: screened 30 days ago, randomised 28 days ago (from the list),
 * visit 1 (day 14 ± 2) held 14 days ago. */
async function createSecondSubject(request: APIRequestContext) {
  const site = await apiAuth(request, 'site@demo.test');
  const admin = await apiAuth(request, 'admin@demo.test');
  const researchId = await currentResearchId(request, site);
  const subject = await postOk(request, site, '/api/Subjects', {
    genderString: 'Female',
    birthDate: '1990-01-15',
    screenDate: browserDate(-30),
    screeningNumber: SECOND_NUMBER,
    fullName: SECOND_NAME,
  });
  const visit = async (key: string, days: number) =>
    postOk(request, site, '/api/SubjectsVisit', {
      date: browserDate(days),
      subjectId: subject.id,
      visitId: await visitIdByKey(request, admin, researchId, key),
    });
  await visit('SCR', -30);
  const randomised = await postOk<{ randomizationNumber: string }>(request, site, `/api/Subjects/${subject.id}/Randomise`, {
    version: await subjectVersion(request, site, subject.id),
    randomizationDate: browserDate(-28),
  });
  secondNumber = randomised.randomizationNumber;
  await visit('V1', -14);
}

function row(page: Page, screeningNumber: string) {
  return page
    .getByTestId('subject-row')
    .filter({ has: page.getByRole('rowheader', { name: `Открыть страницу субъекта ${screeningNumber}`, exact: true }) });
}

async function openMatrix(page: Page) {
  await page.goto('/subjectmatrix');
  await expect(page.getByRole('heading', { level: 1, name: 'Матрица субъектов' })).toBeVisible();
}

async function rowAction(page: Page, action: string, number = SCREENING_NUMBER) {
  await page.getByRole('button', { name: `Действия: субъект ${number}` }).click();
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
    await expect(page.getByRole('columnheader', { name: SCREENING_VISIT, exact: true })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: PERIOD_VISIT, exact: true })).toBeVisible();

    // Create: a screening date in the future is refused with the spec's message.
    await page.getByRole('button', { name: 'Добавить субъекта' }).click();
    const create = page.getByRole('dialog', { name: 'Новый субъект' });
    await create.getByRole('textbox', { name: /^Скрининговый номер/ }).fill(SCREENING_NUMBER);
    await create.getByLabel(/^Дата скрининга/).fill(tomorrow());
    await create.getByRole('combobox', { name: /^Пол/ }).click();
    await page.getByRole('option', { name: 'Женский' }).click();
    // Dates are typed as DD.MM.YYYY whatever the browser's language; the dots come by themselves.
    const birth = create.getByRole('textbox', { name: /^Дата рождения/ });
    await birth.pressSequentially('31022020');
    await expect(birth).toHaveValue('31.02.2020');
    await create.getByRole('button', { name: 'Создать' }).click();
    await expect(create.getByText('Дата скрининга должна быть не позднее сегодняшней')).toBeVisible();
    await expect(create.getByText('Такой даты нет в календаре: 31.02.2020')).toBeVisible();
    await birth.fill('');
    await birth.pressSequentially('1.4.1985');
    await birth.blur();
    await expect(birth).toHaveValue('01.04.1985');
    await create.getByLabel(/^Дата скрининга/).fill(today());
    await create.getByRole('button', { name: 'Создать' }).click();
    await expect(create).toBeHidden();
    await expect(toast(page, 'Сохранено')).toBeVisible();
    // Other specs add subjects to site 01 too: the search keeps the new one on the first page.
    await page.getByRole('searchbox', { name: 'Скрининговый номер' }).fill(SCREENING_NUMBER);
    const subject = row(page, SCREENING_NUMBER);
    await expect(subject.getByRole('img', { name: 'Начат', exact: true })).toBeVisible();
    // A Started subject takes the screening visit first.
    await expect(subject.getByRole('button', { name: `Подтвердить визит «${PERIOD_VISIT}»` })).toHaveCount(0);

    // Confirm the screening visit (the date is today by default).
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

    // Randomise: with IWRS the group and the number come from the randomisation list.
    const randomise = await rowAction(page, 'Рандомизировать');
    await expect(randomise.getByLabel(/^Дата рандомизации/)).toHaveValue(today());
    await expect(randomise.getByRole('combobox', { name: /^Группа рандомизации/ })).toHaveCount(0);
    await expect(
      randomise.getByText('Группа и рандомизационный номер будут назначены системой по рандомизационному списку (IWRS).'),
    ).toBeVisible();
    await randomise.getByRole('button', { name: 'Сохранить' }).click();
    await expect(randomise).toBeHidden();
    await expect(subject.getByRole('img', { name: 'Рандомизирован', exact: true })).toBeVisible();
    await expect(subject.getByRole('cell', { name: /^R-\d{3}$/ })).toBeVisible();

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
    await page.getByRole('searchbox', { name: 'Скрининговый номер' }).fill('E2E-S');
    await expect(subject).toBeVisible();
    await page.goto('/profile');
    await openMatrix(page);
    await expect(page.getByRole('searchbox', { name: 'Скрининговый номер' })).toHaveValue('E2E-S');
    await expect(row(page, SCREENING_NUMBER)).toBeVisible();

    // The subject page lists its visit; with no name, its crumb is the screening number.
    await page.getByRole('link', { name: `Открыть страницу субъекта ${SCREENING_NUMBER}` }).click();
    await expect(page).toHaveURL(/\/subject\/[0-9a-f-]+\/visits$/);
    await expect(page.getByRole('heading', { level: 1, name: `Субъект ${SCREENING_NUMBER}` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: SCREENING_VISIT, exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' }).getByText(SCREENING_NUMBER)).toBeVisible();
  });

  test('a site user moves a visit date from the visit info and corrects a randomisation', async ({ page, request }) => {
    await createSecondSubject(request);
    await signIn(page, 'site@demo.test');
    await openMatrix(page);
    await page.getByRole('searchbox', { name: 'Скрининговый номер' }).fill(SECOND_NUMBER);
    const subject = row(page, SECOND_NUMBER);
    await expect(page.getByTestId('subject-row')).toHaveCount(1);

    // Visit info: the General tab first, the Documents tab with its count (visit-documents.spec.ts).
    await subject.getByRole('button', { name: `${PERIOD_VISIT}: Не начат, ${daysAgo(14)}` }).click();
    const info = page.getByRole('dialog', { name: `Визит «${PERIOD_VISIT}»: субъект ${SECOND_NUMBER}` });
    await expect(info.getByRole('tab').first()).toHaveText('Общее');
    await expect(info.getByRole('tab')).toHaveText(['Общее', 'Документы (0)', 'Мониторинговые визиты (0)']);
    await expect(info.locator('[data-status="Empty"]')).toHaveText('Не начат');
    await expect(info.getByText(`${daysAgo(16)} – ${daysAgo(12)}`)).toBeVisible();
    await expect(info.getByText('В срок')).toBeVisible();
    const date = info.getByRole('textbox', { name: /^Дата визита/ });
    const change = info.getByRole('button', { name: 'Изменить дату' });
    await expect(date).toHaveValue(daysAgo(14));
    await expect(change).toBeDisabled();

    // A future date is refused with the spec's message, before anything is sent.
    await date.fill(shown(browserDate(10)));
    await change.click();
    await expect(info.getByText('Дата визита должна быть не позднее сегодняшней')).toBeVisible();
    // The server refuses a date before the screening: the field goes back to the visit's date with its message.
    await date.fill(daysAgo(40));
    await change.click();
    await expect(info.getByText(`Дата не может быть раньше ${daysAgo(30)}`)).toBeVisible();
    await expect(date).toHaveValue(daysAgo(14));
    // A valid date (typed as digits) is saved; held after its window the visit is overdue.
    await date.fill('');
    await date.pressSequentially(daysAgo(10).replaceAll('.', ''));
    await expect(date).toHaveValue(daysAgo(10));
    await date.press('Enter');
    await expect(toast(page, 'Сохранено')).toBeVisible();
    await expect(info.getByText('Просрочен')).toBeVisible();
    await expect(change).toBeDisabled();
    await info.getByRole('button', { name: 'Закрыть' }).click();
    await expect(subject.getByRole('button', { name: `${PERIOD_VISIT}: Не начат, ${daysAgo(10)}` })).toBeVisible();

    // Correct the randomisation from the subject info; the investigator is blinded, so the group stays hidden.
    const dialog = await rowAction(page, 'Информация о субъекте', SECOND_NUMBER);
    await expect(dialog.getByText(secondNumber)).toBeVisible();
    await dialog.getByRole('button', { name: 'Изменить рандомизацию' }).click();
    await expect(dialog.getByRole('combobox', { name: /^Группа рандомизации/ })).toHaveCount(0);
    await expect(dialog.getByText('Группа рандомизации скрыта (заслепление) и останется прежней.')).toBeVisible();
    const rDate = dialog.getByRole('textbox', { name: /^Дата рандомизации/ });
    const rNumber = dialog.getByRole('textbox', { name: /^Рандомизационный номер/ });
    await expect(rDate).toHaveValue(daysAgo(28));
    await rDate.fill(tomorrow());
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dialog.getByText('Дата рандомизации должна быть не позднее сегодняшней')).toBeVisible();
    // The server's refusals show on the fields they concern.
    await rDate.fill(daysAgo(35));
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dialog.getByText(`Дата не может быть раньше ${daysAgo(30)}`)).toBeVisible();
    await rDate.fill(daysAgo(29));
    await rNumber.fill(TAKEN_NUMBER);
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(
      dialog.getByText(`Рандомизационный номер «${TAKEN_NUMBER}» уже присвоен другому субъекту исследования`),
    ).toBeVisible();
    await rNumber.fill('E2E-R-003');
    await dialog.getByRole('textbox', { name: /^Причина изменения/ }).fill('Ошибка ввода');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    // (the toast of the date change may still be on screen)
    await expect(toast(page, 'Сохранено').last()).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Изменить рандомизацию' })).toBeVisible();
    await expect(dialog.getByText('E2E-R-003')).toBeVisible();
    await expect(dialog.getByText(daysAgo(29))).toBeVisible();
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await expect(subject.getByRole('cell', { name: 'E2E-R-003' })).toBeVisible();

    // The subject page's crumb is the subject's name.
    await page.getByRole('link', { name: `Открыть страницу субъекта ${SECOND_NUMBER}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: SECOND_NAME })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
    await expect(crumbs.getByText(SECOND_NAME)).toBeVisible();
    await expect(crumbs.getByRole('link', { name: 'Матрица субъектов' })).toHaveAttribute('href', '/subjectmatrix');
  });

  test('a monitor gets the kio visit view, then the visit info read-only', async ({ page }) => {
    await signIn(page, 'kio@demo.test');
    await openMatrix(page);
    await page.getByRole('searchbox', { name: 'Скрининговый номер' }).fill(SECOND_NUMBER);
    const subject = row(page, SECOND_NUMBER);
    await subject.getByRole('button', { name: `${PERIOD_VISIT}: Не начат, ${daysAgo(10)}` }).click();
    const kioView = page.getByRole('dialog', { name: `${SECOND_NUMBER} · ${PERIOD_VISIT}` });
    await expect(kioView.getByText('Визиты не созданы')).toBeVisible();
    await kioView.getByRole('button', { name: 'Информация о визите' }).click();
    const info = page.getByRole('dialog', { name: `Визит «${PERIOD_VISIT}»: субъект ${SECOND_NUMBER}` });
    await expect(info.getByText(daysAgo(10), { exact: true })).toBeVisible();
    await expect(info.getByText('Просрочен')).toBeVisible();
    await expect(info.getByRole('textbox')).toHaveCount(0);
    await expect(info.getByRole('button', { name: 'Изменить дату' })).toHaveCount(0);
    await info.getByRole('button', { name: 'Закрыть' }).click();
    await expect(info).toBeHidden();
  });

  test('a user of another site does not see it', async ({ page }) => {
    await signIn(page, 'site2@demo.test');
    await openMatrix(page);
    await page.getByRole('searchbox', { name: 'Скрининговый номер' }).fill('E2E');
    await expect(page.getByText('Данные отсутствуют')).toBeVisible();
    await expect(page.getByText(SCREENING_NUMBER)).toHaveCount(0);
  });

  test('QA filters by site and sees it read-only', async ({ page }) => {
    await signIn(page, 'qa@demo.test');
    await openMatrix(page);
    // Site 01 holds more subjects than a page: the search keeps this one on the first.
    await page.getByRole('searchbox', { name: 'Скрининговый номер' }).fill(SCREENING_NUMBER);
    await page.getByRole('combobox', { name: 'Центр' }).click();
    await page.getByRole('option', { name: /ГКБ №1/ }).click();
    const subject = row(page, SCREENING_NUMBER);
    await expect(subject).toBeVisible();
    await expect(subject.getByRole('img', { name: 'Завершил по протоколу', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Добавить субъекта' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Действия/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Подтвердить визит/ })).toHaveCount(0);
    // The visit info opens read-only.
    await subject.getByRole('button', { name: new RegExp(`^${SCREENING_VISIT}: `) }).click();
    const info = page.getByRole('dialog', { name: `Визит «${SCREENING_VISIT}»: субъект ${SCREENING_NUMBER}` });
    await expect(info.getByText(today(), { exact: true })).toBeVisible();
    await expect(info.getByRole('textbox')).toHaveCount(0);
    await expect(info.getByRole('button', { name: 'Изменить дату' })).toHaveCount(0);
    await info.getByRole('button', { name: 'Закрыть' }).click();
    await page.getByRole('searchbox', { name: 'Скрининговый номер' }).fill('E2E');
    await page.getByRole('combobox', { name: 'Центр' }).click();
    await page.getByRole('option', { name: /Клиника Здоровье/ }).click();
    await expect(page.getByText('Данные отсутствуют')).toBeVisible();
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the matrix shows collapsible cards', async ({ page }) => {
      await signIn(page, 'site@demo.test');
      await openMatrix(page);
      // Other specs add subjects to site 01: the search keeps this one on the first page.
      await page.getByRole('searchbox', { name: 'Скрининговый номер' }).fill(SCREENING_NUMBER);
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
