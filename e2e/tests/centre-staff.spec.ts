import { expect, test } from '../support/test';
import { signIn } from '../support/app';
import { apiAuth, currentResearchId, postOk } from '../support/api';

// A centre whose staff are more than a page: its employees are paged on the server, and a member of its
// organisation is found by typing, by someone who may manage centres but not users (the editor).

const stamp = Date.now().toString().slice(-6);
const STAFF = 12;

test('a centre of twelve employees is paged, and a thirteenth member is found by typing and added', async ({ page, request }) => {
  const admin = await apiAuth(request, 'admin@demo.test');
  const researchId = await currentResearchId(request, await apiAuth(request, 'site@demo.test'));
  const organisation = await postOk(request, admin, '/api/Organisations', {
    name: `Больница штата ${stamp}`,
    shortName: `Штат ${stamp}`,
    address: 'Москва',
  });
  const centre = await postOk(request, admin, '/api/ResearchOrganisations', {
    researchId,
    organisationId: organisation.id,
    organisationTypeString: 'Site',
    researchOrganisationNumber: `S${stamp}`,
  });
  const member = async (i: number, lastName: string) => {
    const user = await postOk(request, admin, '/api/Users', {
      email: `staff${i}-${stamp}@e2e.test`,
      firstName: 'Сотрудник',
      lastName,
    });
    await postOk(request, admin, '/api/OrganisationUsers', { userId: user.id, organisationId: organisation.id });
    return user;
  };
  for (let i = 1; i <= STAFF; i++) {
    const user = await member(i, `Штатный${String(i).padStart(2, '0')}`);
    await postOk(request, admin, '/api/Employees', {
      researchOrganisationId: centre.id,
      employeeTypeString: 'CoResearcher',
      userId: user.id,
    });
  }
  await member(STAFF + 1, `Новиков${stamp}`);
  await member(STAFF + 2, `Остальной${stamp}`);

  await signIn(page, 'editor@demo.test');
  await page.goto(`/centers/${centre.id}/info`);
  const table = page.getByRole('table', { name: 'Сотрудники центра' });
  await expect(table.getByRole('row', { name: /@e2e\.test/ })).toHaveCount(10);
  await page.getByRole('button', { name: 'Следующая страница' }).click();
  await expect(table.getByRole('row', { name: /@e2e\.test/ })).toHaveCount(STAFF - 10);

  // The candidates are the organisation's members who are not employees, searched on the server.
  await page.getByRole('button', { name: 'Добавить сотрудника' }).click();
  const add = page.getByRole('dialog', { name: 'Добавить сотрудника' });
  const user = add.getByRole('combobox', { name: 'Сотрудник' });
  await user.click();
  await expect(page.getByRole('option')).toHaveCount(2);
  await user.fill(`Новиков${stamp}`);
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: new RegExp(`staff${STAFF + 1}-${stamp}@e2e\\.test`) }).click();
  await add.getByRole('combobox', { name: 'Роль в исследовании' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Координатор' }).click();
  await add.getByRole('button', { name: 'Сохранить' }).click();
  await expect(add).toHaveCount(0);
  await expect(page.getByText(`11–13 из ${STAFF + 1}`)).toBeVisible();
});
