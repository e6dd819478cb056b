import ExcelJS from 'exceljs';
import { expect, test } from '../support/test';
import { signIn } from '../support/app';

// The sponsor's kit supply on DEMO-001 (IWRS on, seed demo-iwrs.ts): the strata of the lists with their
// used and remaining entries, a kit list uploaded as an XLSX workbook, and a kit action taken from the kit
// actions dialog. The kits are new ones (Z…), so the demo's kits and the other IWRS spec are untouched.

const TAG = Date.now().toString(36).toUpperCase();
const KIT = `Z${TAG}-1`;

/** A kit list as the sponsor's spreadsheet would have it: the expiry date as a date cell. */
async function kitWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Kits');
  sheet.addRow(['identNumber', 'medicationGroup', 'lot', 'expiryDate']);
  sheet.addRow([KIT, 'A', `LOT-${TAG}`, new Date(Date.UTC(2031, 0, 31))]);
  sheet.addRow([`Z${TAG}-2`, 'B', `LOT-${TAG}`, new Date(Date.UTC(2031, 0, 31))]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('the sponsor sees the strata, uploads kits as XLSX and approves a kit from its actions dialog', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/iwrs/lists');
  // The demo's list is of the whole research; two of its entries are drawn (S-001, S-002).
  await expect(page.getByTestId('stratum-field')).toContainText('Поле стратификации не выбрано');
  await expect(page.getByTestId('stratum-row').filter({ hasText: 'Всё исследование' })).toBeVisible();

  await page.getByRole('tab', { name: 'Упаковки' }).click();
  await page.locator('input[type=file]').setInputFiles({
    name: 'kits.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await kitWorkbook(),
  });
  await page.getByRole('combobox', { name: 'Центр' }).click();
  await page.getByRole('option', { name: 'Склад спонсора' }).click();
  await page.getByRole('combobox', { name: 'Статус' }).click();
  await page.getByRole('option', { name: 'Создана', exact: true }).click();
  const row = page.getByTestId('kit-row').filter({ hasText: KIT });
  await expect(row).toContainText('31.01.2031');

  await row.getByRole('button', { name: `Действия с упаковкой ${KIT}` }).click();
  const dialog = page.getByRole('dialog', { name: `Упаковка ${KIT}` });
  await dialog.getByRole('combobox', { name: 'Действие' }).click();
  await page.getByRole('option', { name: 'Одобрить (QA)' }).click();
  await expect(dialog.getByText('Новый статус: Одобрена ОКК')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Причина (необязательно)' }).fill('QA release e2e');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  // It left the new kits and is now approved at the depot.
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Статус' }).click();
  await page.getByRole('option', { name: 'Одобрена ОКК', exact: true }).click();
  await expect(page.getByTestId('kit-row').filter({ hasText: KIT })).toContainText('Одобрена ОКК');
});
