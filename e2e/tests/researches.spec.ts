import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expandCard, openUserMenu, sideMenu, signIn, toast } from '../support/app';
import { datesDuring } from '../support/dates';

// The researches list and the research info (spec section 2): admin@demo.test creates a research, edits
// its info inline, switches IWRS, locks and archives it, deletes another; the list becomes cards at
// 390 px; a site employee has no such page but reads its own research's info.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const NUMBER = `E2E-R-${stamp}`;
const OTHER = `E2E-D-${stamp}`;
// With SCREENSHOTS=1 the pages are kept under the run's output folder, for a look at the layout.
const shot = process.env.SCREENSHOTS
  ? (name: string) => path.join(test.info().project.outputDir, 'screenshots', `${name}.png`)
  : null;

async function authHeaders(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'accessMISToken');
  return { Authorization: `Bearer ${decodeURIComponent(cookie?.value ?? '')}` };
}

/** The list narrowed to one protocol number by the search box. */
async function findRow(page: Page, number: string) {
  await page.getByRole('searchbox', { name: 'Поиск по номеру протокола, МНН, спонсору' }).fill(number);
  await expect(page.getByTestId('research-row')).toHaveCount(1);
  const row = page.getByTestId('research-row').filter({ hasText: number });
  await expect(row).toBeVisible();
  return row;
}

test('create a research, edit its info, switch IWRS, lock and archive it, delete another', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.test');
  const administration = sideMenu(page).getByRole('button', { name: 'Администрирование', exact: true });
  if ((await administration.getAttribute('aria-expanded')) !== 'true') await administration.click();
  await sideMenu(page).getByRole('link', { name: 'Исследования', exact: true }).click();
  await expect(page).toHaveURL(/\/researches$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Исследования' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
  await expect(crumbs).toHaveText('Главная/Администрирование/Исследования');
  // Sorted by protocol number, ascending: the demo researches come in order.
  const table = page.getByRole('table', { name: 'Список исследований' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Номер протокола',
    'МНН',
    'Версия протокола',
    'Дата создания',
    'С IWRS',
    'Статус',
    'Действия',
  ]);
  const demo1 = await findRow(page, 'DEMO-001');
  await expect(demo1).toContainText('Демосульфан');
  await expect(demo1.getByRole('checkbox', { name: 'IWRS у исследования DEMO-001' })).toBeChecked();
  await page.getByRole('searchbox').fill('нет-такого');
  await expect(page.getByText('Ничего не найдено')).toBeVisible();

  // Create: the required fields are asked for first.
  await page.getByRole('button', { name: 'Создать исследование' }).click();
  const create = page.getByRole('dialog', { name: 'Создать исследование' });
  await create.getByRole('button', { name: 'Создать' }).click();
  await expect(create.getByText('Заполните поле').first()).toBeVisible();
  await create.getByRole('textbox', { name: 'Номер протокола' }).fill(NUMBER);
  await create.getByRole('textbox', { name: 'МНН' }).fill('Тестостатин');
  await create.getByRole('textbox', { name: 'Версия протокола' }).fill('1.0');
  // Dates are typed as DD.MM.YYYY (the dots come by themselves) and sent as YYYY-MM-DD.
  await create.getByRole('textbox', { name: 'Дата версии протокола' }).fill('01.02.2026');
  const start = create.getByRole('textbox', { name: 'Дата начала' });
  await start.pressSequentially('01032026');
  await expect(start).toHaveValue('01.03.2026');
  await create.getByRole('textbox', { name: 'Фаза' }).fill('II');
  await create.getByRole('textbox', { name: 'Спонсор' }).fill('ООО «Тест»');
  await create.getByRole('textbox', { name: 'Название протокола' }).fill('Открытое исследование тестостатина');
  await create.getByRole('spinbutton', { name: 'Планируемое число субъектов' }).fill('40');
  for (const point of ['V1', 'V2']) {
    await create.getByRole('combobox', { name: 'Точки' }).fill(point);
    await create.getByRole('combobox', { name: 'Точки' }).press('Enter');
  }
  await create.getByRole('combobox', { name: 'Группы рандомизации' }).fill('A');
  await create.getByRole('combobox', { name: 'Группы рандомизации' }).press('Enter');
  // The creation date is the server's stamp shown in the browser's time zone.
  const created = await datesDuring(async () => {
    await create.getByRole('button', { name: 'Создать' }).click();
    await expect(create).toHaveCount(0);
  });
  await expect(toast(page, 'Сохранено')).toBeVisible();

  const row = await findRow(page, NUMBER);
  await expect(row).toContainText('Тестостатин');
  await expect(row).toContainText('Текущее');
  await expect(row).toContainText(created);
  if (shot) await page.screenshot({ path: shot('researches-1280'), fullPage: true, animations: 'disabled' });

  // Info: every field; edit, cancel restores; edit and confirm saves.
  await row.getByRole('button', { name: `Информация об исследовании ${NUMBER}` }).click();
  const info = page.getByRole('dialog', { name: `Исследование «${NUMBER}»` });
  await expect(info.getByText('Открытое исследование тестостатина')).toBeVisible();
  await expect(info.getByText('01.03.2026')).toBeVisible();
  await expect(info.getByRole('listitem')).toHaveText(['V1', 'V2']);
  await info.getByRole('button', { name: 'Редактировать' }).click();
  await info.getByRole('textbox', { name: 'МНН' }).fill('Черновик');
  await info.getByRole('button', { name: 'Отмена' }).click();
  await expect(info.getByText('Тестостатин', { exact: true })).toBeVisible();
  await info.getByRole('button', { name: 'Редактировать' }).click();
  await expect(info.getByRole('textbox', { name: 'МНН' })).toHaveValue('Тестостатин');
  await expect(info.getByRole('textbox', { name: 'Дата начала' })).toHaveValue('01.03.2026');
  await info.getByRole('textbox', { name: 'МНН' }).fill('Тестостатин форте');
  await info.getByRole('textbox', { name: 'Версия протокола' }).fill('');
  await info.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(info.getByText('Заполните поле')).toBeVisible();
  await info.getByRole('textbox', { name: 'Версия протокола' }).fill('1.1');
  if (shot) await page.screenshot({ path: shot('research-info-edit-1280'), animations: 'disabled' });
  await info.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(info.getByRole('button', { name: 'Редактировать' })).toBeVisible();
  await expect(info.getByText('Тестостатин форте', { exact: true })).toBeVisible();
  await expect(info.getByText('1.1', { exact: true })).toBeVisible();

  // Someone else changes the research meanwhile: the stale edit is refused and the stored values show.
  await info.getByRole('button', { name: 'Редактировать' }).click();
  await info.getByRole('textbox', { name: 'Фаза' }).fill('III');
  const found = await page.request.get(`/api/Researches?search=${NUMBER}`, { headers: await authHeaders(page) });
  const { id, updatedAt } = ((await found.json()) as { data: { id: string; updatedAt: string }[] }).data[0]!;
  const other = await page.request.put(`/api/Researches/${id}`, {
    headers: await authHeaders(page),
    data: { grlsPhase: 'IV', protocolVersion: '1.1', protocolVersionDate: '2026-02-01', grlsStartDate: '2026-03-01', updatedAt },
  });
  expect(other.ok()).toBe(true);
  await info.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(toast(page, 'Данные были изменены другим пользователем, обновите страницу')).toBeVisible();
  await expect(info.getByText('IV', { exact: true })).toBeVisible();
  await info.getByRole('button', { name: 'Закрыть' }).click();
  await expect(info).toHaveCount(0);
  await expect(row).toContainText('Тестостатин форте');

  // IWRS: asks, then switches.
  const iwrs = row.getByRole('checkbox', { name: `IWRS у исследования ${NUMBER}` });
  await expect(iwrs).not.toBeChecked();
  await iwrs.click();
  const connect = page.getByRole('dialog', { name: 'Подключить IWRS?' });
  await connect.getByRole('button', { name: 'Подключить' }).click();
  await expect(connect).toHaveCount(0);
  await expect(iwrs).toBeChecked();

  // Lock (only offered while current), then archive (only once locked), each confirmed.
  await expect(row.getByRole('button', { name: `Перенести в архив исследование ${NUMBER}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Заблокировать исследование ${NUMBER}` }).click();
  const lock = page.getByRole('dialog', { name: 'Заблокировать исследование?' });
  await lock.getByRole('button', { name: 'Отмена' }).click();
  await expect(row).toContainText('Текущее');
  await row.getByRole('button', { name: `Заблокировать исследование ${NUMBER}` }).click();
  await lock.getByRole('button', { name: 'Заблокировать' }).click();
  await expect(lock).toHaveCount(0);
  await expect(row).toContainText('Заблокировано');
  await expect(row.getByRole('button', { name: `Заблокировать исследование ${NUMBER}` })).toHaveCount(0);

  // A locked research's info is read-only.
  await row.getByRole('button', { name: `Информация об исследовании ${NUMBER}` }).click();
  await expect(info.getByText('Исследование не в статусе «Текущее»')).toBeVisible();
  await expect(info.getByRole('button', { name: 'Редактировать' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(info).toHaveCount(0);

  await row.getByRole('button', { name: `Перенести в архив исследование ${NUMBER}` }).click();
  const archive = page.getByRole('dialog', { name: 'Перенести исследование в архив?' });
  await archive.getByRole('button', { name: 'В архив' }).click();
  await expect(archive).toHaveCount(0);
  await expect(row).toContainText('В архиве');

  // Delete another research: it stays listed as deleted, with no more actions but Info.
  const made = await page.request.post('/api/Researches', {
    headers: await authHeaders(page),
    data: {
      grlsProtocolNumber: OTHER,
      grlsProtocol: 'Удаляемое',
      sponsor: 'ООО «Тест»',
      grlsStartDate: '2026-01-01',
      grlsPhase: 'I',
      mnn: 'Удалин',
      protocolVersion: '1',
      protocolVersionDate: '2026-01-01',
    },
  });
  expect(made.ok()).toBe(true);
  const doomed = await findRow(page, OTHER);
  await doomed.getByRole('button', { name: `Удалить исследование ${OTHER}` }).click();
  const remove = page.getByRole('dialog', { name: 'Удалить исследование?' });
  await expect(remove).toContainText(OTHER);
  await remove.getByRole('button', { name: 'Удалить' }).click();
  await expect(remove).toHaveCount(0);
  await expect(doomed).toContainText('Удалено');
  await expect(doomed.getByRole('button', { name: `Информация об исследовании ${OTHER}` })).toBeVisible();
  await expect(doomed.getByRole('button', { name: new RegExp(`(Удалить|Заблокировать).*${OTHER}`) })).toHaveCount(0);
  await expect(doomed.getByRole('checkbox')).toBeDisabled();
});

test('at 390 px the researches are cards', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.test');
  await page.goto('/researches');
  await expect(page.getByRole('heading', { level: 1, name: 'Исследования' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = await findRow(page, NUMBER);
  await expect(card).toContainText('В архиве');
  await expandCard(card, NUMBER);
  await expect(card).toContainText('Тестостатин форте');
  await expect(card.getByRole('checkbox', { name: `IWRS у исследования ${NUMBER}` })).toBeChecked();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (shot) await page.screenshot({ path: shot('researches-390'), fullPage: true, animations: 'disabled' });

  await card.getByRole('button', { name: `Информация об исследовании ${NUMBER}` }).click();
  const info = page.getByRole('dialog', { name: `Исследование «${NUMBER}»` });
  await expect(info.getByText('Тестостатин форте', { exact: true })).toBeVisible();
  if (shot) await page.screenshot({ path: shot('research-info-390'), animations: 'disabled' });
  await info.getByRole('button', { name: 'Закрыть' }).click();
});

test('a site employee has no researches page but reads its research info', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'site@demo.test');
  const menu = await openUserMenu(page);
  await expect(menu.getByRole('menuitem', { name: 'Исследования', exact: true })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Об исследовании' }).click();
  await expect(page).toHaveURL(/\/researchInfo\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Об исследовании' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'DEMO-001' })).toBeVisible();
  await expect(page.getByText('Демосульфан', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Редактировать' })).toHaveCount(0);
  if (shot) await page.screenshot({ path: shot('research-info-page-390'), fullPage: true, animations: 'disabled' });

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(sideMenu(page).getByRole('link', { name: 'Исследования', exact: true })).toHaveCount(0);
  await page.goto('/researches');
  await expect(page.getByText('У Вас нет прав для просмотра этой страницы')).toBeVisible();
});
