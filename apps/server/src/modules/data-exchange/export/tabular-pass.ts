import type { Language } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import type { DesignForm, ExportDesign } from './export-design.js';
import { readRecords } from './export-rows.js';
import type { ExportScope } from './export-scope.js';
import { columnsOf, rowOf, type Cell, type Column } from './tabular-columns.js';

/**
 * One dataset per form (Dataset-JSON, CSV, XLSX): the forms one after another, each read by its own pass over
 * the subjects, so that a file is written whole before the next starts (zip entries and workbook sheets are
 * sequential) and nothing waits in memory.
 */
export interface DatasetWriter {
  start(form: DesignForm, columns: Column[]): Promise<void>;
  /** A row; the writer may hold it until `flush`. */
  row(cells: Cell[]): void;
  /** After each batch of rows: the writer sends on what it holds. */
  flush(): Promise<void>;
  end(form: DesignForm, records: number): Promise<void>;
}

export interface TabularOptions {
  lang: Language;
  seesGroup: boolean;
  centreNumber(centreId: string): string;
  progress(values: number): Promise<void>;
}

export interface TabularCounts {
  subjects: number;
  forms: number;
  values: number;
  datasets: { form: DesignForm; columns: Column[]; records: number }[];
}

export async function writeDatasets(
  db: Db,
  design: ExportDesign,
  scope: ExportScope,
  forms: DesignForm[],
  writer: DatasetWriter,
  opts: TabularOptions,
): Promise<TabularCounts> {
  const counts: TabularCounts = { subjects: 0, forms: 0, values: 0, datasets: [] };
  // Subjects counted once across the forms: ids only, a few dozen bytes per subject.
  const subjects = new Set<string>();
  for (const form of forms) {
    const columns = columnsOf(form, opts.lang, opts.seesGroup);
    await writer.start(form, columns);
    let records = 0;
    const ctx = { design, form, centreNumber: opts.centreNumber };
    const batches = readRecords(db, design, scope, [form.id], { history: false, signatures: false, seesGroup: opts.seesGroup });
    for await (const batch of batches) {
      for (const r of batch) {
        writer.row(rowOf(columns, r, ++records, ctx));
        counts.values += r.valueCount;
        subjects.add(r.subject.id);
      }
      await writer.flush();
      await opts.progress(counts.values);
    }
    await writer.end(form, records);
    counts.forms += records;
    counts.datasets.push({ form, columns, records });
  }
  counts.subjects = subjects.size;
  return counts;
}
