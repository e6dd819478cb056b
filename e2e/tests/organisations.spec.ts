import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { roleButton, signIn, toast } from '../support/app';

// Organisations besides the centres journey: one entered by hand (no company registry here), its details
// edited in place, its users, and the cabinet's tabs with the form templates.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-6);
const shortName = `Ручная клиника ${stamp}`;
let organisationPath = '';

async function token(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'accessMISToken');
  return decodeURIComponent(cookie?.value ?? '');
}

/** A caller of the API with the page's session; every call must succeed. */
async function apiOf(page: Page) {
  const headers = { Authorization: `Bearer ${await token(page)}` };
  const check = async (res: Awaited<ReturnType<Page['request']['get']>>) => {
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { data: any }).data;
  };
  return {
    get: async (url: string) => check(await page.request.get(url, { headers })),
    post: async (url: string, data: unknown = {}) => check(await page.request.post(url, { headers, data })),
    delete: async (url: string) => check(await page.request.delete(url, { headers })),
  };
}

/**
 * A form template of the caller's current organisation, saved from a complete form of DEMO-001 through the
 * design API (the form editor is not part of this spec); the form and its visit are removed again.
 */
async function makeTemplate(page: Page, title: string) {
  const api = await apiOf(page);
  const visit = await api.post('/api/Visits', {
    title: `Визит для шаблона ${stamp}`,
    visitKey: `TPL_${stamp}`,
    visitTypeString: 'Period',
  });
  const type = await api.post('/api/FormTypes', { title: `Антропометрия ${stamp}`, formTypeKey: `anthro_${stamp}` });
  const field = await api.post('/api/Fields', {
    formTypeId: type.id,
    title: 'Рост',
    fieldKey: `height_${stamp}`,
    fieldType: 'Number',
    units: 'см',
  });
  const form = await api.post('/api/Forms', { visitId: visit.id, formTypeId: type.id, title });
  const section = await api.post('/api/FormSections', { formId: form.id, sectionName: 'Измерения' });
  await api.post('/api/FormFields', { formSectionId: section.id, fieldId: field.id, text: 'Рост' });
  await api.post(`/api/Forms/${form.id}/ToggleComplete`);
  await api.post(`/api/FormTemplates/${form.id}/CopyFormToTemplate`, { title });
  await api.post(`/api/Forms/${form.id}/ToggleComplete`);
  await api.delete(`/api/Forms/${form.id}`);
  await api.delete(`/api/Visits/${visit.id}`);
}

test('a new organisation is entered by hand when the lookup only knows ours, clearly marked', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/organizations');
  await page.getByRole('button', { name: 'Добавить организацию' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавить организацию' });
  await dialog.getByRole('combobox', { name: 'Название или ИНН' }).fill(shortName);
  await expect(page.getByText('Ничего не найдено')).toBeVisible();
  await dialog.getByRole('button', { name: 'Ввести новую организацию вручную' }).click();
  await expect(dialog.getByText(/Новая организация вводится вручную/)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Краткое наименование' })).toHaveValue(shortName);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Заполните поле')).toHaveCount(2);
  await dialog.getByRole('textbox', { name: 'Полное наименование' }).fill(`ООО «${shortName}»`);
  await dialog.getByRole('textbox', { name: 'Адрес' }).fill('Тверь, ул. Ручная, 5');
  await dialog.getByRole('textbox', { name: 'ИНН', exact: true }).fill('12345');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('ИНН: 10 или 12 цифр')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'ИНН', exact: true }).fill('');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/organizations\/[0-9a-f-]+\/info$/);
  organisationPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: shortName })).toBeVisible();
});

test('the details are edited in place; a refused save brings the stored values back with the reason', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto(organisationPath);
  const details = page.getByRole('region', { name: 'Реквизиты организации' });
  await details.getByRole('button', { name: 'Изменить реквизиты' }).click();
  await details.getByRole('textbox', { name: 'Адрес' }).fill('Тверь, ул. Ручная, 7');
  await details.getByRole('textbox', { name: 'КПП' }).fill('690101001');
  await details.getByRole('button', { name: 'Сохранить' }).click();
  await expect(details).toContainText('Тверь, ул. Ручная, 7');
  await expect(details).toContainText('690101001');

  // Cancel keeps what is stored.
  await details.getByRole('button', { name: 'Изменить реквизиты' }).click();
  await details.getByRole('textbox', { name: 'Адрес' }).fill('Не сохранится');
  await details.getByRole('button', { name: 'Отмена' }).click();
  await expect(details).toContainText('Тверь, ул. Ручная, 7');

  // A short name another organisation has: refused, the previous values are back.
  await details.getByRole('button', { name: 'Изменить реквизиты' }).click();
  await details.getByRole('textbox', { name: 'Краткое наименование' }).fill('ГКБ №1');
  await details.getByRole('textbox', { name: 'Адрес' }).fill('Москва');
  await details.getByRole('button', { name: 'Сохранить' }).click();
  const alert = details.getByRole('alert');
  await expect(alert).toContainText('Изменения не сохранены, возвращены прежние значения.');
  await expect(alert).toContainText('Организация «ГКБ №1» уже существует');
  await expect(details.getByRole('textbox')).toHaveCount(0);
  await expect(details).toContainText(shortName);
  await expect(details).toContainText('Тверь, ул. Ручная, 7');
  await expect(page.getByRole('heading', { level: 1, name: shortName })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Реквизиты организации' })).toContainText('Тверь, ул. Ручная, 7');
});

test('the admin adds, verifies, re-roles and removes the organisation’s users', async ({ page }) => {
  // A newcomer registers into the organisation and waits for verification.
  const joiner = `joiner-${stamp}@example.test`;
  const signUp = await page.request.post('/api/Auth/SignUp', {
    data: { userDto: { email: joiner, firstName: 'Ирина', lastName: 'Новенькая' }, organisationShortName: shortName },
  });
  expect(signUp.ok()).toBe(true);

  await signIn(page, 'admin@demo.test');
  await page.goto(organisationPath);
  const members = page.getByRole('table', { name: 'Пользователи организации' });
  const row = members.getByRole('row', { name: new RegExp(joiner.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Не подтверждён');
  await row.getByRole('button', { name: 'Подтвердить пользователя: Новенькая Ирина' }).click();
  await expect(row).toContainText('Подтверждён');
  await expect(row.getByRole('button', { name: /^Подтвердить пользователя/ })).toHaveCount(0);

  await row.getByRole('combobox', { name: 'Роль: Новенькая Ирина' }).click();
  await page.getByRole('option', { name: 'Редактор' }).click();
  await expect(row.getByRole('combobox', { name: 'Роль: Новенькая Ирина' })).toHaveText('Редактор');
  await page.reload();
  await expect(row.getByRole('combobox', { name: 'Роль: Новенькая Ирина' })).toHaveText('Редактор');

  await page.getByRole('button', { name: 'Добавить пользователя' }).click();
  const add = page.getByRole('dialog', { name: 'Добавить пользователя' });
  await add.getByRole('combobox', { name: 'Сотрудник' }).fill('coresearcher@demo.test');
  await page.getByRole('option', { name: /coresearcher@demo\.test/ }).click();
  await add.getByRole('button', { name: 'Сохранить' }).click();
  await expect(add).toHaveCount(0);
  const added = members.getByRole('row', { name: /coresearcher@demo\.test/ });
  await expect(added).toContainText('Подтверждён');
  await added.getByRole('button', { name: /^Удалить:/ }).click();
  await page.getByRole('dialog', { name: 'Подтверждение' }).getByRole('button', { name: 'Подтвердить' }).click();
  await expect(added).toHaveCount(0);
});

test('the cabinet: its tabs, the research list and the form templates with delete', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  const title = `Шаблон антропометрии ${stamp}`;
  await makeTemplate(page, title);
  const me = await (await apiOf(page)).get('/api/Users/me');
  const pharma = me.organisationUsers.find((ou: any) => ou.organisation.shortName === 'Демо Фарма').organisation.id;

  await page.goto(`/organizationCabinets/${pharma}/info`);
  const tabs = page.getByRole('tablist', { name: 'Разделы кабинета организации' });
  await expect(tabs.getByRole('tab')).toHaveText(['Общая информация', 'Пользователи', 'Референсы', 'Шаблоны форм']);
  const researches = page.getByRole('table', { name: 'Исследования' });
  await expect(researches.getByRole('row', { name: /DEMO-001/ })).toContainText('Текущее');

  await tabs.getByRole('tab', { name: 'Шаблоны форм' }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' })).toContainText('Шаблоны форм');
  const templates = page.getByRole('table', { name: 'Шаблоны форм' });
  const row = templates.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText(`Антропометрия ${stamp}`);
  await expect(row).toContainText('разделов: 1, полей: 1');
  await row.getByRole('button', { name: `Удалить: ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Подтверждение' });
  await confirm.getByRole('button', { name: 'Отмена' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Удалить: ${title}` }).click();
  await confirm.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(toast(page, 'Удалено')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a plain member sees no Users tab and cannot edit the details', async ({ page }) => {
  await signIn(page, 'site@demo.test');
  await expect(roleButton(page)).toBeVisible();
  const me = await (await apiOf(page)).get('/api/Users/me');
  const clinic = me.organisationUsers[0].organisation.id;
  await page.goto(`/organizationCabinets/${clinic}/info`);
  const tabs = page.getByRole('tablist', { name: 'Разделы кабинета организации' });
  await expect(tabs.getByRole('tab')).toHaveText(['Общая информация', 'Референсы', 'Шаблоны форм']);
  await expect(page.getByRole('region', { name: 'Реквизиты организации' })).toContainText('ГКБ №1');
  await expect(page.getByRole('button', { name: 'Изменить реквизиты' })).toHaveCount(0);
  await page.goto(`/organizationCabinets/${clinic}/users`);
  await expect(page).toHaveURL(/\/info$/);
  await tabs.getByRole('tab', { name: 'Шаблоны форм' }).click();
  await expect(page.getByText('Шаблонов форм нет')).toBeVisible();
});
