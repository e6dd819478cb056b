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
const newResearch = async () => (await freshResearch(db())).id;

describe('POST /Forms', () => {
  it('applies the spec defaults: both genders, not required, not repeating, three roles, last version', async () => {
    const researchId = await newResearch();
    const version = await admin.version(researchId);
    const visit = await admin.visit(researchId);
    const type = await admin.formType({ title: 'Витальные показатели' });
    const form = await admin.form(visit.id, type.id, { title: 'Витальные' });
    expect(form).toMatchObject({
      title: 'Витальные',
      visitId: visit.id,
      researchId,
      formType: { id: type.id, title: 'Витальные показатели' },
      genderString: 'Both',
      isRequired: false,
      repeating: false,
      complete: false,
      index: 0,
      employeeTypesList: ['PrincipalInvestigator', 'UnblindedCoResearcher', 'CoResearcher'],
      researchVersionList: [{ id: version.id, index: '1.0' }],
    });
    expect(await auditActions(db(), form.id)).toEqual(['form.create']);
  });

  it('requires form type and title, a non-empty role list and a valid gender', async () => {
    const researchId = await newResearch();
    const visit = await admin.visit(researchId);
    const type = await admin.formType();
    expectError(await admin.send('POST', '/Forms', { visitId: visit.id, title: 'T' }), 400, 'required', 'formTypeId');
    expectError(await admin.send('POST', '/Forms', { visitId: visit.id, formTypeId: type.id }), 400, 'required', 'title');
    expectError(
      await admin.send('POST', '/Forms', { visitId: visit.id, formTypeId: type.id, title: 'T', employeeTypesList: [] }),
      400,
      'validation',
      'employeeTypesList',
    );
    expectError(
      await admin.send('POST', '/Forms', { visitId: visit.id, formTypeId: type.id, title: 'T', genderString: null }),
      400,
      'validation',
      'genderString',
    );
    expectError(
      await admin.send('POST', '/Forms', { visitId: visit.id, formTypeId: visit.id, title: 'T' }),
      404,
      'not_found',
      'formTypeId',
    );
  });

  it('filters the list by visit, repetition and version', async () => {
    const researchId = await newResearch();
    const v1 = await admin.version(researchId);
    const visit = await admin.visit(researchId);
    const type = await admin.formType();
    const once = await admin.form(visit.id, type.id);
    const repeated = await admin.form(visit.id, type.id, { repeating: true, researchVersionIdList: [] });
    expect((await admin.ok('GET', `/Forms?VisitId=${visit.id}`)).map((f: any) => f.id)).toEqual([once.id, repeated.id]);
    expect((await admin.ok('GET', `/Forms?VisitId=${visit.id}&Repeated=true`)).map((f: any) => f.id)).toEqual([repeated.id]);
    expect((await admin.ok('GET', `/Forms?researchId=${researchId}&researchVersionId=${v1.id}`)).map((f: any) => f.id)).toEqual([
      once.id,
    ]);
    const one = await admin.ok('GET', `/Forms/${once.id}`);
    expect(one.formSectionList).toEqual([]);
  });
});

describe('complete forms', () => {
  it('refuses info edits, deletion and every structure change while complete', async () => {
    const researchId = await newResearch();
    const tree = await makeFormTree(admin, researchId);
    const { form, section, formFields, text, select } = tree;
    await admin.ok('POST', `/Forms/${form.id}/ToggleComplete`);
    const refused: [string, string, unknown?][] = [
      ['PUT', `/Forms/${form.id}`, { title: 'X', updatedAt: await stamp(`/Forms/${form.id}`) }],
      ['DELETE', `/Forms/${form.id}`],
      ['POST', '/FormSections', { formId: form.id, sectionName: 'S' }],
      ['PUT', `/FormSections/${section.id}`, { sectionName: 'S', updatedAt: await stamp(`/FormSections/${section.id}`) }],
      ['DELETE', `/FormSections/${section.id}`],
      ['POST', `/FormSections/${section.id}/ChangeIndex/0`, { startIndex: 0 }],
      ['POST', `/FormSections/${section.id}/Copy`, {}],
      ['POST', '/FormFields', { formSectionId: section.id, fieldId: text.id, text: 'Q' }],
      ['POST', '/FormFields/List', { formSectionId: section.id, formFieldList: [{ fieldId: text.id }] }],
      ['PUT', `/FormFields/${formFields[1].id}`, { text: 'Q2', updatedAt: await stamp(`/FormFields/${formFields[1].id}`) }],
      ['DELETE', `/FormFields/${formFields[1].id}`],
      ['POST', `/FormFields/${formFields[1].id}/ChangeIndex/0`, { startIndex: 1 }],
      [
        'POST',
        `/FormFields/${formFields[0].id}/SetChildFormField`,
        { parentVisibleRule: 'Yes', childFormFieldList: [formFields[1].id] },
      ],
      ['POST', `/FormFields/${formFields[1].id}/CleanParentFormField`],
    ];
    for (const [method, url, body] of refused) {
      const res = await admin.send(method as never, url, body);
      expect(res.status, `${method} ${url}`).toBe(409);
      expect(res.body.errors[0].code, `${method} ${url}`).toBe('form_complete');
    }
    expect(select.fieldType).toBe('Select');
    // Reopened, the same changes go through.
    await admin.ok('POST', `/Forms/${form.id}/ToggleComplete`);
    expect(
      (await admin.ok('PUT', `/Forms/${form.id}`, { updatedAt: await stamp(`/Forms/${form.id}`), title: 'Reopened' })).title,
    ).toBe('Reopened');
  });
});

describe('POST /Forms/{id}/ChangeIndex/{endIndex}', () => {
  it('reorders forms of a visit densely and refuses a stale start', async () => {
    const researchId = await newResearch();
    const visit = await admin.visit(researchId);
    const type = await admin.formType();
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await admin.form(visit.id, type.id)).id);
    const order = await admin.ok('POST', `/Forms/${ids[3]}/ChangeIndex/1`, { startIndex: 3, endIndex: 1 });
    expect(order.map((f: any) => f.id)).toEqual([ids[0], ids[3], ids[1], ids[2]]);
    expectDense(order);
    expectError(await admin.send('POST', `/Forms/${ids[3]}/ChangeIndex/0`, { startIndex: 3 }), 409, 'stale_order');
    await admin.ok('DELETE', `/Forms/${ids[3]}`);
    const after = await admin.ok('GET', `/Forms?VisitId=${visit.id}`);
    expect(after.map((f: any) => f.id)).toEqual([ids[0], ids[1], ids[2]]);
    expectDense(after);
  });
});

describe('copying forms', () => {
  it('CopyToVisitList copies a complete form with sections, fields and dependencies into each visit', async () => {
    const researchId = await newResearch();
    const version = await admin.version(researchId);
    const tree = await makeFormTree(admin, researchId);
    await admin.ok('POST', `/FormFields/${tree.formFields[0].id}/SetChildFormField`, {
      parentVisibleRule: 'Yes',
      childFormFieldList: [tree.formFields[1].id],
    });
    const targets = [await admin.visit(researchId), await admin.visit(researchId, { researchVersionIdList: [] })];
    expectError(
      await admin.send('POST', `/Forms/${tree.form.id}/CopyToVisitList`, { visitIdList: targets.map((v) => v.id) }),
      409,
      'form_not_complete',
    );
    await admin.ok('POST', `/Forms/${tree.form.id}/ToggleComplete`);
    const copies = await admin.ok('POST', `/Forms/${tree.form.id}/CopyToVisitList`, { visitIdList: targets.map((v) => v.id) });
    expect(copies.map((f: any) => f.visitId)).toEqual(targets.map((v) => v.id));
    expect(copies[0]).toMatchObject({
      title: tree.form.title,
      complete: false,
      index: 0,
      researchVersionList: [{ id: version.id, index: '1.0' }],
    });
    expect(copies[1].researchVersionList).toEqual([]);
    const sections = await admin.ok('GET', `/FormSections/WithReferences?formId=${copies[0].id}`);
    expect(sections).toHaveLength(1);
    const fields = sections[0].formFieldList;
    expect(fields.map((f: any) => f.text)).toEqual(tree.formFields.map((f: any) => f.text));
    expect(fields.map((f: any) => f.id)).not.toContain(tree.formFields[0].id);
    expect(fields[1].parentFormFieldId).toBe(fields[0].id);
    expect(fields[0].childFormFieldList).toEqual([{ id: fields[1].id, text: fields[1].text, parentVisibleRule: 'Yes' }]);
    expect(await lastAudit(db(), copies[0].id, 'form.copy')).toMatchObject({
      after: { sourceFormId: tree.form.id, fieldCount: 3 },
    });
    const other = await admin.visit(await newResearch());
    expectError(
      await admin.send('POST', `/Forms/${tree.form.id}/CopyToVisitList`, { visitIdList: [other.id] }),
      400,
      'foreign_research',
      'visitIdList',
    );
  });

  it('CopyFormList copies the listed complete forms into visit {id}', async () => {
    const researchId = await newResearch();
    const tree = await makeFormTree(admin, researchId, { fields: 2 });
    const target = await admin.visit(researchId);
    await admin.form(target.id, tree.formType.id);
    expectError(
      await admin.send('POST', `/Forms/${target.id}/CopyFormList`, { formIdList: [tree.form.id] }),
      409,
      'form_not_complete',
    );
    await admin.ok('POST', `/Forms/${tree.form.id}/ToggleComplete`);
    const [copy] = await admin.ok('POST', `/Forms/${target.id}/CopyFormList`, { formIdList: [tree.form.id] });
    expect(copy).toMatchObject({ visitId: target.id, index: 1, title: tree.form.title });
    expectError(
      await admin.send('POST', `/Forms/${target.id}/CopyFormList`, { formIdList: [] }),
      400,
      'validation',
      'formIdList',
    );
  });
});

describe('POST /Forms/{id}/SplitVersion/{n}', () => {
  it('is offered only with more than one version, and gives version n its own copy', async () => {
    const researchId = await newResearch();
    const v1 = await admin.version(researchId);
    const tree = await makeFormTree(admin, researchId);
    expectError(await admin.send('POST', `/Forms/${tree.form.id}/SplitVersion/${v1.id}`), 409, 'split_needs_versions');
    const v2 = await admin.version(researchId, { majorIndex: 2, minorIndex: 0 });
    const other = await admin.form(tree.visit.id, tree.formType.id);
    const [kept, split] = await admin.ok('POST', `/Forms/${tree.form.id}/SplitVersion/${v2.id}`);
    expect(kept).toMatchObject({ id: tree.form.id, researchVersionList: [{ id: v1.id, index: '1.0' }] });
    expect(split).toMatchObject({
      visitId: tree.visit.id,
      index: 1,
      researchVersionList: [{ id: v2.id, index: '2.0' }],
      complete: false,
    });
    const order = await admin.ok('GET', `/Forms?VisitId=${tree.visit.id}`);
    expect(order.map((f: any) => f.id)).toEqual([tree.form.id, split.id, other.id]);
    expectDense(order);
    const fields = await admin.ok('GET', `/FormFields?formId=${split.id}`);
    expect(fields).toHaveLength(3);
    // The original keeps version 1.0 only, so it cannot be split again.
    expectError(await admin.send('POST', `/Forms/${tree.form.id}/SplitVersion/${v1.id}`), 409, 'split_needs_versions');
    expect(await auditActions(db(), tree.form.id)).toContain('form.split_version');
    expect(await auditActions(db(), split.id)).toEqual(['form.create_by_split']);
  });

  it('refuses a version the form does not belong to', async () => {
    const researchId = await newResearch();
    const v1 = await admin.version(researchId);
    await admin.version(researchId, { majorIndex: 1, minorIndex: 1 });
    const tree = await makeFormTree(admin, researchId, { fields: 1 });
    // The new form joined the last version only; add the first by editing.
    await admin.ok('PUT', `/Forms/${tree.form.id}`, {
      updatedAt: await stamp(`/Forms/${tree.form.id}`),
      researchVersionIdList: [tree.form.researchVersionList[0].id, v1.id],
    });
    const v3 = await admin.version(researchId, { majorIndex: 1, minorIndex: 2 });
    await admin.ok('PUT', `/Forms/${tree.form.id}`, {
      updatedAt: await stamp(`/Forms/${tree.form.id}`),
      researchVersionIdList: [v1.id, v3.id],
    });
    const middle = (await admin.ok('GET', `/ResearchVersions?researchId=${researchId}`))[1];
    expectError(await admin.send('POST', `/Forms/${tree.form.id}/SplitVersion/${middle.id}`), 400, 'version_not_linked', 'n');
  });
});

describe('permission matrix', () => {
  let visitId: string;
  let typeId: string;
  beforeAll(async () => {
    visitId = (await admin.visit(world.research.id)).id;
    typeId = (await admin.formType()).id;
  });
  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))('%s (%s) creating a form → %i', async (_l, caller, status) => {
    expect((await as(caller).send('POST', '/Forms', { visitId, formTypeId: typeId, title: 'M' })).status).toBe(status);
  });
  it.each(matrix({ outsider: 403 }, 200))('%s (%s) reading forms → %i', async (_l, caller, status) => {
    expect((await as(caller).send('GET', `/Forms?VisitId=${visitId}`)).status).toBe(status);
  });
});
