import type { FieldType } from '@edc/domain';

/**
 * ODM DataTypes and the design's field types, both ways. A field imported from an ItemDef whose DataType is not
 * the one its field type exports (integer or double for a Number field, partialDate for a Date field, an integer
 * CodeList for a select…) keeps that DataType in `form_fields.odm_item`, and the export writes it back as long as
 * the field type still admits it (docs/design-api.md "ODM").
 */

/** What the export writes for a field type. */
export const ODM_DATA_TYPE: Record<FieldType, string> = {
  Text: 'text',
  Number: 'float',
  Select: 'text',
  Checkbox: 'boolean',
  Date: 'date',
  Time: 'time',
  DateTime: 'datetime',
  Calculated: 'float',
  File: 'base64Binary',
};

/** The DataTypes a field type writes back when its ItemDef had them. */
const KEPT: Record<FieldType, readonly string[]> = {
  Text: ['text', 'string', 'URI', 'durationDatetime', 'intervalDatetime'],
  Number: ['float', 'integer', 'double', 'hexFloat', 'base64Float'],
  Select: ['text', 'string', 'integer', 'float', 'double', 'boolean'],
  Checkbox: ['boolean'],
  Date: ['date', 'partialDate', 'incompleteDate'],
  Time: ['time', 'partialTime', 'incompleteTime'],
  DateTime: ['datetime', 'partialDatetime', 'incompleteDatetime'],
  Calculated: ['float', 'integer', 'double'],
  File: ['base64Binary', 'hexBinary'],
};

/** The DataType the export writes for a field: the stored one when the field type admits it. */
export const dataTypeOf = (fieldType: FieldType, stored: string | null | undefined): string =>
  stored && KEPT[fieldType]?.includes(stored) ? stored : (ODM_DATA_TYPE[fieldType] ?? 'text');

/** A CodeList's DataType (ODM allows only these four). */
export const CODE_LIST_DATA_TYPES: readonly string[] = ['text', 'string', 'integer', 'float'];

/** The field type of an imported DataType, with the report a lossy one deserves. */
export const FIELD_TYPE_OF: Record<string, { field: FieldType; note?: 'datatype_partial' | 'datatype_other' }> = {
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
