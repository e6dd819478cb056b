import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { roleButton, signIn, toast } from '../support/app';
import { fakeCompanyRegistry, fakeInn } from '../support/fake-lookup';

// One journey, step by step: an organisation found through the (fake) company registry becomes a site of
// DEMO-001, gets a principal investigator whose access is then closed, and a locked reference group that
// the site's own staff read.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-6);
const shortName = `Клиника E2E ${stamp}`;
const company = {
  name: `ООО «${shortName}»`,
  shortName,
  inn: fakeInn(stamp, '01'),
  kpp: '165501001',
  address: 'Казань, ул. Тестовая, 1',
};
const centreNumber = `9${stamp.slice(-2)}`;
let centrePath = '';

async function token(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'accessMISToken');
  return decodeURIComponent(cookie?.value ?? '');
}

/** A form type with a number field, through the design API (the design screens are not part of this spec). */
async function formTypeWithNumberField(page: Page, title: string): Promise<void> {
  const headers = { Authorization: `Bearer ${await token(page)}` };
  const type = await page.request.post('/api/FormTypes', { headers, data: { title, formTypeKey: `ref_${stamp}` } });
  expect(type.ok()).toBe(true);
  const formTypeId = ((await type.json()) as { data: { id: string } }).data.id;
  for (const [fieldTitle, key] of [
    ['Гемоглобин', 'hgb'],
    ['Комментарий', 'comment'],
  ] as const) {
    const field = await page.request.post('/api/Fields', {
      headers,
      data: {
        formTypeId,
        title: fieldTitle,
        fieldKey: `${key}_${stamp}`,
        fieldType: key === 'hgb' ? 'Number' : 'Text',
        units: key === 'hgb' ? 'г/л' : null,
      },
    });
    expect(field.ok()).toBe(true);
  }
}

test('an organisation is created from the company lookup, its details read-only', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/organizations');
  await expect(page.getByRole('heading', { level: 1, name: 'Организации' })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить организацию' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавить организацию' });
  const lookup = dialog.getByRole('combobox', { name: 'Название или ИНН' });

  // Without a registry the lookup searches the organisations known here: one of them is not created twice.
  await lookup.fill('ГКБ');
  await page.getByRole('option', { name: /ГКБ №1/ }).click();
  await expect(dialog.getByRole('textbox', { name: 'Краткое наименование' })).toHaveValue('ГКБ №1');
  await expect(dialog.getByRole('textbox', { name: 'Краткое наименование' })).toHaveAttribute('readonly', '');
  await expect(dialog.getByText('Эта организация уже зарегистрирована в системе.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  await expect(dialog.getByText(/Реестр организаций не подключён/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Ввести новую организацию вручную' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Отмена' }).click();

  // With the company registry (a fake one here): found by INN, its details come read-only, no manual entry.
  await fakeCompanyRegistry(page, [company]);
  await page.getByRole('button', { name: 'Добавить организацию' }).click();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Выберите организацию из списка')).toBeVisible();
  await lookup.fill(company.inn.slice(0, 7));
  await page.getByRole('option', { name: new RegExp(shortName) }).click();
  await expect(dialog.getByText('Сведения из реестра организаций')).toBeVisible();
  for (const [label, value] of [
    ['Полное наименование', company.name],
    ['Краткое наименование', shortName],
    ['ИНН', company.inn],
    ['КПП', company.kpp],
  ] as const) {
    const box = dialog.getByRole('textbox', { name: label, exact: true });
    await expect(box).toHaveValue(value);
    await expect(box).toHaveAttribute('readonly', '');
  }
  await expect(dialog.getByRole('button', { name: 'Ввести новую организацию вручную' })).toHaveCount(0);
  const created = page.waitForRequest((r) => r.url().endsWith('/api/Organisations') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  expect((await created).postDataJSON()).toEqual(company);
  await expect(page).toHaveURL(/\/organizations\/[0-9a-f-]+\/info$/);
  await expect(page.getByRole('heading', { level: 1, name: shortName })).toBeVisible();
  const details = page.getByRole('region', { name: 'Реквизиты организации' });
  await expect(details).toContainText('Казань, ул. Тестовая, 1');
  await expect(details).toContainText(company.inn);
});

test('the organisation becomes a site of DEMO-001, gets a principal investigator, whose access is closed', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/researchSettings/centers');
  await expect(page.getByRole('heading', { level: 1, name: 'Центры' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Центры' }).getByRole('row', { name: /ГКБ №1/ })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить центр' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавить центр' });
  await expect(dialog.getByRole('combobox', { name: 'Тип организации' })).toHaveText('Центр');
  // The number is required for a site.
  await dialog.getByRole('combobox', { name: 'Организация' }).fill(shortName);
  await page.getByRole('option', { name: shortName }).click();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Заполните поле')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Номер центра' }).fill(centreNumber);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/centers\/[0-9a-f-]+\/info$/);
  centrePath = new URL(page.url()).pathname.replace(/\/info$/, '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Центр ${centreNumber} — ${shortName}`);
  await expect(page.getByText('В центре нет сотрудников')).toBeVisible();

  await page.getByRole('button', { name: 'Добавить сотрудника' }).click();
  const add = page.getByRole('dialog', { name: 'Добавить сотрудника' });
  await add.getByRole('combobox', { name: 'Сотрудник' }).fill('site2@demo.test');
  await page.getByRole('option', { name: /site2@demo\.test/ }).click();
  await add.getByRole('combobox', { name: 'Роль в исследовании' }).click();
  const roles = page.getByRole('listbox');
  await expect(roles.getByRole('option', { name: 'Главный исследователь' })).toBeVisible();
  await expect(roles.getByRole('option', { name: 'Монитор' })).toHaveCount(0);
  await expect(roles.getByRole('option', { name: 'Менеджер' })).toHaveCount(0);
  await roles.getByRole('option', { name: 'Главный исследователь' }).click();
  await add.getByRole('button', { name: 'Сохранить' }).click();
  await expect(add).toHaveCount(0);

  const table = page.getByRole('table', { name: 'Сотрудники центра' });
  const row = table.getByRole('row', { name: /site2@demo\.test/ });
  await expect(row).toContainText('Главный исследователь');

  // The centre's card is edited in place; a type that does not offer its employees' roles is refused and
  // the stored values come back with the server's reason.
  const card = page.getByRole('region', { name: 'Карточка центра' });
  await card.getByRole('button', { name: 'Изменить центр' }).click();
  await card.getByRole('combobox', { name: 'Тип организации' }).click();
  await page.getByRole('option', { name: 'КИО' }).click();
  await expect(card.getByRole('textbox', { name: 'Номер центра' })).toHaveValue('');
  await card.getByRole('button', { name: 'Сохранить' }).click();
  await expect(card.getByRole('alert')).toContainText('Изменения не сохранены, возвращены прежние значения.');
  await expect(card.getByRole('alert')).toContainText('У сотрудников центра есть роли, недоступные для типа');
  await expect(card.getByRole('definition').nth(0)).toHaveText(centreNumber);
  await expect(card.getByRole('definition').nth(1)).toHaveText('Центр');
  await expect(card.getByRole('textbox')).toHaveCount(0);
  // A site needs its number; a new one is saved.
  await card.getByRole('button', { name: 'Изменить центр' }).click();
  await expect(card.getByRole('alert')).toHaveCount(0);
  await card.getByRole('textbox', { name: 'Номер центра' }).fill('');
  await card.getByRole('button', { name: 'Сохранить' }).click();
  await expect(card.getByText('Заполните поле')).toBeVisible();
  await card.getByRole('textbox', { name: 'Номер центра' }).fill(`${centreNumber}-1`);
  await card.getByRole('button', { name: 'Сохранить' }).click();
  await expect(card.getByRole('definition').nth(0)).toHaveText(`${centreNumber}-1`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Центр ${centreNumber}-1 — ${shortName}`);
  const access = row.getByRole('switch', { name: 'Доступ: Второв Дмитрий' });
  await expect(access).toBeChecked();
  await access.click();
  await expect(access).not.toBeChecked();
  await expect(row).toContainText('Закрыт');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Доступ: Второв Дмитрий' })).not.toBeChecked();

  // The employee is refused that context: offered as closed in the role selector, and refused by the server.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const site2 = await other.newPage();
  await signIn(site2, 'site2@demo.test');
  await roleButton(site2).click();
  const contexts = site2.getByRole('menu', { name: 'Роли и исследования' });
  const closed = contexts.getByRole('menuitem', { name: new RegExp(`DEMO-001 — ${shortName}`) });
  await expect(closed).toContainText('Доступ закрыт');
  await expect(closed).toHaveAttribute('aria-disabled', 'true');
  await site2.keyboard.press('Escape');
  const auth = { Authorization: `Bearer ${await token(site2)}` };
  const me = (await (await site2.request.get('/api/Users/me', { headers: auth })).json()) as {
    data: { employees: { id: string; researchOrganisation: { organisation: { shortName: string } } }[] };
  };
  const blocked = me.data.employees.find((e) => e.researchOrganisation.organisation.shortName === shortName)!;
  const refused = await site2.request.post(`/api/Employees/${blocked.id}/SetCurrent`, { headers: auth, data: {} });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { errors: { code: string; message: string }[] }).errors[0]).toMatchObject({
    code: 'employee_blocked',
    message: 'Доступ сотрудника к исследованию закрыт',
  });
  await other.close();

  // An employee already in the centre is not offered again.
  await page.getByRole('button', { name: 'Добавить сотрудника' }).click();
  await add.getByRole('combobox', { name: 'Сотрудник' }).fill('site2@demo.test');
  await expect(page.getByText('Ничего не найдено')).toBeVisible();
  await add.getByRole('button', { name: 'Отмена' }).click();
});

test('a reference group with two references is locked, refuses an edit and is copied to site 01', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  const formType = `Общий анализ крови ${stamp}`;
  await formTypeWithNumberField(page, formType);
  await page.goto(`${centrePath}/references`);
  await expect(page.getByRole('tab', { name: 'Референсы', selected: true })).toBeVisible();
  await expect(page.getByText('Группы референсов не созданы')).toBeVisible();

  await page.getByRole('button', { name: 'Создать группу' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'Создать группу' });
  await groupDialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(groupDialog.getByText('Заполните поле')).toHaveCount(2);
  await groupDialog.getByRole('combobox', { name: 'Тип формы' }).click();
  await page.getByRole('option', { name: formType }).click();
  await groupDialog.getByLabel('Дата начала').fill('2026-01-01');
  const groupCreated = page.waitForResponse((r) => r.url().endsWith('/api/ReferenceGroups') && r.request().method() === 'POST');
  await groupDialog.getByRole('button', { name: 'Сохранить' }).click();
  const groupId = ((await (await groupCreated).json()) as { data: { id: string } }).data.id;
  await expect(groupDialog).toHaveCount(0);

  const group = page.getByRole('region', { name: formType });
  await expect(group.getByText('Референсы не созданы.')).toBeVisible();
  for (const [gender, min, max, message] of [
    ['Мужской', '130', '170', 'Гемоглобин вне нормы (м)'],
    ['Женский', '120,5', '150', 'Гемоглобин вне нормы (ж)'],
  ] as const) {
    await group.getByRole('button', { name: 'Добавить референс' }).click();
    const dialog = page.getByRole('dialog', { name: 'Добавить референс' });
    // Defaults: min 0, max 0, ages 0 to 100; the text field is not offered.
    await expect(dialog.getByRole('textbox', { name: 'Максимальный возраст' })).toHaveValue('100');
    await dialog.getByRole('combobox', { name: 'Поле' }).click();
    await expect(page.getByRole('option', { name: 'Комментарий' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Гемоглобин, г/л' }).click();
    await dialog.getByRole('textbox', { name: 'Минимальный референс' }).fill(min);
    await dialog.getByRole('textbox', { name: 'Максимальный референс' }).fill(max);
    await dialog.getByRole('textbox', { name: 'Минимальный возраст' }).fill('18');
    await dialog.getByRole('combobox', { name: /^Пол / }).click();
    await page.getByRole('option', { name: gender }).click();
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dialog.getByText('Заполните поле')).toBeVisible(); // the message is required
    await dialog.getByRole('textbox', { name: 'Сообщение' }).fill(message);
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dialog).toHaveCount(0);
  }
  const refs = group.getByRole('table', { name: 'Референсы группы' });
  await expect(refs.getByRole('row')).toHaveCount(3);
  await expect(refs.getByRole('row', { name: /вне нормы \(ж\)/ })).toContainText('120.5 — 150');
  await expect(refs.getByRole('button', { name: 'Редактировать: Гемоглобин' })).toHaveCount(2);

  // Locked while someone edits a range: the edit fails, the stored values come back with the reason.
  await refs
    .getByRole('row', { name: /вне нормы \(м\)/ })
    .getByRole('button', { name: 'Редактировать: Гемоглобин' })
    .click();
  const edit = page.getByRole('dialog', { name: 'Редактирование референса' });
  await edit.getByRole('textbox', { name: 'Минимальный референс' }).fill('131');
  const locked = await page.request.put(`/api/ReferenceGroups/${groupId}/ToggleLock`, {
    headers: { Authorization: `Bearer ${await token(page)}` },
    data: {},
  });
  expect(locked.ok()).toBe(true);
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(edit.getByRole('alert')).toContainText('Изменения не сохранены, возвращены прежние значения.');
  await expect(edit.getByRole('alert')).toContainText('Группа референсов утверждена (заблокирована)');
  await expect(edit.getByRole('textbox', { name: 'Минимальный референс' })).toHaveValue('130');
  await edit.getByRole('button', { name: 'Отмена' }).click();
  await expect(group.getByText('Заблокирована')).toBeVisible();
  await expect(refs.getByRole('row', { name: /вне нормы \(м\)/ })).toContainText('130 — 170');
  await expect(refs.getByRole('button', { name: /^(Редактировать|Удалить):/ })).toHaveCount(0);

  // Unlocked and locked again from the page.
  await group.getByRole('button', { name: 'Разблокировать' }).click();
  await expect(refs.getByRole('button', { name: 'Редактировать: Гемоглобин' })).toHaveCount(2);
  await group.getByRole('button', { name: 'Заблокировать' }).click();
  await expect(group.getByText('Заблокирована')).toBeVisible();
  await expect(refs.getByRole('button', { name: /^(Редактировать|Удалить):/ })).toHaveCount(0);
  await expect(group.getByRole('button', { name: 'Добавить референс' })).toHaveCount(0);
  await expect(group.getByRole('button', { name: 'Удалить группу' })).toHaveCount(0);
  await expect(group.getByRole('button', { name: 'Разблокировать' })).toBeVisible();

  // Copying stays allowed while locked.
  await group.getByRole('button', { name: 'Копировать в центры' }).click();
  const copy = page.getByRole('dialog', { name: 'Копирование группы в другие центры' });
  await copy.getByRole('checkbox', { name: /^01 — ГКБ №1$/ }).check();
  await copy.getByRole('button', { name: 'Копировать в центры' }).click();
  await expect(copy).toHaveCount(0);
  await expect(toast(page, /./).first()).toBeVisible();
});

test('site staff read their centre references without edit actions', async ({ page }) => {
  await signIn(page, 'site@demo.test');
  await page.goto('/researchReferences');
  await expect(page.getByRole('heading', { level: 1, name: 'Референсы' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Центр' })).toHaveText('01 — ГКБ №1');
  await expect(page.getByText('Только просмотр: изменять референсы может администратор')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Создать группу' })).toHaveCount(0);
  await page
    .getByRole('list', { name: 'Группы референсов' })
    .getByRole('button', { name: /Общий анализ крови/ })
    .first()
    .click();
  const refs = page.getByRole('table', { name: 'Референсы группы' });
  await expect(refs.getByRole('row')).toHaveCount(3);
  await expect(refs).toContainText('Гемоглобин вне нормы (м)');
  await expect(refs.getByRole('button')).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: /^(Заблокировать|Разблокировать|Копировать в центры|Добавить референс)$/ }),
  ).toHaveCount(0);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the centre page shows employees as collapsible cards', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.goto(`${centrePath}/info`);
    const cards = page.getByRole('list', { name: 'Сотрудники центра' });
    const card = cards.getByRole('listitem').filter({ hasText: 'Второв Дмитрий' });
    await expect(card).toContainText('site2@demo.test');
    await expect(card.getByRole('switch')).toHaveCount(0);
    // The page ends with room under the last card for the help button; scrolled there as a user would.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await card.getByRole('button', { name: 'Подробнее' }).click();
    await expect(card.getByRole('switch', { name: 'Доступ: Второв Дмитрий' })).not.toBeChecked();
    await expect(card.getByRole('button', { name: 'Свернуть' })).toHaveAttribute('aria-expanded', 'true');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
