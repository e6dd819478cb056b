import { design, researchOrganisationVersionCreate, type FieldType, type VisitType } from '@edc/domain';
import type { Deps } from '../platform/deps.js';
import type { ActorCaller } from '../platform/http/caller.js';
import { createField } from '../modules/design/fields/fields.service.js';
import { createFormFieldList, setChildFormField } from '../modules/design/form-fields/form-fields.service.js';
import { createFormType } from '../modules/design/form-types/form-types.service.js';
import { createForm } from '../modules/design/forms/forms.service.js';
import { createProtocolVersion } from '../modules/design/protocol-versions/protocol-versions.service.js';
import { createVersion, transition } from '../modules/design/research-versions/research-versions.service.js';
import { createSection } from '../modules/design/sections/sections.service.js';
import { createVisit } from '../modules/design/visits/visits.service.js';
import { addCentreVersion } from '../modules/centres/centre-versions.service.js';
import { validateWholeVersion } from './demo-qa.js';
import { asDemoUser } from './seed-caller.js';

/** A form type of the demo design with its field definitions (CDASH-like keys). */
interface DemoFormType {
  key: string;
  title: string;
  fields: { key: string; title: string; type: FieldType; units?: string; options?: string[] }[];
}

const FORM_TYPES: DemoFormType[] = [
  {
    key: 'IC',
    title: 'Информированное согласие',
    fields: [
      { key: 'ICDAT', title: 'Дата подписания согласия', type: 'Date' },
      { key: 'ICYN', title: 'Согласие подписано', type: 'Checkbox' },
    ],
  },
  {
    key: 'DM',
    title: 'Демография',
    fields: [
      { key: 'BRTHDAT', title: 'Дата рождения', type: 'Date' },
      { key: 'SEX', title: 'Пол', type: 'Select', options: ['Мужской', 'Женский'] },
      { key: 'HEIGHT', title: 'Рост', type: 'Number', units: 'см' },
      { key: 'WEIGHT', title: 'Масса тела', type: 'Number', units: 'кг' },
      { key: 'BMI', title: 'Индекс массы тела', type: 'Calculated', units: 'кг/м²' },
    ],
  },
  {
    key: 'VS',
    title: 'Жизненно важные показатели',
    fields: [
      { key: 'VSTIM', title: 'Время измерения', type: 'Time' },
      { key: 'SYSBP', title: 'Систолическое АД', type: 'Number', units: 'мм рт. ст.' },
      { key: 'DIABP', title: 'Диастолическое АД', type: 'Number', units: 'мм рт. ст.' },
      { key: 'PULSE', title: 'ЧСС', type: 'Number', units: 'уд/мин' },
      { key: 'TEMP', title: 'Температура тела', type: 'Number', units: '°C' },
    ],
  },
  {
    key: 'LB',
    title: 'Биохимический анализ крови',
    fields: [
      { key: 'LBDTC', title: 'Дата и время взятия крови', type: 'DateTime' },
      { key: 'GLUC', title: 'Глюкоза', type: 'Number', units: 'ммоль/л' },
      { key: 'ALT', title: 'АЛТ', type: 'Number', units: 'Ед/л' },
      { key: 'CREAT', title: 'Креатинин', type: 'Number', units: 'мкмоль/л' },
    ],
  },
  {
    // A dose and two blood draws for pharmacokinetics, on the clock (docs/time-points.md).
    key: 'PK',
    title: 'Фармакокинетика',
    fields: [
      { key: 'PKDOSTIM', title: 'Время введения препарата', type: 'Time' },
      { key: 'PKT1TIM', title: 'Взятие крови через 30 мин', type: 'Time' },
      { key: 'PKT2TIM', title: 'Взятие крови через 1 ч', type: 'Time' },
    ],
  },
  {
    key: 'EG',
    title: 'ЭКГ',
    fields: [
      {
        key: 'EGRES',
        title: 'Заключение',
        type: 'Select',
        options: ['Норма', 'Клинически незначимые отклонения', 'Клинически значимые отклонения'],
      },
      { key: 'EGFILE', title: 'Запись ЭКГ', type: 'File' },
    ],
  },
  {
    key: 'AE',
    title: 'Нежелательные явления',
    fields: [
      { key: 'AEYN', title: 'Были ли нежелательные явления?', type: 'Select', options: ['Да', 'Нет'] },
      { key: 'AETERM', title: 'Описание явления', type: 'Text' },
      { key: 'AESTDAT', title: 'Дата начала', type: 'Date' },
      { key: 'AESEV', title: 'Степень тяжести', type: 'Select', options: ['Лёгкая', 'Средняя', 'Тяжёлая'] },
    ],
  },
  {
    key: 'DS',
    title: 'Завершение участия',
    fields: [
      { key: 'DSDECOD', title: 'Исход участия', type: 'Select', options: ['Завершил по протоколу', 'Выбыл досрочно'] },
      { key: 'DSSTDAT', title: 'Дата завершения', type: 'Date' },
    ],
  },
];

interface DemoVisit {
  key: string;
  title: string;
  type: VisitType;
  day: number;
  window?: number;
  repeating?: boolean;
  forms: string[];
}

const VISITS: DemoVisit[] = [
  { key: 'SCR', title: 'Скрининг', type: 'Screening', day: 0, forms: ['IC', 'DM', 'VS', 'LB', 'EG'] },
  { key: 'RND', title: 'Рандомизация', type: 'Randomisation', day: 1, forms: ['VS', 'PK'] },
  { key: 'V1', title: 'Визит 1', type: 'Period', day: 14, window: 2, forms: ['VS', 'LB', 'PK', 'AE'] },
  { key: 'V2', title: 'Визит 2', type: 'Period', day: 28, window: 3, forms: ['VS', 'EG', 'AE'] },
  { key: 'UNS', title: 'Незапланированный визит', type: 'Period', day: 0, repeating: true, forms: ['VS', 'AE'] },
  { key: 'EOS', title: 'Завершение исследования', type: 'End', day: 42, window: 3, forms: ['VS', 'LB', 'AE', 'DS'] },
];

/** The fields of the adverse-event form shown only when the answer to AEYN is this option. */
const AE_PARENT = { parent: 'AEYN', rule: 'Да', children: ['AETERM', 'AESTDAT', 'AESEV'] };

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo study design of DEMO-001, built as its administrator through the design services: protocol
 * version 1.0, research version 1.0 validated by QA and taken to Working, eight form types, six visits with their forms
 * (a field of each of the nine types, a dependent adverse-event block, a mask), and every centre
 * working in that version.
 */
export async function seedDemoDesign(deps: Deps, admin: ActorCaller, centreIds: string[]): Promise<void> {
  const researchId = admin.actor.employee!.researchId;
  const started = daysAgo(120);
  const protocol = await createProtocolVersion(
    deps,
    admin,
    design.protocolVersionCreate.parse({ researchId, protocolVersionNumber: '1.0', protocolVersionDate: daysAgo(130) }),
  );
  const version = await createVersion(
    deps,
    admin,
    design.researchVersionCreate.parse({
      researchId,
      description: 'Первая версия',
      startedDate: started,
      majorIndex: 1,
      minorIndex: 0,
    }),
  );

  const fieldIds = new Map<string, string>();
  const typeIds = new Map<string, string>();
  for (const t of FORM_TYPES) {
    const type = await createFormType(deps, admin, design.formTypeCreate.parse({ title: t.title, formTypeKey: t.key }));
    typeIds.set(t.key, type.id);
    for (const f of t.fields) {
      const field = await createField(
        deps,
        admin,
        design.fieldCreate.parse({
          formTypeId: type.id,
          title: f.title,
          fieldKey: f.key,
          fieldType: f.type,
          units: f.units ?? null,
          optionList: f.options ?? [],
        }),
      );
      fieldIds.set(f.key, field.id);
    }
  }

  for (const v of VISITS) {
    const visit = await createVisit(
      deps,
      admin,
      design.visitCreate.parse({
        researchId,
        title: v.title,
        visitKey: v.key,
        visitTypeString: v.type,
        dayNumber: v.day,
        dayPlus: v.window ?? 0,
        dayMinus: v.window ?? 0,
        repeating: v.repeating ?? false,
        isRequired: !v.repeating,
      }),
    );
    for (const key of v.forms) {
      const type = FORM_TYPES.find((t) => t.key === key)!;
      const form = await createForm(
        deps,
        admin,
        design.formCreate.parse({
          visitId: visit.id,
          formTypeId: typeIds.get(key)!,
          title: type.title,
          formKey: `${v.key}_${key}`,
        }),
      );
      const section = await createSection(
        deps,
        admin,
        design.sectionCreate.parse({ formId: form.id, sectionName: 'Основные данные' }),
      );
      await addFormFields(deps, admin, section.id, type, fieldIds);
    }
  }

  // QA reads the whole design and validates it before testing may start (the Start testing gate).
  await transition(deps, admin, version.id, 'StartQaValidating');
  await asDemoUser(deps.db, 'qa@demo.test', (qa) => validateWholeVersion(deps, qa, version.id));
  for (const action of ['StartTesting', 'StartWorking'] as const) {
    await transition(deps, admin, version.id, action);
  }
  for (const centreId of centreIds) {
    await addCentreVersion(
      deps,
      researchOrganisationVersionCreate.parse({
        startedDate: started,
        researchOrganisationId: centreId,
        researchVersionId: version.id,
        protocolVersionId: protocol.id,
      }),
      admin,
    );
  }
}

async function addFormFields(
  deps: Deps,
  admin: ActorCaller,
  sectionId: string,
  type: DemoFormType,
  fieldIds: Map<string, string>,
) {
  const list = type.fields.map((f) => ({
    fieldId: fieldIds.get(f.key)!,
    text: f.title,
    isRequired: f.key !== 'AETERM' && f.type !== 'File' && f.type !== 'Calculated',
    // A pulse is two or three digits: the regular-expression mask refuses anything else at entry.
    ...(f.key === 'PULSE' ? { regExMask: '^\\d{2,3}$' } : {}),
  }));
  const created = await createFormFieldList(
    deps,
    admin,
    design.formFieldCreateList.parse({ formSectionId: sectionId, formFieldList: list }),
  );
  if (type.key !== 'AE') return;
  const idOf = (key: string) => created.find((ff) => ff.field.fieldKey === key)!.id;
  await setChildFormField(
    deps,
    admin,
    idOf(AE_PARENT.parent),
    design.setChildFormField.parse({ parentVisibleRule: AE_PARENT.rule, childFormFieldList: AE_PARENT.children.map(idOf) }),
  );
}
