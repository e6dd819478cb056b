import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expandCard, signIn, toast } from '../support/app';
import { apiAuth, postOk } from '../support/api';

// The study design as admin@demo.test (user role Admin): form types and fields on /forms, a visit on
// /researchSettings/visits of a research of the spec's own (made through the API, so that the demo design
// other specs use is left as it was), a form with two sections on /visits/:id, fields added and reordered
// in the form editor, then the form marked complete.

const suffix = Date.now().toString(36).slice(-5);
const FORM_TYPE = `Витальные ${suffix}`;
const VISIT = `Скрининг ${suffix}`;
const FORM = `Осмотр ${suffix}`;
const shots = process.env.SCREENSHOTS ? (name: string) => path.join(test.info().project.outputDir, 'screenshots', name) : null;

async function choose(page: Page, scope: Locator, label: string, option: string) {
  const combobox = scope.getByRole('combobox', { name: label });
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // The list is gone and the choice shown before the dialog (hidden from the accessibility tree while the list
  // is open) is used again.
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(combobox).toHaveText(option);
}

/** The fields' texts in table order (the first line of each row: units and mask follow on lines of their own). */
async function fieldOrder(page: Page): Promise<string[]> {
  const rows = page.getByRole('table', { name: 'Поля' }).getByRole('row');
  const texts = await rows.allInnerTexts();
  return texts.slice(1).map(
    (t) =>
      t
        .split(/[\t\n]/)
        .map((s) => s.trim())
        .filter(Boolean)[0] ?? '',
  );
}

test.describe.configure({ mode: 'serial' });

let researchId = '';
test.beforeAll(async ({ request }) => {
  const admin = await apiAuth(request, 'admin@demo.test');
  researchId = (
    await postOk(request, admin, '/api/Researches', {
      grlsProtocolNumber: `DES-${suffix}`,
      grlsProtocol: 'Исследование дизайна',
      sponsor: 'Демо Фарма',
      grlsStartDate: '2026-01-10',
      grlsPhase: 'II',
      mnn: 'Дизайностатин',
      protocolVersion: '1.0',
      protocolVersionDate: '2026-01-10',
    })
  ).id;
  await postOk(request, admin, '/api/ResearchVersions', { researchId, startedDate: '2026-01-10', majorIndex: 1, minorIndex: 0 });
});

test('design a visit, a form with two sections and fields, reorder and complete it', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin@demo.test');

  // Form types page: a type with three field definitions.
  await page.goto('/forms');
  await expect(page.getByRole('heading', { level: 1, name: 'Формы' })).toBeVisible();
  await page.getByRole('button', { name: 'Создать тип формы' }).click();
  const typeDialog = page.getByRole('dialog', { name: 'Создать тип формы' });
  await typeDialog.getByRole('button', { name: 'Создать' }).click();
  await expect(typeDialog.getByText('Заполните поле').first()).toBeVisible();
  await typeDialog.getByRole('textbox', { name: 'Название' }).fill(FORM_TYPE);
  await typeDialog.getByRole('textbox', { name: 'Ключ' }).fill(`VS${suffix}`);
  await typeDialog.getByRole('button', { name: 'Создать' }).click();
  await expect(typeDialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Поля типа «${FORM_TYPE}»` })).toBeVisible();

  for (const [title, key, type] of [
    ['Рост', 'HEIGHT', 'Число'],
    ['Вес', 'WEIGHT', 'Число'],
    ['Курение', 'SMOKING', 'Список'],
  ] as const) {
    await page.getByRole('button', { name: 'Добавить поле' }).click();
    const dialog = page.getByRole('dialog', { name: 'Добавить поле' });
    await dialog.getByRole('textbox', { name: 'Название' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Ключ' }).fill(key);
    await choose(page, dialog, 'Тип', type);
    if (type === 'Список') {
      // A select needs options: the two empty slots alone are refused.
      await dialog.getByRole('button', { name: 'Создать' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Для списка нужен хотя бы один вариант');
      await dialog.getByRole('textbox', { name: 'Вариант 1' }).fill('Да');
      await dialog.getByRole('textbox', { name: 'Вариант 2' }).fill('Нет');
      await dialog.getByRole('radio', { name: 'Вариант 2 по умолчанию' }).check();
    }
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      page.getByRole('table', { name: 'Поля типа формы' }).getByRole('cell', { name: title, exact: true }),
    ).toBeVisible();
  }
  await expect(page.getByRole('cell', { name: 'Да, Нет (по умолчанию)' })).toBeVisible();

  // Visits settings: create a visit (required fields first, then the print-font warning).
  await page.goto(`/researchSettings/visits?researchId=${researchId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Визиты' })).toBeVisible();
  await page.getByRole('button', { name: 'Создать визит' }).click();
  const visitDialog = page.getByRole('dialog', { name: 'Создать визит' });
  await visitDialog.getByRole('button', { name: 'Создать' }).click();
  await expect(visitDialog.getByText('Заполните поле')).toHaveCount(3);
  await expect(visitDialog.getByRole('spinbutton', { name: 'День', exact: true })).toHaveValue('0');
  await visitDialog.getByRole('textbox', { name: 'Название' }).fill(`${VISIT} ☃`);
  await expect(visitDialog.getByTestId('print-warning')).toHaveText(
    'Вероятно, что следующие символы не будут отображаться при печати: ☃',
  );
  await visitDialog.getByRole('textbox', { name: 'Название' }).fill(VISIT);
  await expect(visitDialog.getByTestId('print-warning')).toHaveCount(0);
  await visitDialog.getByRole('textbox', { name: 'Ключ визита' }).fill(`SCR${suffix}`);
  await choose(page, visitDialog, 'Тип визита', 'Скрининг');
  await visitDialog.getByRole('combobox', { name: 'Точки' }).fill('T1');
  await page.keyboard.press('Enter');
  await visitDialog.getByRole('button', { name: 'Создать' }).click();
  await expect(visitDialog).toHaveCount(0);
  await expect(toast(page, 'Сохранено')).toBeVisible();
  const visitRow = page.getByTestId('visit-row').filter({ hasText: VISIT });
  await expect(visitRow).toContainText('Скрининг');
  await expect(visitRow).toContainText('T1');

  // Visit details: inline edit, cancel restores the values.
  await visitRow.getByRole('button', { name: `Подробнее о визите ${VISIT}` }).click();
  const details = page.getByRole('dialog', { name: `Визит «${VISIT}»` });
  await details.getByRole('button', { name: 'Редактировать' }).click();
  await details.getByRole('textbox', { name: 'Описание' }).fill('временно');
  await details.getByRole('button', { name: 'Отмена' }).click();
  await expect(details.getByText('временно')).toHaveCount(0);
  await details.getByRole('button', { name: 'Закрыть' }).click();

  // Visit forms page: a form with default roles and two sections.
  await visitRow.getByRole('link', { name: VISIT }).click();
  await expect(page).toHaveURL(/\/visits\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: VISIT })).toBeVisible();
  await expect(page.getByText('Нет форм')).toBeVisible();
  await page.getByRole('button', { name: 'Создать форму' }).click();
  const formDialog = page.getByRole('dialog', { name: 'Создать форму' });
  await expect(formDialog.getByRole('combobox', { name: 'Роли' })).toHaveText(
    'Главный исследователь, Незаслеплённый соисследователь, Соисследователь',
  );
  await expect(formDialog.getByRole('combobox', { name: 'Пол' })).toHaveText('Оба');
  await choose(page, formDialog, 'Тип формы', FORM_TYPE);
  await formDialog.getByRole('textbox', { name: 'Название' }).fill(FORM);
  await formDialog.getByRole('button', { name: 'Создать' }).click();
  await expect(formDialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Разделы формы «${FORM}»` })).toBeVisible();
  for (const name of ['Антропометрия', 'Анамнез']) {
    await page.getByRole('button', { name: 'Добавить раздел' }).click();
    const dialog = page.getByRole('dialog', { name: 'Добавить раздел' });
    await dialog.getByRole('textbox', { name: 'Название раздела' }).fill(name);
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('section-row').filter({ hasText: name })).toBeVisible();
  }
  await expect(page.getByTestId('section-row')).toHaveCount(2);

  // Form editor: three fields into the first section.
  await page.getByRole('link', { name: 'Редактор формы' }).first().click();
  await expect(page).toHaveURL(/\/visits\/[0-9a-f-]+\/form\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: FORM })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Поля раздела «Антропометрия»' })).toBeVisible();
  await expect(page.getByText('В разделе нет полей')).toBeVisible();
  await page.getByRole('button', { name: 'Добавить поля' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Добавить поля' });
  for (const title of ['Рост', 'Вес', 'Курение']) await addDialog.getByRole('checkbox', { name: `Выбрать ${title}` }).check();
  await addDialog.getByRole('textbox', { name: 'Текст поля Рост' }).fill('Рост, см');
  await addDialog.getByRole('checkbox', { name: 'Рост обязательно' }).check();
  await addDialog.getByRole('button', { name: 'Добавить (3)' }).click();
  await expect(addDialog).toHaveCount(0);
  await expect.poll(() => fieldOrder(page)).toEqual(['Рост, см *', 'Вес', 'Курение']);

  // Reorder by keyboard (dnd-kit keyboard sensor): pick up "Вес", move it up, drop.
  await page.getByRole('button', { name: 'Переместить Вес' }).focus();
  // Each step waits for dnd-kit's live-region announcement (the sensor listens from the next tick).
  const live = page.getByRole('status').filter({ hasText: /Вес/ });
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Переместить Вес' })).toHaveAttribute('aria-pressed', 'true');
  await expect(live).toHaveText(/Вес/);
  await page.keyboard.press('ArrowUp');
  await expect(live).toHaveText('Вес над позицией 1');
  await page.keyboard.press('Space');
  await expect(live).toHaveText('Вес перемещён на позицию 1');
  await expect.poll(() => fieldOrder(page)).toEqual(['Вес', 'Рост, см *', 'Курение']);
  // ...and by pointer: drag "Курение" onto the first row.
  const handle = page.getByRole('button', { name: 'Переместить Курение' });
  const target = page.getByRole('button', { name: 'Переместить Вес' });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 10 });
  await page.mouse.up();
  await expect.poll(() => fieldOrder(page)).toEqual(['Курение', 'Вес', 'Рост, см *']);
  await page.reload();
  await expect.poll(() => fieldOrder(page)).toEqual(['Курение', 'Вес', 'Рост, см *']);

  // Field details: inline edit with mask validation.
  await page.getByRole('button', { name: 'Подробнее о поле Вес' }).click();
  const fieldDialog = page.getByRole('dialog', { name: 'Поле «Вес»' });
  await fieldDialog.getByRole('button', { name: 'Редактировать' }).click();
  await fieldDialog.getByRole('textbox', { name: 'Маска' }).fill('00[0');
  await fieldDialog.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(fieldDialog.getByText('Неверная маска')).toBeVisible();
  await fieldDialog.getByRole('textbox', { name: 'Маска' }).fill('00[0]');
  await fieldDialog.getByRole('textbox', { name: 'Единицы измерения' }).fill('кг');
  await fieldDialog.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(fieldDialog.getByRole('button', { name: 'Редактировать' })).toBeVisible();
  await fieldDialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(page.getByTestId('field-row').filter({ hasText: 'Вес' })).toContainText('00[0]');
  if (shots) await page.screenshot({ path: shots('design-editor-1280.png'), fullPage: true, animations: 'disabled' });

  // Complete: structure edits disappear, copying appears.
  await page.getByRole('button', { name: 'Завершить форму' }).click();
  await expect(page.getByRole('button', { name: 'Возобновить форму' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Добавить поля' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Добавить раздел' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Удалить раздел' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Удалить поле/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Переместить/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Копировать в визиты' })).toBeVisible();

  // The visit forms page follows the flag too.
  await page.getByRole('link', { name: 'Формы визита' }).click();
  await expect(page.getByRole('heading', { name: `Разделы формы «${FORM}»` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Добавить раздел' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Копировать в визиты' })).toBeVisible();
  if (shots) await page.screenshot({ path: shots('design-visit-forms-1280.png'), fullPage: true, animations: 'disabled' });
  await page.getByRole('link', { name: 'Визиты', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: `Формы визита «${VISIT}»` })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(FORM) })).toBeVisible();
  if (shots) await page.screenshot({ path: shots('design-visits-1280.png'), fullPage: true, animations: 'disabled' });
});

test('visits settings at 390 px: cards, no overflow', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.test');
  await page.goto(`/researchSettings/visits?researchId=${researchId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Визиты' })).toBeVisible();
  const card = page.getByTestId('visit-row').filter({ hasText: VISIT });
  await expect(card).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expandCard(card, VISIT);
  await expect(card.getByText(`SCR${suffix}`)).toBeVisible();
  await expect(card.getByRole('button', { name: `Подробнее о визите ${VISIT}` })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (shots) await page.screenshot({ path: shots('design-visits-390.png'), fullPage: true, animations: 'disabled' });
  await card.getByRole('link', { name: VISIT }).click();
  await expect(page.getByRole('heading', { level: 1, name: VISIT })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${FORM}`) }).click();
  await expect(page.getByRole('heading', { name: `Разделы формы «${FORM}»` })).toBeVisible();
  const overflow2 = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow2).toBeLessThanOrEqual(0);
  if (shots) await page.screenshot({ path: shots('design-visit-forms-390.png'), fullPage: true, animations: 'disabled' });
  await page.getByRole('link', { name: 'Редактор формы' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: FORM })).toBeVisible();
  const overflow3 = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow3).toBeLessThanOrEqual(0);
  if (shots) await page.screenshot({ path: shots('design-editor-390.png'), fullPage: true, animations: 'disabled' });
  await page.goto('/forms');
  await page.getByRole('button', { name: `${FORM_TYPE} VS${suffix}` }).click();
  await expect(page.getByRole('heading', { name: `Поля типа «${FORM_TYPE}»` })).toBeVisible();
  if (shots) await page.screenshot({ path: shots('design-forms-390.png'), fullPage: true, animations: 'disabled' });
});
