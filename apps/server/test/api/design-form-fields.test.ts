import { beforeAll, describe, expect, it } from 'vitest';
import { matrix } from '../support/cast.js';
import {
  auditActions,
  expectDense,
  expectError,
  freshResearch,
  lastAudit,
  makeFormTree,
  setupDesignApp,
} from './design-support.js';

const { world, admin, db, as } = setupDesignApp();
/** The `updatedAt` a client last read: every update sends it. */
const stamp = async (path: string): Promise<string> => (await admin.ok('GET', path)).updatedAt;
const tree = async (fields = 3) => makeFormTree(admin, (await freshResearch(db())).id, { fields });

describe('POST /FormFields', () => {
  it('adds a field with its definition and defaults, audited', async () => {
    const { section, text } = await tree(0);
    const f = await admin.formField(section.id, text.id, {
      text: 'Рост',
      units: 'см',
      annotationKey: 'VSORRES',
      dataLink: 'BirthDate',
    });
    expect(f).toMatchObject({
      formSectionId: section.id,
      text: 'Рост',
      units: 'см',
      dataLink: 'BirthDate',
      isRequired: false,
      isHidden: false,
      requiredForEdc: false,
      clinicalSignificance: false,
      index: 0,
      parentFormField: null,
      childFormFieldList: [],
      duration: null,
      field: { id: text.id, fieldType: 'Text' },
    });
    expect(await auditActions(db(), f.id)).toEqual(['form_field.create']);
  });

  it('requires the field text and refuses unprintable characters', async () => {
    const { section, text } = await tree(0);
    expectError(
      await admin.send('POST', '/FormFields', { formSectionId: section.id, fieldId: text.id }),
      400,
      'required',
      'text',
    );
    expectError(
      await admin.send('POST', '/FormFields', { formSectionId: section.id, fieldId: text.id, text: 'Вес', units: 'кг\u0007' }),
      400,
      'unprintable_characters',
      'units',
    );
    expectError(
      await admin.send('POST', '/FormFields', { formSectionId: section.id, fieldId: text.id, text: 'X', dataLink: 'Passport' }),
      400,
      'validation',
      'dataLink',
    );
  });

  it('checks the mask syntax and the regular expression', async () => {
    const { section, text } = await tree(0);
    const ok = await admin.formField(section.id, text.id, { mask: '+7 (000) 000-00-00', regExMask: '^\\d+$' });
    expect(ok.mask).toBe('+7 (000) 000-00-00');
    const bad = await admin.send('POST', '/FormFields', { formSectionId: section.id, fieldId: text.id, text: 'X', mask: '00[0' });
    expect(expectError(bad, 400, 'invalid_mask', 'mask').message).toContain('позиция 2');
    expectError(
      await admin.send('PUT', `/FormFields/${ok.id}`, { updatedAt: await stamp(`/FormFields/${ok.id}`), mask: '0[]' }),
      400,
      'invalid_mask',
      'mask',
    );
    expectError(
      await admin.send('PUT', `/FormFields/${ok.id}`, { updatedAt: await stamp(`/FormFields/${ok.id}`), regExMask: '([0-9]' }),
      400,
      'invalid_regex',
      'regExMask',
    );
  });

  it('needs both a context form and a text, the form being of the same research', async () => {
    const { section, text, form } = await tree(0);
    const half = await admin.send('POST', '/FormFields', {
      formSectionId: section.id,
      fieldId: text.id,
      text: 'X',
      contextFormId: form.id,
    });
    expect(expectError(half, 400, 'context_form_incomplete', 'contextText').message).toBe(
      'Для контекстной формы укажите и форму, и текст',
    );
    expectError(
      await admin.send('POST', '/FormFields', { formSectionId: section.id, fieldId: text.id, text: 'X', contextText: 'See' }),
      400,
      'context_form_incomplete',
      'contextFormId',
    );
    const foreign = await tree(0);
    expectError(
      await admin.send('POST', '/FormFields', {
        formSectionId: section.id,
        fieldId: text.id,
        text: 'X',
        contextFormId: foreign.form.id,
        contextText: 'See',
      }),
      400,
      'foreign_research',
      'contextFormId',
    );
    const f = await admin.formField(section.id, text.id, { contextFormId: form.id, contextText: 'См. форму' });
    expect(f).toMatchObject({ contextFormId: form.id, contextText: 'См. форму' });
    // Clearing only the text leaves half a context form.
    expectError(
      await admin.send('PUT', `/FormFields/${f.id}`, { updatedAt: await stamp(`/FormFields/${f.id}`), contextText: null }),
      400,
      'context_form_incomplete',
    );
    expect(
      (
        await admin.ok('PUT', `/FormFields/${f.id}`, {
          updatedAt: await stamp(`/FormFields/${f.id}`),
          contextText: null,
          contextFormId: null,
        })
      ).contextFormId,
    ).toBeNull();
  });

  it('gives a time point duration only to time and date-time fields (default 00:00:00)', async () => {
    const { section, text, formType } = await tree(0);
    const time = await admin.field(formType.id, { fieldType: 'Time' });
    const dateTime = await admin.field(formType.id, { fieldType: 'DateTime' });
    expect((await admin.formField(section.id, time.id, { isTimePoint: true })).duration).toBe('00:00:00');
    expect((await admin.formField(section.id, dateTime.id, { duration: '25:30:00' })).duration).toBe('25:30:00');
    expectError(
      await admin.send('POST', '/FormFields', { formSectionId: section.id, fieldId: text.id, text: 'X', duration: '00:10:00' }),
      400,
      'duration_not_time_field',
      'duration',
    );
    expectError(
      await admin.send('POST', '/FormFields', { formSectionId: section.id, fieldId: time.id, text: 'X', duration: '1:2' }),
      400,
      'validation',
      'duration',
    );
    const times = await admin.ok('GET', `/FormFields/Time?formId=${section.formId}`);
    expect(times.map((f: any) => f.duration)).toEqual(['00:00:00', '25:30:00']);
    expect(times[0]).toMatchObject({ sectionName: section.sectionName });
  });
});

describe('POST /FormFields/List', () => {
  it('adds several fields at once, texts defaulting to the definition titles', async () => {
    const { section, text, select } = await tree(1);
    const added = await admin.ok('POST', '/FormFields/List', {
      formSectionId: section.id,
      formFieldList: [{ fieldId: text.id }, { fieldId: select.id, text: 'Курит?', isRequired: true }],
    });
    expect(added.map((f: any) => [f.text, f.index, f.isRequired])).toEqual([
      [text.title, 1, false],
      ['Курит?', 2, true],
    ]);
    const bad = await admin.send('POST', '/FormFields/List', {
      formSectionId: section.id,
      formFieldList: [{ fieldId: text.id, mask: '[' }],
    });
    expectError(bad, 400, 'invalid_mask');
    expectError(
      await admin.send('POST', '/FormFields/List', { formSectionId: section.id, formFieldList: [] }),
      400,
      'validation',
      'formFieldList',
    );
    expect((await admin.ok('GET', `/FormFields?formSectionId=${section.id}`)).length).toBe(3);
  });
});

describe('PUT and DELETE /FormFields/{id}', () => {
  it('edits field info (text stays required) and deletes with a dense order', async () => {
    const { formFields, section } = await tree(3);
    const edited = await admin.ok('PUT', `/FormFields/${formFields[1].id}`, {
      text: 'Новый текст',
      isHidden: true,
      updatedAt: formFields[1].updatedAt,
    });
    expect(edited).toMatchObject({ text: 'Новый текст', isHidden: true });
    expectError(
      await admin.send('PUT', `/FormFields/${formFields[1].id}`, {
        updatedAt: await stamp(`/FormFields/${formFields[1].id}`),
        text: '',
      }),
      400,
      'validation',
      'text',
    );
    expectError(
      await admin.send('PUT', `/FormFields/${formFields[1].id}`, { text: 'x', updatedAt: formFields[1].updatedAt }),
      409,
      'conflict',
      'updatedAt',
    );
    expect(await lastAudit(db(), formFields[1].id, 'form_field.update')).toMatchObject({
      before: { text: formFields[1].text },
      after: { text: 'Новый текст' },
    });
    await admin.ok('DELETE', `/FormFields/${formFields[0].id}`);
    const list = await admin.ok('GET', `/FormFields?formSectionId=${section.id}`);
    expect(list.map((f: any) => f.id)).toEqual([formFields[1].id, formFields[2].id]);
    expectDense(list);
  });
});

describe('POST /FormFields/{id}/ChangeIndex/{endIndex}', () => {
  it('reorders fields of a section and refuses a stale start', async () => {
    const { formFields } = await tree(4);
    const ids = formFields.map((f: any) => f.id);
    const order = await admin.ok('POST', `/FormFields/${ids[1]}/ChangeIndex/3`, { startIndex: 1 });
    expect(order.map((f: any) => f.id)).toEqual([ids[0], ids[2], ids[3], ids[1]]);
    expectDense(order);
    expectError(await admin.send('POST', `/FormFields/${ids[1]}/ChangeIndex/0`, { startIndex: 1 }), 409, 'stale_order');
    expectError(
      await admin.send('POST', `/FormFields/${ids[1]}/ChangeIndex/4`, { startIndex: 3 }),
      400,
      'index_out_of_range',
      'endIndex',
    );
  });
});

describe('dependent fields', () => {
  it('SetChildFormField: the parent is a select, the rule one of its options, children other fields of the form', async () => {
    const { formFields, form, section, text } = await tree(4);
    const [parent, a, b, c] = formFields;
    const notSelect = await admin.send('POST', `/FormFields/${a.id}/SetChildFormField`, {
      parentVisibleRule: 'Yes',
      childFormFieldList: [b.id],
    });
    expect(expectError(notSelect, 400, 'parent_not_select').message).toBe('Родительское поле должно быть списком выбора');
    expectError(
      await admin.send('POST', `/FormFields/${parent.id}/SetChildFormField`, {
        parentVisibleRule: 'Maybe',
        childFormFieldList: [a.id],
      }),
      400,
      'rule_not_option',
      'parentVisibleRule',
    );
    expectError(
      await admin.send('POST', `/FormFields/${parent.id}/SetChildFormField`, {
        parentVisibleRule: 'Yes',
        childFormFieldList: [parent.id],
      }),
      400,
      'child_invalid',
      'childFormFieldList',
    );
    const elsewhere = await tree(1);
    expectError(
      await admin.send('POST', `/FormFields/${parent.id}/SetChildFormField`, {
        parentVisibleRule: 'Yes',
        childFormFieldList: [elsewhere.formFields[0].id],
      }),
      400,
      'child_invalid',
    );
    expectError(
      await admin.send('POST', `/FormFields/${parent.id}/SetChildFormField`, {
        parentVisibleRule: 'Yes',
        childFormFieldList: [],
      }),
      400,
      'validation',
      'childFormFieldList',
    );
    const set = await admin.ok('POST', `/FormFields/${parent.id}/SetChildFormField`, {
      parentVisibleRule: 'Yes',
      childFormFieldList: [a.id, b.id],
    });
    expect(set.childFormFieldList.map((x: any) => [x.id, x.parentVisibleRule])).toEqual([
      [a.id, 'Yes'],
      [b.id, 'Yes'],
    ]);
    await admin.ok('POST', `/FormFields/${parent.id}/SetChildFormField`, { parentVisibleRule: 'No', childFormFieldList: [c.id] });
    const child = await admin.ok('GET', `/FormFields/${a.id}`);
    expect(child).toMatchObject({ parentFormFieldId: parent.id, parentVisibleRule: 'Yes', parentFormField: { id: parent.id } });
    expect(await lastAudit(db(), parent.id, 'form_field.set_children')).toMatchObject({
      after: { parentVisibleRule: 'No', childFormFieldList: [c.id] },
    });

    // A select child may itself be a parent, but not of its own ancestor.
    const select2 = await admin.formField(section.id, formFields[0].field.id, { text: 'Nested select' });
    await admin.ok('POST', `/FormFields/${parent.id}/SetChildFormField`, {
      parentVisibleRule: 'Yes',
      childFormFieldList: [select2.id],
    });
    expectError(
      await admin.send('POST', `/FormFields/${select2.id}/SetChildFormField`, {
        parentVisibleRule: 'Yes',
        childFormFieldList: [parent.id],
      }),
      400,
      'dependency_cycle',
    );

    const cleaned = await admin.ok('POST', `/FormFields/${a.id}/CleanParentFormField`);
    expect(cleaned).toMatchObject({ parentFormFieldId: null, parentVisibleRule: null, parentFormField: null });
    expect(await auditActions(db(), a.id)).toContain('form_field.clean_parent');

    // Deleting the parent frees its remaining children.
    await admin.ok('DELETE', `/FormFields/${parent.id}`);
    const editor = await admin.ok('GET', `/FormSections/WithReferences?formId=${form.id}`);
    expect(editor[0].formFieldList.every((f: any) => f.parentFormFieldId === null)).toBe(true);
    expect(text.fieldType).toBe('Text');
  });
});

describe('permission matrix', () => {
  let sectionId: string;
  let fieldId: string;
  let formFieldId: string;
  beforeAll(async () => {
    const t = await makeFormTree(admin, world.research.id, { fields: 2 });
    sectionId = t.section.id;
    fieldId = t.text.id;
    formFieldId = t.formFields[1].id;
  });
  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))('%s (%s) adding a field → %i', async (_l, caller, status) => {
    expect((await as(caller).send('POST', '/FormFields', { formSectionId: sectionId, fieldId, text: 'M' })).status).toBe(status);
  });
  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))(
    '%s (%s) reordering a field → %i',
    async (_l, caller, status) => {
      expect((await as(caller).send('POST', `/FormFields/${formFieldId}/ChangeIndex/1`)).status).toBe(status);
    },
  );
  it.each(matrix({ outsider: 403 }, 200))('%s (%s) reading a field → %i', async (_l, caller, status) => {
    expect((await as(caller).send('GET', `/FormFields/${formFieldId}`)).status).toBe(status);
  });
});
