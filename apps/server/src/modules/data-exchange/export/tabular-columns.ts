import type { FieldType, Language } from '@edc/domain';
import type { DesignField, DesignForm, ExportDesign } from './export-design.js';
import type { ExportRecord } from './export-rows.js';

/**
 * The columns of a form's dataset, shared by Dataset-JSON, CSV and XLSX (docs/data-exchange.md "Dataset-JSON"):
 * the record's keys (subject, site, visit, repeats), the randomisation group for an actor who sees it, then
 * one column per form field in design order.
 */
export type ColumnType = 'string' | 'integer' | 'decimal' | 'boolean' | 'date' | 'datetime' | 'time';
export type Cell = string | number | boolean | null;

export interface Column {
  name: string;
  itemOid: string;
  label: string;
  dataType: ColumnType;
  keySequence?: number;
  field?: DesignField;
}

/** A record with what its keys need besides itself. */
export interface RowContext {
  design: ExportDesign;
  form: DesignForm;
  centreNumber(centreId: string): string;
}

const FIELD_TYPE: Record<FieldType, ColumnType> = {
  Text: 'string',
  Number: 'decimal',
  Select: 'string',
  Checkbox: 'boolean',
  Date: 'date',
  Time: 'time',
  DateTime: 'datetime',
  Calculated: 'decimal',
  File: 'string',
};

type Fixed = { name: string; dataType: ColumnType; keySequence?: number; label: Record<Language, string> };

const FIXED: Fixed[] = [
  { name: 'ITEMGROUPDATASEQ', dataType: 'integer', label: { ru: 'Номер записи', en: 'Record number' } },
  { name: 'STUDYID', dataType: 'string', label: { ru: 'Номер протокола исследования', en: 'Study protocol number' } },
  { name: 'SITEID', dataType: 'string', label: { ru: 'Номер центра', en: 'Site number' } },
  { name: 'USUBJID', dataType: 'string', keySequence: 1, label: { ru: 'Скрининговый номер', en: 'Screening number' } },
  { name: 'VISITOID', dataType: 'string', keySequence: 2, label: { ru: 'OID визита', en: 'Visit OID' } },
  { name: 'VISIT', dataType: 'string', label: { ru: 'Визит', en: 'Visit' } },
  { name: 'VISITREPEAT', dataType: 'integer', keySequence: 3, label: { ru: 'Повтор визита', en: 'Visit repeat key' } },
  { name: 'VISITDAT', dataType: 'date', label: { ru: 'Дата визита', en: 'Visit date' } },
  { name: 'FORMREPEAT', dataType: 'integer', keySequence: 4, label: { ru: 'Повтор формы', en: 'Form repeat key' } },
];
const GROUP: Fixed = { name: 'RANDGRP', dataType: 'string', label: { ru: 'Группа рандомизации', en: 'Randomisation group' } };
const SAS_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,7}$/;

/** A variable name of letters, digits and underscores, unique in the dataset whatever the case. */
function uniqueName(base: string, taken: Set<string>): string {
  let name = base.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'ITEM';
  if (/^\d/.test(name)) name = `_${name}`;
  let candidate = name;
  for (let n = 2; taken.has(candidate.toUpperCase()); n++) candidate = `${name}_${n}`;
  taken.add(candidate.toUpperCase());
  return candidate;
}

export function columnsOf(form: DesignForm, lang: Language, seesGroup: boolean): Column[] {
  const fixed = seesGroup ? [...FIXED, GROUP] : FIXED;
  const taken = new Set(fixed.map((f) => f.name));
  const columns: Column[] = fixed.map((f) => ({
    name: f.name,
    itemOid: `EDC.${f.name}`,
    label: f.label[lang],
    dataType: f.dataType,
    ...(f.keySequence ? { keySequence: f.keySequence } : {}),
  }));
  for (const field of form.fields) {
    // The SDTM-style annotation when it is a variable name, else the field definition's key.
    const base = field.annotationKey && SAS_NAME.test(field.annotationKey) ? field.annotationKey : field.fieldKey;
    columns.push({
      name: uniqueName(base, taken),
      itemOid: field.itemOid,
      label: field.text,
      dataType: FIELD_TYPE[field.fieldType],
      field,
    });
  }
  return columns;
}

/** A stored value in its column's type: numbers stay text (exact decimals), checkboxes become booleans. */
function cellOf(type: ColumnType, value: string | undefined): Cell {
  if (value === undefined) return null;
  if (type === 'boolean') return value === 'true' ? true : value === 'false' ? false : null;
  return value;
}

/** One row of a form's dataset: `seq` counts the dataset's records from 1. */
export function rowOf(columns: Column[], r: ExportRecord, seq: number, ctx: RowContext): Cell[] {
  const visit = ctx.design.visits.get(r.visitId)!;
  const row: Cell[] = [
    seq,
    ctx.design.research.grlsProtocolNumber,
    ctx.centreNumber(r.subject.centreId),
    r.subject.screeningNumber,
    visit.oid,
    visit.title,
    visit.repeating || r.repeatIndex > 0 ? r.repeatIndex + 1 : null,
    r.visitDate,
    ctx.form.repeating || r.repeatedIndex > 0 ? r.repeatedIndex + 1 : null,
  ];
  for (let i = row.length; i < columns.length; i++) {
    const c = columns[i]!;
    row.push(c.field ? cellOf(c.dataType, r.values[c.field.position]) : r.subject.group);
  }
  return row;
}
