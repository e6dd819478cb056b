import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signIn } from '../support/app';

// The kio visit view of the subject matrix (spec operations section 2; docs/monitoring-visits.md): the demo
// world plans one confirmed monitoring visit, in progress, of the visits of S-001 and S-002 at site 01, with
// the demo monitor on its team.

const row = (page: Page, screeningNumber: string) =>
  page
    .getByTestId('subject-row')
    .filter({ has: page.getByRole('rowheader', { name: `Открыть страницу субъекта ${screeningNumber}`, exact: true }) });

test('a monitor opens a visit of the matrix and sees the monitoring visits where it is available', async ({ page }) => {
  await signIn(page, 'kio@demo.test');
  await page.goto('/subjectmatrix');
  await expect(page.getByRole('heading', { level: 1, name: 'Матрица субъектов' })).toBeVisible();

  // A covered visit: the seeded monitoring visit, with its period, state, confirmation, centre and monitor.
  await row(page, 'S-001')
    .getByRole('button', { name: /^Скрининг: / })
    .click();
  const view = page.getByRole('dialog', { name: /^S-001 · Скрининг/ });
  await expect(view).toBeVisible();
  const items = view.getByTestId('monitoring-visit');
  await expect(items).toHaveCount(1);
  const item = items.first();
  await expect(item).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} — \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await expect(item).toContainText('Визит идет');
  await expect(item).toContainText('Подтвержден');
  await expect(item).toContainText('КИО Мониторинг');
  await expect(item).toContainText('Мониторова Мария');
  await expect(item).toContainText('Рабочее время: 00:00–23:59');
  await view.getByRole('button', { name: 'Закрыть' }).click();
  await expect(view).toBeHidden();

  // A visit of site 02 is in no monitoring visit.
  await row(page, 'S-101')
    .getByRole('button', { name: /^Скрининг: / })
    .click();
  const other = page.getByRole('dialog', { name: /^S-101 · Скрининг/ });
  await expect(other.getByText('Визиты не созданы')).toBeVisible();
  await expect(other.getByTestId('monitoring-visit')).toHaveCount(0);
});
