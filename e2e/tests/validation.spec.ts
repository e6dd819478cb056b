import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signIn, toast } from '../support/app';
import { apiAuth, completeForm, currentResearchId, postOk, visitIdByKey } from '../support/api';
import { browserDate } from '../support/dates';

// Validation by QA, data managers and monitors (docs/queries-and-validation.md; spec operations sections 4, 5
// and 6). A fixture made through the API as the site investigator: a subject with a screening visit and an
// unscheduled visit holding two complete forms. QA validates one form in its dialog (and a section's revert takes the form's with it), the
// other in the visit's selective validation; the data manager validates a section (the form follows) and a
// form; the monitor validates the visit's forms in the selective dialog (a refusal keeps the dialog open with
// the server's message); QA then has no revert; the subject matrix cell turns KioValidated.

const SUFFIX = Date.now().toString(36).slice(-5).toUpperCase();
const SUBJECT = `E2E-VAL-${SUFFIX}`;
const AE = 'Нежелательные явления';
const VS = 'Жизненно важные показатели';

const ids: { subject?: string; visit?: string } = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const site = await apiAuth(request, 'site@demo.test');
  const admin = await apiAuth(request, 'admin@demo.test');
  const researchId = await currentResearchId(request, site);
  const subject = await postOk(request, site, '/api/Subjects', {
    genderString: 'Female',
    birthDate: '1990-05-06',
    screenDate: browserDate(-5),
    screeningNumber: SUBJECT,
  });
  // The screening visit first (it screens the subject), then the unscheduled one the spec validates.
  await postOk(request, site, '/api/SubjectsVisit', {
    date: browserDate(-5),
    subjectId: subject.id,
    visitId: await visitIdByKey(request, admin, researchId, 'SCR'),
  });
  const visit = await postOk(request, site, '/api/SubjectsVisit', {
    date: browserDate(-2),
    subjectId: subject.id,
    visitId: await visitIdByKey(request, admin, researchId, 'UNS'),
  });
  ids.subject = subject.id;
  ids.visit = visit.id;
  await completeForm(request, site, visit.id, AE, { 'Были ли нежелательные явления?': 'Нет' });
  await completeForm(request, site, visit.id, VS, {
    'Время измерения': '09:30',
    'Систолическое АД': '121',
    'Диастолическое АД': '79',
    ЧСС: '70',
    'Температура тела': '36.6',
  });
});

const formDialog = (page: Page) => page.getByRole('dialog', { name: new RegExp(`^${SUBJECT} / `) });
const sectionValidation = (dialog: Locator) => dialog.getByRole('group', { name: 'Проверка секции' });
const formValidation = (dialog: Locator) => dialog.getByRole('group', { name: 'Проверка формы' });
const card = (page: Page, title: string) => page.getByTestId('subject-form-card').filter({ hasText: title });

async function openVisit(page: Page, email: string) {
  await signIn(page, email);
  await page.goto(`/subjectVisit/${ids.visit}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Незапланированный визит' })).toBeVisible();
}

async function openForm(page: Page, title: string) {
  await page.getByRole('button', { name: `Открыть форму «${title}»` }).click();
  const dialog = formDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeForm(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('QA validates a form in its dialog and another in the selective validation of the visit', async ({ page }) => {
  await openVisit(page, 'qa@demo.test');
  await expect(card(page, AE).getByTestId('form-status')).toHaveAttribute('data-status', 'Completed');

  const ae = await openForm(page, AE);
  await expect(sectionValidation(ae).getByRole('button', { name: 'Проверить (ОКК)' })).toBeEnabled();
  await formValidation(ae).getByRole('button', { name: 'Проверить форму (ОКК)' }).click();
  await expect(toast(page, 'Форма проверена ОКК')).toBeVisible();
  await expect(formValidation(ae).getByTestId('form-validated')).toHaveAttribute('data-side', 'qa');
  // The form's validation validates its sections: the chip, the read-only note and the section's revert.
  await expect(sectionValidation(ae).getByText('Проверено ОКК')).toBeVisible();
  await expect(sectionValidation(ae).getByTestId('section-validated-note')).toContainText('Секция проверена (ОКК)');
  // A section's revert takes the form's validation with it; validating its only section again validates the form.
  await sectionValidation(ae).getByRole('button', { name: 'Отменить проверку' }).click();
  await expect(formValidation(ae).getByTestId('form-validated')).toHaveCount(0);
  await expect(formValidation(ae).getByRole('button', { name: 'Проверить форму (ОКК)' })).toBeVisible();
  await sectionValidation(ae).getByRole('button', { name: 'Проверить (ОКК)' }).click();
  await expect(formValidation(ae).getByTestId('form-validated')).toHaveAttribute('data-side', 'qa');
  await expect(formValidation(ae).getByRole('button', { name: 'Отменить проверку формы (ОКК)' })).toBeVisible();

  // The form status history lists the validations.
  await ae.getByRole('button', { name: 'История статусов формы' }).click();
  const history = page.getByRole('dialog', { name: 'История статусов формы' });
  await expect(history.getByText('Проверена ОКК', { exact: true }).first()).toBeVisible();
  await expect(history.getByText('Проверка ОКК отменена', { exact: true })).toBeVisible();
  await history.getByRole('button', { name: 'Закрыть' }).click();
  await closeForm(ae);
  await expect(card(page, AE).getByTestId('form-status')).toHaveAttribute('data-status', 'QaValidated');

  // Selective validation: the form QA validated is checked; Confirm only once the marks differ.
  await page.getByRole('button', { name: 'Проверить визит' }).click();
  const dialog = page.getByRole('dialog', { name: 'Проверка визита (ОКК)' });
  const confirm = dialog.getByRole('button', { name: 'Подтвердить' });
  await expect(dialog.getByRole('checkbox', { name: new RegExp(`^${AE}`) })).toBeChecked();
  await expect(confirm).toBeDisabled();
  const vs = dialog.getByRole('checkbox', { name: new RegExp(`^${VS}`) });
  await vs.check();
  await expect(confirm).toBeEnabled();
  await vs.uncheck();
  await expect(confirm).toBeDisabled();
  await vs.check();
  const sent = page.waitForRequest((r) => r.url().endsWith(`/api/SubjectsVisit/${ids.visit}/QaValidate`));
  await confirm.click();
  // Only the changed form is sent.
  expect((await sent).postDataJSON()).toEqual({
    validateSubjectFormList: [{ subjectFormId: expect.any(String), validate: true }],
  });
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Проверка визита сохранена')).toBeVisible();
  await expect(card(page, VS).getByTestId('form-status')).toHaveAttribute('data-status', 'QaValidated');
});

test('the data manager validates a section (the form follows) and a form', async ({ page }) => {
  await openVisit(page, 'dm@demo.test');
  const ae = await openForm(page, AE);
  await expect(sectionValidation(ae).getByText('Проверено ОКК')).toBeVisible();
  await sectionValidation(ae).getByRole('button', { name: 'Проверить (ДМ)' }).click();
  await expect(toast(page, 'Секция проверена ДМ')).toBeVisible();
  await expect(sectionValidation(ae).getByText('Проверено ДМ')).toBeVisible();
  await expect(formValidation(ae).locator('[data-testid="form-validated"][data-side="dm"]')).toBeVisible();
  await closeForm(ae);
  await expect(card(page, AE).getByTestId('form-status')).toHaveAttribute('data-status', 'QaAndDmValidated');

  const vs = await openForm(page, VS);
  await formValidation(vs).getByRole('button', { name: 'Проверить форму (ДМ)' }).click();
  await expect(toast(page, 'Форма проверена ДМ')).toBeVisible();
  await closeForm(vs);
  await expect(card(page, VS).getByTestId('form-status')).toHaveAttribute('data-status', 'QaAndDmValidated');
});

test('the monitor validates the visit in the selective dialog', async ({ page }) => {
  await openVisit(page, 'kio@demo.test');
  await page.getByRole('button', { name: 'Проверить визит' }).click();
  const dialog = page.getByRole('dialog', { name: 'Проверка визита (КИО)' });
  const confirm = dialog.getByRole('button', { name: 'Подтвердить' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Отметить все доступные' }).check();
  await expect(dialog.getByRole('checkbox', { name: new RegExp(`^${AE}`) })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: new RegExp(`^${VS}`) })).toBeChecked();

  // A refusal keeps the dialog open with the server's message; the progress stops.
  await page.route(
    `**/api/SubjectsVisit/${ids.visit}/KioValidate`,
    (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          errors: [{ code: 'open_notes', message: 'Есть открытые замечания: закройте их, прежде чем проверять' }],
        }),
      }),
    { times: 1 },
  );
  await confirm.click();
  await expect(dialog.getByTestId('validate-visit-error')).toHaveText(
    'Есть открытые замечания: закройте их, прежде чем проверять',
  );
  await expect(confirm).toBeEnabled();

  await confirm.click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Проверка визита сохранена')).toBeVisible();
  await expect(card(page, AE).getByTestId('form-status')).toHaveAttribute('data-status', 'KioValidated');
  await expect(card(page, VS).getByTestId('form-status')).toHaveAttribute('data-status', 'KioValidated');
  // The visit's own status, beside the subject's link in the header.
  await expect(
    page
      .getByRole('link', { name: `Субъект ${SUBJECT}` })
      .locator('xpath=..')
      .locator('[data-status]'),
  ).toHaveAttribute('data-status', 'KioValidated');

  // The monitor's revert stays; its form shows the three validations.
  const ae = await openForm(page, AE);
  await expect(formValidation(ae).getByTestId('form-validated')).toHaveCount(3);
  await expect(formValidation(ae).getByRole('button', { name: 'Отменить проверку формы (КИО)' })).toBeVisible();
  await closeForm(ae);
});

test('QA has no revert once the monitor validated; the subject matrix shows KioValidated', async ({ page }) => {
  await openVisit(page, 'qa@demo.test');
  const ae = await openForm(page, AE);
  await expect(formValidation(ae).locator('[data-testid="form-validated"][data-side="kio"]')).toBeVisible();
  await expect(ae.getByRole('button', { name: /^Отменить проверку/ })).toHaveCount(0);
  await expect(ae.getByRole('button', { name: /^Проверить/ })).toHaveCount(0);
  await closeForm(ae);

  // In the selective dialog both forms are checked and cannot change, with the reason.
  await page.getByRole('button', { name: 'Проверить визит' }).click();
  const dialog = page.getByRole('dialog', { name: 'Проверка визита (ОКК)' });
  await expect(dialog.getByRole('checkbox', { name: new RegExp(`^${AE}`) })).toBeDisabled();
  await expect(dialog.getByTestId('validate-visit-reason').first()).toHaveText('Форма проверена КИО: изменения невозможны');
  await dialog.getByRole('button', { name: 'Отмена' }).click();

  await page.goto('/subjectmatrix');
  await expect(page.getByRole('heading', { level: 1, name: 'Матрица субъектов' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Скрининговый номер' }).fill(SUBJECT);
  const row = page
    .getByTestId('subject-row')
    .filter({ has: page.getByRole('rowheader', { name: `Открыть страницу субъекта ${SUBJECT}`, exact: true }) });
  await expect(row.getByRole('link', { name: /^Незапланированный визит: КИО, / })).toHaveAttribute('data-status', 'KioValidated');
});

test('site users see the validation state without validation buttons', async ({ page }) => {
  await openVisit(page, 'site@demo.test');
  await expect(page.getByRole('button', { name: 'Проверить визит' })).toHaveCount(0);
  const ae = await openForm(page, AE);
  await expect(formValidation(ae).getByTestId('form-validated')).toHaveCount(3);
  await expect(sectionValidation(ae).getByText('Проверено ОКК')).toBeVisible();
  await expect(sectionValidation(ae).getByText('Проверено ДМ')).toBeVisible();
  await expect(ae.getByRole('button', { name: /^(Проверить|Отменить проверку)/ })).toHaveCount(0);
  // The validated section's values are read-only, and the form says why.
  await expect(ae.locator('[data-testid="field-row"] select').first()).toBeDisabled();
  await expect(sectionValidation(ae).getByTestId('section-validated-note')).toContainText('значения изменить нельзя');
  await closeForm(ae);
});
