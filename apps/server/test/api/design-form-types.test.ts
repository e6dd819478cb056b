import { describe, expect, it } from 'vitest';
import { matrix } from '../support/cast.js';
import { auditActions, expectError, freshResearch, makeFormTree, setupDesignApp, uniq } from './design-support.js';

const { admin, db, as } = setupDesignApp();
/** The `updatedAt` a client last read: every update sends it. */
const stamp = async (path: string): Promise<string> => (await admin.ok('GET', path)).updatedAt;

describe('FormTypes', () => {
  it('creates (title and key required), searches, edits and deletes', async () => {
    expectError(await admin.send('POST', '/FormTypes', { formTypeKey: 'K' }), 400, 'required', 'title');
    expectError(await admin.send('POST', '/FormTypes', { title: 'T' }), 400, 'required', 'formTypeKey');
    const key = uniq('LAB');
    const type = await admin.formType({ title: 'Лабораторные анализы', formTypeKey: key, description: 'Кровь' });
    expect(type).toMatchObject({ title: 'Лабораторные анализы', formTypeKey: key, description: 'Кровь' });
    expect((await admin.ok('GET', `/FormTypes?search=${encodeURIComponent(key)}`)).map((x: any) => x.id)).toEqual([type.id]);
    const edited = await admin.ok('PUT', `/FormTypes/${type.id}`, { title: 'Анализы', updatedAt: type.updatedAt });
    expect(edited.title).toBe('Анализы');
    expect(await admin.ok('GET', `/FormTypes/${type.id}`)).toMatchObject({ title: 'Анализы', formTypeKey: key });
    expectError(
      await admin.send('PUT', `/FormTypes/${type.id}`, { updatedAt: await stamp(`/FormTypes/${type.id}`), formTypeKey: '' }),
      400,
      'validation',
      'formTypeKey',
    );
    await admin.ok('DELETE', `/FormTypes/${type.id}`);
    expect((await admin.send('GET', `/FormTypes/${type.id}`)).status).toBe(404);
    expect(await auditActions(db(), type.id)).toEqual(['form_type.create', 'form_type.update', 'form_type.delete']);
  });

  it('refuses to delete a form type that forms use', async () => {
    const tree = await makeFormTree(admin, (await freshResearch(db())).id, { fields: 1 });
    expectError(await admin.send('DELETE', `/FormTypes/${tree.formType.id}`), 409, 'form_type_in_use');
  });
});

describe('Fields (definitions)', () => {
  it('a select needs options; empty options are dropped; one known default', async () => {
    const type = await admin.formType();
    const none = await admin.send('POST', '/Fields', {
      formTypeId: type.id,
      title: 'Пол',
      fieldKey: 'SEX',
      fieldType: 'Select',
      optionList: ['', ''],
    });
    expect(expectError(none, 400, 'options_required', 'optionList').message).toBe('Для списка выбора нужны варианты ответа');
    expectError(
      await admin.send('POST', '/Fields', {
        formTypeId: type.id,
        title: 'Пол',
        fieldKey: 'SEX',
        fieldType: 'Select',
        optionList: ['М', 'Ж'],
        defaultOption: 'X',
      }),
      400,
      'default_option_unknown',
      'defaultOption',
    );
    expectError(
      await admin.send('POST', '/Fields', {
        formTypeId: type.id,
        title: 'Пол',
        fieldKey: 'SEX',
        fieldType: 'Select',
        optionList: ['М', 'М'],
      }),
      400,
      'duplicate_option',
      'optionList',
    );
    const sex = await admin.field(type.id, {
      title: 'Пол',
      fieldKey: 'SEX',
      fieldType: 'Select',
      optionList: ['', 'М', ' ', 'Ж'],
      defaultOption: 'Ж',
    });
    expect(sex).toMatchObject({ optionList: ['М', 'Ж'], defaultOption: 'Ж', fieldType: 'Select', formType: { id: type.id } });
    expect(await admin.ok('GET', `/Fields/${sex.id}`)).toMatchObject({
      title: 'Пол',
      formType: { id: type.id, title: type.title },
    });
    // A text field keeps no options.
    expect((await admin.field(type.id, { optionList: ['a'], defaultOption: 'a' })).optionList).toEqual([]);
    expect((await admin.ok('GET', `/Fields?FormTypeId=${type.id}`)).length).toBe(2);
  });

  it('requires title, type and key; type is read-only on edit', async () => {
    const type = await admin.formType();
    for (const missing of ['title', 'fieldKey', 'fieldType']) {
      const body: Record<string, unknown> = { formTypeId: type.id, title: 'T', fieldKey: 'K', fieldType: 'Number' };
      delete body[missing];
      expectError(await admin.send('POST', '/Fields', body), 400, 'required', missing);
    }
    const f = await admin.field(type.id, { fieldType: 'Number', units: 'мг' });
    const changed = await admin.send('PUT', `/Fields/${f.id}`, { updatedAt: await stamp(`/Fields/${f.id}`), fieldType: 'Text' });
    expect(expectError(changed, 400, 'field_type_read_only', 'fieldType').message).toBe('Тип поля нельзя изменить');
    expect(
      (
        await admin.ok('PUT', `/Fields/${f.id}`, {
          updatedAt: await stamp(`/Fields/${f.id}`),
          fieldType: 'Number',
          title: 'Доза',
        })
      ).title,
    ).toBe('Доза');
    expectError(
      await admin.send('PUT', `/Fields/${f.id}`, { updatedAt: await stamp(`/Fields/${f.id}`), title: '' }),
      400,
      'validation',
      'title',
    );
    expectError(
      await admin.send('PUT', `/Fields/${f.id}`, { updatedAt: await stamp(`/Fields/${f.id}`), units: 'мг☢' }),
      400,
      'unprintable_characters',
      'units',
    );
    const select = await admin.field(type.id, { fieldType: 'Select', optionList: ['A', 'B'] });
    expectError(
      await admin.send('PUT', `/Fields/${select.id}`, { updatedAt: await stamp(`/Fields/${select.id}`), optionList: [''] }),
      400,
      'options_required',
    );
    expect(
      (await admin.ok('PUT', `/Fields/${select.id}`, { updatedAt: await stamp(`/Fields/${select.id}`), defaultOption: 'B' }))
        .defaultOption,
    ).toBe('B');
  });

  it('refuses to delete a field used on a form', async () => {
    const tree = await makeFormTree(admin, (await freshResearch(db())).id, { fields: 1 });
    expectError(await admin.send('DELETE', `/Fields/${tree.select.id}`), 409, 'field_in_use');
    await admin.ok('DELETE', `/Fields/${tree.text.id}`);
  });
});

describe('permission matrix', () => {
  it.each(matrix({ admin: 200, editor: 200 }, 403))('%s (%s) creating a form type → %i', async (_l, caller, status) => {
    expect((await as(caller).send('POST', '/FormTypes', { title: 'M', formTypeKey: uniq('M') })).status).toBe(status);
  });
  it.each(matrix({ outsider: 403 }, 200))('%s (%s) reading form types → %i', async (_l, caller, status) => {
    expect((await as(caller).send('GET', '/FormTypes')).status).toBe(status);
  });
  it.each(matrix({ admin: 200, editor: 200 }, 403))('%s (%s) creating a field definition → %i', async (_l, caller, status) => {
    const type = await admin.formType();
    expect(
      (await as(caller).send('POST', '/Fields', { formTypeId: type.id, title: 'M', fieldKey: 'M', fieldType: 'Text' })).status,
    ).toBe(status);
  });
});
