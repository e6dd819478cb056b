import { beforeAll, describe, expect, it } from 'vitest';
import { matrix } from '../support/cast.js';
import { auditActions, expectDense, expectError, freshResearch, makeFormTree, setupDesignApp } from './design-support.js';

const { world, admin, db, as } = setupDesignApp();
/** The `updatedAt` a client last read: every update sends it. */
const stamp = async (path: string): Promise<string> => (await admin.ok('GET', path)).updatedAt;
const newResearch = async () => (await freshResearch(db())).id;

describe('FormSections CRUD', () => {
  it('creates, edits and deletes sections; name required; order stays dense', async () => {
    const researchId = await newResearch();
    const tree = await makeFormTree(admin, researchId, { fields: 1 });
    expectError(await admin.send('POST', '/FormSections', { formId: tree.form.id }), 400, 'required', 'sectionName');
    expectError(
      await admin.send('POST', '/FormSections', { formId: tree.form.id, sectionName: 'Раздел 🧪' }),
      400,
      'unprintable_characters',
      'sectionName',
    );
    const second = await admin.section(tree.form.id, { sectionName: 'Второй', formSectionKey: 'S2', pointList: ['T1'] });
    const third = await admin.section(tree.form.id);
    expect(second).toMatchObject({
      index: 1,
      sectionName: 'Второй',
      formSectionKey: 'S2',
      pointList: ['T1'],
      formId: tree.form.id,
    });
    const edited = await admin.ok('PUT', `/FormSections/${second.id}`, { description: 'Описание', updatedAt: second.updatedAt });
    expect(edited.description).toBe('Описание');
    expectError(
      await admin.send('PUT', `/FormSections/${second.id}`, {
        updatedAt: await stamp(`/FormSections/${second.id}`),
        sectionName: '',
      }),
      400,
      'validation',
      'sectionName',
    );
    await admin.ok('DELETE', `/FormSections/${tree.section.id}`);
    const list = await admin.ok('GET', `/FormSections?formId=${tree.form.id}`);
    expect(list.map((s: any) => s.id)).toEqual([second.id, third.id]);
    expectDense(list);
    expect((await admin.send('GET', `/FormFields/${tree.formFields[0].id}`)).status).toBe(404);
    expect(await auditActions(db(), second.id)).toEqual(['form_section.create', 'form_section.update']);
    expect(await auditActions(db(), tree.section.id)).toContain('form_section.delete');
  });

  it('WithReferences returns every section with its fields in order', async () => {
    const researchId = await newResearch();
    const tree = await makeFormTree(admin, researchId, { fields: 3 });
    const other = await admin.section(tree.form.id);
    await admin.formField(other.id, tree.text.id, { text: 'В другом разделе' });
    const data = await admin.ok('GET', `/FormSections/WithReferences?formId=${tree.form.id}`);
    expect(data.map((s: any) => s.formFieldList.length)).toEqual([3, 1]);
    expect(data[0].formFieldList.map((f: any) => f.id)).toEqual(tree.formFields.map((f: any) => f.id));
    expect(data[0].formFieldList[0].field).toMatchObject({ id: tree.select.id, fieldType: 'Select', optionList: ['Yes', 'No'] });
    const one = await admin.ok('GET', `/FormSections/${other.id}`);
    expect(one.formFieldList.map((f: any) => f.text)).toEqual(['В другом разделе']);
  });
});

describe('POST /FormSections/{id}/ChangeIndex/{endIndex}', () => {
  it('reorders sections and refuses a stale start', async () => {
    const researchId = await newResearch();
    const tree = await makeFormTree(admin, researchId, { fields: 0 });
    const ids = [tree.section.id, (await admin.section(tree.form.id)).id, (await admin.section(tree.form.id)).id];
    const order = await admin.ok('POST', `/FormSections/${ids[0]}/ChangeIndex/2`, { startIndex: 0 });
    expect(order.map((s: any) => s.id)).toEqual([ids[1], ids[2], ids[0]]);
    expectDense(order);
    expectError(
      await admin.send('POST', `/FormSections/${ids[0]}/ChangeIndex/1`, { startIndex: 0 }),
      409,
      'stale_order',
      'startIndex',
    );
  });
});

describe('POST /FormSections/{id}/Copy', () => {
  it('copies a section with its fields and inner dependencies, into its form or another', async () => {
    const researchId = await newResearch();
    const tree = await makeFormTree(admin, researchId, { fields: 3 });
    await admin.ok('POST', `/FormFields/${tree.formFields[0].id}/SetChildFormField`, {
      parentVisibleRule: 'No',
      childFormFieldList: [tree.formFields[2].id],
    });
    const copy = await admin.ok('POST', `/FormSections/${tree.section.id}/Copy`, {});
    expect(copy).toMatchObject({ formId: tree.form.id, index: 1, sectionName: tree.section.sectionName });
    expect(copy.formFieldList.map((f: any) => f.text)).toEqual(tree.formFields.map((f: any) => f.text));
    expect(copy.formFieldList[2].parentFormFieldId).toBe(copy.formFieldList[0].id);
    expect(copy.formFieldList[2].parentVisibleRule).toBe('No');
    const otherForm = await admin.form(tree.visit.id, tree.formType.id);
    const moved = await admin.ok('POST', `/FormSections/${tree.section.id}/Copy`, { formId: otherForm.id });
    expect(moved).toMatchObject({ formId: otherForm.id, index: 0 });
    expect(await auditActions(db(), moved.id)).toEqual(['form_section.copy']);
    const foreign = await makeFormTree(admin, await newResearch(), { fields: 0 });
    expectError(
      await admin.send('POST', `/FormSections/${tree.section.id}/Copy`, { formId: foreign.form.id }),
      400,
      'foreign_research',
      'formId',
    );
  });
});

describe('permission matrix', () => {
  let formId: string;
  beforeAll(async () => {
    formId = (await makeFormTree(admin, world.research.id, { fields: 1 })).form.id;
  });
  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))('%s (%s) adding a section → %i', async (_l, caller, status) => {
    expect((await as(caller).send('POST', '/FormSections', { formId, sectionName: 'M' })).status).toBe(status);
  });
  it.each(matrix({ outsider: 403 }, 200))('%s (%s) loading the form editor → %i', async (_l, caller, status) => {
    expect((await as(caller).send('GET', `/FormSections/WithReferences?formId=${formId}`)).status).toBe(status);
  });
});
