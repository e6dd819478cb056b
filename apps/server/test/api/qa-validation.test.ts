import { describe, expect, it } from 'vitest';
import { auditActions } from './design-support.js';
import { expectError, setupQaApp, type QaStudy } from './qa-support.js';

const { t, admin, qaStudy } = setupQaApp();
const db = () => t.database.db;

const formsOf = (s: QaStudy) => s.qa.ok('GET', `/QaForms?qaVisitId=${s.qaVisit.id}`);
const toggleForm = (s: QaStudy, id: string) => s.qa.send('POST', `/QaForms/${id}/ToggleValidate`);

async function validateAll(s: QaStudy) {
  for (const f of await formsOf(s)) if (!f.validated) await s.qa.ok('POST', `/QaForms/${f.id}/ToggleValidate`);
  await s.qa.ok('POST', `/QaVisits/${s.qaVisit.id}/ToggleValidate`);
}

describe('QA visits and forms', () => {
  it('are made for every visit and form of the version when it enters QaValidating, and follow the design', async () => {
    const s = await qaStudy();
    expect(s.qaVisit).toMatchObject({
      visitId: s.tree.visit.id,
      validated: false,
      formsTotal: 2,
      formsValidated: 0,
      notesIndicator: null,
    });
    expect(s.qaForms.map((f: { formId: string }) => f.formId)).toEqual([s.tree.form.id, s.second.id]);
    // A form added while QA reads the version gets its QA form.
    const third = await admin.form(s.tree.visit.id, s.tree.formType.id, { title: 'Third form' });
    expect((await formsOf(s)).map((f: { formId: string }) => f.formId)).toContain(third.id);
    // Only readers of QA validation see them.
    expect((await admin.send('GET', `/QaVisits?researchVersionId=${s.version.id}`)).status).toBe(200);
  });
});

describe('validation of a form or visit', () => {
  it('is refused with an open note, allowed after it is closed, and cancelled; each audited', async () => {
    const s = await qaStudy();
    const [form] = s.qaForms;
    const note = await s.qa.ok('POST', '/QaItemNotes', {
      qaVisitId: s.qaVisit.id,
      qaFormId: form.id,
      qaItemNoteMessage: 'Уточните подпись поля',
    });
    expect((await formsOf(s))[0]).toMatchObject({ notesIndicator: 'New', openNotes: 1 });
    const refused = expectError(await toggleForm(s, form.id), 409, 'qa_open_notes', 'id');
    expect(refused.message).toContain('(1)');
    expectError(await s.qa.send('POST', `/QaVisits/${s.qaVisit.id}/ToggleValidate`), 409, 'qa_open_notes');
    await admin.ok('POST', `/QaItemNotes/${note.id}/Resolve`);
    expect((await formsOf(s))[0].notesIndicator).toBe('ResolutionProposed');
    expectError(await toggleForm(s, form.id), 409, 'qa_open_notes');
    await s.qa.ok('POST', `/QaItemNotes/${note.id}/Close`);
    const validated = await s.qa.ok('POST', `/QaForms/${form.id}/ToggleValidate`);
    expect(validated).toMatchObject({ validated: true, notesIndicator: 'Closed', validatedBy: { id: s.qaUserId } });
    expect(validated.validatedDate).toBeTruthy();
    // A validated form takes no new note until its validation is cancelled.
    expectError(
      await s.qa.send('POST', '/QaItemNotes', { qaVisitId: s.qaVisit.id, qaFormId: form.id, qaItemNoteMessage: 'ещё' }),
      409,
      'qa_item_validated',
      'qaFormId',
    );
    const cancelled = await s.qa.ok('POST', `/QaForms/${form.id}/ToggleValidate`);
    expect(cancelled).toMatchObject({ validated: false, validatedDate: null, validatedBy: null });
    expect(await auditActions(db(), form.id)).toEqual(['qa_form.validate', 'qa_form.cancel_validation']);
  });

  it('is for QA only', async () => {
    const s = await qaStudy();
    expectError(await admin.send('POST', `/QaForms/${s.qaForms[0].id}/ToggleValidate`), 403, 'forbidden');
    expect((await formsOf(s))[0].validated).toBe(false);
  });
});

describe('Start testing gate', () => {
  it('is refused while one form is not validated, naming it, and allowed when all are', async () => {
    const s = await qaStudy();
    const [first, second] = s.qaForms;
    await s.qa.ok('POST', `/QaForms/${second.id}/ToggleValidate`);
    await s.qa.ok('POST', `/QaVisits/${s.qaVisit.id}/ToggleValidate`);
    const refused = expectError(
      await admin.send('POST', `/ResearchVersions/${s.version.id}/StartTesting`),
      409,
      'qa_not_validated',
      'status',
    );
    expect(refused.message).toBe(
      `Начать тестирование нельзя: ОКК не проверил форма «${s.tree.form.title}» (визит «${s.tree.visit.title}»)`,
    );
    expect((await admin.ok('GET', `/ResearchVersions/${s.version.id}`)).status).toBe('QaValidating');
    await s.qa.ok('POST', `/QaForms/${first.id}/ToggleValidate`);
    expect((await admin.ok('POST', `/ResearchVersions/${s.version.id}/StartTesting`)).status).toBe('Testing');
    // Under testing QA may still cancel a validation, but validates nothing new.
    expect((await s.qa.ok('POST', `/QaForms/${first.id}/ToggleValidate`)).validated).toBe(false);
    expectError(await toggleForm(s, first.id), 409, 'qa_version_not_validating', 'id');
  });

  it('lets the admin set the status directly, with a reason the audit trail keeps', async () => {
    const s = await qaStudy();
    expectError(
      await admin.send('POST', `/ResearchVersions/${s.version.id}/ChangeStatus`, { versionStatus: 'Testing' }),
      400,
      'required',
      'reason',
    );
    await admin.ok('POST', `/ResearchVersions/${s.version.id}/ChangeStatus`, {
      versionStatus: 'Testing',
      reason: 'Тестовый центр начинает по решению спонсора',
    });
    const { auditLog } = await import('../../src/platform/db/schema/index.js');
    const { and, eq } = await import('drizzle-orm');
    const [record] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, s.version.id), eq(auditLog.action, 'research_version.change_status')));
    expect(record).toMatchObject({ reason: 'Тестовый центр начинает по решению спонсора', after: { status: 'Testing' } });
  });
});

describe('a design change after validation', () => {
  it('withdraws the validation of the changed form only, lists what changed, and audits it', async () => {
    const s = await qaStudy();
    await validateAll(s);
    const [first, second] = await formsOf(s);
    expect([first.validated, second.validated]).toEqual([true, true]);
    // Completing a form or testing a rule is no design change.
    await admin.ok('POST', `/Forms/${s.tree.form.id}/ToggleComplete`);
    await admin.ok('POST', `/Forms/${s.tree.form.id}/ToggleComplete`);
    expect((await formsOf(s))[0].validated).toBe(true);
    // A new field in the first form's section is.
    await admin.formField(s.tree.section.id, s.tree.text.id);
    const [after, untouched] = await formsOf(s);
    expect(after).toMatchObject({ validated: false, withdrawnCause: 'form_fields', validatedBy: null });
    expect(after.withdrawnAt).toBeTruthy();
    expect(untouched.validated).toBe(true);
    expect(await auditActions(db(), first.id)).toEqual(['qa_form.validate', 'qa_form.validation_withdrawn']);
    expectError(await admin.send('POST', `/ResearchVersions/${s.version.id}/StartTesting`), 409, 'qa_not_validated');
  });

  it('withdraws on a renamed section, an edited field definition or a changed visit', async () => {
    const s = await qaStudy();
    await validateAll(s);
    const section = await admin.ok('GET', `/FormSections/${s.tree.section.id}`);
    await admin.ok('PUT', `/FormSections/${s.tree.section.id}`, { ...section, sectionName: 'Renamed' });
    expect((await formsOf(s))[0]).toMatchObject({ validated: false, withdrawnCause: 'form_sections' });
    expect((await formsOf(s))[1].validated).toBe(true);
    const visit = await admin.ok('GET', `/Visits/${s.tree.visit.id}`);
    await admin.ok('PUT', `/Visits/${s.tree.visit.id}`, { ...visit, title: 'Renamed visit' });
    const [qaVisit] = await s.qa.ok('GET', `/QaVisits?researchVersionId=${s.version.id}`);
    expect(qaVisit).toMatchObject({ validated: false, withdrawnCause: 'visits' });
    // The text field's definition is used by the second form too.
    const field = await admin.ok('GET', `/Fields/${s.tree.text.id}`);
    await admin.ok('PUT', `/Fields/${s.tree.text.id}`, { ...field, title: 'Renamed field' });
    expect((await formsOf(s))[1]).toMatchObject({ validated: false, withdrawnCause: 'fields' });
  });
});
