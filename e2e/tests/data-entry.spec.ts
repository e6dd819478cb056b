import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { DEMO_PASSWORD, signIn } from '../support/app';
import { apiAuth, currentResearchId, postOk, visitIdByKey } from '../support/api';
import { browserDate, shown } from '../support/dates';

// Data entry (docs/data-entry.md; spec operations sections 2, 4, 5): a site investigator opens a visit from the
// subject matrix, adds forms, fills every field type (a dependent field and a file among them), completes the
// sections, changes a value with a reason, reads the input history, ends and signs the visit with the password;
// the co-researcher sees the values, QA sees the form read-only, and the same forms are filled on a 390 px
// phone. A fixture makes a subject of its own (DEMO-001's design, no change to it) with a screening visit and
// two unscheduled visits, so the spec stands alone.

const SUFFIX = Date.now().toString(36).slice(-5).toUpperCase();
const SUBJECT = `E2E-DE-${SUFFIX}`;
const SCREENING = 'Скрининг';
const UNSCHEDULED = 'Незапланированный визит';
/** A minimal PDF made in the test. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
const SHOTS = '/tmp/shots';

const ids: { subject?: string; screening?: string; unscheduled?: string; unscheduled2?: string } = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const site = await apiAuth(request, 'site@demo.test');
  const admin = await apiAuth(request, 'admin@demo.test');
  const researchId = await currentResearchId(request, site);
  const subject = await postOk(request, site, '/api/Subjects', {
    genderString: 'Male',
    birthDate: '1985-03-04',
    screenDate: browserDate(-6),
    screeningNumber: SUBJECT,
  });
  const visit = async (key: string, days: number) =>
    (
      await postOk(request, site, '/api/SubjectsVisit', {
        date: browserDate(days),
        subjectId: subject.id,
        visitId: await visitIdByKey(request, admin, researchId, key),
      })
    ).id;
  ids.subject = subject.id;
  ids.screening = await visit('SCR', -6);
  ids.unscheduled = await visit('UNS', -3);
  ids.unscheduled2 = await visit('UNS', -1);
  fs.mkdirSync(SHOTS, { recursive: true });
});

const formDialog = (page: Page) => page.getByRole('dialog', { name: new RegExp(`^${SUBJECT} / `) });
const row = (scope: Locator, text: string) => scope.locator(`[data-testid="field-row"][data-field="${text}"]`);
const input = (scope: Locator, text: string) =>
  row(scope, text).locator('input:not([type=file]):not([type=checkbox]), textarea').first();

/** Waits for the value's save (POST /ItemData...) that `action` starts. */
async function saving(page: Page, action: () => Promise<void>) {
  const reply = page.waitForResponse((r) => /\/api\/ItemData/.test(r.url()) && r.request().method() === 'POST');
  await action();
  expect((await reply).status()).toBeLessThan(300);
}

/** Types a value and leaves the input: the first value of a field is saved at once. */
async function type(page: Page, scope: Locator, field: string, value: string) {
  await saving(page, async () => {
    await input(scope, field).fill(value);
    await input(scope, field).press('Tab');
  });
  await expect(row(scope, field).locator('[data-required="missing"]')).toHaveCount(0);
}

async function choose(page: Page, scope: Locator, field: string, option: string) {
  await saving(page, () =>
    row(scope, field)
      .locator('select')
      .first()
      .selectOption(option)
      .then(() => undefined),
  );
}

/** The section's status Да (Completed), then confirm it now. */
async function confirmSection(page: Page, dialog: Locator) {
  const status = dialog.getByRole('combobox', { name: 'Статус секции' });
  const changed = page.waitForResponse((r) => r.url().includes('/ChangeStatus'));
  await status.selectOption('Completed');
  expect((await changed).status()).toBe(200);
  await dialog.getByRole('button', { name: 'Подтвердить секцию', exact: true }).click();
  await expect(dialog.getByTestId('section-confirmed')).toBeVisible();
}

async function completeFormAndClose(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Завершить форму' }).click();
  await expect(dialog.getByTestId('form-complete')).toBeVisible();
  await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function addForm(page: Page, title: string) {
  await page.getByRole('button', { name: 'Добавить форму' }).click();
  await page.getByRole('menuitem', { name: title, exact: true }).click();
  const dialog = formDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2 })).toContainText(title);
  return dialog;
}

/** The adverse-event form: the dependent block shows only while the answer is Да (a text, a date, a select). */
async function fillAdverseEvents(page: Page, visitDate: string) {
  const ae = await addForm(page, 'Нежелательные явления');
  await expect(row(ae, 'Описание явления')).toHaveCount(0);
  await choose(page, ae, 'Были ли нежелательные явления?', 'Нет');
  await expect(row(ae, 'Описание явления')).toHaveCount(0);
  // A first value is saved at once; changing it asks for the reason.
  await row(ae, 'Были ли нежелательные явления?').locator('select').selectOption('Да');
  const reason = page.getByRole('dialog', { name: 'Изменение данных' });
  await reason.getByRole('button', { name: 'Ошибка ввода' }).click();
  await saving(page, () => reason.getByRole('button', { name: 'Сохранить' }).click());
  await expect(row(ae, 'Описание явления')).toBeVisible();
  await expect(row(ae, 'Дата начала')).toBeVisible();
  await type(page, ae, 'Описание явления', 'Головная боль');
  // The date's suggestions: the visit date (and the dayPlus days after it).
  await row(ae, 'Дата начала')
    .getByRole('button', { name: /^Выбрать дату визита/ })
    .click();
  await saving(page, () => page.getByRole('menuitem', { name: visitDate.replaceAll('.', '/') }).click());
  await expect(input(ae, 'Дата начала')).toHaveValue(visitDate.replaceAll('.', '/'));
  await choose(page, ae, 'Степень тяжести', 'Лёгкая');
  await confirmSection(page, ae);
  await completeFormAndClose(ae);
}

test('a site investigator fills every field type, changes a value with a reason, ends and signs the visit', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'site@demo.test');

  // The unscheduled visit from the subject matrix: the text and the dependent fields of the adverse events.
  await page.goto('/subjectmatrix');
  await page.getByRole('searchbox', { name: 'Скрининговый номер' }).fill(SUBJECT);
  await expect(page.getByTestId('subject-row')).toHaveCount(1);
  await page
    .getByTestId('subject-row')
    .getByRole('link', { name: `${UNSCHEDULED}: Не начат, ${shown(browserDate(-3))}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/subjectVisit/${ids.unscheduled}$`));
  await expect(page.getByRole('heading', { level: 1, name: UNSCHEDULED })).toBeVisible();
  await expect(page.getByText('Формы не созданы.')).toBeVisible();
  await fillAdverseEvents(page, shown(browserDate(-3)));

  // The screening visit, from the matrix again.
  await page.goto('/subjectmatrix');
  await page.getByRole('searchbox', { name: 'Скрининговый номер' }).fill(SUBJECT);
  await page
    .getByTestId('subject-row')
    .getByRole('link', { name: new RegExp(`^${SCREENING}: `) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/subjectVisit/${ids.screening}$`));
  const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
  await expect(crumbs.getByRole('link', { name: SUBJECT })).toBeVisible();
  await expect(page.getByText('Версия исследования')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/visit-page-1280-empty.png`, fullPage: true });

  // Date and checkbox; an impossible date is refused before sending.
  const ic = await addForm(page, 'Информированное согласие');
  await input(ic, 'Дата подписания согласия').fill('31/02/2026');
  await input(ic, 'Дата подписания согласия').press('Tab');
  await expect(row(ic, 'Дата подписания согласия').getByText('Некорректное значение')).toBeVisible();
  await expect(row(ic, 'Дата подписания согласия').locator('[data-required="missing"]')).toBeVisible();
  await type(page, ic, 'Дата подписания согласия', shown(browserDate(-6)).replaceAll('.', '/'));
  await saving(page, () => row(ic, 'Согласие подписано').getByRole('checkbox').check());
  await confirmSection(page, ic);
  await completeFormAndClose(ic);

  // Date, select, numbers with a decimal comma, a calculated field shown read-only.
  const dm = await addForm(page, 'Демография');
  await type(page, dm, 'Дата рождения', '04/03/1985');
  await choose(page, dm, 'Пол', 'Мужской');
  await type(page, dm, 'Рост', '180,5');
  await expect(input(dm, 'Рост')).toHaveValue('180,5');
  await type(page, dm, 'Масса тела', '80');
  await expect(input(dm, 'Индекс массы тела')).toHaveAttribute('readonly', '');
  await confirmSection(page, dm);
  await completeFormAndClose(dm);

  // Time and numbers, one with a regular-expression mask.
  const vs = await addForm(page, 'Жизненно важные показатели');
  await type(page, vs, 'Время измерения', '09:30');
  await type(page, vs, 'Систолическое АД', '120');
  await type(page, vs, 'Диастолическое АД', '80');
  await input(vs, 'ЧСС').fill('7');
  await input(vs, 'ЧСС').press('Tab');
  await expect(row(vs, 'ЧСС').getByText(/^Некорректное значение/)).toBeVisible();
  await type(page, vs, 'ЧСС', '72');
  await type(page, vs, 'Температура тела', '36,6');
  await page.screenshot({ path: `${SHOTS}/form-dialog-1280.png` });
  await confirmSection(page, vs);
  await completeFormAndClose(vs);

  // Date and time.
  const lb = await addForm(page, 'Биохимический анализ крови');
  await type(page, lb, 'Дата и время взятия крови', `${shown(browserDate(-6)).replaceAll('.', '/')} 08:15`);
  await expect(input(lb, 'Дата и время взятия крови')).toHaveValue(`${shown(browserDate(-6)).replaceAll('.', '/')} 08:15`);
  await type(page, lb, 'Глюкоза', '5,4');
  await type(page, lb, 'АЛТ', '25');
  await type(page, lb, 'Креатинин', '90');
  await confirmSection(page, lb);
  await completeFormAndClose(lb);

  // A select and a file (PDF only; its name is the file name without the extension).
  const eg = await addForm(page, 'ЭКГ');
  await choose(page, eg, 'Заключение', 'Норма');
  await row(eg, 'Запись ЭКГ')
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
  await expect(row(eg, 'Запись ЭКГ').getByText('Можно загрузить только файл PDF')).toBeVisible();
  await saving(page, () =>
    row(eg, 'Запись ЭКГ')
      .locator('input[type=file]')
      .setInputFiles({ name: 'ecg-record.pdf', mimeType: 'application/pdf', buffer: PDF }),
  );
  await expect(row(eg, 'Запись ЭКГ').getByRole('button', { name: 'Открыть файл «ecg-record»' })).toBeVisible();
  await confirmSection(page, eg);
  await completeFormAndClose(eg);

  // Every form at 100 %, sorted by the form index.
  const cards = page.getByTestId('subject-form-card');
  await expect(cards).toHaveCount(5);
  await expect(cards.getByRole('heading')).toHaveText([
    'Информированное согласие',
    'Демография',
    'Жизненно важные показатели',
    'Биохимический анализ крови',
    'ЭКГ',
  ]);
  await expect(page.getByTestId('form-progress')).toHaveText(['100%', '100%', '100%', '100%', '100%']);

  // A change in a confirmed section: the confirmation, then the reason (suggestion 'Ошибка ввода').
  await page.getByRole('button', { name: 'Открыть форму «Жизненно важные показатели»' }).click();
  const vs2 = formDialog(page);
  await input(vs2, 'Систолическое АД').fill('125');
  await input(vs2, 'Систолическое АД').press('Tab');
  const confirm = page.getByRole('dialog', { name: 'Подтверждённая секция' });
  await expect(confirm.getByText('Вы уверены, что хотите изменить данные в завершённой секции?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Да, изменить' }).click();
  const reason = page.getByRole('dialog', { name: 'Изменение данных' });
  await expect(reason.getByTestId('reason-old')).toHaveText('120');
  await expect(reason.getByTestId('reason-new')).toHaveText('125');
  // No reason, no save.
  await reason.getByRole('button', { name: 'Сохранить' }).click();
  await expect(reason.getByText('Заполните поле')).toBeVisible();
  await reason.getByRole('button', { name: 'Ошибка ввода' }).click();
  await expect(reason.getByRole('textbox', { name: 'Причина изменения' })).toHaveValue('Ошибка ввода');
  await saving(page, () => reason.getByRole('button', { name: 'Сохранить' }).click());
  await expect(input(vs2, 'Систолическое АД')).toHaveValue('125');

  // The input history: every value with who, when, the role and the reason.
  await row(vs2, 'Систолическое АД').getByRole('button', { name: 'Действия с полем «Систолическое АД»' }).click();
  await page.getByRole('menuitem', { name: 'История ввода' }).click();
  const history = page.getByRole('dialog', { name: 'История ввода: Систолическое АД' });
  const entries = history.getByTestId('history-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('125');
  await expect(entries.first()).toContainText('текущее');
  await expect(entries.first()).toContainText('Ошибка ввода');
  await expect(entries.first()).toContainText('Главный исследователь');
  await expect(entries.nth(1)).toContainText('120');
  await history.getByRole('button', { name: 'Закрыть' }).click();
  await vs2.getByRole('button', { name: 'Закрыть', exact: true }).click();

  // End the visit, then sign it with the password.
  await page.getByRole('button', { name: 'Завершить визит' }).click();
  const end = page.getByRole('dialog', { name: 'Завершение визита' });
  await end.getByRole('button', { name: 'Завершить визит' }).click();
  await expect(end).toBeHidden();
  await expect(page.getByTestId('visit-ended')).toBeVisible();

  await page.getByRole('button', { name: 'Подписать' }).click();
  const sign = page.getByRole('dialog', { name: 'Подписание визита' });
  await expect(
    sign.getByText('Вы уверены, что хотите подписать визит? После подписания создание новых форм будет недоступно'),
  ).toBeVisible();
  await expect(sign.getByRole('textbox', { name: 'Дата подписи' })).toHaveValue(shown(browserDate()).replaceAll('.', '/'));
  await sign.getByRole('textbox', { name: 'Пароль' }).fill('wrong-password');
  await sign.getByRole('button', { name: 'Подписать' }).click();
  await expect(sign.getByText('Неверный пароль: подпись не поставлена')).toBeVisible();
  await sign.getByRole('textbox', { name: 'Пароль' }).fill(DEMO_PASSWORD);
  await sign.getByRole('button', { name: 'Подписать' }).click();
  await expect(sign).toBeHidden();
  const signature = page.getByTestId('signature');
  await expect(signature).toBeVisible();
  await expect(signature).toContainText('Главный исследователь');
  await expect(signature).toContainText('Подтверждаю достоверность данных');
  await expect(page.getByRole('button', { name: 'Добавить форму' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/visit-page-1280.png`, fullPage: true });
});

test('the co-researcher sees the same values', async ({ page }) => {
  await signIn(page, 'coresearcher@demo.test');
  // Opened from a monitoring visit, the path leads back to it; `?id=` opens a form of the visit.
  const monitoringVisitId = '01890000-0000-7000-8000-000000000001';
  await page.goto(`/subjectVisit/${ids.screening}?monitoringVisitId=${monitoringVisitId}`);
  const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
  await expect(crumbs.getByRole('link', { name: 'Мониторинговый визит' })).toHaveAttribute(
    'href',
    `/monitoringVisits/${monitoringVisitId}`,
  );
  await expect(page.getByTestId('signature')).toBeVisible();
  await expect(page.getByTestId('signature')).toContainText('Исследователев Пётр');
  await page.getByRole('button', { name: 'Открыть форму «Жизненно важные показатели»' }).click();
  const vs = formDialog(page);
  await expect(input(vs, 'Систолическое АД')).toHaveValue('125');
  await expect(input(vs, 'Температура тела')).toHaveValue('36,6');
  await expect(input(vs, 'Время измерения')).toHaveValue('09:30');
  await vs.getByRole('button', { name: 'Закрыть', exact: true }).click();
  await page.getByRole('button', { name: 'Открыть форму «ЭКГ»' }).click();
  await expect(row(formDialog(page), 'Запись ЭКГ').getByRole('button', { name: 'Открыть файл «ecg-record»' })).toBeVisible();
});

test('the subject page shows the audit trail: the changed value with its reason, filtered by the field', async ({ page }) => {
  await signIn(page, 'coresearcher@demo.test');
  await page.goto(`/subject/${ids.subject}/audit`);
  const trail = page.getByRole('table', { name: 'Журнал аудита субъекта' });
  const changed = trail.getByRole('row').filter({ hasText: 'Значение изменено' }).filter({ hasText: 'Систолическое АД' });
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText('120');
  await expect(changed).toContainText('125');
  await expect(changed).toContainText('Ошибка ввода');
  await expect(changed).toContainText('site@demo.test');
  await changed.getByRole('button', { name: 'Систолическое АД' }).click();
  await expect(page.getByTestId('audit-filter')).toContainText('Систолическое АД');
  // Only the field's records: its first value and its change.
  await expect(trail.getByRole('row')).toHaveCount(3);
  await page.getByTestId('audit-filter').locator('svg').click();
  await expect(trail.getByRole('row').filter({ hasText: 'Визит подписан' })).toHaveCount(1);
  // A form's records: from a record of the form that names it (added, section confirmed, completed).
  await page.getByRole('combobox', { name: /Строк на странице/ }).click();
  await page.getByRole('option', { name: '50' }).click();
  await trail.getByRole('button', { name: 'Записи формы «Жизненно важные показатели»' }).first().click();
  await expect(page.getByTestId('audit-filter')).toContainText('Жизненно важные показатели');
  await expect(trail.getByRole('row').filter({ hasText: 'Систолическое АД' }).first()).toBeVisible();
  await expect(trail.getByRole('row').filter({ hasText: 'Визит подписан' })).toHaveCount(0);
});

test('the audit trail jumps to its last page and back, its range written with its total', async ({ page }) => {
  await signIn(page, 'coresearcher@demo.test');
  await page.goto(`/subject/${ids.subject}/audit`);
  const range = page.getByText(/^\d+–\d+ из \d+$/);
  await expect(range).toHaveText(/^1–10 из \d+$/);
  const total = Number((await range.textContent())!.split(' из ')[1]);
  expect(total).toBeGreaterThan(10);
  await page.getByRole('button', { name: 'Последняя страница' }).click();
  await expect(range).toHaveText(`${Math.floor((total - 1) / 10) * 10 + 1}–${total} из ${total}`);
  await expect(page.getByRole('button', { name: 'Следующая страница' })).toBeDisabled();
  await page.getByRole('button', { name: 'Первая страница' }).click();
  await expect(range).toHaveText(`1–10 из ${total}`);
  await expect(page.getByRole('button', { name: 'Предыдущая страница' })).toBeDisabled();
});

test('QA sees the form read-only', async ({ page }) => {
  await signIn(page, 'qa@demo.test');
  await page.goto(`/subjectVisit/${ids.unscheduled}`);
  await expect(page.getByRole('button', { name: 'Добавить форму' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Подписать' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Открыть форму «Нежелательные явления»' }).click();
  const ae = formDialog(page);
  await expect(ae.getByTestId('read-only')).toBeVisible();
  await expect(input(ae, 'Описание явления')).toHaveValue('Головная боль');
  await expect(input(ae, 'Описание явления')).toBeDisabled();
  await expect(row(ae, 'Были ли нежелательные явления?').locator('select')).toBeDisabled();
  await expect(ae.getByRole('combobox', { name: 'Статус секции' })).toBeDisabled();
  await expect(ae.getByRole('button', { name: 'Завершить форму' })).toHaveCount(0);
});

test('on a 390 px phone a site investigator fills the same forms', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'site@demo.test');
  await page.goto(`/subjectVisit/${ids.unscheduled2}`);
  await expect(page.getByRole('heading', { level: 1, name: `${UNSCHEDULED} #2` })).toBeVisible();

  const vs = await addForm(page, 'Жизненно важные показатели');
  await type(page, vs, 'Время измерения', '10:05');
  await type(page, vs, 'Систолическое АД', '118');
  await type(page, vs, 'Диастолическое АД', '76');
  await type(page, vs, 'ЧСС', '64');
  await type(page, vs, 'Температура тела', '36,7');
  const overflow = await vs.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/form-dialog-390.png` });
  await confirmSection(page, vs);
  await completeFormAndClose(vs);

  await fillAdverseEvents(page, shown(browserDate(-1)));
  await expect(page.getByTestId('form-progress')).toHaveText(['100%', '100%']);
  const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(pageOverflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/visit-page-390.png`, fullPage: true });

  // The adverse-events form is also held by the first unscheduled visit: its linked visit, which it opens.
  await page.getByRole('button', { name: 'Открыть форму «Нежелательные явления»' }).click();
  await formDialog(page).getByRole('button', { name: 'Связанные визиты (1)' }).click();
  const linked = page.getByRole('dialog', { name: 'Связанные визиты' });
  await linked.getByRole('link', { name: UNSCHEDULED, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/subjectVisit/${ids.unscheduled}$`));
});
