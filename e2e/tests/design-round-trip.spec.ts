import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signIn, toast } from '../support/app';

// The study-design round trip as admin@demo.test: a new research with a protocol version and a research
// version, two visits, a form with two sections and a field of each of the nine types (a select parent
// with a dependent child, a mask, a context form), fields reordered by dragging, the form completed and
// copied to the other visit, the design exported as ODM and imported into another new research.
// The form type and its nine field definitions are made through the API (the /forms page has its own
// journey in design.spec.ts); everything else goes through the screens.

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const SOURCE = `RT-${stamp}`;
const TARGET = `RT-${stamp}-IMP`;
const TYPE = `Осмотр RT ${stamp}`;
const FORM = 'Первичный осмотр';
const CONTEXT_FORM = 'Жалобы';
/** One field definition of each of the nine field types. */
const FIELDS = {
  Text: 'Описание жалоб',
  Number: 'Масса тела',
  Select: 'Есть жалобы',
  Checkbox: 'Согласие получено',
  Date: 'Дата осмотра',
  Time: 'Время осмотра',
  DateTime: 'Начало приёма',
  Calculated: 'Индекс массы',
  File: 'Фото сыпи',
} as const;

async function token(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'accessMISToken');
  return decodeURIComponent(cookie?.value ?? '');
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The fields' texts in table order (the first line of each row: units and mask follow on lines of their own). */
async function fieldOrder(page: Page): Promise<string[]> {
  const rows = page.getByRole('table', { name: 'Поля' }).getByRole('row');
  return (await rows.allInnerTexts()).slice(1).map(
    (t) =>
      t
        .split(/[\t\n]/)
        .map((s) => s.trim())
        .filter(Boolean)[0] ?? '',
  );
}

/** Creates a research through the researches list (the required fields only, plus a group). */
async function createResearch(page: Page, number: string) {
  await page.goto('/researches');
  await page.getByRole('button', { name: 'Создать исследование' }).click();
  const dialog = page.getByRole('dialog', { name: 'Создать исследование' });
  await dialog.getByRole('textbox', { name: 'Номер протокола' }).fill(number);
  await dialog.getByRole('textbox', { name: 'МНН' }).fill('Раундтрипин');
  await dialog.getByRole('textbox', { name: 'Версия протокола' }).fill('1.0');
  await dialog.getByRole('textbox', { name: 'Дата версии протокола' }).fill('01.02.2026');
  await dialog.getByRole('textbox', { name: 'Дата начала' }).fill('01.03.2026');
  await dialog.getByRole('textbox', { name: 'Фаза' }).fill('II');
  await dialog.getByRole('textbox', { name: 'Спонсор' }).fill('ООО «Тест»');
  await dialog.getByRole('textbox', { name: 'Название протокола' }).fill('Исследование круговой поездки дизайна');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, 'Сохранено')).toBeVisible();
}

/** The versions page of a research picked at the top. */
async function openVersions(page: Page, number: string, tab: 'research' | 'protocol' = 'research') {
  await page.goto(`/researchSettings/versions/${tab}`);
  await choose(page, page.locator('main'), 'Исследование', number);
  await expect(page).toHaveURL(/researchId=/);
}

test('design a research end to end, export it as ODM and import it into a new research', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin@demo.test');
  const auth = { Authorization: `Bearer ${await token(page)}` };

  // The form type with one field definition of each type.
  const type = await page.request.post('/api/FormTypes', { headers: auth, data: { title: TYPE, formTypeKey: `RT${stamp}` } });
  expect(type.ok(), await type.text()).toBe(true);
  const formTypeId = ((await type.json()) as { data: { id: string } }).data.id;
  for (const [fieldType, title] of Object.entries(FIELDS)) {
    const field = await page.request.post('/api/Fields', {
      headers: auth,
      data: {
        formTypeId,
        title,
        fieldKey: `RT_${fieldType.toUpperCase()}`,
        fieldType,
        optionList: fieldType === 'Select' ? ['Да', 'Нет'] : [],
      },
    });
    expect(field.ok(), await field.text()).toBe(true);
  }

  // A research, then its protocol version and research version.
  await createResearch(page, SOURCE);
  await openVersions(page, SOURCE, 'protocol');
  await page.getByRole('button', { name: 'Создать версию протокола' }).click();
  const protocol = page.getByRole('dialog', { name: 'Создать версию протокола' });
  await protocol.getByRole('textbox', { name: 'Номер версии протокола' }).fill('1.1');
  await protocol.getByRole('textbox', { name: 'Дата версии протокола' }).fill('15.02.2026');
  await protocol.getByRole('button', { name: 'Создать' }).click();
  await expect(protocol).toHaveCount(0);
  await expect(page.getByTestId('protocol-version-row').filter({ hasText: '1.1' })).toContainText('15.02.2026');
  await page.getByRole('tab', { name: 'Версии исследования' }).click();
  await page.getByRole('button', { name: 'Создать версию', exact: true }).click();
  const version = page.getByRole('dialog', { name: 'Создать версию' });
  await version.getByRole('textbox', { name: 'Описание' }).fill('Исходный дизайн');
  await version.getByRole('button', { name: 'Создать' }).click();
  await expect(version).toHaveCount(0);
  const versionRow = page.getByTestId('research-version-row').filter({ hasText: 'Исходный дизайн' });
  await expect(versionRow).toContainText('Версия 1.0');

  // Two visits.
  await page.goto('/researchSettings/visits');
  await choose(page, page.locator('main'), 'Исследование', SOURCE);
  for (const [title, key, kind] of [
    ['Скрининг', 'SCR', 'Скрининг'],
    ['Визит 1', 'V1', 'Период'],
  ] as const) {
    await page.getByRole('button', { name: 'Создать визит' }).click();
    const dialog = page.getByRole('dialog', { name: 'Создать визит' });
    await dialog.getByRole('textbox', { name: 'Название' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Ключ визита' }).fill(key);
    await choose(page, dialog, 'Тип визита', kind);
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await expect(dialog).toHaveCount(0);
  }
  await expect(page.getByTestId('visit-row')).toHaveCount(2);

  // The context form lives in the second visit.
  await page.getByTestId('visit-row').filter({ hasText: 'Визит 1' }).getByRole('link', { name: 'Визит 1' }).click();
  await page.getByRole('button', { name: 'Создать форму' }).click();
  let formDialog = page.getByRole('dialog', { name: 'Создать форму' });
  await choose(page, formDialog, 'Тип формы', TYPE);
  await formDialog.getByRole('textbox', { name: 'Название' }).fill(CONTEXT_FORM);
  await formDialog.getByRole('button', { name: 'Создать' }).click();
  await expect(formDialog).toHaveCount(0);

  // The screening form with two sections.
  await page.goto('/researchSettings/visits');
  await choose(page, page.locator('main'), 'Исследование', SOURCE);
  await page.getByTestId('visit-row').filter({ hasText: 'Скрининг' }).getByRole('link', { name: 'Скрининг' }).click();
  await page.getByRole('button', { name: 'Создать форму' }).click();
  formDialog = page.getByRole('dialog', { name: 'Создать форму' });
  await choose(page, formDialog, 'Тип формы', TYPE);
  await formDialog.getByRole('textbox', { name: 'Название' }).fill(FORM);
  await formDialog.getByRole('button', { name: 'Создать' }).click();
  await expect(formDialog).toHaveCount(0);
  for (const name of ['Осмотр', 'Приложения']) {
    await page.getByRole('button', { name: 'Добавить раздел' }).click();
    const dialog = page.getByRole('dialog', { name: 'Добавить раздел' });
    await dialog.getByRole('textbox', { name: 'Название раздела' }).fill(name);
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await expect(dialog).toHaveCount(0);
  }
  await expect(page.getByTestId('section-row')).toHaveCount(2);

  // The editor: the nine fields into the first section.
  await page.getByRole('link', { name: 'Редактор формы' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: FORM })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить поля' }).click();
  const add = page.getByRole('dialog', { name: 'Добавить поля' });
  for (const title of Object.values(FIELDS)) await add.getByRole('checkbox', { name: `Выбрать ${title}` }).check();
  await add.getByRole('button', { name: 'Добавить (9)' }).click();
  await expect(add).toHaveCount(0);
  await expect.poll(() => fieldOrder(page)).toHaveLength(9);

  // A dependent child: the complaint text shows when the select says "Да".
  await page.getByRole('button', { name: `Зависимые поля поля ${FIELDS.Select}` }).click();
  const dependents = page.getByRole('dialog', { name: `Зависимые поля «${FIELDS.Select}»` });
  await choose(page, dependents, 'Значение, при котором поля показываются', 'Да');
  await dependents.getByRole('checkbox', { name: FIELDS.Text }).check();
  await dependents.getByRole('button', { name: 'Сделать зависимыми' }).click();
  await expect(dependents.getByRole('list', { name: `При «${FIELDS.Select}» = «Да»` }).getByRole('listitem')).toHaveText([
    FIELDS.Text,
  ]);
  await dependents.getByRole('button', { name: 'Закрыть' }).click();

  // A mask on the number field and the context form on the text field.
  await page.getByRole('button', { name: `Подробнее о поле ${FIELDS.Number}` }).click();
  let details = page.getByRole('dialog', { name: `Поле «${FIELDS.Number}»` });
  await details.getByRole('button', { name: 'Редактировать' }).click();
  await details.getByRole('textbox', { name: 'Маска' }).fill('00[0]');
  await details.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(details.getByRole('button', { name: 'Редактировать' })).toBeVisible();
  await details.getByRole('button', { name: 'Закрыть' }).click();
  await page.getByRole('button', { name: `Подробнее о поле ${FIELDS.Text}` }).click();
  details = page.getByRole('dialog', { name: `Поле «${FIELDS.Text}»` });
  await details.getByRole('button', { name: 'Редактировать' }).click();
  await choose(page, details, 'Контекстная форма', CONTEXT_FORM);
  await details.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(details.getByText('Для контекстной формы укажите и форму, и текст')).toBeVisible();
  await details.getByRole('textbox', { name: 'Текст контекстной формы' }).fill('Опишите жалобы подробно');
  await details.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(details.getByRole('button', { name: 'Редактировать' })).toBeVisible();
  await details.getByRole('button', { name: 'Закрыть' }).click();

  // Reorder by dragging: the last field three rows up, kept after a reload.
  const before = await fieldOrder(page);
  const last = before.at(-1)!;
  const into = before.length - 4;
  const handle = page.getByRole('button', { name: `Переместить ${last}` });
  const target = page.getByRole('button', { name: `Переместить ${before[into]}` });
  // Both handles in view: a press below the fold would start the drag with the page auto-scrolling.
  await handle.scrollIntoViewIfNeeded();
  await target.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 15 });
  await page.mouse.up();
  const after = [...before.slice(0, into), last, ...before.slice(into, -1)];
  await expect.poll(() => fieldOrder(page)).toEqual(after);
  await page.reload();
  await expect.poll(() => fieldOrder(page)).toEqual(after);

  // Complete: structure edits disappear.
  await page.getByRole('button', { name: 'Завершить форму' }).click();
  await expect(page.getByRole('button', { name: 'Возобновить форму' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Добавить поля' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Переместить/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Удалить поле/ })).toHaveCount(0);

  // Copy the completed form to the other visit.
  await page.getByRole('button', { name: 'Копировать в визиты' }).click();
  const copy = page.getByRole('dialog', { name: `Копирование формы «${FORM}»` });
  await copy.getByRole('checkbox', { name: 'Визит 1' }).check();
  await copy.getByRole('button', { name: 'Копировать в визиты' }).click();
  await expect(copy).toHaveCount(0);
  await page.goto('/researchSettings/visits');
  await choose(page, page.locator('main'), 'Исследование', SOURCE);
  await page.getByTestId('visit-row').filter({ hasText: 'Визит 1' }).getByRole('link', { name: 'Визит 1' }).click();
  await expect(page.getByText(FORM, { exact: true })).toBeVisible();

  // Export the version as ODM.
  await openVersions(page, SOURCE);
  const downloading = page.waitForEvent('download');
  await versionRow.getByRole('button', { name: 'Экспорт ODM версии 1.0' }).click();
  const download = await downloading;
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const xml = fs.readFileSync(file, 'utf8');
  expect(xml).toContain('<ODM');
  for (const title of Object.values(FIELDS)) expect(xml).toContain(title);

  // Import it into a new research: the same visits, forms and fields come back.
  await createResearch(page, TARGET);
  await openVersions(page, TARGET);
  await page.getByRole('button', { name: 'Импорт ODM' }).click();
  const importing = page.getByRole('dialog', { name: 'Импорт ODM' });
  await importing.getByTestId('odm-file-input').setInputFiles(file);
  await importing.getByRole('button', { name: 'Импортировать' }).click();
  const report = page.getByRole('dialog', { name: 'Импорт ODM: отчёт' });
  await expect(report.getByText(/Создана версия/)).toBeVisible({ timeout: 30_000 });
  await expect(report.getByTestId('odm-count-visits')).toHaveText('2');
  await expect(report.getByTestId('odm-count-forms')).toHaveText('3');
  await report.getByRole('button', { name: 'Закрыть' }).click();

  await page.goto('/researchSettings/visits');
  await choose(page, page.locator('main'), 'Исследование', TARGET);
  await expect(page.getByTestId('visit-row')).toHaveCount(2);
  await page.getByTestId('visit-row').filter({ hasText: 'Скрининг' }).getByRole('link', { name: 'Скрининг' }).click();
  await page.getByText(FORM, { exact: true }).click();
  await expect(page.getByTestId('section-row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Редактор формы' }).first().click();
  await expect.poll(() => fieldOrder(page)).toEqual(after);
  await expect(page.getByTestId('field-row').filter({ hasText: FIELDS.Number })).toContainText('00[0]');
  await expect(page.getByTestId('field-row').filter({ hasText: FIELDS.Text })).toContainText(`${FIELDS.Select} = Да`);
});
