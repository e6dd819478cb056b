import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, itemData, subjectForms, subjectFormSections, subjectVisits } from '../../src/platform/db/schema/index.js';
import { expectError } from '../support/test-app.js';
import { addDocument, pdf } from './data-entry-support.js';
import { setupNotesApp } from './notes-support.js';

/** POST /ItemNote/{id}/Answer with a change of the value: one transaction, the value's rules, the entry naming it. */
const { t, api, as, pi, newForm, raise, noteRow, entriesOf, audits, db } = setupNotesApp();

const valuesOf = (subjectFormFieldId: string) =>
  db().select().from(itemData).where(eq(itemData.subjectFormFieldId, subjectFormFieldId));

describe('an answer that changes the value', () => {
  it('saves the value with the reason, links it from the entry, and audits both', async () => {
    const { fields, subject } = await newForm();
    const first = await pi().ok('POST', '/ItemData', { subjectFormFieldId: fields.number.id, data: '120' });
    const n = await raise('QaNote', fields.number.id, 'Проверьте значение');
    const res = await api(as('sitePi')).ok('POST', `/ItemNote/${n.id}/Answer`, {
      note: 'Значение отредактировано',
      itemData: { data: '12,5', reasonForChange: 'Ошибка ввода', currentItemDataId: first.itemData.id },
    });
    expect(res.itemData.itemData).toMatchObject({
      data: '12.5',
      reasonForChange: 'Ошибка ввода',
      subjectFormFieldId: fields.number.id,
    });
    expect(res.itemNote).toMatchObject({ status: 'ResolutionProposed' });
    const answer = res.itemNote.entries.at(-1);
    expect(answer).toMatchObject({ kind: 'Answer', itemDataId: res.itemData.itemData.id, data: 'Значение отредактировано' });
    // The field's current value is the new one.
    const current = await api(as('qa')).ok('GET', `/ItemData?subjectFormFieldId=${fields.number.id}`);
    expect(current[0]).toMatchObject({ id: res.itemData.itemData.id, data: '12.5' });
    const [change] = await audits(res.itemData.itemData.id, 'item_data.change');
    expect(change).toMatchObject({ reason: 'Ошибка ввода', subjectId: subject.id });
    const [audited] = await audits(n.id, 'item_note.answer');
    expect(audited!.after).toMatchObject({
      status: 'ResolutionProposed',
      entry: { kind: 'Answer', itemDataId: res.itemData.itemData.id },
    });
    // The value's record comes first in the subject's chain, then the note's.
    expect(audited!.seq).toBeGreaterThan(change!.seq);
  });

  it('a first value (no current one) is possible too', async () => {
    const { fields } = await newForm();
    const n = await raise('DmNote', fields.text.id);
    const res = await api(as('sitePi')).ok('POST', `/ItemNote/${n.id}/Answer`, {
      note: 'Добавлены данные',
      itemData: { data: 'AB1', reasonForChange: 'Добавлены данные', currentItemDataId: null },
    });
    expect(res.itemData.itemData).toMatchObject({ data: 'AB1' });
    expect((await audits(res.itemData.itemData.id, 'item_data.add')).length).toBe(1);
  });

  it.each([
    ['a stale value', 409, 'item_data_stale', { data: '99', currentItemDataId: '01900000-0000-7000-8000-000000000001' }],
    ['a bad value', 400, 'item_value_invalid', { data: 'abc', currentItemDataId: null }],
  ] as const)('writes nothing for %s (%i %s): no value, no entry, no audit record', async (_, status, code, over) => {
    const { fields } = await newForm();
    const n = await raise('QaNote', fields.number.id);
    const res = await api(as('sitePi')).send('POST', `/ItemNote/${n.id}/Answer`, {
      note: 'Исправлено',
      itemData: { reasonForChange: 'Ошибка ввода', ...over },
    });
    expectError(res, status, code);
    expect(await valuesOf(fields.number.id)).toEqual([]);
    expect((await noteRow(n.id)).status).toBe('New');
    expect(await entriesOf(n.id)).toHaveLength(1);
    expect(await audits(n.id, 'item_note.answer')).toEqual([]);
  });

  it('is not possible for a file field (400 note_answer_file_field); a plain answer is', async () => {
    const { fields } = await newForm();
    const up = await addDocument(
      t.app,
      as('sitePi'),
      { subjectFormFieldId: fields.file.id, name: 'ЭКГ' },
      { fileName: 'ecg.pdf', bytes: pdf() },
    );
    expect(up.status).toBe(200);
    const n = await raise('QaNote', fields.file.id);
    expectError(
      await api(as('sitePi')).send('POST', `/ItemNote/${n.id}/Answer`, {
        note: 'Заменён файл',
        itemData: { data: 'x', reasonForChange: 'Ошибка', currentItemDataId: up.body.data.itemData.id },
      }),
      400,
      'note_answer_file_field',
      'itemData',
    );
    expect((await api(as('sitePi')).ok('POST', `/ItemNote/${n.id}/Answer`, { note: 'Файл верный' })).itemNote.status).toBe(
      'ResolutionProposed',
    );
  });

  it('is not possible for a calculated field either: its value comes from its rules', async () => {
    const { fields } = await newForm();
    const n = await raise('QaNote', fields.calculated.id);
    expectError(
      await api(as('sitePi')).send('POST', `/ItemNote/${n.id}/Answer`, {
        note: 'Пересчитано',
        itemData: { data: '1', reasonForChange: 'Ошибка', currentItemDataId: null },
      }),
      400,
      'note_answer_file_field',
      'itemData',
    );
    expect(await valuesOf(fields.calculated.id)).toEqual([]);
  });

  it('in a QA-validated section: a plain change stays refused, an answer’s change reverts the validation', async () => {
    const { fields, main, form } = await newForm();
    const first = await pi().ok('POST', '/ItemData', { subjectFormFieldId: fields.number.id, data: '100' });
    const n = await raise('QaNote', fields.number.id);
    await db().update(subjectFormSections).set({ qaValidate: true, dmValidate: true }).where(eq(subjectFormSections.id, main.id));
    const plain = await pi().send('POST', '/ItemData/WithReason', {
      subjectFormFieldId: fields.number.id,
      data: '101',
      reasonForChange: 'Ошибка ввода',
      currentItemDataId: first.itemData.id,
    });
    expectError(plain, 409, 'section_validated');
    const res = await api(as('sitePi')).ok('POST', `/ItemNote/${n.id}/Answer`, {
      note: 'Значение отредактировано',
      itemData: { data: '101', reasonForChange: 'Ошибка ввода', currentItemDataId: first.itemData.id },
    });
    expect(res.itemData.itemData.data).toBe('101');
    const [section] = await db().select().from(subjectFormSections).where(eq(subjectFormSections.id, main.id));
    expect(section).toMatchObject({ qaValidate: false, dmValidate: false });
    const reverts = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, main.id), eq(auditLog.reason, 'Ошибка ввода')));
    expect(reverts.length).toBeGreaterThan(0);
    // Once the monitor validated the form nothing changes (409 form_kio_validated), the answer included.
    const n2 = await raise('DmNote', fields.number.id);
    await db().update(subjectFormSections).set({ qaValidate: true, dmValidate: true }).where(eq(subjectFormSections.id, main.id));
    await db()
      .update(subjectForms)
      .set({ qaValidate: true, dmValidate: true, kioValidate: true })
      .where(eq(subjectForms.id, form.id));
    expectError(
      await api(as('sitePi')).send('POST', `/ItemNote/${n2.id}/Answer`, {
        note: 'Исправлено',
        itemData: { data: '102', reasonForChange: 'Ошибка ввода', currentItemDataId: res.itemData.itemData.id },
      }),
      409,
      'form_kio_validated',
    );
    expect((await noteRow(n2.id)).status).toBe('New');
  });

  it('in a validated section an answer giving the same value again keeps the validation', async () => {
    const { fields, main } = await newForm();
    const first = await pi().ok('POST', '/ItemData', { subjectFormFieldId: fields.number.id, data: '100' });
    const n = await raise('QaNote', fields.number.id);
    await db().update(subjectFormSections).set({ qaValidate: true, dmValidate: true }).where(eq(subjectFormSections.id, main.id));
    const res = await api(as('sitePi')).ok('POST', `/ItemNote/${n.id}/Answer`, {
      note: 'Значение верно',
      itemData: { data: '100', reasonForChange: 'Проверено', currentItemDataId: first.itemData.id },
    });
    expect(res.itemData.itemData.id).toBe(first.itemData.id);
    const [section] = await db().select().from(subjectFormSections).where(eq(subjectFormSections.id, main.id));
    expect(section).toMatchObject({ qaValidate: true, dmValidate: true });
    expect((await noteRow(n.id)).status).toBe('ResolutionProposed');
  });

  it('on a signed visit a plain answer is given, a change is refused (409 visit_signed)', async () => {
    const { fields, sv } = await newForm();
    const n = await raise('KioNote', fields.text.id);
    await db().update(subjectVisits).set({ signDate: '2024-01-15' }).where(eq(subjectVisits.id, sv.id));
    expectError(
      await api(as('sitePi')).send('POST', `/ItemNote/${n.id}/Answer`, {
        note: 'Добавлены данные',
        itemData: { data: 'AB1', reasonForChange: 'Пропуск', currentItemDataId: null },
      }),
      409,
      'visit_signed',
    );
    expect((await api(as('sitePi')).ok('POST', `/ItemNote/${n.id}/Answer`, { note: 'Значение верно' })).itemNote.status).toBe(
      'ResolutionProposed',
    );
  });
});
