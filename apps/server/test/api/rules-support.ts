import { beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { FieldType } from '@edc/domain';
import { callsAs } from '../support/test-app.js';
import { daysAgo, setupSubjectApp, subjectsApi } from '../support/subject-factories.js';
import { designApi, uniq } from './design-support.js';

/**
 * Helpers of the rules API tests (docs/rules.md): a form on the subject world's screening visit whose fields
 * carry codes — most by annotation key, one by its definition's key, two sharing one (ambiguous) — and calls
 * to make rules on it and to fill it in as the site PI.
 */

interface FieldSpec {
  key: string;
  type: FieldType;
  annotationKey?: string | null;
  options?: string[];
  isRequired?: boolean;
}

const FIELDS: FieldSpec[] = [
  { key: 'weight', type: 'Number', annotationKey: 'WEIGHT' },
  { key: 'height', type: 'Number', annotationKey: 'HEIGHT' },
  { key: 'bmi', type: 'Calculated', annotationKey: 'BMI' },
  { key: 'sbp', type: 'Number', annotationKey: 'SBP' },
  { key: 'sex', type: 'Select', annotationKey: 'SEX', options: ['Мужской', 'Женский'] },
  { key: 'preg', type: 'Select', annotationKey: 'PREG', options: ['Да', 'Нет'], isRequired: true },
  { key: 'pregWeeks', type: 'Number', annotationKey: 'PREGWEEKS', isRequired: true },
  { key: 'visitDate', type: 'Date', annotationKey: 'VISDAT' },
  { key: 'smoker', type: 'Checkbox', annotationKey: 'SMOKER' },
  { key: 'plain', type: 'Text', annotationKey: null },
  { key: 'dup1', type: 'Number', annotationKey: 'DUP' },
  { key: 'dup2', type: 'Number', annotationKey: 'DUP' },
  { key: 'file', type: 'File', annotationKey: 'ECGFILE' },
];
export type RuleFieldKey = (typeof FIELDS)[number]['key'];

/** The rules form: one section of the fields above; PREGWEEKS shows only when PREG is 'Да'. */
export async function makeRulesDesign(app: FastifyInstance, adminToken: string, visitId: string) {
  const api = designApi(app, adminToken);
  const type = await api.formType();
  const form = await api.form(visitId, type.id, { title: uniq('Rules form') });
  const section = await api.section(form.id, { sectionName: 'Main' });
  const ff = {} as Record<string, { id: string; text: string }>;
  const fieldKeys = {} as Record<string, string>;
  for (const f of FIELDS) {
    const fieldKey = uniq(f.key.toUpperCase());
    fieldKeys[f.key] = fieldKey;
    const def = await api.field(type.id, {
      fieldType: f.type,
      fieldKey,
      title: `${f.key} ${uniq('t')}`,
      ...(f.options ? { optionList: f.options } : {}),
    });
    ff[f.key] = await api.formField(section.id, def.id, {
      text: `Q ${f.key}`,
      ...(f.annotationKey ? { annotationKey: f.annotationKey } : {}),
      ...(f.isRequired ? { isRequired: true } : {}),
    });
  }
  await api.ok('POST', `/FormFields/${ff.preg!.id}/SetChildFormField`, {
    parentVisibleRule: 'Да',
    childFormFieldList: [ff.pregWeeks!.id],
  });
  return { form, section, ff, fieldKeys, formType: type };
}
export type RulesDesign = Awaited<ReturnType<typeof makeRulesDesign>>;

/** The subject world with the rules form; `newForm()` gives a subject form of it, its fields by key. */
export function setupRulesApp() {
  const suite = setupSubjectApp();
  const d = {} as RulesDesign;
  beforeAll(async () => {
    Object.assign(d, await makeRulesDesign(suite.t.app, suite.w.callers.admin.token, suite.w.schedule.screening.id));
  });
  const api = (token: string) => callsAs(suite.t.app, token);
  const admin = () => api(suite.as('admin'));
  const pi = () => api(suite.as('sitePi'));
  /** POST /Rules as the admin; gives the rule. */
  const rule = (body: Record<string, unknown>) => admin().ok('POST', '/Rules', { researchOrganisationId: null, ...body });
  async function newForm() {
    const s = subjectsApi(suite.t.app, suite.as('sitePi'));
    const subject = await s.create({ screenDate: daysAgo(10) });
    const sv = await s.visit(subject.id, suite.w.schedule.screening.id, daysAgo(5));
    const form = await pi().ok('POST', '/SubjectsForm', { formId: d.form.id, subjectVisitId: sv.id });
    const fields = {} as Record<string, any>;
    for (const section of form.subjectFormSectionList) {
      for (const f of section.subjectFormFieldList) {
        const key = Object.keys(d.ff).find((k) => d.ff[k]!.id === f.formFieldId);
        if (key) fields[key] = f;
      }
    }
    return { subject, sv, form, fields };
  }
  /** Saves a value as the site PI (a first value, or a change with a reason) and gives the reply's data. */
  async function save(field: { id: string }, data: string | null) {
    const history = await pi().ok('GET', `/ItemData?subjectFormFieldId=${field.id}`);
    if (!history.length) return pi().ok('POST', '/ItemData', { subjectFormFieldId: field.id, data });
    return pi().ok('POST', '/ItemData/WithReason', {
      subjectFormFieldId: field.id,
      data,
      reasonForChange: 'Исправление',
      currentItemDataId: history[0].id,
    });
  }
  return { ...suite, d, api, admin, pi, rule, newForm, save };
}
