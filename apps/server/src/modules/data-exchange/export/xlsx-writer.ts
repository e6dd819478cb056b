import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { Language } from '@edc/domain';
import { dictionaryHeader, dictionaryRows } from './data-dictionary.js';
import type { DesignForm } from './export-design.js';
import type { DatasetWriter } from './tabular-pass.js';
import type { Cell, Column } from './tabular-columns.js';
import { excel } from '../../../platform/lazy-library.js';

/**
 * An XLSX workbook written as it is made (exceljs's streaming WorkbookWriter, docs/data-exchange.md "XLSX"):
 * a sheet per form named after it, the columns of the CSV export, then the data dictionary sheet. Numbers
 * are numeric cells, checkboxes boolean cells, dates and times the stored ISO text (no time zone to shift).
 */
const DICTIONARY_SHEET: Record<Language, string> = { ru: 'Словарь данных', en: 'Data dictionary' };
const MAX_SHEET_NAME = 31;
const PLAIN_NUMBER = /^-?\d{1,15}(\.\d{1,15})?$/;

/** Excel's rules: at most 31 characters, none of []:*?/\, no apostrophe at either end, unique whatever the case. */
export function sheetNamer() {
  const taken = new Set<string>();
  return (title: string): string => {
    const clean =
      title
        // eslint-disable-next-line no-control-regex -- control characters cannot be in a sheet name either
        .replace(/[[\]:*?/\\\u0000-\u001f]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^'+|'+$/g, '') || 'Sheet';
    const cut = (s: string, n: number) => Array.from(s).slice(0, n).join('').trimEnd();
    let name = cut(clean, MAX_SHEET_NAME);
    for (let n = 2; taken.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = cut(clean, MAX_SHEET_NAME - suffix.length) + suffix;
    }
    taken.add(name.toLowerCase());
    return name;
  };
}

function xlsxCell(cell: Cell, column: Column): ExcelJS.CellValue {
  if (cell === null) return null;
  if (column.dataType === 'decimal' && typeof cell === 'string' && PLAIN_NUMBER.test(cell)) return Number(cell);
  return cell;
}

export class XlsxDatasets implements DatasetWriter {
  private readonly book: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly name = sheetNamer();
  private readonly dictionaryName: string;
  private sheet: ExcelJS.Worksheet | null = null;
  private columns: Column[] = [];
  readonly sheetOf = new Map<string, string>();

  constructor(
    out: Writable,
    private readonly lang: Language,
  ) {
    this.book = new (excel().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: false, useSharedStrings: false });
    this.dictionaryName = this.name(DICTIONARY_SHEET[lang]);
  }

  async start(form: DesignForm, columns: Column[]) {
    const sheetName = this.name(form.title);
    this.sheetOf.set(form.id, sheetName);
    this.sheet = this.book.addWorksheet(sheetName);
    this.columns = columns;
    this.sheet.addRow(columns.map((c) => c.name)).commit();
  }

  row(cells: Cell[]) {
    this.sheet!.addRow(cells.map((c, i) => xlsxCell(c, this.columns[i]!))).commit();
  }

  async flush() {
    // Lets the zip stream take the committed rows before more are made.
    await new Promise((resolve) => setImmediate(resolve));
  }

  async end() {
    this.sheet!.commit();
  }

  /** The dictionary sheet, then the workbook's closing parts. */
  async finish(datasets: { form: DesignForm; columns: Column[] }[]) {
    const sheet = this.book.addWorksheet(this.dictionaryName);
    sheet.addRow(dictionaryHeader(this.lang)).commit();
    for (const d of datasets) {
      for (const row of dictionaryRows(this.sheetOf.get(d.form.id)!, d.columns)) sheet.addRow(row).commit();
    }
    sheet.commit();
    await this.book.commit();
  }
}
