import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { MENU, sideMenu, signIn } from '../support/app';
import { apiAuth, postOk } from '../support/api';

// The versions settings page as admin@demo.test (user role Admin): a protocol version, a research version
// with the duplicate-index refusal, the status machine forth and back, then the version's design exported
// as ODM and imported again — as a new version of the same research, and into another research picked at
// the top of the page. Both researches are the spec's own (made through the API), so the demo design that
// other specs use is left as it was.

const suffix = Date.now().toString(36).slice(-5);
const RESEARCH = `VER-${suffix}`;
const OTHER_RESEARCH = `VER-${suffix}-B`;
const researchIds: Record<string, string> = {};
const VISIT = `Визит версии ${suffix}`;
const PROTOCOL = `E2E-${suffix}`;
const DESCRIPTION = `Версия E2E ${suffix}`;
const shots = process.env.SCREENSHOTS ? (name: string) => path.join(test.info().project.outputDir, 'screenshots', name) : null;

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The index a new-version dialog offers, as "major.minor". */
async function indexIn(dialog: Locator): Promise<string> {
  const major = await dialog.getByRole('spinbutton', { name: 'Старший номер' }).inputValue();
  const minor = await dialog.getByRole('spinbutton', { name: 'Младший номер' }).inputValue();
  return `${major}.${minor}`;
}

/**
 * Imports a file from the import dialog. A file recognised as a re-import stops at the choice (the dry run wrote
 * nothing): `known` picks a new version, or the update of the version the dialog names.
 */
async function importOdm(
  page: Page,
  file: string,
  known?: { choose: 'new' } | { choose: 'update'; index: string },
): Promise<{ index: string; report: Locator }> {
  await page.getByRole('button', { name: 'Импорт ODM' }).click();
  const dialog = page.getByRole('dialog', { name: 'Импорт ODM' });
  await dialog.getByTestId('odm-file-input').setInputFiles(file);
  await expect(dialog.getByTestId('odm-file-name')).toContainText(path.basename(file));
  let index = await indexIn(dialog);
  await dialog.getByRole('button', { name: 'Импортировать' }).click();
  if (known) {
    const choice = page.getByRole('dialog', { name: 'Импорт ODM: файл уже знаком' });
    await expect(choice.getByTestId('odm-same-as')).toBeVisible({ timeout: 30_000 });
    if (known.choose === 'update') {
      index = known.index;
      await choice.getByRole('button', { name: `Обновить версию ${index}` }).click();
    } else await choice.getByRole('button', { name: `Создать новую версию ${index}` }).click();
  }
  const report = page.getByRole('dialog', { name: 'Импорт ODM: отчёт' });
  const done = known?.choose === 'update' ? `Версия ${index} обновлена` : `Создана версия ${index}`;
  await expect(report.getByText(done)).toBeVisible({ timeout: 30_000 });
  return { index, report };
}

test.beforeAll(async ({ request }) => {
  const admin = await apiAuth(request, 'admin@demo.test');
  for (const number of [RESEARCH, OTHER_RESEARCH]) {
    const research = await postOk(request, admin, '/api/Researches', {
      grlsProtocolNumber: number,
      grlsProtocol: 'Исследование версий',
      sponsor: 'Демо Фарма',
      grlsStartDate: '2026-01-10',
      grlsPhase: 'II',
      mnn: 'Версиостатин',
      protocolVersion: '1.0',
      protocolVersionDate: '2026-01-10',
    });
    researchIds[number] = research.id;
  }
  await postOk(request, admin, '/api/ResearchVersions', {
    researchId: researchIds[RESEARCH],
    startedDate: '2026-01-10',
    majorIndex: 1,
    minorIndex: 0,
  });
});

test('versions: protocol and research versions, status actions, ODM export and import', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin@demo.test');

  // The administration menu leads to the versions page.
  await sideMenu(page).getByRole('link', { name: MENU.versions, exact: true }).click();
  await expect(page).toHaveURL(/\/researchSettings\/versions\/research$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Версии' })).toBeVisible();

  // A visit of the spec's research, so that the new version carries a design over.
  await page.goto(`/researchSettings/visits?researchId=${researchIds[RESEARCH]}`);
  await page.getByRole('button', { name: 'Создать визит' }).click();
  const visitDialog = page.getByRole('dialog', { name: 'Создать визит' });
  await visitDialog.getByRole('textbox', { name: 'Название' }).fill(VISIT);
  await visitDialog.getByRole('textbox', { name: 'Ключ визита' }).fill(`V${suffix}`);
  await choose(page, visitDialog, 'Тип визита', 'Скрининг');
  await visitDialog.getByRole('button', { name: 'Создать' }).click();
  await expect(visitDialog).toHaveCount(0);

  await page.goto(`/researchSettings/versions/research?researchId=${researchIds[RESEARCH]}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Версии' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' })).toContainText('Версии исследования');

  // Protocol versions: required fields, create, edit.
  await page.getByRole('tab', { name: 'Версии протокола' }).click();
  await expect(page).toHaveURL(/\/researchSettings\/versions\/protocol(\?|$)/);
  // The menu's Versions link stays current on every tab of the page (and research settings does not).
  await expect(sideMenu(page).getByRole('link', { name: MENU.versions, exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(sideMenu(page).locator('[aria-current="page"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Создать версию протокола' }).click();
  const protocolDialog = page.getByRole('dialog', { name: 'Создать версию протокола' });
  await protocolDialog.getByRole('button', { name: 'Создать' }).click();
  await expect(protocolDialog.getByText('Заполните поле')).toHaveCount(2);
  await protocolDialog.getByRole('textbox', { name: 'Номер версии протокола' }).fill(PROTOCOL);
  // Dates are typed as DD.MM.YYYY; one that no calendar has is refused before anything is sent.
  const protocolDate = protocolDialog.getByRole('textbox', { name: 'Дата версии протокола' });
  await protocolDate.fill('31.02.2026');
  await protocolDialog.getByRole('button', { name: 'Создать' }).click();
  await expect(protocolDialog.getByText('Такой даты нет в календаре: 31.02.2026')).toBeVisible();
  await protocolDate.fill('01.02.2026');
  await protocolDialog.getByRole('button', { name: 'Создать' }).click();
  await expect(protocolDialog).toHaveCount(0);
  const protocolRow = page.getByTestId('protocol-version-row').filter({ hasText: PROTOCOL });
  await expect(protocolRow).toContainText('01.02.2026');
  await protocolRow.getByRole('button', { name: `Редактировать версию протокола ${PROTOCOL}` }).click();
  const protocolEdit = page.getByRole('dialog', { name: `Версия протокола ${PROTOCOL}: редактирование` });
  const editDate = protocolEdit.getByRole('textbox', { name: 'Дата версии протокола' });
  await expect(editDate).toHaveValue('01.02.2026');
  await editDate.fill('03.02.2026');
  await protocolEdit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(protocolEdit).toHaveCount(0);
  await expect(protocolRow).toContainText('03.02.2026');

  // Research versions: create one with the offered index.
  await page.getByRole('tab', { name: 'Версии исследования' }).click();
  await expect(page).toHaveURL(/\/researchSettings\/versions\/research(\?|$)/);
  await page.getByRole('button', { name: 'Создать версию', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Создать версию' });
  const index = await indexIn(create);
  await create.getByRole('textbox', { name: 'Описание' }).fill(DESCRIPTION);
  await create.getByRole('button', { name: 'Создать' }).click();
  await expect(create).toHaveCount(0);
  const row = page.getByTestId('research-version-row').filter({ hasText: DESCRIPTION });
  await expect(row).toContainText(`Версия ${index}`);
  await expect(row.getByTestId('version-status')).toHaveText('Разработка');

  // The same index again: the server's refusal shows under the index.
  await page.getByRole('button', { name: 'Создать версию', exact: true }).click();
  const [major, minor] = index.split('.');
  await create.getByRole('spinbutton', { name: 'Старший номер' }).fill(major!);
  await create.getByRole('spinbutton', { name: 'Младший номер' }).fill(minor!);
  await create.getByRole('button', { name: 'Создать' }).click();
  await expect(create.getByText(`Версия ${index} уже существует!`)).toBeVisible();
  await expect(create.getByRole('spinbutton', { name: 'Старший номер' })).toHaveAttribute('aria-invalid', 'true');
  if (shots) await page.screenshot({ path: shots('versions-duplicate-1280.png'), animations: 'disabled' });
  await create.getByRole('button', { name: 'Отмена' }).click();
  await expect(create).toHaveCount(0);

  // Designed → QaValidating → back to Designed.
  await row.getByRole('button', { name: 'Начать валидацию' }).click();
  await expect(row.getByTestId('version-status')).toHaveText('Валидация');
  await expect(row.getByRole('button', { name: 'Начать тестирование' })).toBeVisible();
  await row.getByRole('button', { name: 'Вернуть в разработку' }).click();
  await expect(row.getByTestId('version-status')).toHaveText('Разработка');
  await expect(row.getByRole('button', { name: 'Начать валидацию' })).toBeVisible();

  // Export the version's design as ODM.
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Экспорт ODM версии ${index}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xml$/);
  const odmFile = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(odmFile);
  const xml = fs.readFileSync(odmFile, 'utf8');
  expect(xml).toContain('<ODM');
  expect(xml).toContain(VISIT);

  // Import it as a new version of the same research: the file is recognised as the design of the version it was
  // exported from, the dialog offers to update that version or create a new one; a new one, with its report.
  const first = await importOdm(page, odmFile, { choose: 'new' });
  expect(first.index).not.toBe(index);
  await expect(first.report.getByTestId('odm-same-as')).toContainText(`Файл — снова дизайн версии ${index}`);
  const visits = Number(await first.report.getByTestId('odm-count-visits').textContent());
  expect(visits).toBeGreaterThanOrEqual(1);
  await expect(first.report.getByRole('heading', { name: /^Не перенесено: \d+$/ })).toBeVisible();
  if (shots) await page.screenshot({ path: shots('versions-import-report-1280.png'), animations: 'disabled' });
  await first.report.getByRole('button', { name: 'Закрыть' }).click();
  await expect(first.report).toHaveCount(0);
  const imported = page.getByTestId('research-version-row').filter({ hasText: `Версия ${first.index}` });
  await expect(imported.getByTestId('version-status')).toHaveText('Разработка');

  // The same file again is the design of the new version: updating it in place changes nothing and adds no version.
  const rowsBefore = await page.getByTestId('research-version-row').count();
  const update = await importOdm(page, odmFile, { choose: 'update', index: first.index });
  await expect(update.report.getByTestId('odm-update-created')).toHaveText('0');
  await expect(update.report.getByTestId('odm-update-removed')).toHaveText('0');
  await expect(update.report.getByTestId('odm-update-unchanged')).not.toHaveText('0');
  await update.report.getByRole('button', { name: 'Закрыть' }).click();
  await expect(page.getByTestId('research-version-row')).toHaveCount(rowsBefore);
  if (shots) await page.screenshot({ path: shots('versions-research-1280.png'), fullPage: true, animations: 'disabled' });

  // An admin picks another research at the top and imports the same file into it.
  await choose(page, page.locator('main'), 'Исследование', OTHER_RESEARCH);
  await expect(page).toHaveURL(new RegExp(`researchId=${researchIds[OTHER_RESEARCH]}`));
  await expect(page.getByTestId('research-version-row').filter({ hasText: DESCRIPTION })).toHaveCount(0);
  const second = await importOdm(page, odmFile);
  await expect(second.report.getByTestId('odm-count-visits')).toHaveText(String(visits));
  await second.report.getByRole('button', { name: 'Закрыть' }).click();
  await expect(page.getByTestId('research-version-row').filter({ hasText: `Версия ${second.index}` })).toBeVisible();

  if (shots) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: shots('versions-research-390.png'), fullPage: true, animations: 'disabled' });
    await page.getByRole('tab', { name: 'Версии протокола' }).click();
    await page.screenshot({ path: shots('versions-protocol-390.png'), fullPage: true, animations: 'disabled' });
  }
});

test('versions: a REDCap data dictionary imported as a version, with what it could not carry listed', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.test');
  await page.goto(`/researchSettings/versions/research?researchId=${researchIds[OTHER_RESEARCH]}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Версии' })).toBeVisible();
  const dictionary = path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/redcap/data-dictionary.csv');
  const { report } = await importOdm(page, dictionary);
  // The descriptive row has no counterpart; the if() in a branching logic does not translate.
  await expect(report.getByText(/для типа поля «descriptive» нет соответствия/)).toBeVisible();
  await expect(report.getByText(/условие показа «if\(\[age\] > 60, 1, 0\) = 1» не переводится/)).toBeVisible();
  await report.getByRole('button', { name: 'Закрыть' }).click();
  await expect(report).toHaveCount(0);
});
