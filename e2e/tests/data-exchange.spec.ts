import fs from 'node:fs';
import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import { expect, test } from '../support/test';
import { MENU, sideMenu, signIn, signOut } from '../support/app';
import { apiAuth, currentResearchId, postOk } from '../support/api';

// Data exchange (docs/data-exchange.md): the page of the research menu with an export tab (data_export) and an
// import tab (data_import). The sponsor's manager (admin@demo.test, who holds both) starts a CSV export, follows
// it to Done and downloads its zip; checks an ODM ClinicalData file (written here from the OIDs of the design's
// ODM export) in a dry run, gives the file's unknown site a centre and imports it. QA exports but does not import.
//
// The tests marked "needs the export job" and "needs the import job" wait for a job to end Done, so they pass
// once the server's export and import work is in; the others hold with or without it (a job's outcome they
// need is given by a routed reply).

const SUFFIX = Date.now().toString(36).slice(-5).toUpperCase();
const SITE_OID = `SITE.E2E-${SUFFIX}`;
const SUBJECT_KEY = `E2E-DX-${SUFFIX}`;
const UNKNOWN_ITEM = 'IT.E2E.UNKNOWN';
const CENTRE_01 = '01 — ГКБ №1';
/** A job may wait for the queue and then work through the demo's data. */
const JOB_TIMEOUT = 90_000;

// The lists are read every second while a job is open: a routed reply may be on its way when a test ends.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

async function openDataExchange(page: Page, email: string) {
  await signIn(page, email);
  await sideMenu(page).getByRole('link', { name: MENU.dataExchange, exact: true }).click();
  await expect(page).toHaveURL(/\/dataExchange/);
  await expect(page.getByRole('heading', { level: 1, name: 'Обмен данными' })).toBeVisible();
}

async function openImport(page: Page) {
  await page.getByRole('tab', { name: 'Импорт' }).click();
  await expect(page.getByRole('tab', { name: 'Импорт' })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name: 'Импорт' });
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An ODM 1.3.2 ClinicalData file for the research: one subject at an unknown site with a number in the first
 * form that has a plain number field (OIDs as GET /ResearchVersions/{id}/Odm names them), and one value of an
 * item the design does not have.
 */
async function clinicalOdm(request: APIRequestContext, headers: Record<string, string>, researchId: string): Promise<string> {
  const versions = (await (await request.get(`/api/ResearchVersions?researchId=${researchId}`, { headers })).json()) as {
    data: { id: string; isLast: boolean }[];
  };
  const version = versions.data.find((v) => v.isLast) ?? versions.data[0];
  expect(version, 'a research version').toBeDefined();
  const reply = await request.get(`/api/ResearchVersions/${version!.id}/Odm`, { headers });
  expect(reply.ok(), await reply.text()).toBe(true);
  const odm = await reply.text();
  const studyOid = /<Study OID="([^"]+)"/.exec(odm)?.[1];
  const mdvOid = /<MetaDataVersion OID="([^"]+)"/.exec(odm)?.[1];
  const block = (tag: string, oid: string) =>
    new RegExp(`<${tag} OID="${escapeRe(oid)}"[\\s\\S]*?</${tag}>`).exec(odm)?.[0] ?? '';
  for (const event of odm.matchAll(/<StudyEventDef OID="([^"]+)"[\s\S]*?<\/StudyEventDef>/g)) {
    for (const [, formOid] of event[0].matchAll(/<FormRef FormOID="([^"]+)"/g)) {
      for (const [, groupOid] of block('FormDef', formOid!).matchAll(/<ItemGroupRef ItemGroupOID="([^"]+)"/g)) {
        for (const [, itemOid] of block('ItemGroupDef', groupOid!).matchAll(/<ItemRef ItemOID="([^"]+)"/g)) {
          const item = block('ItemDef', itemOid!);
          if (!/DataType="(float|integer)"/.test(item) || !/Name="Number"/.test(item)) continue;
          return `<?xml version="1.0" encoding="UTF-8"?>
<ODM xmlns="http://www.cdisc.org/ns/odm/v1.3" FileType="Transactional" FileOID="E2E.${SUFFIX}" CreationDateTime="${new Date().toISOString()}" ODMVersion="1.3.2">
  <ClinicalData StudyOID="${studyOid}" MetaDataVersionOID="${mdvOid}">
    <SubjectData SubjectKey="${SUBJECT_KEY}">
      <SiteRef LocationOID="${SITE_OID}"/>
      <StudyEventData StudyEventOID="${event[1]}">
        <FormData FormOID="${formOid}">
          <ItemGroupData ItemGroupOID="${groupOid}">
            <ItemData ItemOID="${itemOid}" Value="70"/>
            <ItemData ItemOID="${UNKNOWN_ITEM}" Value="1"/>
          </ItemGroupData>
        </FormData>
      </StudyEventData>
    </SubjectData>
  </ClinicalData>
</ODM>
`;
        }
      }
    }
  }
  throw new Error('the design has no plain number field');
}

const xmlFile = (name: string, text: string) => ({ name, mimeType: 'application/xml', buffer: Buffer.from(text, 'utf8') });

async function chooseOption(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** A multiple choice (Autocomplete) stays open for more: Escape closes it. */
async function addChoice(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

const exportRow = (page: Page, name: string) => page.getByTestId('export-row').filter({ hasText: name });

test('the exporter chooses a format and filters; the started export is listed with its progress', async ({ page }) => {
  await openDataExchange(page, 'admin@demo.test');
  await expect(page.getByRole('tab', { name: 'Экспорт' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Импорт' })).toBeVisible();
  const panel = page.getByRole('tabpanel', { name: 'Экспорт' });

  // Four formats, each explained; the ODM extras only for ODM.
  await expect(panel.getByRole('radio')).toHaveCount(4);
  await expect(panel.getByRole('radio', { name: /^ODM 1\.3\.2 ClinicalData/ })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: /^Записи аудита/ })).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: 'Подписи субъектов и визитов' })).toBeVisible();
  await expect(panel.getByRole('radio', { name: /^CDISC Dataset-JSON 1\.1/ })).toBeVisible();
  await expect(panel.getByRole('radio', { name: /^XLSX/ })).toBeVisible();
  await panel.getByRole('radio', { name: /^CSV \+ словарь данных/ }).check();
  await expect(panel.getByText('Таблица CSV на каждую форму и словарь с описанием переменных, в архиве ZIP')).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: /^Записи аудита/ })).toHaveCount(0);

  // A centre and a form status; visits and forms left empty (all).
  await addChoice(page, panel.getByRole('combobox', { name: 'Центры' }), CENTRE_01);
  await chooseOption(page, panel.getByRole('combobox', { name: 'Статус форм' }), 'Завершённые');

  const sent = page.waitForRequest((r) => r.url().endsWith('/api/DataExports') && r.method() === 'POST');
  const replied = page.waitForResponse((r) => r.url().endsWith('/api/DataExports') && r.request().method() === 'POST');
  await panel.getByRole('button', { name: 'Начать экспорт' }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ format: 'csv', formStatus: 'Complete', withAuditRecords: false, withSignatures: false });
  expect(body.researchOrganisationIds).toHaveLength(1);
  expect(body).not.toHaveProperty('visitIds');
  const job = ((await (await replied).json()) as { data: { name: string } }).data;
  expect(job.name).toMatch(/^DEMO-001-csv-.+\.zip$/);

  // Newest first, with who asked, and its status.
  const list = panel.getByRole('table', { name: 'Экспорты исследования' });
  await expect(list.getByTestId('export-row').first()).toContainText(job.name);
  const row = exportRow(page, job.name);
  await expect(row).toContainText('Администраторова Анна Сергеевна');
  await expect(row).toContainText('CSV + словарь данных');
  await expect(row.getByTestId('job-status')).toHaveText(/^(В очереди|Выполняется|Готово|Ошибка)$/);
});

test('a failed export shows its error in the list, without a download', async ({ page, request }) => {
  const admin = await apiAuth(request, 'admin@demo.test');
  const job = await postOk<{ id: string; name: string }>(request, admin, '/api/DataExports', { format: 'xlsx' });
  // Whatever the job's outcome, the list says it failed (the message comes from the server in the reader's language).
  await page.route(
    (url) => url.pathname === '/api/Jobs',
    async (route: Route) => {
      const reply = await route.fetch();
      const json = (await reply.json()) as { data: Record<string, unknown>[] };
      json.data = json.data.map((j) =>
        j.id === job.id
          ? { ...j, status: 'Failed', documentLink: null, error: { code: 'job_failed', message: 'Тестовая ошибка экспорта' } }
          : j,
      );
      await route.fulfill({ response: reply, json });
    },
  );
  await openDataExchange(page, 'admin@demo.test');
  const row = exportRow(page, job.name);
  await expect(row.getByTestId('job-status')).toHaveText('Ошибка');
  await expect(page.getByTestId('export-error-row').filter({ hasText: 'Тестовая ошибка экспорта' })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Скачать/ })).toHaveCount(0);
});

// Needs the export job (apps/server/src/modules/data-exchange/export): the export must end Done.
test('a CSV export ends Done and downloads as a zip', async ({ page }) => {
  test.setTimeout(150_000);
  await openDataExchange(page, 'admin@demo.test');
  const panel = page.getByRole('tabpanel', { name: 'Экспорт' });
  await panel.getByRole('radio', { name: /^CSV \+ словарь данных/ }).check();
  const replied = page.waitForResponse((r) => r.url().endsWith('/api/DataExports') && r.request().method() === 'POST');
  await panel.getByRole('button', { name: 'Начать экспорт' }).click();
  const job = ((await (await replied).json()) as { data: { name: string } }).data;
  const row = exportRow(page, job.name);
  await expect(row.getByTestId('job-status')).toHaveText('Готово', { timeout: JOB_TIMEOUT });
  await expect(row.getByTestId('export-summary')).toContainText('Субъектов:');

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Скачать «${job.name}»` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.zip$/);
  expect(fs.statSync((await file.path())!).size).toBeGreaterThan(0);
});

test('the import form refuses a file over 20 MB and keeps the file and the centre when a request fails', async ({
  page,
  request,
}) => {
  const admin = await apiAuth(request, 'admin@demo.test');
  const xml = await clinicalOdm(request, admin, await currentResearchId(request, admin));
  await openDataExchange(page, 'admin@demo.test');
  const panel = await openImport(page);
  const check = panel.getByRole('button', { name: 'Проверить (пробный запуск)' });
  const run = panel.getByRole('button', { name: 'Импортировать', exact: true });
  await expect(panel.getByTestId('import-file')).toHaveText('Файл не выбран');
  await expect(check).toBeDisabled();
  await expect(run).toBeDisabled();

  // Refused in the browser, nothing sent.
  const input = panel.getByTestId('import-file-input');
  await input.setInputFiles(xmlFile('huge.xml', `<ODM>${' '.repeat(21 * 1024 * 1024)}</ODM>`));
  await expect(panel.getByTestId('import-file-error')).toContainText('можно не больше 20 МБ');
  await expect(check).toBeDisabled();

  const fileName = `clinical-${SUFFIX}.xml`;
  await input.setInputFiles(xmlFile(fileName, xml));
  await expect(panel.getByTestId('import-file-error')).toHaveCount(0);
  await expect(panel.getByTestId('import-file')).toContainText(fileName);
  const centre = panel.getByRole('combobox', { name: 'Центр по умолчанию' });
  await chooseOption(page, centre, CENTRE_01);

  // The server refuses the request: the error is shown, the file and the centre stay for another try.
  await page.route('**/api/ClinicalData/Import', (route) =>
    route.fulfill({ status: 503, json: { errors: [{ code: 'unavailable', message: 'Сервис временно недоступен' }] } }),
  );
  await check.click();
  await expect(panel.getByTestId('import-start-error')).toContainText('Сервис временно недоступен');
  await expect(panel.getByTestId('import-file')).toContainText(fileName);
  await expect(centre).toHaveText(CENTRE_01);
  await expect(check).toBeEnabled();
  await page.unroute('**/api/ClinicalData/Import');

  // Again, to the server: the dry run is a job, followed on the page.
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/ClinicalData/Import') && r.method() === 'POST');
  await check.click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ fileName, xml, dryRun: true });
  expect(typeof body.researchOrganisationId).toBe('string');
  await expect(panel.getByTestId('import-start-error')).toHaveCount(0);
  await expect(panel.getByTestId('import-check')).toBeVisible();
  await expect(page.getByTestId('import-row').filter({ hasText: fileName }).first()).toContainText('Проверка');
});

/** A Done import job's report (clinicalImportReport) for the routed replies below. */
function fakeReport(dryRun: boolean) {
  return {
    dryRun,
    subjects: { created: 1, existing: 0, refused: dryRun ? 1 : 0 },
    visits: { created: 1, existing: 0 },
    forms: { created: 1, existing: 0 },
    values: { created: 1, unchanged: 0, refused: 1 },
    sites: [{ oid: SITE_OID, researchOrganisationId: null, subjects: 1 }],
    issues: Array.from({ length: 12 }, (_, i) => ({
      subjectKey: SUBJECT_KEY,
      oid: `${UNKNOWN_ITEM}.${i + 1}`,
      value: '1',
      code: 'odm_unknown_oid',
      message: 'Элемент не найден в дизайне',
    })),
    issuesTotal: 1012,
  };
}

/** A job reply (JobReply) of an import that this test makes up. */
function importJob(id: string, name: string, status: 'Queued' | 'Done', result: unknown) {
  const now = new Date().toISOString();
  return {
    id,
    researchId: '00000000-0000-7000-8000-000000000000',
    kind: 'clinical_import',
    status,
    progress: status === 'Done' ? 100 : 0,
    processed: null,
    total: null,
    name,
    attempts: status === 'Done' ? 1 : 0,
    createdAt: now,
    startedAt: status === 'Done' ? now : null,
    finishedAt: status === 'Done' ? now : null,
    createdBy: null,
    params: { dryRun: false },
    documentId: null,
    documentLink: null,
    sizeBytes: null,
    error: null,
    result,
  };
}

test('the dry run report: the unmatched site gets a centre, the issues are paged, the import sends the same file', async ({
  page,
  request,
}) => {
  const admin = await apiAuth(request, 'admin@demo.test');
  const xml = await clinicalOdm(request, admin, await currentResearchId(request, admin));
  const runId = '00000000-0000-7000-8000-00000000e2e1';
  // The check goes to the server and its job is read as Done with a report; the real run does not reach the
  // server (this test writes nothing): its job is made up here.
  await page.route('**/api/ClinicalData/Import', async (route) => {
    const body = route.request().postDataJSON() as { dryRun: boolean; fileName: string };
    if (body.dryRun) return route.fallback();
    return route.fulfill({ json: { data: importJob(runId, body.fileName, 'Queued', null) } });
  });
  await page.route('**/api/Jobs/*', async (route) => {
    if (route.request().url().endsWith(runId))
      return route.fulfill({ json: { data: importJob(runId, `report-${SUFFIX}.xml`, 'Done', fakeReport(false)) } });
    const reply = await route.fetch();
    const json = (await reply.json()) as { data: Record<string, unknown> };
    json.data = { ...json.data, status: 'Done', progress: 100, error: null, result: fakeReport(true) };
    return route.fulfill({ response: reply, json });
  });

  await openDataExchange(page, 'admin@demo.test');
  const panel = await openImport(page);
  await panel.getByTestId('import-file-input').setInputFiles(xmlFile(`report-${SUFFIX}.xml`, xml));
  await panel.getByRole('button', { name: 'Проверить (пробный запуск)' }).click();

  const report = panel.getByTestId('import-report-dry');
  await expect(report.getByRole('heading', { name: 'Результат проверки — данные не записаны' })).toBeVisible();
  await expect(report.getByTestId('import-count-subjects')).toContainText('Субъекты');
  const site = report.getByTestId('import-site').filter({ hasText: SITE_OID });
  await expect(site).toContainText('Не сопоставлен: субъекты будут отклонены');
  await expect(report.getByTestId('import-issue')).toHaveCount(10);
  await expect(report.getByTestId('import-issues-more')).toHaveText('Ещё 1 000 не показаны');
  await report.getByRole('button', { name: 'Следующая страница' }).click();
  await expect(report.getByTestId('import-issue')).toHaveCount(2);

  await chooseOption(page, site.getByRole('combobox', { name: `Центр исследования для ${SITE_OID}` }), CENTRE_01);
  await expect(site).not.toContainText('Не сопоставлен');
  await expect(panel.getByText(/^Центры изменены после проверки/)).toBeVisible();

  const sent = page.waitForRequest((r) => r.url().endsWith('/api/ClinicalData/Import') && r.method() === 'POST');
  await panel.getByRole('button', { name: 'Импортировать', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Импортировать данные?' });
  await confirm.getByRole('button', { name: 'Импортировать' }).click();
  const body = (await sent).postDataJSON() as { dryRun: boolean; xml: string; centres: Record<string, string> };
  expect(body.dryRun).toBe(false);
  expect(body.xml).toBe(xml);
  expect(Object.keys(body.centres)).toEqual([SITE_OID]);
  await expect(panel.getByTestId('import-report').getByRole('heading', { name: 'Результат импорта' })).toBeVisible();
  await expect(panel.getByText('Импорт завершён. Чтобы загрузить ещё данные, выберите другой файл.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Импортировать', exact: true })).toBeDisabled();
});

// Needs the import job (apps/server/src/modules/data-exchange/import): the dry run and the import must end Done.
test('a dry run reports the unknown site and item; the import runs with the chosen centre', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await apiAuth(request, 'admin@demo.test');
  const xml = await clinicalOdm(request, admin, await currentResearchId(request, admin));
  await openDataExchange(page, 'admin@demo.test');
  const panel = await openImport(page);
  await panel.getByTestId('import-file-input').setInputFiles(xmlFile(`real-${SUFFIX}.xml`, xml));
  await panel.getByRole('button', { name: 'Проверить (пробный запуск)' }).click();

  const report = panel.getByTestId('import-report-dry');
  await expect(report).toBeVisible({ timeout: JOB_TIMEOUT });
  await expect(report.getByTestId('import-count-subjects')).toBeVisible();
  // The site is unknown: its subject is refused, and said so.
  const site = report.getByTestId('import-site').filter({ hasText: SITE_OID });
  await expect(site).toContainText('Не сопоставлен');
  await expect(report.getByTestId('import-issue').filter({ hasText: SUBJECT_KEY }).first()).toBeVisible();

  // With a centre for the site, the check reaches the values: the unknown item is refused.
  await chooseOption(page, site.getByRole('combobox', { name: `Центр исследования для ${SITE_OID}` }), CENTRE_01);
  await panel.getByRole('button', { name: 'Проверить (пробный запуск)' }).click();
  await expect(report.getByTestId('import-issue').filter({ hasText: UNKNOWN_ITEM })).toHaveCount(1, { timeout: JOB_TIMEOUT });
  await expect(site).not.toContainText('Не сопоставлен');

  await panel.getByRole('button', { name: 'Импортировать', exact: true }).click();
  await page.getByRole('dialog', { name: 'Импортировать данные?' }).getByRole('button', { name: 'Импортировать' }).click();
  const result = panel.getByTestId('import-report');
  await expect(result.getByRole('heading', { name: 'Результат импорта' })).toBeVisible({ timeout: JOB_TIMEOUT });
  await expect(result.getByTestId('import-count-subjects')).toBeVisible();
  await expect(result.getByTestId('import-site').filter({ hasText: SITE_OID })).toContainText(CENTRE_01);
});

test('QA exports but does not import; a site sees no data exchange', async ({ page }) => {
  await openDataExchange(page, 'qa@demo.test');
  await expect(page.getByRole('tab', { name: 'Экспорт' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Импорт' })).toHaveCount(0);
  // The research is the employee's: no research picker.
  await expect(page.getByRole('combobox', { name: 'Исследование' })).toHaveCount(0);

  await signOut(page);
  await signIn(page, 'site@demo.test');
  await page.goto('/dataExchange');
  await expect(page.getByRole('heading', { level: 1, name: 'Обмен данными' })).toBeVisible();
  await expect(page.getByText('Нет прав на экспорт или импорт данных')).toBeVisible();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the export and import tabs fit the phone', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.goto('/dataExchange');
    await expect(page.getByRole('heading', { level: 1, name: 'Обмен данными' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Начать экспорт' })).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('tab', { name: 'Импорт' }).click();
    await expect(page.getByRole('button', { name: 'Проверить (пробный запуск)' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
