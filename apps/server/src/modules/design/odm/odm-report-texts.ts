import type { Language } from '@edc/domain';

/** The ODM import's report: what could not be carried over, in the caller's language (odm-plan.ts). */

export const REPORT_TEXT = {
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
    en: 'Repeating item group imported as the repeating form «{form}» in the same visits (sections do not repeat)',
    ru: 'Повторяющаяся группа импортирована как повторяющаяся форма «{form}» в тех же визитах (разделы не повторяются)',
  },
  group_mandatory: {
    en: 'Mandatory="Yes" not kept: a section is not mandatory as a whole (its fields are, one by one)',
    ru: 'Mandatory="Yes" не сохранён: раздел не бывает обязательным целиком (обязательными бывают его поля)',
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
  codelist_duplicates: { en: 'Repeated option “{option}” dropped', ru: 'Повторяющийся вариант «{option}» отброшен' },
  codelist_unused: {
    en: 'CodeList is used by no imported item; skipped',
    ru: 'CodeList не используется импортированными полями; пропущен',
  },
  range_check: {
    en: '{count} RangeCheck(s) not imported ({checks}): the design has no range checks (use rules or reference ranges)',
    ru: 'Не импортировано RangeCheck: {count} ({checks}) — в дизайне нет проверок диапазона (используйте правила или референсы)',
  },
  unit_missing: {
    en: 'MeasurementUnitRef to an undefined unit {unit}',
    ru: 'MeasurementUnitRef ссылается на несуществующую единицу {unit}',
  },
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
  roles: { en: '{count} Role element(s) not imported', ru: 'Не импортировано элементов Role: {count}' },
  unread: { en: 'Not imported: {names}', ru: 'Не импортировано: {names}' },
  translations: {
    en: '{part} in {langs} not imported (a text is kept in Russian and English only)',
    ru: '{part} на языках {langs} не импортирован (тексты хранятся только на русском и английском)',
  },
  form_description: {
    en: 'The FormDef’s Description not imported (forms have no description)',
    ru: 'Описание (Description) FormDef не импортировано (у форм нет описания)',
  },
  aliases_other: {
    en: 'Alias of contexts {contexts} not imported (kept on ItemDefs only)',
    ru: 'Alias контекстов {contexts} не импортированы (сохраняются только у ItemDef)',
  },
  condition_unused: {
    en: 'ConditionDef “{name}” is referred to by nothing imported and was not imported',
    ru: 'ConditionDef «{name}» не используется импортированными элементами и не импортирован',
  },
  method_other: {
    en: 'MethodDef “{name}” ({type}) not imported: the design cannot run other systems’ methods',
    ru: 'MethodDef «{name}» ({type}) не импортирован: дизайн не исполняет методы других систем',
  },
  codelist_code_lost: {
    en: 'CodeList {codeList} has DataType {type}, which a select field cannot keep; exported as text',
    ru: 'CodeList {codeList} имеет тип данных {type}, который поле выбора не сохраняет; выгружается как text',
  },
  datatype_lost: {
    en: 'DataType {type} cannot be kept on a field of type {field}; exported as {exported}',
    ru: 'Тип данных {type} не сохраняется у поля типа {field}; выгружается как {exported}',
  },
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
  update_rules_kept: {
    en: 'An update of a version leaves its rules as they are: the file’s rule is not applied',
    ru: 'При обновлении версии её правила не меняются: правило из файла не применено',
  },
  update_time_points_kept: {
    en: 'An update of a version leaves its time points as they are: the item’s time point is not applied',
    ru: 'При обновлении версии её точки времени не меняются: точка времени поля не применена',
  },
  time_point_unplaced: {
    en: 'The item is on no form: its time point is skipped',
    ru: 'Поле не входит ни в одну форму: его точка времени пропущена',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ReportKey = keyof typeof REPORT_TEXT;
/** Adds one line to the report: the element, its OID (null: the document's) and why. */
export type Say = (element: string, oid: string | null, key: ReportKey, params?: Record<string, string | number>) => void;
