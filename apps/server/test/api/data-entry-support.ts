import { beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { FieldType } from '@edc/domain';
import { callsAs } from '../support/test-app.js';
import { daysAgo, makeEmployee, setupSubjectApp, subjectsApi } from '../support/subject-factories.js';
import { designApi, uniq } from './design-support.js';

/**
 * Helpers of the data-entry API tests: a form of every field type designed through the design API on the
 * subject world's screening visit, subjects with a held screening visit, and calls as any caller.
 */

export const FIELD_KINDS = [
  'text',
  'number',
  'select',
  'checkbox',
  'date',
  'time',
  'datetime',
  'calculated',
  'file',
  'child',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

const TYPES: Record<FieldKind, FieldType> = {
  text: 'Text',
  number: 'Number',
  select: 'Select',
  checkbox: 'Checkbox',
  date: 'Date',
  time: 'Time',
  datetime: 'DateTime',
  calculated: 'Calculated',
  file: 'File',
  child: 'Text',
};

/**
 * On `visitId`: form "All types" (not repeating) with one section holding a field of each type — text with a
 * regular-expression mask (two capitals and a digit), a required number asking for clinical significance, a
 * select (Да/Нет, default Нет) whose child text shows on 'Да' — and a second section with an optional text;
 * form "Repeating" (repeating) with one required text; form "Women" for female subjects only.
 */
export async function makeEntryDesign(app: FastifyInstance, adminToken: string, visitId: string) {
  const api = designApi(app, adminToken);
  const type = await api.formType();
  const defs = {} as Record<FieldKind, { id: string }>;
  for (const kind of FIELD_KINDS) {
    defs[kind] = await api.field(type.id, {
      fieldType: TYPES[kind],
      title: `${kind} ${uniq('f')}`,
      ...(kind === 'select' ? { optionList: ['Да', 'Нет'], defaultOption: 'Нет' } : {}),
    });
  }
  const form = await api.form(visitId, type.id, { title: uniq('All types') });
  const section = await api.section(form.id, { sectionName: 'Main' });
  const ff = {} as Record<FieldKind, { id: string; text: string }>;
  for (const kind of FIELD_KINDS) {
    ff[kind] = await api.formField(section.id, defs[kind].id, {
      text: `Q ${kind}`,
      ...(kind === 'text' ? { regExMask: '^[A-Z]{2}\\d$' } : {}),
      ...(kind === 'number' ? { isRequired: true, clinicalSignificance: true } : {}),
    });
  }
  await api.ok('POST', `/FormFields/${ff.select.id}/SetChildFormField`, {
    parentVisibleRule: 'Да',
    childFormFieldList: [ff.child.id],
  });
  const section2 = await api.section(form.id, { sectionName: 'Extra' });
  const extra = await api.formField(section2.id, defs.text.id, { text: 'Q extra' });

  const repeating = await api.form(visitId, type.id, { title: uniq('Repeating'), repeating: true });
  const repSection = await api.section(repeating.id);
  await api.formField(repSection.id, defs.text.id, { text: 'Q rep', isRequired: true });
  const women = await api.form(visitId, type.id, { title: uniq('Women'), genderString: 'Female' });
  const womenSection = await api.section(women.id);
  await api.formField(womenSection.id, defs.text.id, { text: 'Q women' });
  return { form, section, section2, ff, extra, repeating, women, defs, formType: type };
}
export type EntryDesign = Awaited<ReturnType<typeof makeEntryDesign>>;

/**
 * The subject world (setupSubjectApp) with the entry design on its screening visit, a site nurse (a role
 * outside the forms' employeeTypesList) and a co-researcher; `newVisit()` enrols a male subject with a
 * held screening visit and gives the subject visit.
 */
export function setupEntryApp(env: Record<string, string> = {}) {
  const suite = setupSubjectApp(env);
  const d = {} as EntryDesign;
  const extra = {} as { nurse: { token: string }; co: { token: string } };
  beforeAll(async () => {
    const { t, w } = suite;
    Object.assign(d, await makeEntryDesign(t.app, w.callers.admin.token, w.schedule.screening.id));
    extra.nurse = await makeEmployee(t.app, t.database.db, w.site, 'Nurse');
    extra.co = await makeEmployee(t.app, t.database.db, w.site, 'CoResearcher');
  });
  const api = (token: string) => callsAs(suite.t.app, token);
  const pi = () => api(suite.as('sitePi'));
  async function newVisit(over: Record<string, unknown> = {}) {
    const s = subjectsApi(suite.t.app, suite.as('sitePi'));
    const subject = await s.create({ screenDate: daysAgo(10), ...over });
    const sv = await s.visit(subject.id, suite.w.schedule.screening.id, daysAgo(5));
    return { subject, sv };
  }
  /** Adds the all-types form to a new subject visit and gives the form with its fields by kind. */
  async function newForm() {
    const { subject, sv } = await newVisit();
    const form = await pi().ok('POST', '/SubjectsForm', { formId: d.form.id, subjectVisitId: sv.id });
    const fields = {} as Record<FieldKind | 'extra', any>;
    for (const s of form.subjectFormSectionList) {
      for (const f of s.subjectFormFieldList) {
        const kind = FIELD_KINDS.find((k) => f.formFieldId === d.ff[k].id);
        fields[kind ?? 'extra'] = f;
      }
    }
    const [main, second] = form.subjectFormSectionList;
    return { subject, sv, form, fields, main, second };
  }
  return { ...suite, d, extra, api, pi, newVisit, newForm };
}

/** A small valid PDF; `tag` makes its bytes unique. */
export const pdf = (tag = uniq('pdf')) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${tag}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');

/** POST /ItemData/AddDocument as multipart/form-data. */
export async function addDocument(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string>,
  file: { fileName: string; bytes: Buffer } | null,
) {
  const boundary = `----edc${uniq('b').replace(/\W/g, '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="uploadedFile"; filename="${file.fileName}"\r\n` +
          `Content-Type: application/pdf\r\n\r\n`,
        'utf8',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await app.inject({
    method: 'POST',
    url: '/api/ItemData/AddDocument',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(chunks),
  });
  let body: any = null;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, res };
}
