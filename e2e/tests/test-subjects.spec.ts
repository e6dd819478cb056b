import { expect, test } from '../support/test';
import { signIn } from '../support/app';
import { apiAuth, postOk } from '../support/api';
import { browserDate } from '../support/dates';

// Test subjects (issue 21; docs/qa-validation.md "Test data"): a subject entered at the demo's test site T-01
// is a test subject for good; the subject matrix and the subject page mark it, and the matrix's statistics
// leave it out unless "Include test subjects" is ticked.

const NUMBER = `E2E-T-${Date.now().toString(36).slice(-5)}`;

test('a test site’s subject is marked as a test subject in the matrix and on its page', async ({ page, request }) => {
  const testSite = await apiAuth(request, 'testsite@demo.test');
  const subject = await postOk<{ id: string; isTest: boolean }>(request, testSite, '/api/Subjects', {
    genderString: 'Male',
    birthDate: '1985-03-02',
    screenDate: browserDate(-3),
    screeningNumber: NUMBER,
  });
  expect(subject.isTest).toBe(true);

  await signIn(page, 'testsite@demo.test');
  await page.goto('/subjectmatrix');
  const row = page.getByTestId('subject-row').filter({ hasText: NUMBER });
  await expect(row.getByTestId('test-subject-mark')).toHaveText('Тест');
  // The subject page marks it too.
  await page.goto(`/subject/${subject.id}/visits`);
  await expect(page.getByTestId('test-subject-mark')).toBeVisible();
});

test('a site’s subject carries no test mark', async ({ page }) => {
  await signIn(page, 'site@demo.test');
  await page.goto('/subjectmatrix');
  await expect(page.getByTestId('subject-row').first()).toBeVisible();
  await expect(page.getByTestId('test-subject-mark')).toHaveCount(0);
});
