import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { expectError } from '../support/test-app.js';
import { daysAgo, subjectsApi } from '../support/subject-factories.js';
import { FIELD_KINDS } from './data-entry-support.js';
import { setupNotesApp } from './notes-support.js';

/**
 * The queries page (GET /ItemNote/FilteredList), its report (GenerateReport), the statistic, and the reads
 * of one note and of a field's history: every filter, paging, and the scoping (another centre's notes are
 * never seen; a monitor sees KIO notes only).
 */
const { t, w, d, api, as, pi, newForm, raise, tokens, more } = setupNotesApp();

const notes = {} as Record<'n1' | 'n2' | 'n3' | 'n4' | 'n5' | 'n6' | 'n7' | 'n8' | 'n9', any>;
const subj = {} as Record<'a' | 'b' | 'c', any>;
const forms = {} as Record<'a' | 'b' | 'c' | 'r', any>;
const ids = (list: { id: string }[]) => list.map((n) => n.id);
/** The notes in creation order, newest first (the list's order). */
const newest = (...keys: (keyof typeof notes)[]) => keys.map((k) => notes[k].id).reverse();

/** Adds the all-types form to a visit as `token` and gives its fields by kind. */
async function formOn(token: string, subjectVisitId: string, formId = d.form.id) {
  const form = await api(token).ok('POST', '/SubjectsForm', { formId, subjectVisitId });
  const fields = {} as Record<string, any>;
  for (const s of form.subjectFormSectionList) {
    for (const f of s.subjectFormFieldList) fields[FIELD_KINDS.find((k) => f.formFieldId === d.ff[k].id) ?? 'extra'] = f;
  }
  return { form, fields, first: form.subjectFormSectionList[0].subjectFormFieldList[0] };
}

beforeAll(async () => {
  // Site 01: subject A with the all-types form and a repeating form, subject B (randomised); site 02: subject C.
  const a = await newForm();
  subj.a = a.subject;
  forms.a = a;
  forms.r = await formOn(as('sitePi'), a.sv.id, d.repeating.id);
  const b = await newForm();
  await subjectsApi(t.app, as('sitePi')).randomise(b.subject.id, {
    randomizationGroup: 'B',
    randomizationNumber: `R-${Date.now()}`,
    randomizationDate: daysAgo(2),
  });
  subj.b = await pi().ok('GET', `/Subjects/${b.subject.id}`);
  forms.b = b;
  const s2 = subjectsApi(t.app, w.site2.token);
  subj.c = await s2.create({ screenDate: daysAgo(10) });
  const svC = await s2.visit(subj.c.id, w.schedule.screening.id, daysAgo(5));
  forms.c = await formOn(w.site2.token, svC.id);

  notes.n1 = await raise('QaNote', a.fields.number.id, 'Проверьте вес');
  notes.n2 = await raise('DmNote', a.fields.text.id, 'Уточните текст');
  await api(as('sitePi')).ok('POST', `/ItemNote/${notes.n2.id}/Answer`, { note: 'Значение верно' });
  notes.n3 = await raise('KioNote', a.fields.date.id, 'Сверьте дату');
  notes.n4 = await raise('Comment', a.fields.select.id, 'Пациент отказался');
  notes.n5 = await raise('QaNote', a.fields.number.id, 'Повторно', tokens.headQa());
  await api(as('qa')).ok('POST', `/ItemNote/${notes.n5.id}/Close`, {});
  notes.n6 = await raise('QaNote', b.fields.text.id, 'Субъект B');
  notes.n7 = await raise('QaNote', forms.c.fields.number.id, 'Центр 02');
  notes.n8 = await raise('KioNote', forms.c.fields.text.id, 'Центр 02 КИО');
  notes.n9 = await raise('QaNote', forms.r.first.id, 'Повторяющаяся форма');
});

async function list(token: string, query = '') {
  const res = await api(token).send('GET', `/ItemNote/FilteredList?pageSize=50${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const listIds = async (token: string, query = '') => ids((await list(token, query)).data);

describe('GET /ItemNote/FilteredList', () => {
  it('lists the research’s notes newest first with the chain from subject to field, for QA every centre', async () => {
    const page = await list(as('qa'));
    expect(page.totalCount).toBe(9);
    expect(ids(page.data)).toEqual(newest('n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9'));
    const n2 = page.data.find((r: any) => r.id === notes.n2.id);
    expect(n2).toMatchObject({
      type: 'DmNote',
      status: 'ResolutionProposed',
      note: 'Уточните текст',
      lastEntry: 'Значение верно',
      entryCount: 2,
      closeAt: null,
      createdBy: { employeeType: 'DataManager' },
      subject: { id: subj.a.id, screeningNumber: subj.a.screeningNumber, identificationNumber: subj.a.identificationNumber },
      researchOrganisation: { id: w.site.id },
      subjectVisit: { id: forms.a.sv.id, title: 'Screening' },
      subjectForm: { id: forms.a.form.id, title: d.form.title, repeatedIndex: 0 },
      sectionName: 'Main',
      subjectFormField: { id: forms.a.fields.text.id, text: 'Q text' },
    });
  });

  it.each([
    ['noteTypeList=QaNote', ['n1', 'n5', 'n6', 'n7', 'n9']],
    ['noteTypeList=QaNote&noteTypeList=KioNote', ['n1', 'n3', 'n5', 'n6', 'n7', 'n8', 'n9']],
    ['noteStatusList=New', ['n1', 'n3', 'n6', 'n7', 'n8', 'n9']],
    ['noteStatusList=ResolutionProposed&noteStatusList=Closed', ['n2', 'n5']],
    ['noteStatusList=NotApplicable', ['n4']],
    ['employeeTypeList=DataManager', ['n2']],
    ['employeeTypeList=HeadOfQa&employeeTypeList=PrincipalInvestigator', ['n4', 'n5']],
    ['forEmployee=me', ['n1', 'n6', 'n7', 'n9']],
    ['visitId=SCREENING', ['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9']],
    ['visitId=PERIOD', []],
    ['formId=REPEATING', ['n9']],
    ['formFieldId=NUMBER', ['n1', 'n5', 'n7']],
    ['researchOrganisationId=SITE2', ['n7', 'n8']],
    ['screeningNumber=A', ['n1', 'n2', 'n3', 'n4', 'n5', 'n9']],
    ['screeningNumber=a_lower', ['n1', 'n2', 'n3', 'n4', 'n5', 'n9']],
    ['identificationNumber=B', ['n6']],
    ['randomisationNumber=B', ['n6']],
    ['screeningNumber=nobody', []],
    // Three filters at once (the benchmark's case).
    ['noteTypeList=QaNote&noteStatusList=New&researchOrganisationId=SITE1', ['n1', 'n6', 'n9']],
  ] as const)('as QA, %s', async (query, expected) => {
    const q = query
      .replace('SCREENING', w.schedule.screening.id)
      .replace('PERIOD', w.schedule.period.id)
      .replace('REPEATING', d.repeating.id)
      .replace('NUMBER', d.ff.number.id)
      .replace('SITE2', w.site2Centre.id)
      .replace('SITE1', w.site.id)
      .replace('screeningNumber=A', `screeningNumber=${encodeURIComponent(subj.a.screeningNumber)}`)
      .replace('screeningNumber=a_lower', `screeningNumber=${encodeURIComponent(subj.a.screeningNumber.toLowerCase())}`)
      .replace('identificationNumber=B', `identificationNumber=${encodeURIComponent(subj.b.identificationNumber)}`)
      .replace('randomisationNumber=B', `randomisationNumber=${encodeURIComponent(subj.b.randomizationNumber)}`);
    const page = await list(as('qa'), `&${q}`);
    expect(ids(page.data)).toEqual(newest(...(expected as unknown as (keyof typeof notes)[])));
    expect(page.totalCount).toBe(expected.length);
  });

  it('forEmployee names any employee (the data manager’s notes, asked by QA)', async () => {
    expect(await listIds(as('qa'), `&forEmployee=${more.dmEmployeeId}`)).toEqual(newest('n2'));
    expect(await listIds(tokens.dm(), '&forEmployee=me')).toEqual(newest('n2'));
  });

  it('pages: each page of 2 in order, the total on every page, nothing past the end', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const p = (await api(as('qa')).send('GET', `/ItemNote/FilteredList?page=${page}&pageSize=2`)).body;
      expect(p).toMatchObject({ page, pageSize: 2, totalCount: 9 });
      expect(p.data.length).toBe(page < 5 ? 2 : 1);
      seen.push(...ids(p.data));
    }
    expect(seen).toEqual(newest('n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9'));
    const past = (await api(as('qa')).send('GET', `/ItemNote/FilteredList?page=6&pageSize=2`)).body;
    expect(past).toMatchObject({ data: [], totalCount: 9 });
  });

  it('scopes a site user to its centre: site 01 never sees site 02’s notes, and the reverse', async () => {
    expect(await listIds(as('sitePi'))).toEqual(newest('n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n9'));
    expect(await listIds(w.site2.token)).toEqual(newest('n7', 'n8'));
    // Asking for the other centre finds nothing there.
    const other = await list(as('sitePi'), `&researchOrganisationId=${w.site2Centre.id}`);
    expect(other).toMatchObject({ data: [], totalCount: 0 });
  });

  it('shows a monitor KIO notes only, whatever it asks for', async () => {
    expect(await listIds(as('kio'))).toEqual(newest('n3', 'n8'));
    expect(await listIds(as('kio'), '&noteTypeList=QaNote')).toEqual([]);
    expect(await listIds(as('kio'), '&forEmployee=me')).toEqual(newest('n3', 'n8'));
  });

  it('refuses callers with no subject view (403) and an unknown centre (404)', async () => {
    expectError(await api(as('outsider')).send('GET', '/ItemNote/FilteredList'), 403, 'forbidden');
    expectError(
      await api(as('qa')).send('GET', '/ItemNote/FilteredList?researchOrganisationId=01900000-0000-7000-8000-000000000009'),
      404,
      'not_found',
      'researchOrganisationId',
    );
  });

  it('never exposes a randomisation group', async () => {
    const hasGroupKey = (v: unknown): boolean =>
      Array.isArray(v)
        ? v.some(hasGroupKey)
        : !!v && typeof v === 'object' && Object.entries(v).some(([k, x]) => /group/i.test(k) || hasGroupKey(x));
    for (const token of [as('qa'), as('sitePi'), as('kio'), w.unblinded.token]) {
      expect(hasGroupKey(await list(token))).toBe(false);
    }
    expect(hasGroupKey(await api(as('qa')).ok('GET', `/ItemNote/${notes.n6.id}`))).toBe(false);
    expect(hasGroupKey(await api(as('qa')).ok('GET', `/ItemNote/History?subjectFormFieldId=${forms.b.fields.text.id}`))).toBe(
      false,
    );
  });
});

describe('GET /ItemNote/{id} and /ItemNote/History', () => {
  it('gives a note with its entries and what the caller may do', async () => {
    const qa = await api(as('qa')).ok('GET', `/ItemNote/${notes.n2.id}`);
    expect(qa).toMatchObject({
      type: 'DmNote',
      status: 'ResolutionProposed',
      canClose: true,
      canComment: true,
      canAnswer: false,
    });
    expect(qa.entries.map((e: any) => e.kind)).toEqual(['Note', 'Answer']);
    const site = await api(as('sitePi')).ok('GET', `/ItemNote/${notes.n1.id}`);
    expect(site).toMatchObject({ canAnswer: true, canComment: true, canClose: false });
    const kio = await api(as('kio')).ok('GET', `/ItemNote/${notes.n3.id}`);
    expect(kio).toMatchObject({ canAnswer: false, canComment: true, canClose: true });
  });

  it('404 for another centre’s note, a type the caller does not see, or no note; 403 without subject view', async () => {
    expectError(await api(as('sitePi')).send('GET', `/ItemNote/${notes.n7.id}`), 404, 'not_found', 'id');
    expectError(await api(w.site2.token).send('GET', `/ItemNote/${notes.n1.id}`), 404, 'not_found', 'id');
    expectError(await api(as('kio')).send('GET', `/ItemNote/${notes.n1.id}`), 404, 'not_found', 'id');
    expectError(await api(as('qa')).send('GET', '/ItemNote/01900000-0000-7000-8000-000000000009'), 404, 'not_found', 'id');
    expectError(await api(as('outsider')).send('GET', `/ItemNote/${notes.n1.id}`), 403, 'forbidden');
    // Nor may another centre act on it.
    expectError(
      await api(w.site2.token).send('POST', `/ItemNote/${notes.n1.id}/AnswerComment`, { note: 'x' }),
      404,
      'not_found',
      'id',
    );
  });

  it('lists a field’s notes newest first, of the types the caller sees', async () => {
    const field = forms.a.fields.number.id;
    expect(ids(await api(as('qa')).ok('GET', `/ItemNote/History?subjectFormFieldId=${field}`))).toEqual(newest('n1', 'n5'));
    expect(await api(as('kio')).ok('GET', `/ItemNote/History?subjectFormFieldId=${field}`)).toEqual([]);
    const dates = await api(as('kio')).ok('GET', `/ItemNote/History?subjectFormFieldId=${forms.a.fields.date.id}`);
    expect(ids(dates)).toEqual([notes.n3.id]);
    expectError(
      await api(w.site2.token).send('GET', `/ItemNote/History?subjectFormFieldId=${field}`),
      404,
      'not_found',
      'subjectFormFieldId',
    );
  });
});

describe('GET /Statistic/ItemNoteStatistic/{researchId}', () => {
  const line = (type: string, over: Record<string, number> = {}) => ({
    type,
    newCount: 0,
    updatedCount: 0,
    resolutionProposedCount: 0,
    closedCount: 0,
    notApplicableCount: 0,
    ...over,
  });
  const statistic = (token: string, researchId = w.researchId) =>
    api(token).send('GET', `/Statistic/ItemNoteStatistic/${researchId}`);

  it('counts per type and status what the caller sees', async () => {
    expect((await statistic(as('qa'))).body.data).toEqual([
      line('Comment', { notApplicableCount: 1 }),
      line('QaNote', { newCount: 4, closedCount: 1 }),
      line('DmNote', { resolutionProposedCount: 1 }),
      line('KioNote', { newCount: 2 }),
      line('Auto'),
    ]);
    expect((await statistic(as('sitePi'))).body.data).toEqual([
      line('Comment', { notApplicableCount: 1 }),
      line('QaNote', { newCount: 3, closedCount: 1 }),
      line('DmNote', { resolutionProposedCount: 1 }),
      line('KioNote', { newCount: 1 }),
      line('Auto'),
    ]);
    expect((await statistic(w.site2.token)).body.data).toEqual([
      line('Comment'),
      line('QaNote', { newCount: 1 }),
      line('DmNote'),
      line('KioNote', { newCount: 1 }),
      line('Auto'),
    ]);
    expect((await statistic(as('kio'))).body.data).toEqual([line('KioNote', { newCount: 2 })]);
  });

  it('refuses another research (403) and callers with no subject view (403)', async () => {
    const otherId = '01900000-0000-7000-8000-000000000009';
    expectError(await statistic(as('qa'), otherId), 403, 'no_research_access', 'researchId');
    expectError(await statistic(as('outsider')), 403, 'forbidden');
  });
});

describe('GET /ItemNote/GenerateReport', () => {
  async function workbookOf(token: string, query = '') {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/ItemNote/GenerateReport${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename=".*\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('writes the filtered notes as an XLSX workbook with Russian headings that reads back', async () => {
    const rows = await workbookOf(as('qa'), '?noteTypeList=QaNote&noteStatusList=New');
    expect(rows[0]).toEqual(
      expect.arrayContaining(['Скрининговый номер', 'Визит', 'Форма', 'Поле', 'Тип', 'Статус', 'Замечание']),
    );
    const body = rows.slice(1);
    expect(body).toHaveLength(4);
    const texts = body.map((r) => r[11]);
    expect(texts).toEqual(['Повторяющаяся форма', 'Центр 02', 'Субъект B', 'Проверьте вес']);
    expect(body[3]).toEqual(
      expect.arrayContaining([subj.a.screeningNumber, 'Screening', d.form.title, 'Main', 'Q number', 'Замечание ОКК', 'Новое']),
    );
  });

  it('follows the caller’s language and scope: a site sees its centre, a monitor KIO notes', async () => {
    const site2 = await workbookOf(w.site2.token);
    expect(site2.slice(1).map((r) => r[11])).toEqual(['Центр 02 КИО', 'Центр 02']);
    // A site 01 investigator who reads English.
    const en = await workbookOf(w.english.token, '?noteTypeList=DmNote');
    expect(en[0]).toEqual(expect.arrayContaining(['Screening number', 'Visit', 'Type', 'Status', 'Query']));
    expect(en[1]).toEqual(expect.arrayContaining(['Уточните текст', 'DM query', 'Resolution proposed', 'Data manager']));
    const kio = await workbookOf(as('kio'));
    expect(kio.slice(1).map((r) => r[11])).toEqual(['Центр 02 КИО', 'Сверьте дату']);
  });

  it('an empty result is a workbook with its headings only; refusals stay JSON', async () => {
    const rows = await workbookOf(as('qa'), '?screeningNumber=nobody');
    expect(rows).toHaveLength(1);
    expectError(await api(as('outsider')).send('GET', '/ItemNote/GenerateReport'), 403, 'forbidden');
    expectError(await api(as('qa')).send('GET', '/ItemNote/GenerateReport?noteStatusList=Open'), 400, 'validation');
  });
});
