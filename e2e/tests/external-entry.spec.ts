import { expect, test } from '../support/test';
import { toast } from '../support/app';

test('/loginWithDrTrial without token or user goes to /login', async ({ page }) => {
  await page.goto('/loginWithDrTrial');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/loginWithDrTrial?token=abc');
  await expect(page).toHaveURL(/\/login$/);
});

test('/loginWithDrTrial with a token the server refuses goes to /login', async ({ page }) => {
  const call = page.waitForRequest((r) => r.url().endsWith('/api/Auth/SignInWithDrTrial'));
  await page.goto('/loginWithDrTrial?token=not-a-valid-token&user=site@demo.test');
  const body = (await call).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ email: 'site@demo.test', token: 'not-a-valid-token' });
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, /.+/).first()).toBeVisible();
});

test('/drTrialVisit without token or user goes to /login', async ({ page }) => {
  await page.goto('/drTrialVisit?subjectVisitId=1');
  await expect(page).toHaveURL(/\/login$/);
});

test('/drTrialVisit with an employee that is not the user’s: message and home', async ({ page }) => {
  // The external system is not configured in the test server, so its answer is simulated here.
  const real = await page.request.post('/api/Auth/SignIn', {
    data: { email: 'site@demo.test', password: 'demo-pass-2026' },
  });
  const session = (await real.json()) as { data: { accessToken: string; rsaKey: string } };
  await page.route('**/api/Auth/SignInWithDrTrial', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: session.data }) }),
  );
  await page.goto(
    '/drTrialVisit?token=t0k3n&user=site@demo.test&subjectVisitId=abc&employeeId=01900000-0000-7000-8000-000000000000',
  );
  await expect(toast(page, 'У Вас нет прав доступа к исследованию')).toBeVisible();
  await expect(page).toHaveURL(/\/subjectmatrix$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Матрица субъектов' })).toBeVisible();
});

test('/drTrialVisit with the user’s own employee switches to it and opens the visit', async ({ page }) => {
  const real = await page.request.post('/api/Auth/SignIn', {
    data: { email: 'coresearcher@demo.test', password: 'demo-pass-2026' },
  });
  const session = (await real.json()) as { data: { accessToken: string; rsaKey: string } };
  const me = await page.request.get('/api/Users/me', {
    headers: { Authorization: `Bearer ${session.data.accessToken}` },
  });
  const employeeId = ((await me.json()) as { data: { employees: { id: string }[] } }).data.employees[0]!.id;
  await page.route('**/api/Auth/SignInWithDrTrial', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: session.data }) }),
  );
  const setCurrent = page.waitForRequest((r) => r.url().includes(`/api/Employees/${employeeId}/SetCurrent`));
  await page.goto(`/drTrialVisit?token=t0k3n&user=coresearcher@demo.test&subjectVisitId=abc&employeeId=${employeeId}`);
  await setCurrent;
  // The app opens the subject visit page (of an id that names no visit here: its loading error).
  await expect(page).toHaveURL(/\/subjectVisit\/abc$/);
  await expect(page.getByText(/^Произошла ошибка при загрузке визита\./)).toBeVisible();
});
