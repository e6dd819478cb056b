import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './app';

// Fixtures made through the API, as a demo account, for specs that need data of their own.

/** The Authorization header of a fresh session of a demo account. */
export async function apiAuth(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const reply = await request.post('/api/Auth/SignIn', { data: { email, password: DEMO_PASSWORD } });
  expect(reply.ok()).toBe(true);
  const token = ((await reply.json()) as { data: { accessToken: string } }).data.accessToken;
  return { Authorization: `Bearer ${token}` };
}

/** The research the account's current employee works in. */
export async function currentResearchId(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  const me = (await (await request.get('/api/Users/me', { headers })).json()) as {
    data: { employees: { id: string; researchOrganisation: { research: { id: string } } }[]; currentEmployeeId: string };
  };
  return me.data.employees.find((e) => e.id === me.data.currentEmployeeId)!.researchOrganisation.research.id;
}

/** The id of a research's visit by its key (as the administrator reads the design). */
export async function visitIdByKey(
  request: APIRequestContext,
  headers: Record<string, string>,
  researchId: string,
  visitKey: string,
): Promise<string> {
  const visits = (await (await request.get(`/api/Visits?researchId=${researchId}`, { headers })).json()) as {
    data: { id: string; visitKey: string }[];
  };
  const visit = visits.data.find((v) => v.visitKey === visitKey);
  expect(visit, `visit ${visitKey}`).toBeDefined();
  return visit!.id;
}

/** A POST that must succeed; its data. */
export async function postOk<T = { id: string }>(
  request: APIRequestContext,
  headers: Record<string, string>,
  url: string,
  data: unknown,
): Promise<T> {
  const reply = await request.post(url, { headers, data });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { data: T }).data;
}

/** A subject's current `version`, which every action on it names. */
export async function subjectVersion(request: APIRequestContext, headers: Record<string, string>, id: string): Promise<number> {
  const reply = await request.get(`/api/Subjects/${id}`, { headers });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { data: { version: number } }).data.version;
}

export interface FormReply {
  id: string;
  version: number;
  subjectFormSectionList: {
    id: string;
    version: number;
    subjectFormFieldList: { id: string; isHidden: boolean; formField: { text: string } }[];
  }[];
}

/** Adds a form to the visit, enters its values, confirms its sections and completes it (as the site); its id. */
export async function completeForm(
  request: APIRequestContext,
  headers: Record<string, string>,
  subjectVisitId: string,
  title: string,
  values: Record<string, string>,
): Promise<string> {
  const page = (await (await request.get(`/api/SubjectsVisit/${subjectVisitId}`, { headers })).json()) as {
    data: { availableFormList: { id: string; title: string }[] };
  };
  const formId = page.data.availableFormList.find((f) => f.title === title)!.id;
  const created = await postOk<FormReply>(request, headers, '/api/SubjectsForm', { formId, subjectVisitId });
  const fields = created.subjectFormSectionList.flatMap((s) => s.subjectFormFieldList);
  for (const [text, data] of Object.entries(values)) {
    const field = fields.find((f) => f.formField.text === text);
    expect(field, text).toBeDefined();
    await postOk(request, headers, '/api/ItemData', { subjectFormFieldId: field!.id, data });
  }
  const read = async () =>
    ((await (await request.get(`/api/SubjectsForm/${created.id}`, { headers })).json()) as { data: FormReply }).data;
  for (const s of (await read()).subjectFormSectionList) {
    const changed = await postOk<{ version: number }>(request, headers, `/api/SubjectsFormSection/${s.id}/ChangeStatus`, {
      status: 'Completed',
      version: s.version,
    });
    await postOk(request, headers, `/api/SubjectsFormSection/${s.id}/Complete`, { date: null, version: changed.version });
  }
  await postOk(request, headers, `/api/SubjectsForm/${created.id}/Complete`, { version: (await read()).version });
  return created.id;
}
