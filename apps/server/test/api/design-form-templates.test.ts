import { beforeAll, describe, expect, it } from 'vitest';
import { matrix } from '../support/cast.js';
import { auditActions, expectError, makeFormTree, setupDesignApp } from './design-support.js';

const { world, admin, db, as } = setupDesignApp();
let tree: Awaited<ReturnType<typeof makeFormTree>>;
beforeAll(async () => {
  tree = await makeFormTree(admin, world.research.id, { fields: 3 });
  await admin.ok('POST', `/FormFields/${tree.formFields[0].id}/SetChildFormField`, {
    parentVisibleRule: 'Yes',
    childFormFieldList: [tree.formFields[2].id],
  });
});

describe('form templates', () => {
  it('CopyFormToTemplate saves a complete form for the caller’s organisation; FromTemplate builds a form from it', async () => {
    expectError(await admin.send('POST', `/FormTemplates/${tree.form.id}/CopyFormToTemplate`, {}), 409, 'form_not_complete');
    await admin.ok('POST', `/Forms/${tree.form.id}/ToggleComplete`);
    const template = await admin.ok('POST', `/FormTemplates/${tree.form.id}/CopyFormToTemplate`, { title: 'Шаблон витальных' });
    expect(template).toMatchObject({
      title: 'Шаблон витальных',
      organisationId: world.cast.Admin.organisationId,
      formType: { id: tree.formType.id },
      sectionCount: 1,
      fieldCount: 3,
    });
    expect(await auditActions(db(), template.id)).toEqual(['form_template.create']);
    expect(await admin.ok('GET', `/FormTemplates/${template.id}`)).toMatchObject({ id: template.id, fieldCount: 3 });
    expect((await as('sitePi').send('GET', `/FormTemplates/${template.id}`)).status).toBe(403);
    expect((await admin.ok('GET', '/FormTemplates')).map((x: any) => x.id)).toContain(template.id);

    const visit = await admin.visit(world.research.id);
    const form = await admin.ok('POST', '/Forms/FromTemplate', { formTemplateId: template.id, visitId: visit.id });
    expect(form).toMatchObject({
      visitId: visit.id,
      title: 'Шаблон витальных',
      complete: false,
      formType: { id: tree.formType.id },
    });
    const [section] = await admin.ok('GET', `/FormSections/WithReferences?formId=${form.id}`);
    expect(section.formFieldList.map((f: any) => f.text)).toEqual(tree.formFields.map((f: any) => f.text));
    expect(section.formFieldList[2].parentFormFieldId).toBe(section.formFieldList[0].id);
    expect(await auditActions(db(), form.id)).toEqual(['form.create_from_template']);

    // The manager of the same organisation sees and uses it; the site PI's organisation does not.
    expect((await as('manager').ok('GET', '/FormTemplates')).map((x: any) => x.id)).toContain(template.id);
    expect((await as('sitePi').ok('GET', '/FormTemplates')).map((x: any) => x.id)).not.toContain(template.id);
    expect((await as('sitePi').send('GET', `/FormTemplates?organisationId=${template.organisationId}`)).status).toBe(403);
    expect(
      (await as('sitePi').send('POST', '/Forms/FromTemplate', { formTemplateId: template.id, visitId: visit.id })).status,
    ).toBe(403);

    await admin.ok('DELETE', `/FormTemplates/${template.id}`);
    expectError(
      await admin.send('POST', '/Forms/FromTemplate', { formTemplateId: template.id, visitId: visit.id }),
      404,
      'not_found',
      'formTemplateId',
    );
  });

  it('POST /FormTemplates takes the form id in the body', async () => {
    const other = await makeFormTree(admin, world.research.id, { fields: 1 });
    await admin.ok('POST', `/Forms/${other.form.id}/ToggleComplete`);
    const tpl = await admin.ok('POST', '/FormTemplates', { formId: other.form.id });
    expect(tpl).toMatchObject({ title: other.form.title, fieldCount: 1 });
    expectError(await admin.send('POST', '/FormTemplates', {}), 400, 'required', 'formId');
  });
});

describe('permission matrix', () => {
  let formId: string;
  beforeAll(async () => {
    const other = await makeFormTree(admin, world.research.id, { fields: 1 });
    formId = other.form.id;
    await admin.ok('POST', `/Forms/${formId}/ToggleComplete`);
  });
  // Saving a template needs design_edit and the organisation the template is for (the caller's current one).
  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))(
    '%s (%s) saving a template → %i',
    async (_l, caller, status) => {
      const res = await as(caller).send('POST', `/FormTemplates/${formId}/CopyFormToTemplate`, {
        organisationId: world.cast.Admin.organisationId,
      });
      expect(res.status).toBe(status);
    },
  );
});
