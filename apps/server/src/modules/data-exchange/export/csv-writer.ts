import type { Language } from '@edc/domain';
import type { DesignForm } from './export-design.js';
import { datasetFileNamer } from './dataset-files.js';
import { dictionaryHeader, dictionaryRows } from './data-dictionary.js';
import type { DatasetWriter } from './tabular-pass.js';
import type { Cell, Column } from './tabular-columns.js';
import { TextSink } from './text-sink.js';
import type { ZipWriter } from './zip.js';

/**
 * CSV datasets in a zip (docs/data-exchange.md "CSV"): one file per form, `<form OID>.csv` (dataset-files.ts), RFC 4180 (comma,
 * CRLF, fields quoted when they hold a quote, comma or line break), UTF-8 with a byte order mark so that
 * spreadsheet programs read Cyrillic, a header row of column names, values as stored (dates ISO 8601,
 * numbers with a dot, checkboxes true/false, empty when none); then `data-dictionary.csv`.
 */
const BOM = '\uFEFF';
export const DICTIONARY_FILE = 'data-dictionary.csv';

export function csvField(cell: Cell | string): string {
  if (cell === null) return '';
  const s = String(cell);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const csvLine = (cells: readonly (Cell | string)[]) => `${cells.map(csvField).join(',')}\r\n`;

export class CsvDatasets implements DatasetWriter {
  private entry: ReturnType<ZipWriter['entry']> | null = null;
  private text: TextSink | null = null;
  private readonly fileOf = datasetFileNamer('csv', [DICTIONARY_FILE]);

  constructor(private readonly zip: ZipWriter) {}

  async start(form: DesignForm, columns: Column[]) {
    this.entry = this.zip.entry(this.fileOf(form));
    this.text = new TextSink(this.entry.sink);
    this.text.put(BOM + csvLine(columns.map((c) => c.name)));
  }

  row(cells: Cell[]) {
    this.text!.put(csvLine(cells));
  }

  async flush() {
    await this.text!.flushIfFull();
  }

  async end() {
    await this.text!.flush();
    await this.entry!.end();
  }

  /** The dictionary of the datasets written. */
  async dictionary(lang: Language, datasets: { form: DesignForm; columns: Column[] }[]) {
    const entry = this.zip.entry(DICTIONARY_FILE);
    const text = new TextSink(entry.sink);
    text.put(BOM + csvLine(dictionaryHeader(lang)));
    for (const d of datasets) {
      for (const row of dictionaryRows(this.fileOf(d.form), d.columns)) text.put(csvLine(row));
      await text.flushIfFull();
    }
    await text.flush();
    await entry.end();
  }
}
