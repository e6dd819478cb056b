import { csvParser } from '../../../platform/lazy-library.js';

/**
 * A REDCap data dictionary (the project's "Data Dictionary" CSV download): one row per field, columns known
 * by their header text. Headers are matched loosely (case, spaces and the text after a slash or bracket vary
 * between REDCap versions: "Variable / Field Name", "Choices, Calculations, OR Slider Labels", "Branching
 * Logic (Show field only if...)").
 */
export interface RedcapField {
  /** 1-based row of the CSV, for the report. */
  line: number;
  variable: string;
  form: string;
  sectionHeader: string;
  fieldType: string;
  label: string;
  choices: string;
  note: string;
  validation: string;
  min: string;
  max: string;
  identifier: boolean;
  branching: string;
  required: boolean;
  matrixGroup: string;
  annotation: string;
}

export class RedcapFormatError extends Error {}

const COLUMNS: Record<Exclude<keyof RedcapField, 'line' | 'identifier' | 'required'> | 'identifier' | 'required', RegExp> = {
  variable: /^variable/,
  form: /^form name/,
  sectionHeader: /^section header/,
  fieldType: /^field type/,
  label: /^field label/,
  choices: /^choices/,
  note: /^field note/,
  validation: /^text validation type/,
  min: /^text validation min/,
  max: /^text validation max/,
  identifier: /^identifier/,
  branching: /^branching logic/,
  required: /^required field/,
  matrixGroup: /^matrix group/,
  annotation: /^field annotation/,
};

/** Reads the CSV; a file that is not a data dictionary (no variable, form and type columns) is refused. */
export function parseRedcapDictionary(csv: string): RedcapField[] {
  let records: string[][];
  try {
    records = csvParser().parse(csv.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (e) {
    throw new RedcapFormatError(e instanceof Error ? e.message : String(e));
  }
  const [header, ...rows] = records;
  if (!header) throw new RedcapFormatError('the file is empty');
  const index = {} as Record<keyof typeof COLUMNS, number>;
  const names = header.map((h) => h.trim().toLowerCase().replace(/\s+/g, ' '));
  for (const [key, pattern] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, RegExp][])
    index[key] = names.findIndex((n) => pattern.test(n));
  for (const needed of ['variable', 'form', 'fieldType'] as const)
    if (index[needed] < 0) throw new RedcapFormatError(`no “${needed}” column: is this a REDCap data dictionary?`);
  const cell = (row: string[], key: keyof typeof COLUMNS) => (index[key] >= 0 ? (row[index[key]] ?? '').trim() : '');
  return rows
    .map((row, i) => ({
      line: i + 2,
      variable: cell(row, 'variable'),
      form: cell(row, 'form'),
      sectionHeader: cell(row, 'sectionHeader'),
      fieldType: cell(row, 'fieldType').toLowerCase(),
      label: cell(row, 'label'),
      choices: cell(row, 'choices'),
      note: cell(row, 'note'),
      validation: cell(row, 'validation').toLowerCase(),
      min: cell(row, 'min'),
      max: cell(row, 'max'),
      identifier: cell(row, 'identifier').toLowerCase() === 'y',
      branching: cell(row, 'branching'),
      required: cell(row, 'required').toLowerCase() === 'y',
      matrixGroup: cell(row, 'matrixGroup'),
      annotation: cell(row, 'annotation'),
    }))
    .filter((f) => f.variable || f.form);
}

/** "1, Male | 2, Female" → [{ code: '1', label: 'Male' }, …]; a choice without a comma is its own label. */
export function redcapChoices(text: string): { code: string; label: string }[] {
  return text
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const comma = part.indexOf(',');
      return comma < 0
        ? { code: part, label: part }
        : { code: part.slice(0, comma).trim(), label: part.slice(comma + 1).trim() || part.slice(0, comma).trim() };
    });
}
