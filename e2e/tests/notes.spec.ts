import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signIn } from '../support/app';
import { apiAuth, currentResearchId, postOk, visitIdByKey } from '../support/api';
import { browserDate } from '../support/dates';

// Notes (queries) in the subject form (spec operations sections 2 to 6; docs/queries-and-validation.md): QA
// raises a query on a value of a complete, unsigned visit; the site opens the field from the queries page's
// link and answers with a change of the value and its reason; QA closes the query. At 390 px the site answers
// another query in full-screen dialogs. A fixture makes a subject of its own through the API (DEMO-001's
// design, no change to it) with a screening visit whose vital-signs form is complete.

const SUFFIX = Date.now().toString(36).slice(-5).toUpperCase();
const SUBJECT = `E2E-NT-${SUFFIX}`;
const FORM = 'Жизненно важные показатели';
const SYSTOLIC = 'Систолическое АД';
const DIASTOLIC = 'Диастолическое АД';
const VALUES: Record<string, string> = {
  'Время измерения': '09:30',
  [SYSTOLIC]: '120',
  [DIASTOLIC]: '80',
  ЧСС: '72',
  'Температура тела': '36.6',
};

interface FieldReply {
  id: string;
  formField: { text: string };
}
interface SectionReply {
  id: string;
  version: number;
  subjectFormFieldList: FieldReply[];
}
interface FormReply {
  id: string;
  version: number;
  subjectFormSectionList: SectionReply[];
}

const ids: { visit?: string; form?: string; fields: Record<string, string> } = { fields: {} };

async function readForm(request: APIRequestContext, headers: Record<string, string>, id: string): Promise<FormReply> {
  const reply = await request.get(`/api/SubjectsForm/${id}`, { headers });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { data: FormReply }).data;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const site = await apiAuth(request, 'site@demo.test');
  const admin = await apiAuth(request, 'admin@demo.test');
  const researchId = await currentResearchId(request, site);
  const subject = await postOk(request, site, '/api/Subjects', {
    genderString: 'Male',
    birthDate: '1980-01-02',
    screenDate: browserDate(-4),
    screeningNumber: SUBJECT,
  });
  const visit = await postOk(request, site, '/api/SubjectsVisit', {
    date: browserDate(-4),
    subjectId: subject.id,
    visitId: await visitIdByKey(request, admin, researchId, 'SCR'),
  });
  ids.visit = visit.id;
  const page = (await (await request.get(`/api/SubjectsVisit/${visit.id}`, { headers: site })).json()) as {
    data: { availableFormList: { id: string; title: string }[] };
  };
  const design = page.data.availableFormList.find((f) => f.title === FORM);
  expect(design, FORM).toBeDefined();
  const created = await postOk<FormReply>(request, site, '/api/SubjectsForm', { formId: design!.id, subjectVisitId: visit.id });
  ids.form = created.id;
  // Every value, each section confirmed, the form complete: the visit is complete and unsigned.
  for (const section of created.subjectFormSectionList) {
    for (const field of section.subjectFormFieldList) {
      ids.fields[field.formField.text] = field.id;
      const data = VALUES[field.formField.text];
      if (data) await postOk(request, site, '/api/ItemData', { subjectFormFieldId: field.id, data });
    }
  }
  for (const section of (await readForm(request, site, created.id)).subjectFormSectionList) {
    const changed = await postOk<{ version: number }>(request, site, `/api/SubjectsFormSection/${section.id}/ChangeStatus`, {
      status: 'Completed',
      version: section.version,
    });
    await postOk(request, site, `/api/SubjectsFormSection/${section.id}/Complete`, { version: changed.version });
  }
  const form = await readForm(request, site, created.id);
  await postOk(request, site, `/api/SubjectsForm/${created.id}/Complete`, { version: form.version });
  expect(ids.fields[SYSTOLIC]).toBeDefined();
});

const formDialog = (page: Page) => page.getByRole('dialog', { name: new RegExp(`^${SUBJECT} / `) });
const row = (scope: Locator, text: string) => scope.locator(`[data-testid="field-row"][data-field="${text}"]`);
const badge = (scope: Locator, text: string) => row(scope, text).getByTestId('note-badge');
const historyDialog = (page: Page, field: string) => page.getByRole('dialog', { name: `Замечания: ${field}` });
/** The queries page's link to a field: the visit page opens the form at the field. */
const fieldLink = (field: string) =>
  `/subjectVisit/${ids.visit}?subjectFormId=${ids.form}&subjectFormFieldId=${ids.fields[field]}`;

/** Waits for the notes call (`path` in its URL) that `action` starts; its status must be 200. */
async function noteCall(page: Page, path: string, action: () => Promise<unknown>) {
  const reply = page.waitForResponse(
    (r) => r.url().includes(`/api/ItemNote/`) && r.url().includes(path) && r.request().method() === 'POST',
  );
  await action();
  const response = await reply;
  expect(response.status(), await response.text()).toBe(200);
}

test('QA raises a query on a value of a complete visit', async ({ page }) => {
  await signIn(page, 'qa@demo.test');
  await page.goto(`/subjectVisit/${ids.visit}`);
  await page.getByRole('button', { name: `Открыть форму «${FORM}»` }).click();
  const dialog = formDialog(page);
  await expect(dialog).toBeVisible();
  await expect(badge(dialog, SYSTOLIC)).toHaveCount(0);

  await row(dialog, SYSTOLIC)
    .getByRole('button', { name: `Действия с полем «${SYSTOLIC}»` })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Замечания (0)' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Добавить замечание' }).click();
  const add = page.getByRole('dialog', { name: 'Добавить замечание' });
  await expect(add.getByTestId('note-type')).toHaveText('Замечание ОКК');
  const text = add.getByRole('textbox', { name: 'Текст замечания' });
  await expect(text).toBeFocused();
  // The text is required.
  await add.getByRole('button', { name: 'Сохранить' }).click();
  await expect(add.getByText('Введите текст')).toBeVisible();
  await text.fill('Систолическое АД 120 при ЧСС 72: проверьте по первичной документации');
  await noteCall(page, 'AddQaItemNote', () => add.getByRole('button', { name: 'Сохранить' }).click());
  await expect(add).toBeHidden();

  // The field's indicator: one note, New (red); it opens the history.
  await expect(badge(dialog, SYSTOLIC)).toHaveAttribute('data-status', 'New');
  await expect(badge(dialog, SYSTOLIC)).toHaveText('1');
  await badge(dialog, SYSTOLIC).click();
  const history = historyDialog(page, SYSTOLIC);
  await expect(history.getByTestId('note')).toHaveCount(1);
  await expect(history.getByTestId('note-status')).toHaveText('Новое');
  await expect(history.getByTestId('note-age')).toHaveText('Создано сегодня');
  await expect(history.getByTestId('note-entry')).toContainText('проверьте по первичной документации');
  // Sites answer queries, QA does not.
  await expect(history.getByRole('button', { name: 'Ответить' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('subject-form-card').filter({ hasText: FORM });
  await expect(card.getByTestId('note-indicator')).toHaveAttribute('data-status', 'New');
  await expect(card.getByRole('img', { name: 'Замечания: Новое' })).toBeVisible();
});

test('the site opens the field from the link and answers with a new value and the reason', async ({ page }) => {
  await signIn(page, 'site@demo.test');
  await page.goto(fieldLink(SYSTOLIC));
  const dialog = formDialog(page);
  await expect(dialog).toBeVisible();
  await expect(row(dialog, SYSTOLIC)).toBeInViewport();
  await badge(dialog, SYSTOLIC).click();
  const history = historyDialog(page, SYSTOLIC);
  await expect(history.getByTestId('note-status')).toHaveText('Новое');
  await history.getByRole('button', { name: 'Ответить' }).click();

  const answer = page.getByRole('dialog', { name: 'Ответ на замечание' });
  const text = answer.getByRole('textbox', { name: 'Ответ' });
  await expect(text).toBeFocused();
  await answer.getByRole('button', { name: 'Значение отредактировано' }).click();
  await expect(text).toHaveValue('Значение отредактировано');
  await answer.getByRole('checkbox', { name: 'Изменить значение поля' }).check();
  await expect(answer.getByTestId('answer-current')).toHaveText('120');
  const value = answer.getByTestId('answer-value').locator('input.field-input');
  await value.fill('125');
  // Enter in the value does not send the answer.
  await value.press('Enter');
  await expect(answer).toBeVisible();
  await answer.getByRole('button', { name: 'Ответить' }).click();
  await expect(answer.getByText('Заполните поле')).toBeVisible();
  await answer.getByRole('button', { name: 'Ошибка ввода' }).click();
  await expect(answer.getByTestId('answer-reason')).toHaveValue('Ошибка ввода');
  await noteCall(page, '/Answer', () => answer.getByRole('button', { name: 'Ответить' }).click());
  await expect(answer).toBeHidden();

  await expect(history.getByTestId('note-status')).toHaveText('Предложено решение');
  await expect(history.getByTestId('note-entry').filter({ hasText: 'Значение отредактировано' })).toContainText(
    'Данные изменены',
  );
  await history.getByRole('button', { name: 'Закрыть', exact: true }).click();
  await expect(history).toBeHidden();
  // The value in the form is the answer's.
  await expect(row(dialog, SYSTOLIC).locator('input.field-input')).toHaveValue('125');
  await expect(badge(dialog, SYSTOLIC)).toHaveAttribute('data-status', 'ResolutionProposed');

  // Closing the form drops the link's parameters.
  await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/subjectVisit/${ids.visit}$`));
});

test('QA closes the answered query', async ({ page }) => {
  await signIn(page, 'qa@demo.test');
  await page.goto(fieldLink(SYSTOLIC));
  const dialog = formDialog(page);
  await badge(dialog, SYSTOLIC).click();
  const history = historyDialog(page, SYSTOLIC);
  await expect(history.getByTestId('note-status')).toHaveText('Предложено решение');
  await history.getByRole('button', { name: 'Закрыть замечание' }).click();
  const close = page.getByRole('dialog', { name: 'Закрыть замечание' });
  await expect(close.getByRole('radio', { name: 'Закрыто' })).toBeChecked();
  await close.getByRole('textbox', { name: 'Комментарий (необязательно)' }).fill('Исправление принято');
  await noteCall(page, '/Close', () => close.getByRole('button', { name: 'Закрыть замечание' }).click());
  await expect(close).toBeHidden();
  await expect(history.getByTestId('note-status')).toHaveText('Закрыто');
  await expect(history.getByTestId('note-age')).toHaveText('Закрыто в день создания');
  await expect(history.getByRole('button', { name: 'Закрыть замечание' })).toHaveCount(0);
  await history.getByRole('button', { name: 'Закрыть', exact: true }).click();
  await expect(badge(dialog, SYSTOLIC)).toHaveAttribute('data-status', 'Closed');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the site answers a query in full-screen dialogs', async ({ page, request }) => {
    const qa = await apiAuth(request, 'qa@demo.test');
    await postOk(request, qa, '/api/ItemNote/AddQaItemNote', {
      subjectFormFieldId: ids.fields[DIASTOLIC],
      note: 'Диастолическое АД: подтвердите значение',
    });
    await signIn(page, 'site@demo.test');
    await page.goto(fieldLink(DIASTOLIC));
    const dialog = formDialog(page);
    await expect(row(dialog, DIASTOLIC)).toBeInViewport();
    await badge(dialog, DIASTOLIC).click();
    const history = historyDialog(page, DIASTOLIC);
    await expect(history).toBeVisible();
    expect((await history.boundingBox())?.width).toBe(390);
    await history.getByRole('button', { name: 'Ответить' }).click();

    const answer = page.getByRole('dialog', { name: 'Ответ на замечание' });
    expect((await answer.boundingBox())?.width).toBe(390);
    await expect(answer.getByRole('textbox', { name: 'Ответ' })).toBeFocused();
    await answer.getByRole('button', { name: 'Значение верно' }).click();
    const send = answer.getByRole('button', { name: 'Ответить' });
    await send.scrollIntoViewIfNeeded();
    await expect(send).toBeInViewport();
    await noteCall(page, '/Answer', () => send.click());
    await expect(answer).toBeHidden();
    await expect(history.getByTestId('note-status')).toHaveText('Предложено решение');
    await expect(history.getByTestId('value-changed')).toHaveCount(0);
    // The answer's button is gone with the answer: the focus is on the answered note, and Esc closes the history.
    await expect(history.getByTestId('note').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
    await expect(badge(dialog, DIASTOLIC)).toHaveAttribute('data-status', 'ResolutionProposed');
  });
});
