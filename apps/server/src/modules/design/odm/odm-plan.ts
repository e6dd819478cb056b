import {
  checkMask,
  DEFAULT_FORM_EMPLOYEE_TYPES,
  DURATION_PATTERN,
  EMPLOYEE_TYPES,
  FIELD_TYPES,
  GENDERS,
  RULE_TYPES,
  type RuleType,
  DATA_LINK_TYPES,
  isValidRegExMask,
  unprintableCharacters,
  type FieldType,
  type Language,
} from '@edc/domain';
import { EDC, EDC_TIME, timeDeviationOrder } from './odm-common.js';
import type { OdmAlias, OdmCodeList, OdmItem, OdmRef, OdmStudy } from './odm-parse.js';

/**
 * Maps a parsed ODM study onto the design model, without touching the database: StudyEventDef → visit,
 * FormDef → form type and form (one form per event that refers to it), ItemGroupDef → section,
 * ItemDef → field definition (once) and form field (per ItemRef), CodeList → select options, this system's
 * time point aliases → time points and deviations. Whatever cannot be carried over is listed in `unmapped`,
 * in the caller's language.
 */

const VISIT_TYPES = ['Screening', 'Randomisation', 'Period', 'End'] as const;

export interface PlannedFormType {
  ref: string;
  title: string;
  formTypeKey: string;
}
export interface PlannedField {
  ref: string;
  formTypeRef: string;
  title: string;
  fieldKey: string;
  fieldType: FieldType;
  optionList: string[];
  defaultOption: string | null;
  units: string | null;
}
export interface PlannedFormField {
  ref: string;
  fieldRef: string;
  text: string;
  textBefore: string | null;
  textAfter: string | null;
  annotationKey: string | null;
  dataLink: string | null;
  isRequired: boolean;
  clinicalSignificance: boolean;
  comment: string | null;
  units: string | null;
  regExMask: string | null;
  mask: string | null;
  isHidden: boolean;
  requiredForEdc: boolean;
  duration: string | null;
  parentRef: string | null;
  parentVisibleRule: string | null;
}
export interface PlannedSection {
  key: string;
  name: string;
  description: string | null;
  fields: PlannedFormField[];
}
export interface PlannedForm {
  title: string;
  formKey: string;
  formTypeRef: string;
  repeating: boolean;
  isRequired: boolean;
  employeeTypesList: string[];
  gender: string;
  sections: PlannedSection[];
}
export interface PlannedVisit {
  title: string;
  visitKey: string;
  description: string | null;
  visitType: string;
  repeating: boolean;
  isRequired: boolean;
  dayNumber: number;
  dayPlus: number;
  dayMinus: number;
  pointList: string[];
  forms: PlannedForm[];
}
export interface Unmapped {
  element: string;
  oid: string | null;
  message: string;
}
/** A study rule read back from this system's export, on each placement of its item (docs/rules.md "ODM"). */
export interface PlannedRule {
  oid: string;
  type: RuleType;
  message: string | null;
  expression: string;
  /** The centre's number; null: the whole research. */
  centre: string | null;
  placementRefs: string[];
}
/** A deviation read back from an `EDC:timeDeviation` alias, timed from another point of the same visit. */
export interface PlannedTimeDeviation {
  startPlacementRef: string;
  deviation: string;
  deviationPlus: string;
  deviationMinus: string;
}
/** A time point read back from this system's aliases, on one placement of its item (docs/time-points.md "ODM"). */
export interface PlannedTimePoint {
  itemOid: string;
  placementRef: string;
  duration: string;
  description: string | null;
  isVisitStartPoint: boolean;
  deviations: PlannedTimeDeviation[];
}
export interface ImportPlan {
  visits: PlannedVisit[];
  formTypes: PlannedFormType[];
  fields: PlannedField[];
  rules: PlannedRule[];
  /** Checked: on Time and DateTime fields, at most one start point per visit, deviations within the visit. */
  timePoints: PlannedTimePoint[];
  codeListsUsed: number;
  unmapped: Unmapped[];
}

const TEXT = {
  other_mdv: {
    en: 'Only MetaDataVersion {oid} was imported; this one was skipped',
    ru: 'Импортирована только версия метаданных {oid}; эта пропущена',
  },
  ignored_element: {
    en: '{count} element(s) not imported: no place for them in the design',
    ru: 'Не импортировано элементов: {count} — для них нет места в дизайне',
  },
  event_undefined: {
    en: 'Protocol refers to an undefined StudyEventDef',
    ru: 'Protocol ссылается на несуществующий StudyEventDef',
  },
  event_outside_protocol: {
    en: 'StudyEventDef is not in the Protocol; imported after the others',
    ru: 'StudyEventDef отсутствует в Protocol; импортирован после остальных',
  },
  event_type: {
    en: 'Event type {type} has no counterpart; imported as a visit of type Period',
    ru: 'Для типа события {type} нет соответствия; импортирован как визит типа Period',
  },
  form_undefined: { en: 'FormRef to an undefined FormDef', ru: 'FormRef ссылается на несуществующий FormDef' },
  form_outside_events: {
    en: 'FormDef is referenced by no StudyEventDef; placed in the visit “{visit}”',
    ru: 'FormDef не входит ни в одно событие; помещён в визит «{visit}»',
  },
  archive_layout: { en: 'ArchiveLayout (PDF layout) not imported', ru: 'ArchiveLayout (макет PDF) не импортирован' },
  group_undefined: {
    en: 'ItemGroupRef to an undefined ItemGroupDef',
    ru: 'ItemGroupRef ссылается на несуществующий ItemGroupDef',
  },
  group_repeating: {
    en: 'Repeating item group imported as an ordinary section (sections do not repeat)',
    ru: 'Повторяющаяся группа импортирована как обычный раздел (разделы не повторяются)',
  },
  group_unused: {
    en: 'ItemGroupDef is referenced by no FormDef; skipped',
    ru: 'ItemGroupDef не входит ни в одну форму; пропущен',
  },
  item_undefined: { en: 'ItemRef to an undefined ItemDef', ru: 'ItemRef ссылается на несуществующий ItemDef' },
  item_unplaced: {
    en: 'ItemDef is on no form; imported as a field definition of the form type “{type}” only',
    ru: 'ItemDef не входит ни в одну форму; импортирован только как поле типа формы «{type}»',
  },
  datatype_partial: {
    en: 'DataType {type} imported as {field}: partial or incomplete values are not supported',
    ru: 'Тип данных {type} импортирован как {field}: частичные значения не поддерживаются',
  },
  datatype_other: {
    en: 'DataType {type} has no counterpart; imported as {field}',
    ru: 'Для типа данных {type} нет соответствия; импортирован как {field}',
  },
  codelist_missing: {
    en: 'CodeListRef to an undefined CodeList {codeList}; imported as {field}',
    ru: 'CodeListRef ссылается на несуществующий CodeList {codeList}; импортирован как {field}',
  },
  codelist_external: {
    en: 'External code list {codeList} cannot be imported; the field is imported as {field}',
    ru: 'Внешний справочник {codeList} не импортируется; поле импортировано как {field}',
  },
  codelist_decodes: {
    en: 'Options take the decoded texts; the coded values are not kept',
    ru: 'Варианты ответа взяты из расшифровок (Decode); кодированные значения не сохранены',
  },
  codelist_duplicates: { en: 'Repeated option “{option}” dropped', ru: 'Повторяющийся вариант «{option}» отброшен' },
  codelist_unused: {
    en: 'CodeList is used by no imported item; skipped',
    ru: 'CodeList не используется импортированными полями; пропущен',
  },
  range_check: {
    en: '{count} RangeCheck(s) not imported: the design has no range checks (use rules or reference ranges)',
    ru: 'Не импортировано RangeCheck: {count} — в дизайне нет проверок диапазона (используйте правила или референсы)',
  },
  unit_missing: {
    en: 'MeasurementUnitRef to an undefined unit {unit}',
    ru: 'MeasurementUnitRef ссылается на несуществующую единицу {unit}',
  },
  unit_many: { en: 'Several units; only the first ({unit}) is kept', ru: 'Несколько единиц; сохранена только первая ({unit})' },
  condition: {
    en: 'Collection exception condition {condition} not imported (dependent fields come only from this system’s own exports)',
    ru: 'Условие сбора {condition} не импортировано (зависимые поля переносятся только из выгрузок этой системы)',
  },
  bad_mask: { en: 'Invalid mask “{mask}” dropped', ru: 'Неверная маска «{mask}» отброшена' },
  bad_regex: { en: 'Invalid regular expression “{mask}” dropped', ru: 'Неверное регулярное выражение «{mask}» отброшено' },
  unprintable: {
    en: 'The text holds characters the print font may not render: {chars}',
    ru: 'Вероятно, что следующие символы не будут отображаться при печати: {chars}',
  },
  descriptions: {
    en: 'Descriptions of {count} ItemDef(s) not imported (field definitions carry no description)',
    ru: 'Не импортированы описания ItemDef: {count} (у определений полей нет описания)',
  },
  lengths: {
    en: 'Length / SignificantDigits of {count} ItemDef(s) not imported',
    ru: 'Не импортированы Length / SignificantDigits у ItemDef: {count}',
  },
  roles: { en: '{count} Role element(s) not imported', ru: 'Не импортировано элементов Role: {count}' },
  rule_type: { en: 'Unknown rule type {type}; the rule is skipped', ru: 'Неизвестный тип правила {type}; правило пропущено' },
  rule_item: {
    en: 'The rule’s item {item} is on no imported form; the rule is skipped',
    ru: 'Поле правила {item} не входит ни в одну импортированную форму; правило пропущено',
  },
  time_point_duration: {
    en: 'Time point duration “{value}” is not hh:mm:ss; the time point is skipped',
    ru: 'Длительность точки времени «{value}» не в формате чч:мм:сс; точка времени пропущена',
  },
  time_point_field_type: {
    en: 'A time point is set only on a Time or DateTime field, not {field}; the time point is skipped',
    ru: 'Точка времени ставится только на поле типа «Время» или «Дата и время», а не {field}; точка времени пропущена',
  },
  time_point_description: {
    en: 'Time point description longer than {max} characters dropped',
    ru: 'Описание точки времени длиннее {max} символов отброшено',
  },
  time_point_start_taken: {
    en: 'The visit “{visit}” already has a start point ({item}); this time point is imported as an ordinary one',
    ru: 'У визита «{visit}» уже есть начальная точка ({item}); эта точка времени импортирована как обычная',
  },
  time_deviation_format: {
    en: 'Time deviation “{value}” is not “ItemOID;hh:mm:ss;hh:mm:ss;hh:mm:ss”; the deviation is skipped',
    ru: 'Отклонение времени «{value}» не в формате «ItemOID;чч:мм:сс;чч:мм:сс;чч:мм:сс»; отклонение пропущено',
  },
  time_deviation_start: {
    en: 'The start point {item} of a time deviation is not a time point of the same visit; the deviation is skipped',
    ru: 'Начальная точка {item} отклонения времени не является точкой времени того же визита; отклонение пропущено',
  },
  time_deviation_self: {
    en: 'A time deviation is timed from its own point; the deviation is skipped',
    ru: 'Отклонение времени отсчитывается от своей же точки; отклонение пропущено',
  },
  time_point_unplaced: {
    en: 'The item is on no form: its time point is skipped',
    ru: 'Поле не входит ни в одну форму: его точка времени пропущена',
  },
  aliases: {
    en: 'Alias names of contexts {contexts} kept only as annotation keys (SDTM) where no SDSVarName is given',
    ru: 'Alias контекстов {contexts} использованы только как ключи аннотации (SDTM), если нет SDSVarName',
  },
} as const satisfies Record<string, Record<Language, string>>;

const DATA_TYPES: Record<string, { field: FieldType; note?: 'datatype_partial' | 'datatype_other' }> = {
  text: { field: 'Text' },
  string: { field: 'Text' },
  integer: { field: 'Number' },
  float: { field: 'Number' },
  double: { field: 'Number' },
  date: { field: 'Date' },
  time: { field: 'Time' },
  datetime: { field: 'DateTime' },
  boolean: { field: 'Checkbox' },
  base64Binary: { field: 'File' },
  hexBinary: { field: 'File' },
  URI: { field: 'Text', note: 'datatype_other' },
  partialDate: { field: 'Date', note: 'datatype_partial' },
  incompleteDate: { field: 'Date', note: 'datatype_partial' },
  partialTime: { field: 'Time', note: 'datatype_partial' },
  incompleteTime: { field: 'Time', note: 'datatype_partial' },
  partialDatetime: { field: 'DateTime', note: 'datatype_partial' },
  incompleteDatetime: { field: 'DateTime', note: 'datatype_partial' },
  durationDatetime: { field: 'Text', note: 'datatype_other' },
  intervalDatetime: { field: 'Text', note: 'datatype_other' },
  hexFloat: { field: 'Number', note: 'datatype_other' },
  base64Float: { field: 'Number', note: 'datatype_other' },
};

const alias = (list: OdmAlias[], context: string) => list.find((a) => a.context === context)?.name ?? null;
const int = (v: string | null, fallback: number) => {
  const n = v === null ? NaN : Number.parseInt(v, 10);
  return Number.isFinite(n) ? n : fallback;
};
const byOrder = <T extends { order: number | null }>(list: T[]) =>
  list
    .map((x, i) => ({ x, i }))
    .sort((a, b) => (a.x.order ?? Infinity) - (b.x.order ?? Infinity) || a.i - b.i)
    .map((e) => e.x);

export function planImport(odm: OdmStudy, lang: Language): ImportPlan {
  const unmapped: Unmapped[] = [];
  const say = (element: string, oid: string | null, key: keyof typeof TEXT, params: Record<string, string | number> = {}) =>
    unmapped.push({ element, oid, message: TEXT[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? '')) });
  const reported = new Set<string>();
  const once = (key: string, fn: () => void) => {
    if (!reported.has(key)) {
      reported.add(key);
      fn();
    }
  };
  const checkText = (element: string, oid: string, text: string | null) => {
    const bad = unprintableCharacters(text);
    if (bad.length) once(`p:${element}:${oid}:${text}`, () => say(element, oid, 'unprintable', { chars: bad.join(' ') }));
  };

  for (const oid of odm.otherMdvOids) say('MetaDataVersion', oid, 'other_mdv', { oid: odm.mdvOid });
  for (const [name, count] of odm.ignored) say(name, null, 'ignored_element', { count });

  const eventsByOid = new Map(odm.events.map((e) => [e.oid, e]));
  const formsByOid = new Map(odm.forms.map((f) => [f.oid, f]));
  const groupsByOid = new Map(odm.groups.map((g) => [g.oid, g]));
  const itemsByOid = new Map(odm.items.map((i) => [i.oid, i]));
  const codeListsByOid = new Map(odm.codeLists.map((c) => [c.oid, c]));

  // Visits: the Protocol's order, then events it does not list.
  const eventOrder: { oid: string; mandatory: boolean }[] = [];
  for (const ref of byOrder(odm.protocolOrder)) {
    if (!eventsByOid.has(ref.oid)) say('StudyEventRef', ref.oid, 'event_undefined');
    else if (!eventOrder.some((e) => e.oid === ref.oid)) eventOrder.push({ oid: ref.oid, mandatory: ref.mandatory });
  }
  for (const e of odm.events) {
    if (eventOrder.some((x) => x.oid === e.oid)) continue;
    if (odm.protocolOrder.length) say('StudyEventDef', e.oid, 'event_outside_protocol');
    eventOrder.push({ oid: e.oid, mandatory: false });
  }

  const formTypes: PlannedFormType[] = [];
  const fields: PlannedField[] = [];
  const fieldRefOfItem = new Map<string, string>();
  const usedCodeLists = new Set<string>();

  function formTypeFor(form: { oid: string; name: string; aliases: OdmAlias[] }): string {
    const key = alias(form.aliases, EDC.formTypeKey) ?? form.oid;
    if (!formTypes.some((t) => t.ref === key))
      formTypes.push({ ref: key, title: alias(form.aliases, EDC.formTypeTitle) ?? form.name, formTypeKey: key });
    return key;
  }

  function optionsOf(list: OdmCodeList): { options: string[]; defaultOption: string | null } {
    const options: string[] = [];
    let decoded = false;
    for (const item of byOrder(list.items)) {
      const text = (item.decode ?? item.coded).trim();
      if (item.decode && item.decode.trim() !== item.coded) decoded = true;
      if (!text) continue;
      if (options.includes(text))
        once(`dup:${list.oid}:${text}`, () => say('CodeList', list.oid, 'codelist_duplicates', { option: text }));
      else options.push(text);
    }
    if (decoded) once(`dec:${list.oid}`, () => say('CodeList', list.oid, 'codelist_decodes'));
    const def = alias(list.aliases, EDC.defaultOption);
    return { options, defaultOption: def && options.includes(def) ? def : null };
  }

  function typeOf(item: OdmItem): { fieldType: FieldType; options: string[]; defaultOption: string | null } {
    const mapped = DATA_TYPES[item.dataType] ?? { field: 'Text' as FieldType, note: 'datatype_other' as const };
    let fieldType: FieldType = mapped.field;
    const declared = alias(item.aliases, EDC.fieldType);
    const explicit = declared && (FIELD_TYPES as readonly string[]).includes(declared) ? (declared as FieldType) : null;
    if (item.codeListOid) {
      const list = codeListsByOid.get(item.codeListOid);
      if (!list) say('ItemDef', item.oid, 'codelist_missing', { codeList: item.codeListOid, field: explicit ?? fieldType });
      else if (list.external || list.items.length === 0)
        say('ItemDef', item.oid, 'codelist_external', { codeList: list.oid, field: explicit ?? fieldType });
      else {
        usedCodeLists.add(list.oid);
        const { options, defaultOption } = optionsOf(list);
        if (options.length) return { fieldType: 'Select', options, defaultOption };
      }
    }
    if (explicit && explicit !== 'Select') return { fieldType: explicit, options: [], defaultOption: null };
    if (mapped.note) say('ItemDef', item.oid, mapped.note, { type: item.dataType, field: fieldType });
    if (fieldType === 'Select') fieldType = 'Text';
    return { fieldType, options: [], defaultOption: null };
  }

  function unitOf(item: OdmItem): string | null {
    if (item.unitOids.length === 0) return null;
    const units = item.unitOids.map((oid) => ({ oid, symbol: odm.units.get(oid) }));
    const first = units.find((u) => u.symbol);
    once(`u:${item.oid}`, () => {
      for (const u of units) if (!u.symbol) say('ItemDef', item.oid, 'unit_missing', { unit: u.oid });
      if (first && units.length > 1) say('ItemDef', item.oid, 'unit_many', { unit: first.symbol! });
    });
    return first?.symbol ?? null;
  }

  /** One field definition per ItemDef (per EDC field key within a form type, for this system's own exports). */
  function fieldFor(item: OdmItem, formTypeRef: string): string {
    const fieldKey = alias(item.aliases, EDC.fieldKey);
    const ref = fieldKey ? `${formTypeRef}|${fieldKey}` : item.oid;
    const known = fieldRefOfItem.get(item.oid);
    if (known && !fieldKey) return known;
    if (!fields.some((f) => f.ref === ref)) {
      const { fieldType, options, defaultOption } = typeOf(item);
      const title = alias(item.aliases, EDC.fieldTitle) ?? item.name ?? item.oid;
      checkText('ItemDef', item.oid, title);
      const units = fieldKey ? alias(item.aliases, EDC.fieldUnits) : unitOf(item);
      fields.push({
        ref,
        formTypeRef,
        title,
        fieldKey: fieldKey ?? item.oid,
        fieldType,
        optionList: options,
        defaultOption,
        units,
      });
    }
    fieldRefOfItem.set(item.oid, ref);
    return ref;
  }

  function annotationOf(item: OdmItem): string | null {
    return (
      alias(item.aliases, EDC.annotationKey) ??
      item.sdsVarName ??
      item.aliases.find((a) => /SDTM/i.test(a.context))?.name ??
      item.sasFieldName ??
      null
    );
  }

  function placeItem(item: OdmItem, ref: OdmRef, placementRef: string, fieldRef: string): PlannedFormField {
    const text = item.question ?? item.name ?? item.oid;
    checkText('ItemDef', item.oid, text);
    let mask = alias(item.aliases, EDC.mask);
    if (mask && !checkMask(mask).ok) {
      const bad = mask;
      once(`m:${item.oid}`, () => say('ItemDef', item.oid, 'bad_mask', { mask: bad }));
      mask = null;
    }
    let regExMask = alias(item.aliases, EDC.regExMask);
    if (regExMask && !isValidRegExMask(regExMask)) {
      const bad = regExMask;
      once(`x:${item.oid}`, () => say('ItemDef', item.oid, 'bad_regex', { mask: bad }));
      regExMask = null;
    }
    // This system's export writes an edit check's range as RangeChecks beside its rule: those come back as the rule.
    const carried = odm.rules.some((r) => r.type === 'NoteAction' && r.itemOid === item.oid);
    if (item.rangeChecks && !carried)
      once(`r:${item.oid}`, () => say('ItemDef', item.oid, 'range_check', { count: item.rangeChecks }));
    const dataLink = alias(item.aliases, EDC.dataLink);
    const duration = alias(item.aliases, EDC.duration);
    const field = fields.find((f) => f.ref === fieldRef)!;
    const unit = unitOf(item);
    return {
      ref: placementRef,
      fieldRef,
      text,
      textBefore: alias(item.aliases, EDC.textBefore),
      textAfter: alias(item.aliases, EDC.textAfter),
      annotationKey: annotationOf(item),
      dataLink: dataLink && (DATA_LINK_TYPES as readonly string[]).includes(dataLink) ? dataLink : null,
      isRequired: ref.mandatory,
      clinicalSignificance: alias(item.aliases, EDC.clinicalSignificance) === 'Yes',
      comment: item.comment,
      units: unit !== field.units ? unit : null,
      regExMask,
      mask,
      isHidden: alias(item.aliases, EDC.hidden) === 'Yes',
      requiredForEdc: alias(item.aliases, EDC.requiredForEdc) === 'Yes',
      duration:
        duration && DURATION_PATTERN.test(duration) && (field.fieldType === 'Time' || field.fieldType === 'DateTime')
          ? duration
          : null,
      parentRef: null,
      parentVisibleRule: null,
    };
  }

  const placedGroups = new Set<string>();
  const placedItems = new Set<string>();
  const placementsOfItem = new Map<string, string[]>();
  const itemOfPlacement = new Map<string, string>();
  // Placements are numbered across the whole plan: a form referred to by two events is placed twice.
  let n = 0;

  function planForm(formOid: string, mandatory: boolean): PlannedForm | null {
    const form = formsByOid.get(formOid);
    if (!form) {
      say('FormRef', formOid, 'form_undefined');
      return null;
    }
    if (form.archiveLayouts) once(`al:${form.oid}`, () => say('FormDef', form.oid, 'archive_layout'));
    checkText('FormDef', form.oid, form.name);
    const formTypeRef = formTypeFor(form);
    const sections: PlannedSection[] = [];
    const placementOfItem = new Map<string, string>();
    const pending: { planned: PlannedFormField; item: OdmItem; ref: OdmRef }[] = [];
    for (const gref of byOrder(form.groupRefs)) {
      const group = groupsByOid.get(gref.oid);
      if (!group) {
        once(`g:${gref.oid}`, () => say('ItemGroupRef', gref.oid, 'group_undefined'));
        continue;
      }
      placedGroups.add(group.oid);
      if (group.repeating) once(`gr:${group.oid}`, () => say('ItemGroupDef', group.oid, 'group_repeating'));
      const section: PlannedSection = {
        key: group.oid,
        name: group.name || group.oid,
        description: group.description,
        fields: [],
      };
      for (const iref of byOrder(group.itemRefs)) {
        const item = itemsByOid.get(iref.oid);
        if (!item) {
          once(`i:${iref.oid}`, () => say('ItemRef', iref.oid, 'item_undefined'));
          continue;
        }
        placedItems.add(item.oid);
        const fieldRef = fieldFor(item, formTypeRef);
        const placement = `${form.oid}/${group.oid}/${item.oid}/${n++}`;
        if (!placementOfItem.has(item.oid)) placementOfItem.set(item.oid, placement);
        placementsOfItem.set(item.oid, [...(placementsOfItem.get(item.oid) ?? []), placement]);
        itemOfPlacement.set(placement, item.oid);
        const planned = placeItem(item, iref, placement, fieldRef);
        pending.push({ planned, item, ref: iref });
        section.fields.push(planned);
      }
      sections.push(section);
    }
    // Dependencies travel in this system's aliases; others' skip conditions are reported.
    for (const { planned, item, ref } of pending) {
      const parentOid = alias(item.aliases, EDC.parentItem);
      const rule = alias(item.aliases, EDC.parentVisibleRule);
      if (parentOid && rule && placementOfItem.has(parentOid)) {
        planned.parentRef = placementOfItem.get(parentOid)!;
        planned.parentVisibleRule = rule;
      } else if (ref.conditionOid) {
        once(`c:${item.oid}:${ref.conditionOid}`, () => say('ItemRef', item.oid, 'condition', { condition: ref.conditionOid! }));
      }
    }
    const employees = (alias(form.aliases, EDC.employeeTypes) ?? '')
      .split(';')
      .filter((e) => (EMPLOYEE_TYPES as readonly string[]).includes(e));
    const gender = alias(form.aliases, EDC.gender);
    return {
      title: form.name || form.oid,
      formKey: form.oid,
      formTypeRef,
      repeating: form.repeating,
      isRequired: mandatory,
      employeeTypesList: employees.length ? employees : [...DEFAULT_FORM_EMPLOYEE_TYPES],
      gender: gender && (GENDERS as readonly string[]).includes(gender) ? gender : 'Both',
      sections,
    };
  }

  const visits: PlannedVisit[] = [];
  const formsInEvents = new Set<string>();
  for (const { oid, mandatory } of eventOrder) {
    const e = eventsByOid.get(oid)!;
    checkText('StudyEventDef', e.oid, e.name);
    const category = e.category && (VISIT_TYPES as readonly string[]).includes(e.category) ? e.category : null;
    if (!category && e.type !== 'Scheduled') say('StudyEventDef', e.oid, 'event_type', { type: e.type });
    const forms: PlannedForm[] = [];
    for (const fref of byOrder(e.formRefs)) {
      formsInEvents.add(fref.oid);
      const planned = planForm(fref.oid, fref.mandatory);
      if (planned) forms.push(planned);
    }
    visits.push({
      title: e.name || e.oid,
      visitKey: e.oid,
      description: e.description,
      visitType: category ?? 'Period',
      repeating: e.repeating,
      isRequired: mandatory,
      dayNumber: int(alias(e.aliases, EDC.dayNumber), 0),
      dayPlus: Math.max(0, int(alias(e.aliases, EDC.dayPlus), 0)),
      dayMinus: Math.max(0, int(alias(e.aliases, EDC.dayMinus), 0)),
      pointList: (alias(e.aliases, EDC.pointList) ?? '').split(';').filter(Boolean),
      forms,
    });
  }

  const loose = odm.forms.filter((f) => !formsInEvents.has(f.oid));
  if (loose.length) {
    const title = lang === 'ru' ? 'Формы вне событий ODM' : 'Forms outside any ODM event';
    const visit: PlannedVisit = {
      title,
      visitKey: 'ODM.UNSCHEDULED',
      description: null,
      visitType: 'Period',
      repeating: false,
      isRequired: false,
      dayNumber: 0,
      dayPlus: 0,
      dayMinus: 0,
      pointList: [],
      forms: [],
    };
    for (const f of loose) {
      say('FormDef', f.oid, 'form_outside_events', { visit: title });
      const planned = planForm(f.oid, false);
      if (planned) visit.forms.push(planned);
    }
    visits.push(visit);
  }

  for (const g of odm.groups) if (!placedGroups.has(g.oid)) say('ItemGroupDef', g.oid, 'group_unused');

  const unplaced = odm.items.filter((i) => !placedItems.has(i.oid));
  if (unplaced.length) {
    const title = lang === 'ru' ? 'Поля ODM вне форм' : 'ODM items outside any form';
    const typeRef = `${odm.mdvOid || 'ODM'}.UNPLACED`;
    formTypes.push({ ref: typeRef, title, formTypeKey: typeRef });
    for (const item of unplaced) {
      say('ItemDef', item.oid, 'item_unplaced', { type: title });
      fieldFor(item, typeRef);
    }
  }

  for (const cl of odm.codeLists) if (!usedCodeLists.has(cl.oid)) say('CodeList', cl.oid, 'codelist_unused');

  // This system's exports describe an item by its definition's title, which EDC:fieldTitle carries.
  const described = odm.items.filter((i) => i.description && !alias(i.aliases, EDC.fieldTitle)).length;
  if (described) say('ItemDef', null, 'descriptions', { count: described });
  const sized = odm.items.filter((i) => i.length || i.significantDigits).length;
  if (sized) say('ItemDef', null, 'lengths', { count: sized });
  const roles = odm.items.reduce((n, i) => n + i.roles, 0);
  if (roles) say('Role', null, 'roles', { count: roles });
  const contexts = [...new Set(odm.items.flatMap((i) => i.aliases.map((a) => a.context)).filter((c) => !c.startsWith('EDC:')))];
  if (contexts.length) say('Alias', null, 'aliases', { contexts: contexts.join(', ') });

  // Rules: on every placement of their item; the expression is checked against each form when written.
  const rules: PlannedRule[] = [];
  for (const r of odm.rules) {
    if (!(RULE_TYPES as readonly string[]).includes(r.type)) {
      say(r.element, r.oid, 'rule_type', { type: r.type });
      continue;
    }
    const placementRefs = r.itemOid ? (placementsOfItem.get(r.itemOid) ?? []) : [];
    if (!placementRefs.length) {
      say(r.element, r.oid, 'rule_item', { item: r.itemOid ?? '—' });
      continue;
    }
    rules.push({
      oid: r.oid,
      type: r.type as RuleType,
      message: r.message,
      expression: r.expression ?? '',
      centre: r.centre,
      placementRefs,
    });
  }

  const timePoints = planTimePoints(odm, visits, fields, itemOfPlacement, say, once, checkText);

  return { visits, formTypes, fields, rules, timePoints, codeListsUsed: usedCodeLists.size, unmapped };
}

const TIME_POINT_FIELD_TYPES: readonly FieldType[] = ['Time', 'DateTime'];
/** As the designer's limit (timePointCreate). */
const DESCRIPTION_MAX = 2000;

/**
 * Time points from this system's aliases (EDC_TIME), on every placement of their item, visit by visit: the
 * duration must be hh:mm:ss and the field Time or DateTime (else the point is skipped), the first start point
 * of a visit wins (a later one comes in as an ordinary point), a deviation must parse and be timed from
 * another point of the same visit (else it is skipped). Each refusal is reported.
 */
function planTimePoints(
  odm: OdmStudy,
  visits: PlannedVisit[],
  fields: PlannedField[],
  itemOfPlacement: Map<string, string>,
  say: (element: string, oid: string | null, key: keyof typeof TEXT, params?: Record<string, string | number>) => void,
  once: (key: string, fn: () => void) => void,
  checkText: (element: string, oid: string, text: string | null) => void,
): PlannedTimePoint[] {
  const itemsByOid = new Map(odm.items.map((i) => [i.oid, i]));
  const fieldType = new Map(fields.map((f) => [f.ref, f.fieldType]));
  const isTimeAlias = (a: OdmAlias) =>
    a.context === EDC_TIME.duration ||
    a.context === EDC_TIME.description ||
    a.context === EDC_TIME.start ||
    timeDeviationOrder(a.context) !== null;
  const hasAliases = (item: OdmItem) => item.aliases.some(isTimeAlias);
  /** The deviation aliases of an item by their number, then in document order. */
  const deviationAliases = (item: OdmItem) =>
    item.aliases
      .map((a, i) => ({ a, i, order: timeDeviationOrder(a.context) }))
      .filter((x) => x.order !== null)
      .sort((x, y) => x.order! - y.order! || x.i - y.i)
      .map((x) => x.a);
  const out: PlannedTimePoint[] = [];
  const seen = new Set<string>();
  for (const visit of visits) {
    // The points of the visit first, so that deviations can be timed from any of them.
    const points: PlannedTimePoint[] = [];
    const firstPointOfItem = new Map<string, PlannedTimePoint>();
    const pending: { point: PlannedTimePoint; item: OdmItem }[] = [];
    let start: PlannedTimePoint | null = null;
    for (const form of visit.forms)
      for (const section of form.sections)
        for (const ff of section.fields) {
          const item = itemsByOid.get(itemOfPlacement.get(ff.ref)!);
          if (!item || !hasAliases(item)) continue;
          seen.add(item.oid);
          const duration = alias(item.aliases, EDC_TIME.duration);
          if (duration === null || !DURATION_PATTERN.test(duration)) {
            once(`tpd:${item.oid}`, () => say('ItemDef', item.oid, 'time_point_duration', { value: duration ?? '' }));
            continue;
          }
          const type = fieldType.get(ff.fieldRef)!;
          if (!TIME_POINT_FIELD_TYPES.includes(type)) {
            once(`tpt:${item.oid}`, () => say('ItemDef', item.oid, 'time_point_field_type', { field: type }));
            continue;
          }
          let description = alias(item.aliases, EDC_TIME.description)?.trim() || null;
          if (description && description.length > DESCRIPTION_MAX) {
            once(`tpl:${item.oid}`, () => say('ItemDef', item.oid, 'time_point_description', { max: DESCRIPTION_MAX }));
            description = null;
          }
          checkText('ItemDef', item.oid, description);
          let isVisitStartPoint = alias(item.aliases, EDC_TIME.start) === 'Yes';
          if (isVisitStartPoint && start) {
            const first = start.itemOid;
            say('ItemDef', item.oid, 'time_point_start_taken', { visit: visit.title, item: first });
            isVisitStartPoint = false;
          }
          const point: PlannedTimePoint = {
            itemOid: item.oid,
            placementRef: ff.ref,
            duration,
            description,
            isVisitStartPoint,
            deviations: [],
          };
          if (isVisitStartPoint) start = point;
          points.push(point);
          if (!firstPointOfItem.has(item.oid)) firstPointOfItem.set(item.oid, point);
          pending.push({ point, item });
        }
    for (const { point, item } of pending) {
      for (const a of deviationAliases(item)) {
        const parts = a.name.split(';').map((p) => p.trim());
        if (parts.length !== 4 || !parts[0] || !parts.slice(1).every((p) => DURATION_PATTERN.test(p))) {
          once(`tdf:${item.oid}:${a.name}`, () => say('ItemDef', item.oid, 'time_deviation_format', { value: a.name }));
          continue;
        }
        const [startOid, deviation, deviationPlus, deviationMinus] = parts as [string, string, string, string];
        const from = firstPointOfItem.get(startOid);
        if (!from) {
          once(`tds:${item.oid}:${a.name}`, () => say('ItemDef', item.oid, 'time_deviation_start', { item: startOid }));
          continue;
        }
        if (from === point) {
          once(`tdx:${item.oid}:${a.name}`, () => say('ItemDef', item.oid, 'time_deviation_self'));
          continue;
        }
        point.deviations.push({ startPlacementRef: from.placementRef, deviation, deviationPlus, deviationMinus });
      }
    }
    out.push(...points);
  }
  // Items on no form have no form field to set a point on.
  for (const item of odm.items) if (!seen.has(item.oid) && hasAliases(item)) say('ItemDef', item.oid, 'time_point_unplaced');
  return out;
}
