import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { signIn, signOut, toast } from '../support/app';
import { apiAuth, postOk } from '../support/api';

// QA validation of the design (issue 21; docs/qa-validation.md) on the demo's DEMO-001 version 1.1, which the
// seed leaves under validation: qa@demo.test opens a form from qaValidation/visits with qaVisitId, qaFormId and
// formFieldId and raises a note on that field; admin@demo.test sees it beside the field in the form editor and answers; QA closes it and
// validates the form; the administrator cannot start testing while anything is not validated, then can. The
// version is put back under validation at the end, as the seed left it.

test.describe.configure({ mode: 'serial' });

const NOTE = `Уточните единицы измерения (${Date.now().toString(36).slice(-5)})`;

type Json = Record<string, any>;
const get = async (request: APIRequestContext, headers: Record<string, string>, url: string): Promise<any> =>
  ((await (await request.get(url, { headers })).json()) as Json).data;

/** The version under validation, its first visit, that visit's first form and the form's second field. */
async function target(request: APIRequestContext) {
  const qa = await apiAuth(request, 'qa@demo.test');
  const [visit] = await get(request, qa, '/api/QaVisits');
  const [form] = await get(request, qa, `/api/QaForms?qaVisitId=${visit.id}`);
  const sections = await get(request, qa, `/api/FormSections/WithReferences?formId=${form.formId}`);
  const field = sections[0].formFieldList.sort((a: Json, b: Json) => a.index - b.index)[1];
  return { qa, versionId: visit.researchVersionId as string, visit, form, field };
}

test('QA raises a note on a field, the designer answers, QA closes it and validates; testing starts only when all is validated', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { qa, versionId, visit, form, field } = await target(request);

  // QA: the link opens the visit, the form and the field.
  await signIn(page, 'qa@demo.test');
  await page.goto(`/qaValidation/visits?qaVisitId=${visit.id}&qaFormId=${form.id}&formFieldId=${field.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Проверка ОКК: визиты' })).toBeVisible();
  await expect(page.getByText(/^Версия [\d.]+ \(Валидация\)/)).toBeVisible();
  const row = page.getByTestId(`qa-field-${field.id}`);
  await expect(row).toBeInViewport();
  await page.getByTestId(`qa-add-note-${field.id}`).click();
  const add = page.getByRole('dialog', { name: 'Новое замечание ОКК' });
  await add.getByRole('textbox', { name: 'Текст замечания' }).fill(NOTE);
  await add.getByRole('button', { name: 'Добавить' }).click();
  await expect(add).toHaveCount(0);
  await expect(row.getByText('Новое')).toBeVisible();
  // The form has open notes: validating it is refused, and the button says why.
  await expect(page.getByTestId(`qa-validate-form-${form.id}`)).toBeDisabled();

  // The designer sees it in the form editor, beside the field, and answers there.
  await signOut(page);
  await signIn(page, 'admin@demo.test');
  await page.goto(`/visits/${visit.visitId}/form/${form.formId}?sectionId=${field.formSectionId}&formFieldId=${field.id}`);
  await expect(page.getByTestId('qa-form-badge')).toBeVisible();
  const badge = page.getByTestId(`qa-field-badge-${field.id}`);
  await expect(badge).toHaveAttribute('data-status', 'New');
  await badge.click();
  const dialog = page.getByRole('dialog', { name: 'Замечание ОКК' });
  await expect(dialog.getByTestId('qa-thread')).toContainText(NOTE);
  await dialog.getByRole('textbox', { name: 'Сообщение' }).fill('Единицы указаны в справочнике');
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(dialog.getByText('Обновлено', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('qa-thread')).toContainText('Единицы указаны в справочнике');
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  // The answered note turns the field's badge orange (Updated), unless the field has another new note.
  await expect(badge).toBeVisible();

  // QA closes it (and, through the API, the seed's other open note on this form), then validates the form.
  await signOut(page);
  await signIn(page, 'qa@demo.test');
  await page.goto('/qaValidation/notes');
  await page.getByTestId('qa-note-row').filter({ hasText: NOTE }).click();
  await page.getByRole('dialog', { name: 'Замечание ОКК' }).getByRole('button', { name: 'Закрыть замечание' }).click();
  await expect(page.getByRole('dialog', { name: 'Замечание ОКК' }).getByText('Закрыто', { exact: true })).toBeVisible();
  const open = await get(request, qa, `/api/QaItemNotes?researchVersionId=${versionId}&qaFormId=${form.id}&pageSize=100`);
  for (const n of open.filter((x: Json) => x.status !== 'Closed'))
    await postOk(request, qa, `/api/QaItemNotes/${n.id}/Close`, {});
  await page.goto(`/qaValidation/visits?qaVisitId=${visit.id}&qaFormId=${form.id}`);
  await page.getByTestId(`qa-validate-form-${form.id}`).click();
  await expect(page.getByTestId(`qa-validate-form-${form.id}`)).toHaveText('Отменить проверку');

  // The administrator: Start testing is refused while anything is not validated.
  const admin = await apiAuth(request, 'admin@demo.test');
  await signOut(page);
  await signIn(page, 'admin@demo.test');
  await page.goto('/researchSettings/versions/research');
  const versionRow = page.getByTestId('research-version-row').filter({ hasText: 'Версия 1.1' });
  await expect(versionRow.getByTestId('qa-version-progress')).toBeVisible();
  await versionRow.getByRole('button', { name: 'Начать тестирование' }).click();
  await expect(toast(page, /Начать тестирование нельзя: ОКК не проверил/)).toBeVisible();
  await expect(versionRow.getByTestId('version-status')).toHaveText('Валидация');

  // QA finishes: every note closed, every form and visit validated.
  const notes = await get(request, qa, `/api/QaItemNotes?researchVersionId=${versionId}&pageSize=100`);
  for (const n of notes.filter((x: Json) => x.status !== 'Closed'))
    await postOk(request, qa, `/api/QaItemNotes/${n.id}/Close`, {});
  for (const v of await get(request, qa, `/api/QaVisits?researchVersionId=${versionId}`)) {
    for (const f of await get(request, qa, `/api/QaForms?qaVisitId=${v.id}`)) {
      if (!f.validated) await postOk(request, qa, `/api/QaForms/${f.id}/ToggleValidate`, {});
    }
    if (!v.validated) await postOk(request, qa, `/api/QaVisits/${v.id}/ToggleValidate`, {});
  }
  await page.reload();
  await versionRow.getByRole('button', { name: 'Начать тестирование' }).click();
  await expect(versionRow.getByTestId('version-status')).toHaveText('Тестирование');

  // Back under validation, as the seed left it.
  await postOk(request, admin, `/api/ResearchVersions/${versionId}/BackToQaValidating`, {});
});
