import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ERROR_MESSAGES } from '@edc/domain';
import { auditLog, subjectFormSections } from '../../src/platform/db/schema/index.js';
import { call, expectError } from '../support/test-app.js';
import { addDocument, pdf, setupEntryApp } from './data-entry-support.js';

const { t, w, extra, api, pi, as, newForm, db } = setupEntryApp();

const itemAudit = (subjectFormFieldId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'item_data'), sql`${auditLog.after} ->> 'subjectFormFieldId' = ${subjectFormFieldId}`))
    .orderBy(auditLog.seq);

const add = (token: string, subjectFormFieldId: string, data: string | null, over: Record<string, unknown> = {}) =>
  api(token).send('POST', '/ItemData', { subjectFormFieldId, data, ...over });

describe('POST /ItemData: values by field type', () => {
  it.each([
    ['text', 'ab1'],
    ['number', 'abc'],
    ['select', 'Может быть'],
    ['checkbox', 'yes'],
    ['date', '2024-02-30'],
    ['time', '25:00'],
    ['datetime', '2024-01-01 10:00'],
    ['calculated', '1,2,3'],
  ] as const)('refuses a bad %s value with 400 item_value_invalid naming data, in both languages', async (kind, bad) => {
    const { fields } = await newForm();
    const res = await add(as('sitePi'), fields[kind].id, bad);
    const e = expectError(res, 400, 'item_value_invalid', 'data');
    expect(e.message).toBe(ERROR_MESSAGES.item_value_invalid.ru.replace('{field}', `Q ${kind}`));
    const en = await call(t.app, 'POST', '/ItemData', {
      token: as('sitePi'),
      lang: 'en',
      body: { subjectFormFieldId: fields[kind].id, data: bad },
    });
    expect(en.status).toBe(400);
    expect((await api(as('sitePi')).ok('GET', `/ItemData?subjectFormFieldId=${fields[kind].id}`)).length).toBe(0);
  });

  it.each([
    ['text', 'AB1', 'AB1'],
    ['number', '36,6', '36.6'],
    ['select', 'Да', 'Да'],
    ['checkbox', 'true', 'true'],
    ['date', '2024-02-29', '2024-02-29'],
    ['time', '09:30', '09:30'],
    ['datetime', '2024-01-01T10:00', '2024-01-01T10:00'],
    ['calculated', '24.5', '24.5'],
  ] as const)('stores a good %s value as %s', async (kind, typed, stored) => {
    const { fields } = await newForm();
    const res = await add(as('sitePi'), fields[kind].id, typed);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.itemData).toMatchObject({ data: stored, subjectFormFieldId: fields[kind].id, reasonForChange: null });
    expect(res.body.data.itemData.createdBy.employeeType).toBe('PrincipalInvestigator');
  });

  it('takes a file field only through AddDocument (400 field_is_file)', async () => {
    const { fields } = await newForm();
    expectError(await add(as('sitePi'), fields.file.id, 'x'), 400, 'field_is_file', 'data');
  });

  it('takes clinical significance only where the form field asks for it', async () => {
    const { fields } = await newForm();
    expectError(
      await add(as('sitePi'), fields.text.id, 'AB1', { clinicalSignificanceString: 'ClinicalSignificance' }),
      400,
      'clinical_significance_not_asked',
      'clinicalSignificanceString',
    );
    const ok = await add(as('sitePi'), fields.number.id, '200', {
      clinicalSignificanceString: 'ClinicalSignificance',
      comment: 'high',
    });
    expect(ok.body.data.itemData).toMatchObject({ clinicalSignificanceString: 'ClinicalSignificance', comment: 'high' });
  });
});

describe('changing a value', () => {
  it('the first value only once (409 item_data_stale), then with a reason and the current value read', async () => {
    const { fields } = await newForm();
    const f = fields.number.id;
    const first = (await add(as('sitePi'), f, '10')).body.data.itemData;
    expectError(await add(as('sitePi'), f, '11'), 409, 'item_data_stale');
    const noReason = await api(as('sitePi')).send('POST', '/ItemData/WithReason', {
      subjectFormFieldId: f,
      data: '11',
      currentItemDataId: first.id,
    });
    expectError(noReason, 400, 'required', 'reasonForChange');
    const blank = await api(as('sitePi')).send('POST', '/ItemData/WithReason', {
      subjectFormFieldId: f,
      data: '11',
      currentItemDataId: first.id,
      reasonForChange: '   ',
    });
    expect(blank.status).toBe(400);
    const second = await api(as('sitePi')).ok('POST', '/ItemData/WithReason', {
      subjectFormFieldId: f,
      data: '11',
      currentItemDataId: first.id,
      reasonForChange: 'Ошибка ввода',
    });
    expect(second.itemData).toMatchObject({ data: '11', reasonForChange: 'Ошибка ввода' });
    // Another user saving on the value read before: 409, nothing written.
    const stale = await api(extra.co.token).send('POST', '/ItemData/WithReason', {
      subjectFormFieldId: f,
      data: '12',
      currentItemDataId: first.id,
      reasonForChange: 'Ошибка ввода',
    });
    expectError(stale, 409, 'item_data_stale', 'currentItemDataId');
    const history = await pi().ok('GET', `/ItemData?subjectFormFieldId=${f}`);
    expect(history.map((h: any) => h.data)).toEqual(['11', '10']);
    // Exactly one audit record per change, with before, after, reason and role.
    const records = await itemAudit(f);
    expect(records.map((r) => r.action)).toEqual(['item_data.add', 'item_data.change']);
    expect(records[1]).toMatchObject({ reason: 'Ошибка ввода', employeeType: 'PrincipalInvestigator' });
    expect(records[1]!.before).toMatchObject({ data: '10' });
    expect(records[1]!.after).toMatchObject({ data: '11', formFieldId: expect.any(String), subjectId: expect.any(String) });
  });

  it('the same value again writes nothing', async () => {
    const { fields } = await newForm();
    const first = (await add(as('sitePi'), fields.date.id, '2024-01-02')).body.data.itemData;
    const again = await api(as('sitePi')).ok('POST', '/ItemData/WithReason', {
      subjectFormFieldId: fields.date.id,
      data: '2024-01-02',
      currentItemDataId: first.id,
      reasonForChange: 'r',
    });
    expect(again.itemData.id).toBe(first.id);
    expect(await itemAudit(fields.date.id)).toHaveLength(1);
  });

  it('required fields cannot be cleared; optional ones can, with a reason', async () => {
    const { fields } = await newForm();
    const n = (await add(as('sitePi'), fields.number.id, '5')).body.data.itemData;
    expectError(
      await api(as('sitePi')).send('POST', `/ItemData/${fields.number.id}/Clean`, {
        reasonForChange: 'r',
        currentItemDataId: n.id,
      }),
      400,
      'field_required_not_cleared',
    );
    expectError(
      await api(as('sitePi')).send('POST', '/ItemData/WithReason', {
        subjectFormFieldId: fields.number.id,
        data: '',
        currentItemDataId: n.id,
        reasonForChange: 'r',
      }),
      400,
      'field_required_not_cleared',
      'data',
    );
    const x = (await add(as('sitePi'), fields.text.id, 'AB1')).body.data.itemData;
    const cleaned = await api(as('sitePi')).ok('POST', `/ItemData/${fields.text.id}/Clean`, {
      reasonForChange: 'Ошибка ввода',
      currentItemDataId: x.id,
    });
    expect(cleaned.itemData).toMatchObject({ data: null, reasonForChange: 'Ошибка ввода' });
    expect((await itemAudit(fields.text.id)).map((r) => r.action)).toEqual(['item_data.add', 'item_data.clean']);
  });
});

describe('child fields', () => {
  it('show while the parent value equals their rule, and refuse values while hidden', async () => {
    const { fields } = await newForm();
    expectError(await add(as('sitePi'), fields.child.id, 'x'), 409, 'field_hidden');
    const yes = (await add(as('sitePi'), fields.select.id, 'Да')).body.data;
    expect(yes.visibility).toEqual([{ subjectFormFieldId: fields.child.id, isHidden: false }]);
    expect((await add(as('sitePi'), fields.child.id, 'headache')).status).toBe(200);
    const no = await api(as('sitePi')).ok('POST', '/ItemData/WithReason', {
      subjectFormFieldId: fields.select.id,
      data: 'Нет',
      currentItemDataId: yes.itemData.id,
      reasonForChange: 'Ошибка ввода',
    });
    expect(no.visibility).toEqual([{ subjectFormFieldId: fields.child.id, isHidden: true }]);
    expect((await pi().ok('GET', `/SubjectsFormField/${fields.child.id}`)).isHidden).toBe(true);
  });
});

describe('who enters data', () => {
  it('a role outside employeeTypesList, QA and KIO get 403; site 02 404', async () => {
    const { fields } = await newForm();
    expectError(await add(extra.nurse.token, fields.text.id, 'AB1'), 403, 'forbidden');
    expectError(await add(as('qa'), fields.text.id, 'AB1'), 403, 'forbidden');
    expectError(await add(as('kio'), fields.text.id, 'AB1'), 403, 'forbidden');
    expectError(await add(w.site2.token, fields.text.id, 'AB1'), 404, 'not_found', 'subjectFormFieldId');
    expect(await itemAudit(fields.text.id)).toHaveLength(0);
  });

  it('in a confirmed section: a reason is needed; QA may change data until QA or DM validates it', async () => {
    const { fields, second } = await newForm();
    const sec = await pi().ok('POST', `/SubjectsFormSection/${second.id}/ChangeStatus`, {
      status: 'Completed',
      version: second.version,
    });
    await pi().ok('POST', `/SubjectsFormSection/${second.id}/Complete`, { version: sec.version });
    expectError(await add(as('sitePi'), fields.extra.id, 'x'), 400, 'reason_required', 'reasonForChange');
    expectError(await add(as('qa'), fields.extra.id, 'x'), 403, 'forbidden');
    const byQa = await api(as('qa')).ok('POST', '/ItemData/WithReason', {
      subjectFormFieldId: fields.extra.id,
      data: 'QA1',
      currentItemDataId: null,
      reasonForChange: 'Исправлено по первичной документации',
    });
    expect(byQa.itemData.createdBy.employeeType).toBe('SpecialistQa');
    expectError(
      await api(as('kio')).send('POST', '/ItemData/WithReason', {
        subjectFormFieldId: fields.extra.id,
        data: 'K',
        currentItemDataId: byQa.itemData.id,
        reasonForChange: 'r',
      }),
      403,
      'forbidden',
    );
    await db().update(subjectFormSections).set({ qaValidate: true }).where(eq(subjectFormSections.id, second.id));
    expectError(
      await api(as('sitePi')).send('POST', '/ItemData/WithReason', {
        subjectFormFieldId: fields.extra.id,
        data: 'X',
        currentItemDataId: byQa.itemData.id,
        reasonForChange: 'r',
      }),
      409,
      'section_validated',
    );
  });
});

describe('POST /ItemData/AddDocument', () => {
  it('stores a PDF checked by content; anyone who reads the subject downloads it', async () => {
    const { fields } = await newForm();
    const bytes = pdf();
    const res = await addDocument(
      t.app,
      as('sitePi'),
      { subjectFormFieldId: fields.file.id, name: 'ECG' },
      { fileName: 'ECG.pdf', bytes },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const value = res.body.data.itemData;
    expect(value).toMatchObject({ data: 'ECG', documentId: expect.any(String) });
    const file = await call(t.app, 'GET', `/ItemData/${value.id}/Document`, { token: as('qa') });
    expect(file.status).toBe(200);
    expect(file.res.headers['content-type']).toBe('application/pdf');
    expect(file.res.rawPayload.equals(bytes)).toBe(true);
    expectError(await call(t.app, 'GET', `/ItemData/${value.id}/Document`, { token: w.site2.token }), 404, 'not_found', 'id');
    // A new file replaces the value only with a reason and the current value read.
    const again = await addDocument(
      t.app,
      as('sitePi'),
      { subjectFormFieldId: fields.file.id, name: 'ECG2' },
      { fileName: 'ECG2.pdf', bytes: pdf() },
    );
    expectError(again, 400, 'reason_required', 'reasonForChange');
    const replaced = await addDocument(
      t.app,
      as('sitePi'),
      { subjectFormFieldId: fields.file.id, name: 'ECG2', reasonForChange: 'Новая запись', currentItemDataId: value.id },
      { fileName: 'ECG2.pdf', bytes: pdf() },
    );
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
  });

  it('refuses a non-PDF renamed .pdf, a missing file, and a field that is not a file field', async () => {
    const { fields } = await newForm();
    const fake = Buffer.from('PK\u0003\u0004 this is a zip', 'latin1');
    expectError(
      await addDocument(
        t.app,
        as('sitePi'),
        { subjectFormFieldId: fields.file.id, name: 'x' },
        { fileName: 'x.pdf', bytes: fake },
      ),
      400,
      'file_not_pdf',
      'uploadedFile',
    );
    expectError(
      await addDocument(t.app, as('sitePi'), { subjectFormFieldId: fields.file.id, name: 'x' }, null),
      400,
      'required',
      'uploadedFile',
    );
    expectError(
      await addDocument(
        t.app,
        as('sitePi'),
        { subjectFormFieldId: fields.text.id, name: 'x' },
        { fileName: 'x.pdf', bytes: pdf() },
      ),
      400,
      'field_not_file',
    );
    expect(await pi().ok('GET', `/ItemData?subjectFormFieldId=${fields.file.id}`)).toEqual([]);
  });
});
