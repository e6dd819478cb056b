import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expandCard, signIn, toast } from '../support/app';

// The visit forms page and the form editor beyond plain CRUD (spec sections 2 and 4), as admin@demo.test
// in a research of its own (set up through the API: one research version, two visits, a form type with
// a select field, a form with two sections): form and section info with inline edit, dependent fields
// and the dependency tree, sectionId/formFieldId in the editor's address, copying forms into another
// visit, form templates, and splitting a form by research version once a second version exists.

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-5);
const PROTOCOL = `E2E-DE-${suffix}`;
const VISIT_1 = `Скрининг ${suffix}`;
const VISIT_2 = `Визит 2 ${suffix}`;
const FORM = `Анкета ${suffix}`;
const FORM_RENAMED = `Анкета курильщика ${suffix}`;
const TEMPLATE = `Шаблон ${suffix}`;
const FROM_TEMPLATE = `Из шаблона ${suffix}`;
const shot = process.env.SCREENSHOTS
  ? (name: string) => path.join(test.info().project.outputDir, 'screenshots', `${name}.png`)
  : null;

interface World {
  researchId: string;
  visit1: string;
  visit2: string;
  formId: string;
  sectionIds: string[];
  fieldIds: Record<string, string>;
}
let world: World;

async function authHeaders(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'accessMISToken');
  return { Authorization: `Bearer ${decodeURIComponent(cookie?.value ?? '')}` };
}

async function call<T>(page: Page, method: 'post' | 'put', path: string, data: unknown): Promise<T> {
  const reply = await page.request[method](`/api${path}`, { headers: await authHeaders(page), data });
  expect(reply.ok(), `${method.toUpperCase()} ${path}: ${await reply.text()}`).toBe(true);
  return ((await reply.json()) as { data: T }).data;
}

/** The design this spec works on, created through the API as the signed-in administrator. */
async function createWorld(page: Page): Promise<World> {
  const research = await call<{ id: string }>(page, 'post', '/Researches', {
    grlsProtocolNumber: PROTOCOL,
    grlsProtocol: 'Исследование редактора форм',
    sponsor: 'Демо Фарма',
    grlsStartDate: '2026-01-10',
    grlsPhase: 'II',
    mnn: 'Редактостатин',
    protocolVersion: '1.0',
    protocolVersionDate: '2026-01-10',
  });
  const researchId = research.id;
  await call(page, 'post', '/ResearchVersions', { researchId, startedDate: '2026-01-10', majorIndex: 1, minorIndex: 0 });
  const type = await call<{ id: string }>(page, 'post', '/FormTypes', { title: `Опросник ${suffix}`, formTypeKey: `Q${suffix}` });
  const defs: Record<string, string> = {};
  for (const [title, fieldKey, fieldType, optionList] of [
    ['Курение', 'SMOKE', 'Select', ['Да', 'Нет']],
    ['Сигарет в день', 'CIGS', 'Number', []],
    ['Стаж курения', 'YEARS', 'Number', []],
    ['Вес', 'WEIGHT', 'Number', []],
  ] as const) {
    const def = await call<{ id: string }>(page, 'post', '/Fields', {
      formTypeId: type.id,
      title,
      fieldKey,
      fieldType,
      optionList,
    });
    defs[title] = def.id;
  }
  const visit = async (title: string, key: string) =>
    (
      await call<{ id: string }>(page, 'post', '/Visits', {
        researchId,
        title,
        visitKey: key,
        visitTypeString: 'Screening',
      })
    ).id;
  const visit1 = await visit(VISIT_1, `V1${suffix}`);
  const visit2 = await visit(VISIT_2, `V2${suffix}`);
  const form = await call<{ id: string }>(page, 'post', '/Forms', { visitId: visit1, formTypeId: type.id, title: FORM });
  const sectionIds: string[] = [];
  const fieldIds: Record<string, string> = {};
  for (const [name, fields] of [
    ['Привычки', ['Курение', 'Сигарет в день', 'Стаж курения']],
    ['Антропометрия', ['Вес']],
  ] as const) {
    const section = await call<{ id: string }>(page, 'post', '/FormSections', { formId: form.id, sectionName: name });
    sectionIds.push(section.id);
    const placed = await call<{ id: string; text: string }[]>(page, 'post', '/FormFields/List', {
      formSectionId: section.id,
      formFieldList: fields.map((title) => ({ fieldId: defs[title] })),
    });
    for (const f of placed) fieldIds[f.text] = f.id;
  }
  return { researchId, visit1, visit2, formId: form.id, sectionIds, fieldIds };
}

async function openForm(page: Page, visitId: string, formTitle: string) {
  await page.goto(`/visits/${visitId}`);
  await page
    .getByTestId('form-row')
    .filter({ hasText: formTitle })
    .first()
    .getByRole('button', { name: new RegExp(`^${formTitle}`) })
    .click();
  await expect(page.getByRole('heading', { name: `Разделы формы «${formTitle}»` })).toBeVisible();
}

function formRow(page: Page, title: string): Locator {
  return page.getByTestId('form-row').filter({ has: page.getByText(title, { exact: true }) });
}

/** Opens the form's info dialog from its card in the forms list (the card's actions are in its details). */
async function openFormInfo(page: Page, title: string) {
  const row = formRow(page, title);
  if ((await row.getByRole('button', { name: `Развернуть ${title}` }).count()) > 0) await expandCard(row, title);
  await row.getByRole('button', { name: `Информация о форме ${title}` }).click();
}

test('form info and section info: view, edit, cancel restores, confirm saves, a stale save is refused', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.test');
  world = await createWorld(page);

  await page.goto(`/visits/${world.visit1}`);
  await expect(page.getByRole('heading', { level: 1, name: VISIT_1 })).toBeVisible();
  // A single research version: nothing to split.
  await formRow(page, FORM)
    .getByRole('button', { name: new RegExp(`^${FORM}`) })
    .click();
  await expect(page.getByRole('button', { name: 'Информация о форме', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Разделить версию' })).toHaveCount(0);

  // Form info from the list row: read-only first.
  await openFormInfo(page, FORM);
  const info = page.getByRole('dialog', { name: `Форма «${FORM}»` });
  await expect(info.getByText('Главный исследователь, Незаслеплённый соисследователь, Соисследователь')).toBeVisible();
  await expect(info.getByRole('textbox')).toHaveCount(0);
  // Edit, then cancel: the values come back.
  await info.getByRole('button', { name: 'Редактировать' }).click();
  await expect(info.getByRole('combobox', { name: 'Тип формы' })).toHaveAttribute('aria-disabled', 'true');
  await info.getByRole('textbox', { name: 'Название' }).fill(`${FORM_RENAMED} ☎`);
  await expect(info.getByTestId('print-warning')).toHaveText(
    'Вероятно, что следующие символы не будут отображаться при печати: ☎',
  );
  await info.getByRole('button', { name: 'Отмена' }).click();
  await expect(info.getByText(FORM, { exact: true })).toBeVisible();
  await expect(info.getByRole('textbox')).toHaveCount(0);
  // Edit, confirm: saved (with the updatedAt read).
  await info.getByRole('button', { name: 'Редактировать' }).click();
  await expect(info.getByRole('textbox', { name: 'Название' })).toHaveValue(FORM);
  await info.getByRole('textbox', { name: 'Название' }).fill(FORM_RENAMED);
  await info.getByRole('checkbox', { name: 'Обязательная' }).check();
  await info.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(toast(page, 'Сохранено').last()).toBeVisible();
  // The title follows the saved values.
  const saved = page.getByRole('dialog', { name: `Форма «${FORM_RENAMED}»` });
  await expect(saved.getByRole('button', { name: 'Редактировать' })).toBeVisible();
  await expect(saved.getByText(FORM_RENAMED, { exact: true })).toBeVisible();
  await expect(saved.getByText('Да', { exact: true })).toBeVisible();
  if (shot) await page.screenshot({ path: shot('form-info-1280'), animations: 'disabled' });
  await saved.getByRole('button', { name: 'Закрыть' }).click();
  await expect(formRow(page, FORM_RENAMED)).toBeVisible();

  // Someone else changes the form meanwhile: the stale save is refused and the stored values return.
  await openFormInfo(page, FORM_RENAMED);
  const info2 = page.getByRole('dialog', { name: `Форма «${FORM_RENAMED}»` });
  await info2.getByRole('button', { name: 'Редактировать' }).click();
  const stored = await page.request.get(`/api/Forms/${world.formId}`, { headers: await authHeaders(page) });
  const { updatedAt } = ((await stored.json()) as { data: { updatedAt: string } }).data;
  await call(page, 'put', `/Forms/${world.formId}`, { title: FORM, updatedAt });
  await info2.getByRole('textbox', { name: 'Название' }).fill('Чужое название');
  await info2.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(
    page.locator('#notistack-snackbar').filter({ hasText: 'Данные были изменены другим пользователем' }),
  ).toBeVisible();
  await expect(info2.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('dialog').getByText(FORM, { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Чужое название')).toHaveCount(0);
  await page.getByRole('dialog').getByRole('button', { name: 'Закрыть' }).click();

  // Section info, inline edit: cancel restores, confirm saves.
  const sectionRow = page.getByTestId('section-row').filter({ hasText: 'Привычки' });
  await sectionRow.getByRole('button', { name: 'Информация о разделе Привычки' }).click();
  const sectionInfo = page.getByRole('dialog', { name: 'Раздел «Привычки»' });
  await expect(sectionInfo.getByText('3', { exact: true })).toBeVisible();
  await sectionInfo.getByRole('button', { name: 'Редактировать' }).click();
  await sectionInfo.getByRole('textbox', { name: 'Описание' }).fill('временно');
  await sectionInfo.getByRole('button', { name: 'Отмена' }).click();
  await expect(sectionInfo.getByText('временно')).toHaveCount(0);
  await sectionInfo.getByRole('button', { name: 'Редактировать' }).click();
  await sectionInfo.getByRole('textbox', { name: 'Название раздела' }).fill('');
  await sectionInfo.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(sectionInfo.getByText('Заполните поле')).toBeVisible();
  await sectionInfo.getByRole('textbox', { name: 'Название раздела' }).fill('Вредные привычки');
  await sectionInfo.getByRole('textbox', { name: 'Описание' }).fill('Курение и алкоголь');
  await sectionInfo.getByRole('textbox', { name: 'Точки' }).fill('T1, T2');
  await sectionInfo.getByRole('button', { name: 'Подтвердить' }).click();
  const renamed = page.getByRole('dialog', { name: 'Раздел «Вредные привычки»' });
  await expect(renamed.getByText('Курение и алкоголь')).toBeVisible();
  await expect(renamed.getByRole('listitem')).toHaveText(['T1', 'T2']);
  await renamed.getByRole('button', { name: 'Закрыть' }).click();
  await expect(page.getByTestId('section-row').filter({ hasText: 'Вредные привычки' })).toBeVisible();
});

test('dependent fields: set children of a select field, see them in the tree, detach one', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.test');
  // formFieldId chooses the field's section and marks the field.
  await page.goto(`/visits/${world.visit1}/form/${world.formId}?formFieldId=${world.fieldIds['Вес']}`);
  await expect(page.getByRole('heading', { name: 'Поля раздела «Антропометрия»' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`sectionId=${world.sectionIds[1]}`));
  await expect(page.getByTestId('field-row').filter({ hasText: 'Вес' })).toHaveAttribute('aria-current', 'true');
  // sectionId chooses a section.
  await page.goto(`/visits/${world.visit1}/form/${world.formId}?sectionId=${world.sectionIds[0]}`);
  await expect(page.getByRole('heading', { name: 'Поля раздела «Вредные привычки»' })).toBeVisible();

  // Only select fields have dependent fields.
  await expect(page.getByRole('button', { name: 'Зависимые поля поля Курение' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Зависимые поля поля Стаж курения' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Зависимые поля поля Курение' }).click();
  const dialog = page.getByRole('dialog', { name: 'Зависимые поля «Курение»' });
  await expect(dialog.getByText('Зависимых полей нет')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Курение' })).toHaveCount(0);
  // Refused before the call: no value chosen, then no field chosen.
  await dialog.getByRole('checkbox', { name: 'Сигарет в день' }).check();
  await dialog.getByRole('button', { name: 'Сделать зависимыми' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Выберите значение из вариантов поля');
  await dialog.getByRole('combobox', { name: 'Значение, при котором поля показываются' }).click();
  await expect(page.getByRole('option')).toHaveText(['Да', 'Нет']);
  await page.getByRole('option', { name: 'Да' }).click();
  await dialog.getByRole('checkbox', { name: 'Сигарет в день' }).uncheck();
  await dialog.getByRole('button', { name: 'Сделать зависимыми' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Выберите хотя бы одно поле');
  // Two children for "Да", one from another section.
  await dialog.getByRole('checkbox', { name: 'Сигарет в день' }).check();
  await dialog.getByRole('checkbox', { name: 'Стаж курения' }).check();
  await dialog.getByRole('checkbox', { name: 'Вес' }).check();
  await dialog.getByRole('button', { name: 'Сделать зависимыми' }).click();
  await expect(toast(page, 'Сохранено').last()).toBeVisible();
  const yes = dialog.getByRole('list', { name: 'При «Курение» = «Да»' });
  await expect(yes.getByRole('listitem')).toHaveText(['Сигарет в день', 'Стаж курения', 'Вес']);
  // A child offered again shows its dependency.
  await expect(dialog.getByRole('checkbox', { name: 'Вес (зависит от «Курение» = «Да»)' })).toBeVisible();
  // Detach "Вес" here.
  await yes.getByRole('button', { name: 'Открепить поле Вес' }).click();
  await expect(yes.getByRole('listitem')).toHaveText(['Сигарет в день', 'Стаж курения']);
  if (shot) await page.screenshot({ path: shot('dependents-dialog-1280'), animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Закрыть' }).click();

  // The flat list names the parent; the tree puts the children under it.
  await expect(page.getByTestId('field-row').filter({ hasText: 'Стаж курения' })).toContainText('Курение = Да');
  await page.getByRole('button', { name: 'Дерево зависимостей' }).click();
  await expect(page).toHaveURL(/view=tree/);
  const tree = page.getByRole('list', { name: 'Дерево зависимых полей' });
  const parent = tree.getByTestId('tree-field').filter({ hasText: 'Курение' }).first();
  const group = parent.getByRole('list', { name: 'При «Курение» = «Да»' });
  await expect(group.getByTestId('tree-field')).toHaveCount(2);
  await expect(group.getByTestId('tree-field').first()).toContainText('Сигарет в день');
  // Children are no roots of their own.
  await expect(tree.locator(':scope > li')).toHaveCount(1);
  if (shot) await page.screenshot({ path: shot('tree-1280'), fullPage: true, animations: 'disabled' });
  // Detach from the tree: the field becomes a root again.
  await group.getByRole('button', { name: 'Открепить поле Стаж курения' }).click();
  await expect(tree.locator(':scope > li')).toHaveCount(2);
  await expect(group.getByTestId('tree-field')).toHaveCount(1);
  // The tree view stays on reload, and the field details show the parent.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Дерево зависимых полей' })).toBeVisible();
  await page.getByRole('button', { name: 'Подробнее о поле Сигарет в день' }).click();
  const details = page.getByRole('dialog', { name: 'Поле «Сигарет в день»' });
  await expect(details.getByText('зависит от «Курение» = «Да»')).toBeVisible();
  await details.getByRole('button', { name: 'Закрыть' }).click();
  // Back to the flat list.
  await page.getByRole('button', { name: 'Список', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Поля' })).toBeVisible();
});

test('copy forms into another visit, save a form as a template and create one from it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.test');
  await openForm(page, world.visit1, FORM);
  // An open form offers neither copying nor templates.
  await expect(page.getByRole('button', { name: 'Сохранить как шаблон' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Завершить форму' }).click();
  await expect(page.getByRole('button', { name: 'Возобновить форму' })).toBeVisible();

  // Save as template (the name may differ from the form's title).
  await page.getByRole('button', { name: 'Сохранить как шаблон' }).click();
  const save = page.getByRole('dialog', { name: `Сохранить форму «${FORM}» как шаблон` });
  await expect(save.getByRole('textbox', { name: 'Название шаблона' })).toHaveValue(FORM);
  await save.getByRole('textbox', { name: 'Название шаблона' }).fill(TEMPLATE);
  await save.getByRole('button', { name: 'Сохранить' }).click();
  await expect(save).toHaveCount(0);
  await expect(toast(page, 'Сохранено').last()).toBeVisible();

  // The second visit: copy the complete form in with CopyFormList.
  await page.goto(`/visits/${world.visit2}`);
  await expect(page.getByRole('heading', { level: 1, name: VISIT_2 })).toBeVisible();
  await expect(page.getByText('Нет форм')).toBeVisible();
  await page.getByRole('button', { name: 'Копировать формы' }).click();
  const copy = page.getByRole('dialog', { name: `Копировать формы в визит «${VISIT_2}»` });
  await copy.getByRole('button', { name: 'Копировать (0)' }).click();
  await expect(copy.getByText('Выберите формы', { exact: true })).toBeVisible();
  await copy.getByRole('group', { name: VISIT_1 }).getByRole('checkbox', { name: FORM }).check();
  if (shot) await page.screenshot({ path: shot('copy-forms-1280'), animations: 'disabled' });
  await copy.getByRole('button', { name: 'Копировать (1)' }).click();
  await expect(copy).toHaveCount(0);
  await expect(toast(page, 'Скопировано').last()).toBeVisible();
  await expect(formRow(page, FORM)).toHaveCount(1);
  // The copy starts open, with the sections of the original.
  await formRow(page, FORM)
    .getByRole('button', { name: new RegExp(`^${FORM}`) })
    .click();
  await expect(page.getByTestId('section-row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Завершить форму' })).toBeVisible();

  // Create a form from the template.
  await page.getByRole('button', { name: 'Из шаблона' }).click();
  const fromTemplate = page.getByRole('dialog', { name: 'Создать форму из шаблона' });
  await fromTemplate.getByRole('button', { name: 'Создать' }).click();
  await expect(fromTemplate.getByText('Выберите шаблон', { exact: true })).toBeVisible();
  await fromTemplate.getByRole('radio', { name: new RegExp(`^${TEMPLATE}`) }).check();
  await expect(fromTemplate.getByRole('radio', { name: new RegExp(`^${TEMPLATE}`) })).toHaveAccessibleName(
    new RegExp('разделов: 2, полей: 4'),
  );
  await fromTemplate.getByRole('textbox', { name: 'Название новой формы' }).fill(FROM_TEMPLATE);
  if (shot) await page.screenshot({ path: shot('from-template-1280'), animations: 'disabled' });
  await fromTemplate.getByRole('button', { name: 'Создать' }).click();
  await expect(fromTemplate).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Разделы формы «${FROM_TEMPLATE}»` })).toBeVisible();
  await expect(page.getByTestId('section-row')).toHaveCount(2);
  await expect(page.getByTestId('section-row').filter({ hasText: 'Вредные привычки' })).toContainText('3');
});

test('split version: offered once the form is in two research versions', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.test');
  // A second research version carries the design over: the form is now in 1.0 and 1.1.
  await call(page, 'post', '/ResearchVersions', {
    researchId: world.researchId,
    startedDate: '2026-02-01',
    majorIndex: 1,
    minorIndex: 1,
  });
  await openForm(page, world.visit1, FORM);
  await page.getByRole('button', { name: 'Разделить версию' }).click();
  const split = page.getByRole('dialog', { name: `Разделить версию формы «${FORM}»` });
  await expect(split.getByRole('radio')).toHaveCount(2);
  await expect(split.getByRole('radio', { name: 'Версия 1.1' })).toBeChecked();
  await split.getByRole('radio', { name: 'Версия 1.0' }).check();
  await expect(split.getByText(`Версия 1.0 будет убрана из формы «${FORM}»`)).toBeVisible();
  await split.getByRole('radio', { name: 'Версия 1.1' }).check();
  if (shot) await page.screenshot({ path: shot('split-1280'), animations: 'disabled' });
  await split.getByRole('button', { name: 'Разделить' }).click();
  await expect(split).toHaveCount(0);
  await expect(toast(page, 'Сохранено').last()).toBeVisible();

  // Two forms of that title now; the new copy (chosen) is open and in 1.1 only.
  await expect(formRow(page, FORM)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Разделить версию' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Завершить форму' })).toBeVisible();
  await page.getByRole('button', { name: 'Информация о форме', exact: true }).click();
  const info = page.getByRole('dialog', { name: `Форма «${FORM}»` });
  await expect(info.locator('dd').filter({ hasText: /^1\.1$/ })).toHaveCount(1);
  await info.getByRole('button', { name: 'Закрыть' }).click();
  // The version filter tells them apart.
  await page.getByRole('combobox', { name: 'Версия исследования' }).click();
  await page.getByRole('option', { name: 'Версия 1.0' }).click();
  await expect(formRow(page, FORM)).toHaveCount(1);
  await openFormInfo(page, FORM);
  await expect(
    page
      .getByRole('dialog')
      .locator('dd')
      .filter({ hasText: /^1\.0$/ }),
  ).toHaveCount(1);
  await expect(
    page.getByRole('dialog').getByText('Форма завершена: её сведения нельзя изменить', { exact: false }),
  ).toBeVisible();
});

test('at 390 px: the visit page, the editor tree and the dialogs fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.test');
  const noOverflow = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.goto(`/visits/${world.visit2}`);
  await expect(page.getByRole('heading', { level: 1, name: VISIT_2 })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${FROM_TEMPLATE}`) }).click();
  await expect(page.getByRole('heading', { name: `Разделы формы «${FROM_TEMPLATE}»` })).toBeVisible();
  await noOverflow();
  if (shot) await page.screenshot({ path: shot('visit-forms-390'), fullPage: true, animations: 'disabled' });
  await page.getByRole('button', { name: 'Информация о форме', exact: true }).click();
  await expect(page.getByRole('dialog', { name: `Форма «${FROM_TEMPLATE}»` })).toBeVisible();
  if (shot) await page.screenshot({ path: shot('form-info-390'), animations: 'disabled' });
  await page.getByRole('dialog').getByRole('button', { name: 'Закрыть' }).click();

  await page.goto(`/visits/${world.visit1}/form/${world.formId}?view=tree&sectionId=${world.sectionIds[0]}`);
  await expect(page.getByRole('list', { name: 'Дерево зависимых полей' })).toBeVisible();
  await noOverflow();
  if (shot) await page.screenshot({ path: shot('tree-390'), fullPage: true, animations: 'disabled' });
  await page.getByRole('button', { name: 'Зависимые поля поля Курение' }).click();
  await expect(page.getByRole('dialog', { name: 'Зависимые поля «Курение»' })).toBeVisible();
  if (shot) await page.screenshot({ path: shot('dependents-390'), animations: 'disabled' });
});
