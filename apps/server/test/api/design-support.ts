import { beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client.js';
import { auditLog } from '../../src/platform/db/schema/index.js';
import { callsAs } from '../support/test-app.js';
import { makeResearch } from '../support/factories.js';
import { setupCastApp, type CallerName } from '../support/cast.js';

export { expectError } from '../support/test-app.js';

/** Helpers of the design API tests: build a design through the API itself. */

let seq = 0;
export const uniq = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

export function designApi(app: FastifyInstance, token: string) {
  const { send, ok } = callsAs(app, token);
  return {
    send,
    ok,
    version: (researchId: string, over: Record<string, unknown> = {}) =>
      ok('POST', '/ResearchVersions', { researchId, startedDate: '2026-01-01', majorIndex: 1, minorIndex: 0, ...over }),
    visit: (researchId: string, over: Record<string, unknown> = {}) =>
      ok('POST', '/Visits', { researchId, title: uniq('Visit'), visitKey: uniq('V'), visitTypeString: 'Period', ...over }),
    formType: (over: Record<string, unknown> = {}) =>
      ok('POST', '/FormTypes', { title: uniq('Type'), formTypeKey: uniq('FT'), ...over }),
    field: (formTypeId: string, over: Record<string, unknown> = {}) =>
      ok('POST', '/Fields', { formTypeId, title: uniq('Field'), fieldKey: uniq('F'), fieldType: 'Text', ...over }),
    form: (visitId: string, formTypeId: string, over: Record<string, unknown> = {}) =>
      ok('POST', '/Forms', { visitId, formTypeId, title: uniq('Form'), ...over }),
    section: (formId: string, over: Record<string, unknown> = {}) =>
      ok('POST', '/FormSections', { formId, sectionName: uniq('Section'), ...over }),
    formField: (formSectionId: string, fieldId: string, over: Record<string, unknown> = {}) =>
      ok('POST', '/FormFields', { formSectionId, fieldId, text: uniq('Question'), ...over }),
  };
}
export type DesignApi = ReturnType<typeof designApi>;

/**
 * The app and cast of a design test file (see setupCastApp), with `admin`, the design API as the Admin role
 * user, filled in by beforeAll; `as(caller)` is the design API as any caller.
 */
export function setupDesignApp() {
  const suite = setupCastApp();
  const admin = {} as DesignApi;
  beforeAll(() => {
    Object.assign(admin, designApi(suite.t.app, suite.callers.admin.token));
  });
  return { ...suite, admin, as: (c: CallerName) => designApi(suite.t.app, suite.callers[c].token) };
}

/** A fresh research with the caller-independent defaults of the factories. */
export const freshResearch = (db: Db, over: Parameters<typeof makeResearch>[1] = {}) => makeResearch(db, over);

/** A whole form: research → version → visit → form type with a text and a select field → form → section → fields. */
export async function makeFormTree(api: DesignApi, researchId: string, opts: { fields?: number } = {}) {
  const visit = await api.visit(researchId);
  const formType = await api.formType();
  const text = await api.field(formType.id);
  const select = await api.field(formType.id, { fieldType: 'Select', optionList: ['', 'Yes', 'No'], defaultOption: 'No' });
  const form = await api.form(visit.id, formType.id);
  const section = await api.section(form.id);
  const formFields = [];
  for (let i = 0; i < (opts.fields ?? 3); i++) formFields.push(await api.formField(section.id, i === 0 ? select.id : text.id));
  return { visit, formType, text, select, form, section, formFields };
}

export async function auditActions(db: Db, entityId: string): Promise<string[]> {
  const rows = await db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .orderBy(auditLog.seq);
  return rows.map((r) => r.action);
}

export async function lastAudit(db: Db, entityId: string, action: string) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)))
    .orderBy(auditLog.seq);
  return rows.at(-1);
}

/** Indexes of an ordered list are 0..n-1 in order. */
export function expectDense(items: { index: number }[]) {
  expect(items.map((i) => i.index)).toEqual(items.map((_, i) => i));
}
