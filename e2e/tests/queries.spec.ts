import fs from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signIn } from '../support/app';
import { apiAuth, currentResearchId, postOk, visitIdByKey } from '../support/api';
import { browserDate } from '../support/dates';

// The queries page (/queries; spec operations sections 2, 4, 6, 8, 9): QA sees the notes of the research, starts
// with its own ('my queries'), filters them by status and screening number (kept in the address), downloads
// the report and opens a note's field on the subject visit page; a site of another centre sees none of them;
// a 390 px phone gets cards. A fixture makes a subject of its own at site 01 with a value and a QA note on it,
// so the spec stands alone; the demo seed's notes (QA, DM and KIO on S-001) are there besides.

const SUFFIX = Date.now().toString(36).slice(-5).toUpperCase();
const SUBJECT = `E2E-Q-${SUFFIX}`;
const NOTE = `Проверьте рост (${SUFFIX})`;
/** A second note of the fixture, closed by QA. */
const CLOSED_NOTE = `Проверьте массу тела (${SUFFIX})`;
const SHOTS = process.env.E2E_SHOTS_DIR;

const ids: { subjectVisit?: string; subjectForm?: string; subjectFormField?: string } = {};

test.describe.configure({ mode: 'serial' });

interface FormReply {
  id: string;
  subjectFormSectionList: { subjectFormFieldList: { id: string; formField: { text: string } }[] }[];
}

async function makeNote(request: APIRequestContext) {
  const site = await apiAuth(request, 'site@demo.test');
  const admin = await apiAuth(request, 'admin@demo.test');
  const qa = await apiAuth(request, 'qa@demo.test');
  const researchId = await currentResearchId(request, site);
  const subject = await postOk(request, site, '/api/Subjects', {
    genderString: 'Female',
    birthDate: '1990-05-06',
    screenDate: browserDate(-2),
    screeningNumber: SUBJECT,
  });
  const visit = await postOk(request, site, '/api/SubjectsVisit', {
    date: browserDate(-2),
    subjectId: subject.id,
    visitId: await visitIdByKey(request, admin, researchId, 'SCR'),
  });
  const page = (await (await request.get(`/api/SubjectsVisit/${visit.id}`, { headers: site })).json()) as {
    data: { availableFormList: { id: string; title: string }[] };
  };
  const demography = page.data.availableFormList.find((f) => f.title === 'Демография');
  expect(demography, 'the screening visit offers Демография').toBeDefined();
  const form = await postOk<FormReply>(request, site, '/api/SubjectsForm', {
    formId: demography!.id,
    subjectVisitId: visit.id,
  });
  const field = (text: string) => {
    const found = form.subjectFormSectionList.flatMap((s) => s.subjectFormFieldList).find((f) => f.formField.text === text);
    expect(found, `the form has ${text}`).toBeDefined();
    return found!;
  };
  const height = field('Рост');
  const weight = field('Масса тела');
  await postOk(request, site, '/api/ItemData', { subjectFormFieldId: height.id, data: '250' });
  await postOk(request, site, '/api/ItemData', { subjectFormFieldId: weight.id, data: '70' });
  await postOk(request, qa, '/api/ItemNote/AddQaItemNote', { subjectFormFieldId: height.id, note: NOTE });
  const closed = await postOk(request, qa, '/api/ItemNote/AddQaItemNote', { subjectFormFieldId: weight.id, note: CLOSED_NOTE });
  await postOk(request, qa, `/api/ItemNote/${closed.id}/Close`, {});
  ids.subjectVisit = visit.id;
  ids.subjectForm = form.id;
  ids.subjectFormField = height.id;
}

test.beforeAll(async ({ request }) => {
  await makeNote(request);
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
});

const rows = (page: Page) => page.getByTestId('query-row');
const ourRow = (page: Page) => rows(page).filter({ hasText: NOTE });
const statusBox = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Статус' }).getByRole('checkbox', { name, exact: true });

/** A filter's checkbox or switch: its state comes back from the address a moment after the click. */
async function setChecked(box: Locator, on: boolean) {
  await box.click();
  if (on) await expect(box).toBeChecked();
  else await expect(box).not.toBeChecked();
}

async function openQueries(page: Page) {
  const reply = page.waitForResponse((r) => r.url().includes('/api/ItemNote/FilteredList') && r.request().method() === 'GET');
  await page.goto('/queries');
  expect((await reply).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Запросы' })).toBeVisible();
}

test('QA filters the notes, downloads the report and opens a note on its field', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'qa@demo.test');
  // The side menu leads here.
  await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Запросы', exact: true }).click();
  await expect(page).toHaveURL(/\/queries$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Запросы' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' })).toContainText('Запросы');

  // QA starts with its own queries: its note is there, the DM and KIO notes of others are not.
  const mine = page.getByRole('switch', { name: 'Мои запросы' });
  await expect(mine).toBeChecked();
  await expect(ourRow(page)).toHaveCount(1);
  await expect(ourRow(page)).toContainText(SUBJECT);
  await expect(ourRow(page)).toContainText('Замечание ОКК');
  await expect(ourRow(page)).toContainText('Новое');
  await expect(ourRow(page)).toContainText('Создано сегодня');
  await expect(ourRow(page)).toContainText('Скрининг');
  await expect(ourRow(page)).toContainText('Демография');
  await expect(rows(page).filter({ hasText: 'Замечание ДМ' })).toHaveCount(0);
  await expect(page.getByTestId('notes-statistic')).toBeVisible();

  // Everyone's notes: the demo's DM and KIO notes join.
  await setChecked(mine, false);
  await expect(page).toHaveURL(/[?&]mine=0/);
  await expect(rows(page).filter({ hasText: 'Замечание ДМ' }).first()).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Замечание КИО' }).first()).toBeVisible();
  await expect(rows(page).filter({ hasText: 'S-001' }).first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/queries-1280.png`, fullPage: true });

  // By status: none of the closed ones is ours; the new ones hold it.
  await setChecked(statusBox(page, 'Закрыто'), true);
  await expect(page).toHaveURL(/noteStatusList=Closed/);
  await expect(ourRow(page)).toHaveCount(0);
  const closedRow = rows(page).filter({ hasText: CLOSED_NOTE });
  await expect(closedRow).toHaveCount(1);
  await expect(closedRow).toContainText('Закрыто в день создания');
  for (const status of await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-status'))))
    expect(status).toBe('Closed');
  await setChecked(statusBox(page, 'Закрыто'), false);
  await setChecked(statusBox(page, 'Новое'), true);
  await expect(ourRow(page)).toHaveCount(1);
  await expect(page.locator('[data-testid="query-row"]:not([data-status="New"])')).toHaveCount(0);

  // By screening number (debounced): only the fixture's subject.
  const list = page.waitForResponse((r) => r.url().includes(`screeningNumber=${SUBJECT}`));
  await page.getByRole('searchbox', { name: 'Скрининговый номер' }).fill(SUBJECT);
  await list;
  await expect(rows(page)).toHaveCount(1);
  await expect(ourRow(page)).toHaveCount(1);

  // The filters live in the address: a reload keeps them.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Скрининговый номер' })).toHaveValue(SUBJECT);
  await expect(statusBox(page, 'Новое')).toBeChecked();
  await expect(rows(page)).toHaveCount(1);

  // The report: an XLSX file of the filtered notes.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Сформировать отчёт' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = fs.readFileSync(await file.path());
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

  // A row is a link to the field (focus and Enter).
  const link = ourRow(page).getByRole('link', { name: `Открыть поле «Рост» субъекта ${SUBJECT}` });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(
      `/subjectVisit/${ids.subjectVisit}\\?subjectFormId=${ids.subjectForm}&subjectFormFieldId=${ids.subjectFormField}$`,
    ),
  );
  // The visit page opens the note's form at its field.
  await expect(page.getByRole('dialog', { name: new RegExp(`^${SUBJECT} / Скрининг / Демография`) })).toBeVisible();

  // Back: the page and its filters as they were.
  await page.goBack();
  await expect(page).toHaveURL(/\/queries\?/);
  await expect(page.getByRole('searchbox', { name: 'Скрининговый номер' })).toHaveValue(SUBJECT);
  await expect(ourRow(page)).toHaveCount(1);
});

test('a site of another centre sees none of the notes of site 01', async ({ page }) => {
  await signIn(page, 'site2@demo.test');
  await openQueries(page);
  // Sites start with everyone's notes of their centre.
  await expect(page.getByRole('switch', { name: 'Мои запросы' })).not.toBeChecked();
  await expect(page.getByText('Записи отсутствуют', { exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  // No centre filter for a site.
  await expect(page.getByRole('combobox', { name: 'Центр' })).toHaveCount(0);
});

test('at 390 px the notes are cards and the filters fold away', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'qa@demo.test');
  await openQueries(page);
  const cards = page.getByTestId('query-card');
  await expect(cards.filter({ hasText: NOTE })).toHaveCount(1);
  await expect(rows(page)).toHaveCount(0);
  // The filters are folded: open them and narrow to the fixture's subject.
  const toggle = page.getByRole('button', { name: 'Показать фильтры' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await page.getByRole('searchbox', { name: 'Скрининговый номер' }).fill(SUBJECT);
  await expect(cards).toHaveCount(2);
  // Nothing wider than the screen.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/queries-390.png`, fullPage: true });
  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/subjectVisit/${ids.subjectVisit}\\?subjectFormId=`));
});
