import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { DEMO_PASSWORD, signIn, toast } from '../support/app';

// The IWRS journey of issue 22 on DEMO-001 (IWRS on; its demo list, kits and dosings: seed demo-iwrs.ts):
// the sponsor uploads a list and ships approved depot kits to site 01, the site confirms their arrival,
// randomises S-004 from the list and dispenses a kit in period 1; a blinded co-researcher sees no group,
// and the monitor opens the subject's dosings tab and the medications dialog with the kit's history.

const SUBJECT = 'S-004';
const TAG = Date.now().toString(36).toUpperCase();
let subjectPath = '';

async function openSubject(page: Page) {
  await page.goto('/subjectmatrix');
  await page.getByRole('link', { name: `Открыть страницу субъекта ${SUBJECT}` }).click();
  await expect(page).toHaveURL(/\/subject\/[0-9a-f-]+\//);
}

test.describe.serial('IWRS', () => {
  test('the sponsor uploads a randomisation list and ships depot kits to site 01', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.goto('/iwrs/lists');
    await expect(page.getByRole('heading', { level: 1, name: 'IWRS' })).toBeVisible();
    // The demo's generated list, with its seed.
    await expect(page.getByTestId('list-row').filter({ hasText: 'DEMO-001' })).toBeVisible();
    await page
      .getByTestId('list-row')
      .filter({ hasText: 'DEMO-001' })
      .getByRole('button', { name: 'Проверить по зерну' })
      .click();
    await expect(page.getByText('Список совпадает с пересозданным по зерну')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles({
      name: 'list.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`randomizationNumber,group\nU-${TAG}-1,A\nU-${TAG}-2,B\n`),
    });
    await expect(toast(page, 'Сохранено')).toBeVisible();
    await expect(page.getByTestId('list-row').filter({ hasText: 'Загружен' })).toBeVisible();

    await page.getByRole('tab', { name: 'Упаковки' }).click();
    await page.getByRole('combobox', { name: 'Центр' }).click();
    await page.getByRole('option', { name: 'Склад спонсора' }).click();
    await page.getByRole('checkbox', { name: 'Выбрать упаковку K-0017' }).check();
    await page.getByRole('checkbox', { name: 'Выбрать упаковку K-0019' }).check();
    await page.getByRole('button', { name: 'Отправить выбранные (2) в центр' }).click();
    const ship = page.getByRole('dialog', { name: 'Поставка 2 упаковок' });
    await ship.getByRole('combobox', { name: 'Центр' }).click();
    await page.getByRole('option', { name: '01', exact: true }).click();
    await ship.getByRole('button', { name: 'Сохранить' }).click();
    await expect(ship).toBeHidden();
    // The kits left the depot; site 01 has them on the way.
    await expect(page.getByTestId('kit-row').filter({ hasText: 'K-0017' })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Центр' }).click();
    await page.getByRole('option', { name: '01', exact: true }).click();
    await expect(page.getByTestId('kit-row').filter({ hasText: 'K-0017' })).toContainText('Отправлена в центр');
  });

  test('site 01 confirms the arrival, randomises a subject from the list and dispenses a kit', async ({ page }) => {
    await signIn(page, 'site@demo.test');
    await page.goto('/iwrs/shipments');
    const shipment = page.getByTestId('shipment-row').filter({ hasText: 'В пути' });
    await shipment.getByRole('button', { name: 'Подтвердить получение' }).click();
    await expect(page.getByTestId('shipment-row').filter({ hasText: 'В пути' })).toHaveCount(0);

    await page.goto('/subjectmatrix');
    await page.getByRole('button', { name: `Действия: субъект ${SUBJECT}` }).click();
    await page.getByRole('menuitem', { name: 'Рандомизировать' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('combobox', { name: /^Группа рандомизации/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('subject-row').filter({ hasText: SUBJECT });
    await expect(row.getByRole('img', { name: 'Рандомизирован', exact: true })).toBeVisible();

    await openSubject(page);
    await page.getByRole('tab', { name: 'Дозирования' }).click();
    subjectPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Выдать препарат' }).click();
    const dispense = page.getByRole('dialog');
    await dispense.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dispense).toBeHidden();
    await expect(page.getByTestId('dosing-row')).toHaveCount(1);
  });

  test('a blinded co-researcher sees the kit number but no group', async ({ page }) => {
    await signIn(page, 'coresearcher@demo.test');
    await page.goto(subjectPath);
    await page.getByRole('button', { name: new RegExp(`^Препараты дозирования субъекта ${SUBJECT}`) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/^Номер упаковки: K-/)).toBeVisible();
    await expect(dialog.getByText(/Группа:/)).toHaveCount(0);
  });

  test('the monitor opens the subject’s dosings tab and the medications dialog with its history', async ({ page }) => {
    await signIn(page, 'kio@demo.test');
    await page.goto(subjectPath);
    await expect(page.getByRole('tab', { name: 'Визиты' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Дозирования' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: new RegExp(`^Препараты дозирования субъекта ${SUBJECT}`) }).click();
    const dialog = page.getByRole('dialog');
    const history = dialog.getByRole('list', { name: 'История статусов' });
    // Newest first: dispensed, then accepted at the site, shipped, approved, created.
    await expect(history.getByRole('listitem').first()).toContainText('Выдана');
    await expect(history.getByRole('listitem').last()).toContainText('Создана');
    await expect(dialog.getByText('Текущий статус:')).toBeVisible();
  });

  test('the dosings page lists the period’s dosings by screening number', async ({ page }) => {
    await signIn(page, 'kio@demo.test');
    await page.goto('/dosings');
    await expect(page.getByRole('heading', { level: 1, name: 'Дозирования' })).toBeVisible();
    const rows = page.getByTestId('dosing-row');
    await expect(rows.first()).toContainText('S-001');
    await expect(rows.filter({ hasText: SUBJECT })).toHaveCount(1);
  });

  test('the site’s principal investigator unblinds the subject in an emergency', async ({ page }) => {
    await signIn(page, 'site@demo.test');
    await page.goto(subjectPath);
    await page.getByRole('button', { name: 'Экстренное раскрытие' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Причина').fill(`Анафилаксия ${TAG}`);
    await dialog.getByLabel('Ваш пароль').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Раскрыть' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toContainText(/Группа: [AB] \(рандомизационный номер R-/);
    await page.getByRole('button', { name: 'Закрыть' }).click();
    await expect(page.getByTestId('unblinding-row').filter({ hasText: TAG })).toHaveCount(1);
  });

  test('the sponsor’s centre lists the emergency unblinding', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.goto('/iwrs/unblindings');
    await expect(page.getByTestId('unblinding-row').filter({ hasText: TAG })).toContainText(SUBJECT);
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the dosings page shows the dosings as cards, and the medications dialog fills the screen', async ({ page }) => {
    await signIn(page, 'kio@demo.test');
    await page.goto('/dosings');
    await expect(page.getByRole('heading', { level: 1, name: 'Дозирования' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = page.getByTestId('dosing-row').filter({ hasText: 'S-001' });
    await card.getByRole('button', { name: /^Препараты дозирования субъекта S-001/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Текущий статус:')).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(389);
  });
});
