import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_TYPES } from '@edc/domain';
import { verifyAuditChain } from '../../src/platform/audit/audit.js';
import { DEMO_PASSWORD } from '../../src/seed/demo-world.js';
import { seedDemo } from '../../src/seed/demo.js';
import { signIn } from '../support/factories.js';
import { call, createTestApp, type TestApp } from '../support/test-app.js';
import { xmllint } from './odm-support.js';

// The README's demo: a newcomer signs in and finds a designed study with subjects in it.
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.deps);
  for (const who of ['admin', 'site', 'site2', 'qa', 'kio']) tokens[who] = await signIn(t.app, `${who}@demo.test`, DEMO_PASSWORD);
  // The whole demo world through the services: minutes on a loaded machine.
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const get = async (who: string, url: string) => {
  const res = await call(t.app, 'GET', url, { token: tokens[who] });
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};

describe('demo seed', () => {
  it('shows QA validation of DEMO-001 version 1.1 under way: notes in every state, some visits and forms validated', async () => {
    const visits = await get('qa', '/QaVisits');
    expect(visits.map((v: { validated: boolean }) => v.validated)).toEqual([false, false, true, true, true, true]);
    expect(visits[0]).toMatchObject({ notesIndicator: 'New', formsValidated: 0 });
    const secondForms = await get('qa', `/QaForms?qaVisitId=${visits[1].id}`);
    expect(secondForms.every((f: { validated: boolean }) => f.validated)).toBe(true);
    const notes = await get('admin', '/QaItemNotes?pageSize=50');
    expect(notes.map((n: { status: string }) => n.status).sort()).toEqual(['Closed', 'New', 'ResolutionProposed', 'Updated']);
  });

  it('gives DEMO-001 a working research version with six visits, their forms and every field type', async () => {
    const versions = await get('admin', '/ResearchVersions');
    expect(versions.map((v: { index: string; status: string }) => [v.index, v.status])).toEqual([
      ['1.0', 'Working'],
      ['1.1', 'QaValidating'],
    ]);
    const visits = await get('admin', '/Visits');
    expect(visits.map((v: { visitKey: string }) => v.visitKey)).toEqual(['SCR', 'RND', 'V1', 'V2', 'UNS', 'EOS']);
    const forms = await get('admin', `/Forms?VisitId=${visits[0].id}`);
    expect(forms).toHaveLength(5);
    const types = new Set<string>();
    for (const visit of visits) {
      for (const form of await get('admin', `/Forms?VisitId=${visit.id}`)) {
        for (const ff of await get('admin', `/FormFields?formId=${form.id}`)) types.add(ff.field.fieldType);
      }
    }
    expect([...types].sort()).toEqual([...FIELD_TYPES].sort());
  });

  it('makes the adverse-event details depend on the answer "Да"', async () => {
    const visits = await get('admin', '/Visits');
    const v1 = visits.find((v: { visitKey: string }) => v.visitKey === 'V1');
    const ae = (await get('admin', `/Forms?VisitId=${v1.id}`)).find(
      (f: { title: string }) => f.title === 'Нежелательные явления',
    );
    const fields = await get('admin', `/FormFields?formId=${ae.id}`);
    const parent = fields.find((f: { field: { fieldKey: string } }) => f.field.fieldKey === 'AEYN');
    expect(parent.childFormFieldList.map((c: { parentVisibleRule: string }) => c.parentVisibleRule)).toEqual(['Да', 'Да', 'Да']);
  });

  it('puts subjects in every early state at site 01 and one at site 02, each site seeing only its own', async () => {
    const site = await get('site', '/Subjects?page=1&pageSize=50');
    const statuses = Object.fromEntries(
      site.map((s: { screeningNumber: string; status: string }) => [s.screeningNumber, s.status]),
    );
    expect(statuses).toEqual({
      'S-001': 'Randomised',
      'S-002': 'Randomised',
      'S-003': 'Failed',
      'S-004': 'Screened',
      'S-005': 'Started',
    });
    const site2 = await get('site2', '/Subjects?page=1&pageSize=50');
    expect(site2.map((s: { screeningNumber: string }) => s.screeningNumber)).toEqual(['S-101']);
    expect(await get('qa', '/Subjects?page=1&pageSize=50')).toHaveLength(6);
  });

  it('runs DEMO-001 with IWRS: a list from the seed DEMO-001, kits at both sites, dosings of the randomised subjects', async () => {
    const [list] = await get('admin', '/RandomisationLists');
    expect(list).toMatchObject({ seed: 'DEMO-001', size: 40, used: 2, remaining: 38 });
    const site = await get('site', '/Subjects?page=1&pageSize=50');
    const numbers = site
      .filter((s: { isRandomised: boolean }) => s.isRandomised)
      .map((s: { randomizationNumber: string }) => s.randomizationNumber);
    expect(numbers.sort()).toEqual(['R-001', 'R-002']);
    const stock = await get('admin', '/Medication/Stock');
    expect(
      stock.map((s: { researchOrganisationNumber: string; available: number }) => [s.researchOrganisationNumber, s.available]),
    ).toEqual(
      expect.arrayContaining([
        ['01', 6],
        ['02', 8],
      ]),
    );
    const dosings = await get('site', '/SubjectDosing?periodNumber=1');
    expect(dosings.map((d: { subject: { screeningNumber: string } }) => d.subject.screeningNumber)).toEqual(['S-001', 'S-002']);
  });

  it('plans a confirmed monitoring visit of S-001 and S-002 with the demo monitor, shown on their visits', async () => {
    const [visit, ...others] = await get('kio', '/MonitoringVisits');
    expect(others).toEqual([]);
    expect(visit).toMatchObject({ confirmed: true, timeState: 'inProgress', workDayStart: '00:00:00', workDayEnd: '23:59:59' });
    expect(visit.monitorList.map((m: { fullName: string }) => m.fullName)).toEqual(['Мониторова Мария']);
    const [s001] = await get('site', '/Subjects?page=1&pageSize=50&screeningNumber=S-001');
    expect(s001.subjectVisitList).toHaveLength(3);
    for (const sv of s001.subjectVisitList) {
      const list = await get('kio', `/SubjectsVisit/${sv.id}/MonitoringVisits`);
      expect(list.map((m: { id: string }) => m.id)).toEqual([visit.id]);
    }
    expect(visit.subjectVisitIdList).toHaveLength(5);
  });

  it('enters data at site 01: a signed screening visit of S-001 with a corrected weight, a glucose out of range and an adverse event', async () => {
    const [s001] = await get('site', '/Subjects?page=1&pageSize=50&screeningNumber=S-001');
    const scr = s001.subjectVisitList.find(
      (v: { visitId: string; formCompletedStatus: string }) => v.formCompletedStatus === 'Completed',
    );
    const page = await get('site', `/SubjectsVisit/${scr.id}`);
    expect(page.subjectFormList).toHaveLength(5);
    expect(page.subjectFormList.every((f: { isComplete: boolean; progress: number }) => f.isComplete && f.progress === 100)).toBe(
      true,
    );
    expect(page.signature).toMatchObject({ printedName: expect.stringContaining('Иванов'), changedSinceSigning: false });
    expect(page.signDate).toEqual(expect.any(String));
    const fieldsOf = async (title: string) => {
      const brief = page.subjectFormList.find((f: { form: { title: string } }) => f.form.title === title);
      const form = await get('site', `/SubjectsForm/${brief.id}`);
      return form.subjectFormSectionList.flatMap((s: { subjectFormFieldList: unknown[] }) => s.subjectFormFieldList);
    };
    const weight = (await fieldsOf('Демография')).find((f: any) => f.formField.text === 'Масса тела');
    const history = await get('qa', `/ItemData?subjectFormFieldId=${weight.id}`);
    expect(history.map((h: { data: string; reasonForChange: string | null }) => [h.data, h.reasonForChange])).toEqual([
      ['82', 'Ошибка ввода'],
      ['80', null],
    ]);
    const glucose = (await fieldsOf('Биохимический анализ крови')).find((f: any) => f.formField.text === 'Глюкоза');
    expect(glucose.itemData.data).toBe('7.8');
    expect(glucose.referenceRange).toMatchObject({ minReference: 3.3, maxReference: 5.5 });
    const ecg = (await fieldsOf('ЭКГ')).find((f: any) => f.formField.field.fieldType === 'File');
    expect(ecg.itemData.documentId).toEqual(expect.any(String));

    const v1 = s001.subjectVisitList.find((v: { formCompletedStatus: string }) => v.formCompletedStatus === 'Started');
    const v1Page = await get('site', `/SubjectsVisit/${v1.id}`);
    const ae = v1Page.subjectFormList.find((f: { form: { title: string } }) => f.form.title === 'Нежелательные явления');
    const aeFields = (await get('site', `/SubjectsForm/${ae.id}`)).subjectFormSectionList[0].subjectFormFieldList;
    const term = aeFields.find((f: any) => f.formField.text === 'Описание явления');
    expect(term).toMatchObject({ isHidden: false, itemData: { data: 'Головная боль' } });
    const trail = await call(t.app, 'GET', `/Subjects/${s001.id}/AuditTrail?pageSize=100`, { token: tokens.qa });
    expect(trail.body.data.map((r: { action: string }) => r.action)).toEqual(
      expect.arrayContaining(['subject_visit.sign', 'item_data.change', 'item_data.add_document']),
    );
  });

  it('exports the demo design as ODM 1.3.2 that validates against the CDISC schema', async () => {
    const [version] = await get('admin', '/ResearchVersions');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/ResearchVersions/${version.id}/Odm`,
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<StudyEventDef');
    const lint = await xmllint(res.body);
    expect(lint.ok, lint.output).toBe(true);
  });

  it('records every step in an unbroken audit trail', async () => {
    const chain = await verifyAuditChain(t.database.db);
    expect(chain.brokenAt).toBeNull();
    expect(chain.checked).toBeGreaterThan(100);
  });
});
