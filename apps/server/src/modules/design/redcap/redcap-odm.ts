import { EDC, EDC_RULE, ODM_NS, xmlSafe } from '../odm/odm-common.js';
import { redcapChoices, type RedcapField } from './redcap-dictionary.js';
import { translateRedcapLogic, type RedcapWhy } from './redcap-logic.js';
import { redcapText, type RedcapTextKey } from './redcap-messages.js';
import type { Language } from '@edc/domain';
import { xmlBuilder } from '../../../platform/lazy-library.js';

/**
 * A REDCap data dictionary as an ODM 1.3.2 study design that the ODM import reads (docs/data-exchange.md
 * "REDCap"): REDCap's own OIDs (`Form.<form>`, `<form>.<first variable>` for each section, the variable for
 * the item, `<variable>.choices` for its code list, one event `Event.event_1_arm_1`), field types through
 * DataType and the `EDC:` aliases of this system's export, branching logic as a ToggleAction rule (hidden
 * while the logic does not hold), calculations as a Calculated field with an InsertAction rule, validation
 * minimum and maximum of numbers as an edit check. What has no counterpart is listed, row by row.
 */

export interface RedcapUnmapped {
  element: string;
  oid: string | null;
  message: string;
}

type Kind = 'Text' | 'Number' | 'Select' | 'Checkbox' | 'Date' | 'Time' | 'DateTime' | 'Calculated' | 'File';

const BY_VALIDATION: Record<string, { kind: Kind; dataType: string }> = {
  integer: { kind: 'Number', dataType: 'integer' },
  number: { kind: 'Number', dataType: 'float' },
  date_ymd: { kind: 'Date', dataType: 'date' },
  date_dmy: { kind: 'Date', dataType: 'date' },
  date_mdy: { kind: 'Date', dataType: 'date' },
  datetime_ymd: { kind: 'DateTime', dataType: 'datetime' },
  datetime_dmy: { kind: 'DateTime', dataType: 'datetime' },
  datetime_mdy: { kind: 'DateTime', dataType: 'datetime' },
  datetime_seconds_ymd: { kind: 'DateTime', dataType: 'datetime' },
  datetime_seconds_dmy: { kind: 'DateTime', dataType: 'datetime' },
  datetime_seconds_mdy: { kind: 'DateTime', dataType: 'datetime' },
  time: { kind: 'Time', dataType: 'time' },
};

const FIXED_CHOICES: Record<string, string> = { yesno: '1, Yes | 0, No', truefalse: '1, True | 0, False' };

interface Item {
  field: RedcapField;
  oid: string;
  kind: Kind;
  dataType: string;
  question: string;
  choices: { code: string; label: string }[];
  /** For a checkbox field: its option, one item each (REDCap's `variable___code`). */
  option?: { code: string; label: string };
}

/** Builds the ODM document and the list of what it could not carry. */
export function redcapDictionaryToOdm(
  fields: RedcapField[],
  studyName: string,
  lang: Language,
): { xml: string; unmapped: RedcapUnmapped[] } {
  const unmapped: RedcapUnmapped[] = [];
  const say = (f: RedcapField | null, oid: string | null, key: RedcapTextKey, params: Record<string, string | number> = {}) =>
    unmapped.push({
      element: f ? redcapText('row', lang, { line: f.line }) : 'REDCap',
      oid,
      message: redcapText(key, lang, params),
    });
  const reason = (w: RedcapWhy) => redcapText(w.key, lang, { text: w.text });
  const items: Item[] = [];
  for (const f of fields) {
    if (!f.variable || !f.form) {
      say(f, f.variable || null, 'no_variable');
      continue;
    }
    const question = f.label || f.variable;
    const base = { field: f, oid: f.variable, question, choices: [] as Item['choices'] };
    switch (f.fieldType) {
      case 'text': {
        const typed = Object.hasOwn(BY_VALIDATION, f.validation) ? BY_VALIDATION[f.validation] : undefined;
        if (f.validation && !typed) say(f, f.variable, 'validation_unchecked', { validation: f.validation });
        items.push({ ...base, kind: typed?.kind ?? 'Text', dataType: typed?.dataType ?? 'text' });
        break;
      }
      case 'notes':
        items.push({ ...base, kind: 'Text', dataType: 'text' });
        break;
      case 'dropdown':
      case 'radio':
      case 'yesno':
      case 'truefalse':
        items.push({
          ...base,
          kind: 'Select',
          dataType: 'text',
          choices: redcapChoices(Object.hasOwn(FIXED_CHOICES, f.fieldType) ? FIXED_CHOICES[f.fieldType]! : f.choices),
        });
        break;
      case 'checkbox':
        for (const option of redcapChoices(f.choices))
          items.push({
            ...base,
            oid: `${f.variable}___${option.code}`,
            question: `${question}: ${option.label}`,
            kind: 'Checkbox',
            dataType: 'boolean',
            option,
          });
        break;
      case 'calc':
        items.push({ ...base, kind: 'Calculated', dataType: 'float' });
        break;
      case 'slider':
        items.push({ ...base, kind: 'Number', dataType: 'integer' });
        say(f, f.variable, 'slider');
        break;
      case 'file':
        items.push({ ...base, kind: 'File', dataType: 'text' });
        break;
      default:
        say(f, f.variable, 'field_type', { type: f.fieldType || '—' });
    }
    if (f.identifier) say(f, f.variable, 'identifier');
    if (f.matrixGroup) say(f, f.variable, 'matrix', { group: f.matrixGroup });
    if (f.annotation) say(f, f.variable, 'annotation', { annotation: f.annotation });
  }

  const byVariable = new Map(items.map((it) => [it.field.variable, it]));
  const logic = {
    isField: (v: string) => byVariable.has(v) && byVariable.get(v)!.kind !== 'Checkbox',
    // A coded choice is stored as its label (the ODM import keeps a code list's decodes as the options).
    storedValue: (v: string, code: string) => byVariable.get(v)?.choices.find((c) => c.code === code)?.label ?? code,
  };

  const root = xmlBuilder()
    .create({ version: '1.0', encoding: 'UTF-8' })
    .ele(ODM_NS, 'ODM', {
      FileType: 'Snapshot',
      Granularity: 'Metadata',
      FileOID: `REDCap.${Date.now()}`,
      CreationDateTime: new Date().toISOString(),
      ODMVersion: '1.3.2',
      SourceSystem: 'REDCap data dictionary',
    });
  const studyOid = `Project.${studyName.replace(/[^A-Za-z0-9_]+/g, '_') || 'REDCap'}`;
  const study = root.ele('Study', { OID: studyOid });
  const gv = study.ele('GlobalVariables');
  gv.ele('StudyName').txt(xmlSafe(studyName));
  gv.ele('StudyDescription').txt(xmlSafe(studyName));
  gv.ele('ProtocolName').txt(xmlSafe(studyName));
  const mdv = study.ele('MetaDataVersion', { OID: `Metadata.${studyOid.slice(8)}`, Name: xmlSafe(studyName) });

  // Forms in the dictionary's order; a section header starts a new item group.
  const forms = [...new Set(items.map((it) => it.field.form))];
  const groups = new Map<string, { oid: string; name: string; items: Item[] }[]>();
  for (const it of items) {
    const list = groups.get(it.field.form) ?? [];
    const sameField = list.at(-1)?.items.at(-1)?.field === it.field; // a checkbox's further options
    if (!list.length || (it.field.sectionHeader && !sameField))
      list.push({ oid: `${it.field.form}.${it.field.variable}`, name: it.field.sectionHeader || it.field.form, items: [] });
    list.at(-1)!.items.push(it);
    groups.set(it.field.form, list);
  }

  const eventOid = 'Event.event_1_arm_1';
  mdv.ele('Protocol').ele('StudyEventRef', { StudyEventOID: eventOid, OrderNumber: 1, Mandatory: 'Yes' });
  const se = mdv.ele('StudyEventDef', { OID: eventOid, Name: 'Event 1', Repeating: 'No', Type: 'Scheduled' });
  forms.forEach((form, i) => se.ele('FormRef', { FormOID: `Form.${form}`, OrderNumber: i + 1, Mandatory: 'No' }));

  for (const form of forms) {
    const fd = mdv.ele('FormDef', { OID: `Form.${form}`, Name: xmlSafe(form), Repeating: 'No' });
    groups.get(form)!.forEach((g, i) => fd.ele('ItemGroupRef', { ItemGroupOID: g.oid, OrderNumber: i + 1, Mandatory: 'No' }));
  }

  const conditions: { oid: string; item: Item; type: string; expression: string; message: string }[] = [];
  const methods: { oid: string; item: Item; expression: string }[] = [];
  for (const it of items) {
    const f = it.field;
    if (f.branching && !it.option) {
      const t = translateRedcapLogic(f.branching, logic, lang);
      if (t.ok)
        conditions.push({
          oid: `RULE.${it.oid}.show`,
          item: it,
          type: 'ToggleAction',
          expression: `NOT (${t.expression})`,
          message: '',
        });
      else say(f, it.oid, 'branching', { logic: f.branching, reason: reason(t.why) });
    } else if (f.branching) say(f, it.oid, 'branching_checkbox', { logic: f.branching });
    if (it.kind === 'Calculated') {
      const t = translateRedcapLogic(f.choices, logic, lang);
      if (t.ok) methods.push({ oid: `RULE.${it.oid}.calc`, item: it, expression: t.expression });
      else say(f, it.oid, 'calculation', { logic: f.choices, reason: reason(t.why) });
    }
    if (it.kind === 'Number' && (f.min || f.max)) {
      const bounds = [f.min && `[${it.oid}] < ${Number(f.min)}`, f.max && `[${it.oid}] > ${Number(f.max)}`].filter(Boolean);
      if ((f.min && !Number.isFinite(Number(f.min))) || (f.max && !Number.isFinite(Number(f.max))))
        say(f, it.oid, 'range_not_number', { min: f.min, max: f.max });
      else
        conditions.push({
          oid: `RULE.${it.oid}.range`,
          item: it,
          type: 'NoteAction',
          expression: bounds.join(' OR '),
          message: `${f.min || '…'} – ${f.max || '…'}`,
        });
    } else if (f.min || f.max) say(f, it.oid, 'range_other_type', { min: f.min, max: f.max, type: it.kind });
  }
  const methodOf = new Map(methods.map((m) => [m.item.oid, m.oid]));

  for (const form of forms)
    for (const g of groups.get(form)!) {
      const ig = mdv.ele('ItemGroupDef', { OID: g.oid, Name: xmlSafe(g.name), Repeating: 'No' });
      g.items.forEach((it, i) =>
        ig.ele('ItemRef', {
          ItemOID: it.oid,
          OrderNumber: i + 1,
          Mandatory: it.field.required ? 'Yes' : 'No',
          ...(methodOf.has(it.oid) ? { MethodOID: methodOf.get(it.oid)! } : {}),
        }),
      );
    }

  for (const it of items) {
    const def = mdv.ele('ItemDef', { OID: it.oid, Name: it.oid, DataType: it.dataType });
    def.ele('Question').ele('TranslatedText').txt(xmlSafe(it.question));
    if (it.choices.length) def.ele('CodeListRef', { CodeListOID: `${it.oid}.choices` });
    for (const [context, value] of [
      [EDC.fieldType, it.kind],
      [EDC.fieldKey, it.oid],
      [EDC.fieldTitle, it.question],
      [EDC.annotationKey, it.oid],
      [EDC.textAfter, it.field.note],
    ] as const)
      if (value) def.ele('Alias', { Context: context, Name: xmlSafe(value) });
  }
  for (const it of items.filter((i) => i.choices.length)) {
    const cl = mdv.ele('CodeList', { OID: `${it.oid}.choices`, Name: xmlSafe(it.oid), DataType: 'text' });
    it.choices.forEach((c, i) =>
      cl
        .ele('CodeListItem', { CodedValue: xmlSafe(c.code), OrderNumber: i + 1 })
        .ele('Decode')
        .ele('TranslatedText')
        .txt(xmlSafe(c.label)),
    );
  }
  const ruleAliases = (el: ReturnType<typeof mdv.ele>, type: string, item: Item) => {
    el.ele('Alias', { Context: EDC_RULE.type, Name: type });
    el.ele('Alias', { Context: EDC_RULE.item, Name: item.oid });
    el.ele('Alias', { Context: EDC_RULE.validated, Name: 'No' });
  };
  for (const c of conditions) {
    const cd = mdv.ele('ConditionDef', { OID: c.oid, Name: xmlSafe(`${c.type} ${c.item.oid}`) });
    cd.ele('Description').ele('TranslatedText').txt(xmlSafe(c.message));
    cd.ele('FormalExpression', { Context: EDC_RULE.expressionContext }).txt(xmlSafe(c.expression));
    ruleAliases(cd, c.type, c.item);
  }
  for (const m of methods) {
    const md = mdv.ele('MethodDef', { OID: m.oid, Name: xmlSafe(`InsertAction ${m.item.oid}`), Type: 'Computation' });
    md.ele('Description').ele('TranslatedText').txt('');
    md.ele('FormalExpression', { Context: EDC_RULE.expressionContext }).txt(xmlSafe(m.expression));
    ruleAliases(md, 'InsertAction', m.item);
  }
  if (!items.length) say(null, null, 'empty');
  return { xml: root.end({ prettyPrint: true }), unmapped };
}
