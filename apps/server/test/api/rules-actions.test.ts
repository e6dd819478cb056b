import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  auditLog,
  fields as fieldDefs,
  formFields,
  forms,
  itemData,
  itemNoteEntries,
  itemNotes,
  subjectFormFields,
  subjectForms,
  subjectFormSections,
  users,
} from '../../src/platform/db/schema/index.js';
import { AUTO_CLOSE_TEXT } from '../../src/modules/rules/rule-texts.js';
import { expectError } from '../support/test-app.js';
import { setupRulesApp } from './rules-support.js';

/**
 * The actions of the rules on a save (docs/rules.md "Actions"): saving a value of a subject form proposes a
 * calculated value (and Calculate gives it), hides and shows a field (its children with it, and a hidden
 * required field is not required), raises an Auto note and closes it, and mails the investigators and
 * monitors when a condition becomes true; each action is audited with the rule and the user who saved.
 */

const s = setupRulesApp();
const rules = {} as Record<'bmi' | 'note' | 'toggle' | 'email' | 'site2Note', { id: string }>;

beforeAll(async () => {
  rules.bmi = await s.rule({
    ruleTypeString: 'InsertAction',
    expression: 'RoundAwayFromZero(Bmi([WEIGHT]; [HEIGHT]); 1)',
    formFieldId: s.d.ff.bmi!.id,
  });
  rules.note = await s.rule({
    ruleTypeString: 'NoteAction',
    expression: '[SBP] < 90 OR [SBP] > 160',
    formFieldId: s.d.ff.sbp!.id,
    message: 'САД вне диапазона 90–160 мм рт. ст.',
  });
  rules.toggle = await s.rule({ ruleTypeString: 'ToggleAction', expression: '[SEX] = "Мужской"', formFieldId: s.d.ff.preg!.id });
  rules.email = await s.rule({
    ruleTypeString: 'EmailAction',
    expression: '[SBP] > 200',
    formFieldId: s.d.ff.sbp!.id,
    message: 'Критически высокое САД',
  });
  rules.site2Note = await s.rule({
    ruleTypeString: 'NoteAction',
    expression: '[WEIGHT] > 0',
    formFieldId: s.d.ff.weight!.id,
    message: 'Только для центра 2',
    researchOrganisationId: s.w.site2Centre.id,
  });
});

const db = () => s.t.database.db;
const audits = (subjectId: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.seq));
const notesOf = (subjectFormFieldId: string) =>
  db().select().from(itemNotes).where(eq(itemNotes.subjectFormFieldId, subjectFormFieldId)).orderBy(asc(itemNotes.createdAt));

describe('InsertAction: a proposed value', () => {
  it('is proposed once it can be evaluated, stored nowhere, and given again by Calculate', async () => {
    const { fields, subject } = await s.newForm();
    const first = await s.save(fields.weight, '70');
    expect(first.proposals).toBeUndefined();
    expect(await s.pi().ok('GET', `/SubjectsFormField/${fields.bmi.id}/Calculate`)).toBeNull();
    const second = await s.save(fields.height, '175');
    expect(second.proposals).toEqual([{ subjectFormFieldId: fields.bmi.id, value: '22.9', ruleId: rules.bmi.id }]);
    expect(await db().select().from(itemData).where(eq(itemData.subjectFormFieldId, fields.bmi.id))).toEqual([]);
    for (const who of ['sitePi', 'qa', 'kio', 'admin'] as const) {
      expect(await s.api(s.as(who)).ok('GET', `/SubjectsFormField/${fields.bmi.id}/Calculate`)).toEqual({
        value: '22.9',
        ruleId: rules.bmi.id,
      });
    }
    expectError(
      await s.api(s.w.site2.token).send('GET', `/SubjectsFormField/${fields.bmi.id}/Calculate`),
      404,
      'not_found',
      'id',
    );
    // Accepted: the field holds it, nothing more to propose until the inputs change.
    await s.save(fields.bmi, '22.9');
    expect(await s.pi().ok('GET', `/SubjectsFormField/${fields.bmi.id}/Calculate`)).toBeNull();
    const third = await s.save(fields.weight, '80');
    expect(third.proposals).toEqual([{ subjectFormFieldId: fields.bmi.id, value: '26.1', ruleId: rules.bmi.id }]);
    // A cleared input makes the rule unevaluable: nothing is proposed.
    const cleared = await s.save(fields.height, null);
    expect(cleared.proposals).toBeUndefined();
    const records = await audits(subject.id, 'rule.insert_proposed');
    expect(records).toHaveLength(2);
    expect(records[0]!.userId).toBe(s.w.callers.sitePi.userId);
    expect(records[0]!.after).toMatchObject({
      value: '22.9',
      current: null,
      subjectFormFieldId: fields.bmi.id,
      formFieldId: s.d.ff.bmi!.id,
      rule: { id: rules.bmi.id, type: 'InsertAction' },
      triggeredBy: { userId: s.w.callers.sitePi.userId, subjectFormFieldId: fields.height.id, itemDataId: second.itemData.id },
    });
  });

  it('a rule of another centre does not run for this centre’s subjects', async () => {
    const { fields } = await s.newForm();
    await s.save(fields.weight, '90');
    expect(await notesOf(fields.weight.id)).toEqual([]);
  });
});

describe('NoteAction: an Auto note raised and closed automatically', () => {
  it('raises one Auto note while the condition holds and closes it when it no longer does', async () => {
    const { fields, subject } = await s.newForm();
    await s.save(fields.sbp, '170');
    let notes = await notesOf(fields.sbp.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: 'Auto',
      status: 'New',
      note: 'САД вне диапазона 90–160 мм рт. ст.',
      createdBy: null,
      ruleId: rules.note.id,
      subjectId: subject.id,
      formFieldId: s.d.ff.sbp!.id,
    });
    // Still out of range: no second note.
    await s.save(fields.sbp, '180');
    expect(await notesOf(fields.sbp.id)).toHaveLength(1);
    // The site sees it among the field's notes.
    const history = await s.pi().ok('GET', `/ItemNote/History?subjectFormFieldId=${fields.sbp.id}`);
    expect(JSON.stringify(history)).toContain('САД вне диапазона');
    // Back in range: closed by the rule.
    await s.save(fields.sbp, '120');
    notes = await notesOf(fields.sbp.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ status: 'Closed', lastEntry: AUTO_CLOSE_TEXT, entryCount: 2 });
    expect(notes[0]!.closeAt).not.toBeNull();
    const entries = await db()
      .select()
      .from(itemNoteEntries)
      .where(eq(itemNoteEntries.itemNoteId, notes[0]!.id))
      .orderBy(asc(itemNoteEntries.createdAt));
    expect(entries.map((e) => [e.kind, e.status, e.createdBy])).toEqual([
      ['Note', 'New', null],
      ['Close', 'Closed', null],
    ]);
    // Out of range again: a new note.
    await s.save(fields.sbp, '80');
    notes = await notesOf(fields.sbp.id);
    expect(notes.map((n) => n.status)).toEqual(['Closed', 'New']);
    // A cleared value cannot be evaluated: the open note stays.
    await s.save(fields.sbp, null);
    expect((await notesOf(fields.sbp.id)).map((n) => n.status)).toEqual(['Closed', 'New']);

    const added = await audits(subject.id, 'item_note.add');
    const closed = await audits(subject.id, 'item_note.close');
    expect(added).toHaveLength(2);
    expect(closed).toHaveLength(1);
    for (const r of [...added, ...closed]) {
      expect(r.userId).toBe(s.w.callers.sitePi.userId);
      expect(r.after).toMatchObject({
        rule: { id: rules.note.id, type: 'NoteAction' },
        triggeredBy: { userId: s.w.callers.sitePi.userId },
      });
    }
  });
});

describe('answering an Auto note with a value that no longer triggers its rule', () => {
  it('records the answer and the value, and the note stays closed by the rule', async () => {
    const { fields } = await s.newForm();
    await s.save(fields.sbp, '175');
    const [note] = await notesOf(fields.sbp.id);
    const [current] = (await s.pi().ok('GET', `/ItemData?subjectFormFieldId=${fields.sbp.id}`)) as { id: string }[];
    const answered = (await s.pi().ok('POST', `/ItemNote/${note!.id}/Answer`, {
      note: 'Значение отредактировано',
      itemData: { data: '125', reasonForChange: 'Ошибка ввода', currentItemDataId: current!.id },
    })) as { itemNote: { status: string }; itemData: { itemData: { data: string } } };
    expect(answered.itemData.itemData.data).toBe('125');
    expect(answered.itemNote.status).toBe('Closed');
    const [after] = await notesOf(fields.sbp.id);
    expect(after).toMatchObject({ status: 'Closed', entryCount: 3 });
    expect(after!.closeAt).not.toBeNull();
    const entries = await db()
      .select()
      .from(itemNoteEntries)
      .where(eq(itemNoteEntries.itemNoteId, note!.id))
      .orderBy(asc(itemNoteEntries.createdAt), asc(itemNoteEntries.id));
    expect(entries.map((e) => [e.kind, e.status])).toEqual([
      ['Note', 'New'],
      ['Close', 'Closed'],
      ['Answer', 'Closed'],
    ]);
  });
});

describe('ToggleAction: a field hidden and shown', () => {
  it('hides the field (and its children) while the condition holds; hidden required fields are not required', async () => {
    const { fields, form, subject } = await s.newForm();
    const section = form.subjectFormSectionList[0];
    await s.save(fields.sex, 'Женский');
    const yes = await s.save(fields.preg, 'Да');
    expect(yes.visibility).toEqual([{ subjectFormFieldId: fields.pregWeeks.id, isHidden: false }]);
    const male = await s.save(fields.sex, 'Мужской');
    expect(male.visibility).toEqual(
      expect.arrayContaining([
        { subjectFormFieldId: fields.preg.id, isHidden: true },
        { subjectFormFieldId: fields.pregWeeks.id, isHidden: true },
      ]),
    );
    expect(male.visibility).toHaveLength(2);
    const rows = await db()
      .select({ id: subjectFormFields.id, isHidden: subjectFormFields.isHidden, ruleHidden: subjectFormFields.ruleHidden })
      .from(subjectFormFields)
      .where(inArray(subjectFormFields.id, [fields.preg.id, fields.pregWeeks.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.isHidden, r.ruleHidden]]))).toEqual({
      [fields.preg.id]: [true, true],
      [fields.pregWeeks.id]: [true, false],
    });
    // A hidden field takes no value.
    const history = await s.pi().ok('GET', `/ItemData?subjectFormFieldId=${fields.preg.id}`);
    expectError(
      await s.pi().send('POST', '/ItemData/WithReason', {
        subjectFormFieldId: fields.preg.id,
        data: 'Нет',
        reasonForChange: 'x',
        currentItemDataId: history[0].id,
      }),
      409,
      'field_hidden',
    );
    // The same answer again changes nothing.
    const again = await s.save(fields.sex, 'Женский');
    expect(again.visibility).toEqual(
      expect.arrayContaining([
        { subjectFormFieldId: fields.preg.id, isHidden: false },
        { subjectFormFieldId: fields.pregWeeks.id, isHidden: false },
      ]),
    );
    const back = await s.save(fields.sex, 'Мужской');
    expect(back.visibility).toHaveLength(2);
    // PREG and PREGWEEKS are required, but hidden: the section completes without them.
    const page = await s.pi().ok('GET', `/SubjectsForm/${form.id}`);
    const sec = page.subjectFormSectionList.find((x: any) => x.id === section.id);
    const status = await s
      .pi()
      .ok('POST', `/SubjectsFormSection/${section.id}/ChangeStatus`, { status: 'Completed', version: sec.version });
    await s.pi().ok('POST', `/SubjectsFormSection/${section.id}/Complete`, { version: status.version });
    const toggles = await audits(subject.id, 'rule.toggle');
    expect(toggles.map((r) => (r.after as any).isHidden)).toEqual([true, false, true]);
    expect(toggles[0]!.after).toMatchObject({
      rule: { id: rules.toggle.id, type: 'ToggleAction' },
      triggeredBy: { userId: s.w.callers.sitePi.userId, subjectFormFieldId: fields.sex.id },
      subjectFormFieldId: fields.preg.id,
    });
  });
});

describe('EmailAction: a mail in the outbox', () => {
  it('mails the centre’s investigators and the research’s monitors when the condition becomes true', async () => {
    const { fields, subject } = await s.newForm();
    const sent = () => s.t.mailer.sent.filter((m) => m.text.includes(subject.identificationNumber));
    await s.save(fields.sbp, '120');
    expect(sent()).toEqual([]);
    await s.save(fields.sbp, '210');
    await new Promise((r) => setTimeout(r, 20));
    const mails = sent();
    const emailsOf = async (ids: string[]) =>
      (await db().select({ email: users.email }).from(users).where(inArray(users.id, ids)))
        .map((u) => u.email.toLowerCase())
        .sort();
    const expected = await emailsOf([s.w.callers.sitePi.userId, s.w.english.userId, s.w.callers.kio.userId]);
    expect(mails.map((m) => m.to.toLowerCase()).sort()).toEqual(expected);
    // Each in the recipient's language: the English-speaking PI's in English.
    const [englishEmail] = await emailsOf([s.w.english.userId]);
    const english = mails.find((m) => m.to.toLowerCase() === englishEmail)!;
    expect(english.subject).toBe(
      `Research ${s.w.world.research.grlsProtocolNumber}, subject ${subject.identificationNumber}: Критически высокое САД`,
    );
    expect(
      mails
        .filter((m) => m !== english)
        .every((m) => m.subject.startsWith('Исследование') && m.text.includes('Введённое значение: 210')),
    ).toBe(true);
    expect(english.text).toContain('Критически высокое САД');
    expect(english.text).toContain('Value entered: 210');
    expect(english.links?.[0]).toMatch(/\/subjectVisit\//);
    // Still true: no second mail; false, then true again: mailed again.
    await s.save(fields.sbp, '220');
    await s.save(fields.sbp, '120');
    await new Promise((r) => setTimeout(r, 20));
    expect(sent()).toHaveLength(3);
    await s.save(fields.sbp, '205');
    await new Promise((r) => setTimeout(r, 20));
    expect(sent()).toHaveLength(6);
    const records = await audits(subject.id, 'rule.email');
    expect(records).toHaveLength(2);
    expect(records[0]!.userId).toBe(s.w.callers.sitePi.userId);
    expect(records[0]!.after).toMatchObject({
      rule: { id: rules.email.id, type: 'EmailAction' },
      message: 'Критически высокое САД',
    });
    expect(((records[0]!.after as any).recipients as string[]).map((e) => e.toLowerCase()).sort()).toEqual(expected);
  });

  it('an answer to a query changing the value mails after its commit too', async () => {
    const { fields, subject } = await s.newForm();
    const sent = () => s.t.mailer.sent.filter((m) => m.text.includes(subject.identificationNumber));
    const current = await s.save(fields.sbp, '150');
    const note = await s
      .api(s.as('qa'))
      .ok('POST', '/ItemNote/AddQaItemNote', { subjectFormFieldId: fields.sbp.id, note: 'Проверьте' });
    const answered = await s.pi().ok('POST', `/ItemNote/${note.id}/Answer`, {
      note: 'Исправлено',
      itemData: { data: '230', reasonForChange: 'Ошибка переноса', currentItemDataId: current.itemData.id },
    });
    expect(answered.itemData.itemData.data).toBe('230');
    await new Promise((r) => setTimeout(r, 20));
    expect(sent()).toHaveLength(3);
  });

  it('an answer whose value fires the rule but is then refused mails nothing', async () => {
    const { fields, subject, form } = await s.newForm();
    const sent = () => s.t.mailer.sent.filter((m) => m.text.includes(subject.identificationNumber));
    const current = await s.save(fields.sbp, '150');
    const note = await s
      .api(s.as('qa'))
      .ok('POST', '/ItemNote/AddQaItemNote', { subjectFormFieldId: fields.sbp.id, note: 'Проверьте' });
    // The monitor validated the form: the answer's value is saved and its rules run, then the answer is refused.
    await db()
      .update(subjectFormSections)
      .set({ qaValidate: true, dmValidate: true })
      .where(eq(subjectFormSections.subjectFormId, form.id));
    await db()
      .update(subjectForms)
      .set({ qaValidate: true, dmValidate: true, kioValidate: true })
      .where(eq(subjectForms.id, form.id));
    const refused = await s.pi().send('POST', `/ItemNote/${note.id}/Answer`, {
      note: 'Исправлено',
      itemData: { data: '250', reasonForChange: 'Ошибка переноса', currentItemDataId: current.itemData.id },
    });
    expectError(refused, 409, 'form_kio_validated');
    await new Promise((r) => setTimeout(r, 20));
    expect(sent()).toHaveLength(0);
  });
});

describe('the audit trail', () => {
  it('shows each action with the rule and the user whose save triggered it', async () => {
    const { fields, subject } = await s.newForm();
    await s.save(fields.weight, '60');
    await s.save(fields.height, '160');
    await s.save(fields.sbp, '250');
    const trail = await s.pi().send('GET', `/Subjects/${subject.id}/AuditTrail?pageSize=100`);
    const actions = trail.body.data.map((r: any) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['rule.insert_proposed', 'item_note.add', 'rule.email', 'item_data.add']));
    const fired = trail.body.data.filter((r: any) => ['rule.insert_proposed', 'item_note.add', 'rule.email'].includes(r.action));
    for (const r of fired) {
      expect(r.userEmail).toBeTruthy();
      expect(r.after.triggeredBy.userId).toBe(s.w.callers.sitePi.userId);
      expect(r.after.rule.id).toBeTruthy();
    }
    const bmiTrail = await s.pi().ok('GET', `/Subjects/${subject.id}/AuditTrail?formFieldId=${s.d.ff.bmi!.id}`);
    expect(bmiTrail.map((r: any) => r.action)).toEqual(['rule.insert_proposed']);
  });
});

describe('a save runs the rules of the current design (the plan is cached under the form rules stamp)', () => {
  it('takes a rule created, edited or deleted and a field code changed between two saves at once', async () => {
    const { fields } = await s.newForm();
    const heightNotes = async () => (await notesOf(fields.height.id)).map((n) => n.status);
    await s.save(fields.weight, '70');
    expect((await s.save(fields.height, '100')).proposals).toHaveLength(1); // the plan of HEIGHT is cached now

    const limit = await s.rule({
      ruleTypeString: 'NoteAction',
      expression: '[HEIGHT] > 250',
      formFieldId: s.d.ff.height!.id,
      message: 'Рост больше 250 см',
    });
    await s.save(fields.height, '260');
    expect(await heightNotes()).toEqual(['New']);

    const edited = await s.admin().ok('GET', `/Rules/${limit.id}`);
    await s.admin().ok('PUT', `/Rules/${limit.id}/`, {
      ruleTypeString: 'NoteAction',
      expression: '[HEIGHT] > 300',
      formFieldId: s.d.ff.height!.id,
      message: edited.message,
    });
    await s.save(fields.height, '270');
    expect(await heightNotes()).toEqual(['Closed']);

    await s.admin().ok('DELETE', `/Rules/${limit.id}`);
    await s.save(fields.height, '400');
    expect(await heightNotes()).toEqual(['Closed']);

    // HEIGHT renamed: the BMI rule names no field and proposes nothing; renamed back, it proposes again.
    const rename = async (annotationKey: string) => {
      const ff = await s.admin().ok('GET', `/FormFields/${s.d.ff.height!.id}`);
      await s.admin().ok('PUT', `/FormFields/${s.d.ff.height!.id}`, { updatedAt: ff.updatedAt, annotationKey });
    };
    await rename('HEIGHT_CM');
    expect((await s.save(fields.weight, '80')).proposals).toBeUndefined();
    await rename('HEIGHT');
    expect((await s.save(fields.weight, '81')).proposals).toEqual([
      { subjectFormFieldId: fields.bmi.id, value: '5.1', ruleId: rules.bmi.id },
    ]);
  });

  it('the stamp rises with every change to the form rules, its form fields and their field definitions', async () => {
    const stamp = async () => (await db().select({ v: forms.rulesStamp }).from(forms).where(eq(forms.id, s.d.form.id)))[0]!.v;
    const ffId = s.d.ff.plain!.id;
    const [ff] = await db().select().from(formFields).where(eq(formFields.id, ffId));
    const steps: [string, () => Promise<unknown>][] = [
      ['a rule', () => s.rule({ ruleTypeString: 'ToggleAction', expression: '[SMOKER]', formFieldId: ffId })],
      ['a form field', () => db().update(formFields).set({ text: 'Q plain (изм.)' }).where(eq(formFields.id, ffId))],
      [
        'a field definition',
        () =>
          db()
            .update(fieldDefs)
            .set({ fieldKey: `${ff!.id.slice(0, 8)}_KEY` })
            .where(eq(fieldDefs.id, ff!.fieldId)),
      ],
    ];
    for (const [what, change] of steps) {
      const before = await stamp();
      await change();
      expect(await stamp(), what).toBeGreaterThan(before);
    }
  });
});
