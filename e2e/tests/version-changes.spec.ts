import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { expect, test } from '../support/test';
import { signIn } from '../support/app';
import { apiAuth, postOk } from '../support/api';

// The version changes report (docs/documents.md "Research version changes" and "Web"): on a phone-sized screen
// the administrator opens "Изменения версий" on the research versions tab, keeps the two last versions the
// dialog offers, and follows the document from Started (the button says it is being made) to Done (the
// snackbar's download saves the PDF). The research and its two versions are the spec's own.

const SUFFIX = Date.now().toString(36).slice(-5);
const ids: { research?: string } = {};

test.beforeAll(async ({ request }) => {
  const admin = await apiAuth(request, 'admin@demo.test');
  const research = await postOk<{ id: string }>(request, admin, '/api/Researches', {
    grlsProtocolNumber: `VCH-${SUFFIX}`,
    grlsProtocol: 'Исследование изменений версий',
    sponsor: 'Демо Фарма',
    grlsStartDate: '2026-01-10',
    grlsPhase: 'II',
    mnn: 'Версиостатин',
    protocolVersion: '1.0',
    protocolVersionDate: '2026-01-10',
  });
  ids.research = research.id;
  for (const [minorIndex, startedDate] of [
    [0, '2026-01-10'],
    [1, '2026-02-01'],
  ] as const)
    await postOk(request, admin, '/api/ResearchVersions', { researchId: research.id, startedDate, majorIndex: 1, minorIndex });
});

test('an administrator generates the version changes report and downloads it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.test');
  await page.goto(`/researchSettings/versions/research?researchId=${ids.research}`);
  await page.getByRole('button', { name: 'Изменения версий' }).click();
  const dialog = page.getByRole('dialog', { name: 'Отчет об изменениях между версиями' });
  await expect(dialog.getByRole('combobox', { name: 'Ранняя версия' })).toContainText('Версия 1.0');
  await expect(dialog.getByRole('combobox', { name: 'Поздняя версия' })).toContainText('Версия 1.1');
  // The dialog fits the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const generate = page.waitForResponse((r) => r.url().endsWith('/api/ResearchVersions/GenerateResearchVersionsChanges'));
  await dialog.getByRole('button', { name: 'Сформировать' }).click();
  const started = await generate;
  expect(started.status()).toBe(200);
  expect((await started.json()).data.status).toBe('Started');
  await expect(dialog).toBeHidden();
  const snackbar = page.getByText('Документ «Изменения версии 1.0 → 1.1» сформирован');
  await expect(snackbar).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Изменения версий' })).toBeEnabled();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const saved = await file.path();
  expect(fs.readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', saved, '-']).toString('utf8').replace(/\s+/g, ' ');
  expect(text).toContain('Изменения версии 1.0 → 1.1');
  await expect(snackbar).toBeHidden();
});
