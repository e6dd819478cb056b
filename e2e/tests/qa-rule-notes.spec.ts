import { expect, test } from '../support/test';
import { signIn } from '../support/app';
import { apiAuth } from '../support/api';

// QA's note on a rule from the rules page (issue 21; docs/qa-validation.md): on DEMO-001, whose version 1.1 the
// seed leaves under QA validation, qa@demo.test raises a note on one of the demo's rules; the note is on that
// rule, its form and its visit. The note is deleted at the end, leaving the seed's notes as they were.

const TEXT = `Проверьте границы правила (${Date.now().toString(36).slice(-5)})`;

test('QA raises a note on a rule from the rules page', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, 'qa@demo.test');
  await page.goto('/rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Правила' })).toBeVisible();
  const row = page.getByTestId('rule-row').first();
  await row.getByTestId('rule-qa-note').click();
  const dialog = page.getByRole('dialog', { name: 'Новое замечание ОКК' });
  await dialog.getByRole('textbox', { name: 'Текст замечания' }).fill(TEXT);
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog).toHaveCount(0);

  const qa = await apiAuth(request, 'qa@demo.test');
  const reply = await request.get('/api/QaItemNotes?pageSize=100', { headers: qa });
  const note = ((await reply.json()) as { data: any[] }).data.find((n) => n.qaNoteList[0]?.data === TEXT);
  expect(note).toMatchObject({ status: 'New', rule: { id: expect.any(String) }, qaForm: { id: expect.any(String) } });
  expect((await request.delete(`/api/QaItemNotes/${note.id}`, { headers: qa })).ok()).toBe(true);
});
