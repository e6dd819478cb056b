import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signIn, toast } from '../support/app';
import { apiAuth, currentResearchId, visitIdByKey } from '../support/api';

// The rules screens (spec design-and-admin sections 2, 4, 5, 6, 8; issue 13): as admin@demo.test, in the demo
// study's form editor, a calculated BMI rule (InsertAction) on the screening demography form's BMI field and a
// range edit check (NoteAction) on its weight, both for the test centre T-01 (so that no other spec's data entry
// meets them), written with the expression editor, which shows an error's position as it is typed; as
// qa@demo.test, on the rules page, test them (a missing value, then values with a decimal comma) and validate
// the BMI rule, which changes in place; a monitor has no rules page; admin's failed edit restores the stored
// values, then admin deletes both rules. The demo seed's own rules (BMI for all centres, SYSBP) stay as they are.

test.describe.configure({ mode: 'serial' });

const SUFFIX = Date.now().toString(36).slice(-5).toUpperCase();
const BMI = 'RoundAwayFromZero(Bmi([WEIGHT]; [HEIGHT]); 2)';
const RANGE = '[WEIGHT] < 30 OR [WEIGHT] > 250';
const RANGE_MESSAGE = `Масса тела вне диапазона 30–250 кг (${SUFFIX})`;
const CENTRE = 'T-01 — Тестовый центр';
const SHOTS = process.env.E2E_SHOTS_DIR;

/** The screening visit's demography form of DEMO-001 (as its administrator reads the design). */
async function demographyForm(request: APIRequestContext): Promise<{ visitId: string; formId: string }> {
  const admin = await apiAuth(request, 'admin@demo.test');
  const visitId = await visitIdByKey(request, admin, await currentResearchId(request, admin), 'SCR');
  const forms = (await (await request.get(`/api/Forms?visitId=${visitId}`, { headers: admin })).json()) as {
    data: { id: string; title: string }[];
  };
  const form = forms.data.find((f) => f.title === 'Демография');
  expect(form, 'the screening visit has Демография').toBeDefined();
  return { visitId, formId: form!.id };
}

async function chooseOption(page: Page, scope: Locator | Page, combobox: string, option: string) {
  await scope.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The rules page's row of a rule, found by a search of its expression or message. */
async function findRule(page: Page, search: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Поиск по выражению и сообщению' }).fill(search);
  await expect(page).toHaveURL(/search=/);
  const rows = page.getByTestId('rule-row');
  await expect(rows).toHaveCount(1);
  return rows.first();
}

test('admin writes a BMI calculated rule and a range check in the form editor; errors show their position as typed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { visitId, formId } = await demographyForm(request);
  await signIn(page, 'admin@demo.test');
  await page.goto(`/visits/${visitId}/form/${formId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Демография' })).toBeVisible();

  // The field's rules: the demo's own BMI rule is listed (all centres).
  await page.getByRole('button', { name: 'Правила поля Индекс массы тела' }).click();
  const fieldRules = page.getByTestId('field-rules-dialog');
  await expect(fieldRules.getByRole('heading', { name: 'Правила поля «Индекс массы тела»' })).toBeVisible();
  await expect(fieldRules.getByText('[BMI]')).toBeVisible();
  await expect(fieldRules.getByTestId('field-rule-row').filter({ hasText: 'Все центры' })).toHaveCount(1);

  await fieldRules.getByRole('button', { name: 'Создать правило' }).click();
  const dialog = page.getByTestId('rule-dialog');
  await expect(dialog.getByRole('heading', { name: /Новое правило/ })).toBeVisible();
  await chooseOption(page, dialog, 'Тип', 'Вычисление значения');
  await chooseOption(page, dialog, 'Центр', CENTRE);

  // An error names its position while typing; a click on it selects the place in the text.
  const expression = dialog.getByTestId('rule-expression');
  const check = dialog.getByTestId('rule-check');
  await expect(check).toContainText('Введите выражение');
  await expression.pressSequentially('Bmi([WEIGHT], [HEIGHT])');
  await expect(check).toHaveAttribute('data-ok', 'false');
  await expect(dialog.getByTestId('rule-error').first()).toHaveText(/^Позиция 13: запятая здесь не допускается/);
  await dialog.getByTestId('rule-error').first().click();
  await expect(expression).toBeFocused();
  expect(await expression.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd])).toEqual([12, 13]);
  // A condition is not what a calculated value needs.
  await expression.fill('[WEIGHT] > 1');
  await expect(dialog.getByTestId('rule-error').first()).toHaveText(
    'Позиция 1: правило должно давать «число», а даёт «логическое значение»',
  );
  await expression.fill('Bmi([WEIGHT]; [HIEGHT])');
  await expect(dialog.getByTestId('rule-error').first()).toHaveText('Позиция 15: неизвестный код поля [HIEGHT]');
  await expect(dialog.getByTestId('rule-codes').getByText('[HIEGHT]')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/rules-editor-error-1280.png`, animations: 'disabled' });

  // The helpers write it: a template, the field picker (searched, Enter takes the first), the separator.
  await expression.fill('');
  await dialog.getByRole('button', { name: 'Функции' }).click();
  await page.getByRole('menuitem', { name: /^RoundAwayFromZero/ }).click();
  await dialog.getByRole('button', { name: 'Функции' }).click();
  await expect(page.getByRole('menuitem', { name: /Bmi\(вес, кг; рост, см\)/ })).toBeVisible();
  await page.getByRole('menuitem', { name: /^Bmi/ }).click();
  await dialog.getByRole('button', { name: 'Поля' }).click();
  await page.getByRole('searchbox', { name: 'Найти поле' }).fill('масса тела');
  await page.getByRole('searchbox', { name: 'Найти поле' }).press('Enter');
  await dialog.getByRole('button', { name: 'Разделитель аргументов' }).click();
  await dialog.getByRole('button', { name: 'Поля' }).click();
  await page.getByRole('button', { name: /^\[HEIGHT\] Рост/ }).click();
  await expression.press('ArrowRight');
  await expression.pressSequentially('; 2');
  await expect(expression).toHaveValue(BMI);
  await expect(check).toHaveText('Выражение корректно, результат: число');
  await expect(dialog.getByTestId('rule-codes')).toContainText('[WEIGHT]');
  await expect(dialog.getByTestId('rule-codes')).toContainText('[HEIGHT]');
  // Tab leaves the editor (it is not trapped); Ctrl+Enter saves.
  await expression.press('Tab');
  await expect(expression).not.toBeFocused();
  await expression.click();
  await expression.press('Control+Enter');
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Сохранено').last()).toBeVisible();
  const bmiRow = fieldRules.getByTestId('field-rule-row').filter({ hasText: BMI });
  await expect(bmiRow).toContainText('Вычисление значения');
  await expect(bmiRow).toContainText('Центр T-01');
  await expect(bmiRow.getByTestId('rule-validated')).toHaveText('Не валидировано');
  await fieldRules.getByRole('button', { name: 'Закрыть' }).last().click();
  await expect(fieldRules).toBeHidden();

  // The range check on the weight: a note needs its message.
  await page.getByRole('button', { name: 'Правила поля Масса тела' }).click();
  await fieldRules.getByRole('button', { name: 'Создать правило' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Тип' })).toHaveText('Заметка (проверка)');
  await chooseOption(page, dialog, 'Центр', CENTRE);
  await expression.fill(RANGE);
  await expect(check).toHaveText('Выражение корректно, результат: логическое значение');
  await dialog.getByRole('button', { name: 'Создать правило' }).click();
  await expect(dialog.getByText('Введите текст сообщения')).toBeVisible();
  await dialog.getByTestId('rule-message').fill(RANGE_MESSAGE);
  await dialog.getByRole('button', { name: 'Создать правило' }).click();
  await expect(dialog).toBeHidden();
  const rangeRow = fieldRules.getByTestId('field-rule-row').filter({ hasText: RANGE_MESSAGE });
  await expect(rangeRow).toContainText(RANGE);
  await expect(rangeRow).toContainText('Заметка (проверка)');
});

test('qa tests the rules on the rules page and validates the BMI rule, which changes in place', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'qa@demo.test');
  await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Правила', exact: true }).click();
  await expect(page).toHaveURL(/\/rules$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Правила' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' }).getByText('Правила')).toBeVisible();

  // Filters narrow the grid and stay in the address; nothing found is 'Нет правил'.
  await chooseOption(page, page, 'Тип', 'Письмо');
  await expect(page).toHaveURL(/ruleTypeString=EmailAction/);
  await expect(page.getByText('Нет правил')).toBeVisible();
  await chooseOption(page, page, 'Тип', 'Вычисление значения');
  const row = await findRule(page, 'HEIGHT]); 2');
  await expect(row).toContainText('Скрининг / Демография / Основные данные');
  await expect(row).toContainText('Индекс массы тела');
  await expect(row.getByTestId('rule-validated')).toHaveText('Не валидировано');
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Поиск по выражению и сообщению' })).toHaveValue('HEIGHT]); 2');
  await expect(page.getByTestId('rule-row')).toHaveCount(1);

  // QA reads the rule (no edit) and tests it: a missing value says which; validation follows a test.
  await page.getByTestId('rule-row').first().click();
  const details = page.getByTestId('rule-dialog');
  await expect(details.getByTestId('rule-expression-view')).toHaveText(BMI);
  await expect(details.getByRole('textbox')).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Удалить' })).toHaveCount(0);
  await details.getByRole('button', { name: 'Проверить' }).click();
  const test_ = page.getByTestId('rule-test-dialog');
  await expect(test_.getByRole('button', { name: 'Валидировать' })).toHaveCount(0);
  await test_.getByTestId('rule-test-WEIGHT').fill('80,5');
  await test_.getByRole('button', { name: 'Проверить' }).click();
  await expect(test_.getByTestId('rule-test-result')).toHaveText('Правило не вычисляется: нет значения поля [HEIGHT]');
  await test_.getByTestId('rule-test-HEIGHT').fill('180');
  await test_.getByRole('button', { name: 'Проверить' }).click();
  // 80.5 / 1.8² = 24.845… → 24.85
  await expect(test_.getByTestId('rule-test-result')).toHaveText('В поле будет предложено значение 24.85');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/rules-test-1280.png`, animations: 'disabled' });
  await test_.getByRole('button', { name: 'Валидировать' }).click();
  await expect(test_.getByTestId('rule-validated')).toHaveText('Валидировано');
  await expect(test_.getByRole('button', { name: 'Отменить валидацию' })).toBeVisible();
  await test_.getByRole('button', { name: 'Закрыть' }).last().click();
  await details.getByRole('button', { name: 'Закрыть' }).last().click();
  // In place: the grid shows it validated without a reload.
  await expect(page.getByTestId('rule-row').first().getByTestId('rule-validated')).toHaveText('Валидировано');
  await chooseOption(page, page, 'Валидация', 'Валидировано');
  await expect(page).toHaveURL(/isValidate=true/);
  await expect(page.getByTestId('rule-row')).toHaveCount(1);

  // The range check, from its row's test action: a decimal comma; 25,5 kg is out of range, so a note.
  await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
  const range = await findRule(page, SUFFIX);
  await range.getByRole('button', { name: /^Проверить: Заметка/ }).click();
  await test_.getByTestId('rule-test-WEIGHT').fill('25,5');
  await test_.getByRole('button', { name: 'Проверить' }).click();
  await expect(test_.getByTestId('rule-test-result')).toContainText(`на поле будет создана заметка «${RANGE_MESSAGE}»`);
  await test_.getByTestId('rule-test-WEIGHT').fill('70');
  await test_.getByRole('button', { name: 'Проверить' }).click();
  await expect(test_.getByTestId('rule-test-result')).toContainText('Условие не выполняется');
  await test_.getByRole('button', { name: 'Закрыть' }).last().click();

  // A phone: cards, and the rule's dialog fills the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('rule-row').first()).toBeVisible();
  await page.getByTestId('rule-row').first().getByRole('button').first().click();
  const box = await details.getByRole('dialog').boundingBox();
  expect(box?.width).toBe(390);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/rules-dialog-390.png`, animations: 'disabled' });
});

test('a monitor has no rules page', async ({ page }) => {
  await signIn(page, 'kio@demo.test');
  await page.goto('/rules');
  await expect(page.getByText('У Вас нет прав для просмотра этой страницы')).toBeVisible();
});

test('admin: a failed edit restores the stored values; then both rules are deleted', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.test');
  await page.goto('/rules');
  const range = await findRule(page, SUFFIX);
  await range.click();
  const dialog = page.getByTestId('rule-dialog');
  await expect(dialog.getByTestId('rule-message')).toHaveValue(RANGE_MESSAGE);
  // The server refuses the edit (as when the research is no longer current).
  await page.route('**/api/Rules/*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 409,
          json: { errors: [{ code: 'research_not_current', message: 'Исследование не в работе: правила не изменить' }] },
        })
      : route.fallback(),
  );
  await dialog.getByTestId('rule-message').fill('Другой текст');
  await dialog.getByTestId('rule-expression').fill('[WEIGHT] > 300');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Изменения не сохранены, возвращены прежние значения.');
  await expect(dialog.getByRole('alert')).toContainText('Исследование не в работе: правила не изменить');
  await expect(dialog.getByTestId('rule-message')).toHaveValue(RANGE_MESSAGE);
  await expect(dialog.getByTestId('rule-expression')).toHaveValue(RANGE);
  await page.unroute('**/api/Rules/*');

  // Delete, after the confirmation.
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog', { name: 'Удалить правило?' }).getByRole('button', { name: 'Удалить' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Нет правил')).toBeVisible();

  const bmi = await findRule(page, 'HEIGHT]); 2');
  await bmi.click();
  await expect(dialog.getByTestId('rule-validated')).toHaveText('Валидировано');
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog', { name: 'Удалить правило?' }).getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Нет правил')).toBeVisible();
});
