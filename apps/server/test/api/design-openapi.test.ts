import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('OpenAPI', () => {
  it('documents the design API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const path of [
      '/api/Visits/{id}/ChangeIndex/{endIndex}',
      '/api/Forms/{id}/SplitVersion/{n}',
      '/api/FormSections/WithReferences',
      '/api/FormFields/{id}/SetChildFormField',
      '/api/ResearchVersions/{id}/StartQaValidating',
      '/api/ResearchVersions/ImportOdm',
      '/api/ResearchVersions/{id}/Odm',
      '/api/Researches/{id}/ToggleIwrsConnection',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/Forms'].get.parameters.map((p: any) => p.name)).toEqual(
      expect.arrayContaining(['VisitId', 'Repeated']),
    );
  });
});
