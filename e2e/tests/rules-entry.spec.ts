import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signIn } from '../support/app';
import { apiAuth, currentResearchId, postOk, visitIdByKey } from '../support/api';
import { browserDate } from '../support/dates';

// Rules in the subject form (docs/rules.md "Actions"; spec operations sections 4 and 7): the demo design's BMI
// rule (InsertAction) proposes the calculated body mass index after height and weight, the site accepts it
// (saved, still there after a reload); Calculate proposes it again on demand after a change of the weight, on a
// 390 px phone with the keyboard; the systolic pressure edit check (NoteAction, outside 90–160) raises an Auto
// note on the field, which closes itself once the value is normal again. A fixture makes a subject of its own
// with a screening visit (DEMO-001's design and rules, no change to them).

const SUFFIX = Date.now().toString(36).slice(-5).toUpperCase();
const SUBJECT = `E2E-RE-${SUFFIX}`;
const DM = 'Демография';
const VS = 'Жизненно важные показатели';
const BMI = 'Индекс массы тела';
const SYSTOLIC = 'Систолическое АД';
const SHOTS = process.env.RULES_ENTRY_SHOTS;

const ids: { visit?: string; weight?: string; weightData?: string } = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const site = await apiAuth(request, 'site@demo.test');
  const admin = await apiAuth(request, 'admin@demo.test');
  const researchId = await currentResearchId(request, site);
  const subject = await postOk(request, site, '/api/Subjects', {
    genderString: 'Male',
    birthDate: '1979-05-06',
    screenDate: browserDate(-2),
    screeningNumber: SUBJECT,
  });
  const visit = await postOk(request, site, '/api/SubjectsVisit', {
    date: browserDate(-2),
    subjectId: subject.id,
    visitId: await visitIdByKey(request, admin, researchId, 'SCR'),
  });
  ids.visit = visit.id;
});

const formDialog = (page: Page) => page.getByRole('dialog', { name: new RegExp(`^${SUBJECT} / `) });
const row = (scope: Locator, text: string) => scope.locator(`[data-testid="field-row"][data-field="${text}"]`);
const input = (scope: Locator, text: string) => row(scope, text).locator('input.field-input').first();
const badge = (scope: Locator, text: string) => row(scope, text).getByTestId('note-badge');

/** Waits for the value's save (POST /ItemData...) that `action` starts; returns the reply's body. */
async function saving(page: Page, action: () => Promise<unknown>) {
  const reply = page.waitForResponse((r) => /\/api\/ItemData/.test(r.url()) && r.request().method() === 'POST');
  await action();
  const response = await reply;
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { itemData: { id: string }; proposals?: { value: string }[] } }).data;
}

async function type(page: Page, scope: Locator, field: string, value: string) {
  return saving(page, async () => {
    await input(scope, field).fill(value);
    await input(scope, field).press('Tab');
  });
}

async function addForm(page: Page, title: string) {
  await page.getByRole('button', { name: 'Добавить форму' }).click();
  await page.getByRole('menuitem', { name: title, exact: true }).click();
  const dialog = formDialog(page);
  await expect(dialog.getByRole('heading', { level: 2 })).toContainText(title);
  return dialog;
}

test('the site accepts the BMI the rule proposes after height and weight', async ({ page }) => {
  await signIn(page, 'site@demo.test');
  await page.goto(`/subjectVisit/${ids.visit}`);
  const dm = await addForm(page, DM);
  // Nothing is proposed before the rule has its values.
  await type(page, dm, 'Рост', '180');
  await expect(row(dm, BMI).getByTestId('proposal')).toHaveCount(0);
  const saved = await type(page, dm, 'Масса тела', '80');
  ids.weightData = saved.itemData.id;
  ids.weight = (await row(dm, 'Масса тела').getAttribute('data-field-id'))!;
  expect(saved.proposals?.[0]?.value).toBe('24.7');

  // 80 / 1.8² = 24.69 → 24.7: proposed, not stored.
  const proposal = row(dm, BMI).getByTestId('proposal');
  await expect(proposal.getByTestId('proposal-text')).toHaveText('Получено значение: «24,7»');
  await expect(proposal.getByTestId('proposal-current')).toHaveCount(0);
  await expect(input(dm, BMI)).toHaveValue('');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/rule-proposal-1280.png` });
  await saving(page, () => proposal.getByRole('button', { name: 'Принять' }).click());
  await expect(proposal).toHaveCount(0);
  await expect(input(dm, BMI)).toHaveValue('24,7');
  await expect(input(dm, BMI)).toBeFocused();

  // Stored: a reload shows it, and Calculate has nothing new to propose.
  // The form stays open across the reload (its id is in the address).
  await page.reload();
  const again = formDialog(page);
  await expect(input(again, BMI)).toHaveValue('24,7');
  await row(again, BMI).getByRole('button', { name: 'Рассчитать' }).click();
  const none = row(again, BMI).getByTestId('proposal');
  await expect(none).toContainText('Значение не рассчитано');
  await expect(none.getByRole('button', { name: 'Закрыть' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(none).toHaveCount(0);
  await expect(row(again, BMI).getByRole('button', { name: 'Рассчитать' })).toBeVisible();
});

test('an out-of-range systolic pressure raises an Auto note, which a normal value closes', async ({ page }) => {
  await signIn(page, 'site@demo.test');
  await page.goto(`/subjectVisit/${ids.visit}`);
  const vs = await addForm(page, VS);
  await type(page, vs, SYSTOLIC, '175');
  await expect(badge(vs, SYSTOLIC)).toHaveAttribute('data-status', 'New');
  await expect(badge(vs, SYSTOLIC)).toHaveText('1');
  await badge(vs, SYSTOLIC).click();
  const history = page.getByRole('dialog', { name: `Замечания: ${SYSTOLIC}` });
  await expect(history.getByTestId('note')).toHaveCount(1);
  await expect(history.getByTestId('note-status')).toHaveText('Новое');
  await expect(history).toContainText('Автоматическое замечание');
  await expect(history.getByTestId('note-entry').first()).toContainText('Систолическое АД вне диапазона 90–160');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // A normal value (a change: its reason) closes the note by itself.
  await input(vs, SYSTOLIC).fill('125');
  await input(vs, SYSTOLIC).press('Tab');
  const reason = page.getByRole('dialog', { name: 'Изменение данных' });
  await reason.getByRole('button', { name: 'Ошибка ввода' }).click();
  await saving(page, () => reason.getByRole('button', { name: 'Сохранить' }).click());
  await expect(badge(vs, SYSTOLIC)).toHaveAttribute('data-status', 'Closed');
  await badge(vs, SYSTOLIC).click();
  await expect(history.getByTestId('note-status')).toHaveText('Закрыто');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Calculate proposes the new BMI after a change of the weight; accepted with the keyboard', async ({ page, request }) => {
    const site = await apiAuth(request, 'site@demo.test');
    await postOk(request, site, '/api/ItemData/WithReason', {
      subjectFormFieldId: ids.weight,
      data: '90',
      reasonForChange: 'Ошибка ввода',
      currentItemDataId: ids.weightData,
    });
    await signIn(page, 'site@demo.test');
    await page.goto(`/subjectVisit/${ids.visit}`);
    await page.getByRole('button', { name: `Открыть форму «${DM}»` }).click();
    const dm = formDialog(page);
    await expect(input(dm, 'Масса тела')).toHaveValue('90');
    const calculate = row(dm, BMI).getByRole('button', { name: 'Рассчитать' });
    await calculate.scrollIntoViewIfNeeded();
    await calculate.focus();
    await page.keyboard.press('Enter');

    // 90 / 1.8² = 27.78 → 27.8, with the current value beside it; Accept takes the focus.
    const proposal = row(dm, BMI).getByTestId('proposal');
    await expect(proposal.getByTestId('proposal-text')).toHaveText('Получено значение: «27,8»');
    await expect(proposal.getByTestId('proposal-current')).toHaveText('Текущее значение: «24,7»');
    const accept = proposal.getByRole('button', { name: 'Принять' });
    await expect(accept).toBeFocused();
    await expect(accept).toBeInViewport();
    const box = await proposal.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/rule-proposal-390.png` });

    // A change outside a confirmed section: saved with the reason 'Рассчитано правилом', no dialog.
    const reply = page.waitForResponse((r) => r.url().endsWith('/api/ItemData/WithReason'));
    await page.keyboard.press('Enter');
    const response = await reply;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({ data: '27.8', reasonForChange: 'Рассчитано правилом' });
    await expect(proposal).toHaveCount(0);
    await expect(input(dm, BMI)).toHaveValue('27,8');
    await expect(row(dm, BMI)).toContainText('Значение получено; прежнее значение: «24,7»');
  });
});
