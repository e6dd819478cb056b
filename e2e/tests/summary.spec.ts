import { expect, test } from '../support/test';
import { signIn } from '../support/app';

// Summary tables and journals (spec operations section 2; docs/reports.md "Summary tables and journals") on
// the demo world: S-001's screening demography is filled (height 178, weight corrected to 82) and its visit 1
// vital signs are entered but their section is not completed.

test('a summary table of the demography form shows the values, and a value opens the form', async ({ page }) => {
  await signIn(page, 'site@demo.test');
  await page.goto('/summary');
  await expect(page.getByRole('heading', { level: 1, name: 'Сводные таблицы' })).toBeVisible();
  await expect(page.getByText('Форма не выбрана')).toBeVisible();
  await page.getByRole('combobox', { name: 'Форма' }).click();
  // Options are grouped by visit: the screening visit's demography.
  const group = page.getByRole('listbox').locator('li').filter({ hasText: 'Скрининг' }).first();
  await group.getByRole('option', { name: 'Демография', exact: true }).click();

  const table = page.getByRole('table', { name: 'Демография' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Рост * (см)' })).toBeVisible();
  const s1 = page.getByTestId('entry-row').filter({ hasText: 'S-001' });
  await expect(s1).toContainText('178');
  await expect(s1).toContainText('82');
  await expect(s1).toContainText('Да');

  await s1.getByRole('button', { name: 'Открыть форму на поле «Рост» субъекта S-001' }).click();
  await expect(page).toHaveURL(/\/subjectVisit\/[0-9a-f-]+\?subjectFormId=[0-9a-f-]+&formFieldId=[0-9a-f-]+$/);
  await expect(page.getByRole('dialog', { name: /^S-001 \/ Скрининг \/ Демография/ })).toBeVisible();
  await expect(page.locator('[data-highlighted="true"]')).toContainText('Рост');
});

test('the summary table fits 390 px and downloads the shown page as CSV and XLSX', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, 'site@demo.test');
  await page.goto('/summary');
  await page.getByRole('combobox', { name: 'Форма' }).click();
  await page
    .getByRole('listbox')
    .locator('li')
    .filter({ hasText: 'Скрининг' })
    .first()
    .getByRole('option', { name: 'Демография', exact: true })
    .click();
  await expect(page.getByTestId('entry-row').filter({ hasText: 'S-001' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe('Демография.csv');
  const text = await (await csv.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8')).toContain('S-001');
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'XLSX' }).click()]);
  expect(xlsx.suggestedFilename()).toBe('Демография.xlsx');
  const bytes = Buffer.concat(await (await xlsx.createReadStream()).toArray());
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
});

test('a journal lists the section across subjects and completes it for a subject', async ({ page }) => {
  await signIn(page, 'site@demo.test');
  await page.goto('/journals');
  await expect(page.getByRole('heading', { level: 1, name: 'Журналы' })).toBeVisible();
  await expect(page.getByText('Выберите визит и журнал')).toBeVisible();
  await page.getByRole('combobox', { name: 'Визит' }).click();
  await page.getByRole('option', { name: 'Визит 1', exact: true }).click();
  await page.getByRole('combobox', { name: 'Журнал' }).click();
  await page.getByRole('option', { name: 'Жизненно важные показатели — Основные данные' }).click();

  const s1 = page.getByTestId('entry-row').filter({ hasText: 'S-001' });
  await expect(s1).toContainText('128');
  await s1.getByRole('button', { name: 'Подтвердить секцию субъекта S-001' }).click();
  await expect(page.getByText('Секция подтверждена')).toBeVisible();
  await expect(s1.getByTestId('journal-completed')).toContainText('Подтверждено');
  await expect(s1).toContainText('Да');
});

test('research visits draws the visits on time and overdue by status for a site user, at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, 'site@demo.test');
  await page.goto('/research/visits');
  await expect(page.getByRole('heading', { level: 1, name: 'Визиты исследования' })).toBeVisible();
  await expect(page.locator('svg.MuiChartsSurface-root, .MuiChartsSurface-root').first()).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'В срок' })).toBeVisible();
  await expect(table.getByRole('row')).not.toHaveCount(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
