import type ExcelJS from 'exceljs';
import { errorMessage, type ErrorCode, type Language, type MessageParams } from '@edc/domain';
import { AppError, badRequest } from '../../platform/http/errors.js';
import { csvParser, excel } from '../../platform/lazy-library.js';

/**
 * The files of the IWRS (docs/iwrs.md, "Files"): a randomisation list or a kit list, as CSV text (comma or
 * semicolon separated) or as an XLSX workbook (base64, its first sheet), a header row first. Each row is
 * checked by the caller; every bad row is reported at once, in the caller's language, and nothing is written.
 */

/** The body of an upload: exactly one of the two. */
export interface TableFile {
  csv?: string | undefined;
  xlsx?: string | undefined;
}

/** The rows found wrong: one error per row (the first MAX_ROW_ERRORS), each naming the file's field. */
export class RowErrors extends AppError {
  constructor(
    readonly field: 'csv' | 'xlsx',
    readonly rows: { code: ErrorCode; params: MessageParams }[],
  ) {
    super(400, rows[0]!.code, rows[0]!.params, field);
  }
  override toBody(lang: Language) {
    return {
      errors: this.rows.map((r) => ({ code: r.code, message: errorMessage(r.code, lang, r.params), path: this.field })),
    };
  }
}

export const MAX_ROW_ERRORS = 100;

/** Collects the errors of a file's rows; `done()` throws them all when there are any. */
export class RowCheck {
  private readonly found: { code: ErrorCode; params: MessageParams }[] = [];
  constructor(readonly field: 'csv' | 'xlsx') {}
  /** `index` is the data row's index: the file's row is index + 2 (the header is row 1). */
  private readonly badRows = new Set<number>();
  add(index: number, code: ErrorCode, params: MessageParams = {}) {
    this.badRows.add(index);
    if (this.found.length < MAX_ROW_ERRORS) this.found.push({ code, params: { ...params, row: index + 2 } });
  }
  /** Whether the row already has an error (an empty cell): its other checks are skipped. */
  has(index: number) {
    return this.badRows.has(index);
  }
  /** Throws every error found, by row. */
  done() {
    if (!this.found.length) return;
    throw new RowErrors(
      this.field,
      this.found.sort((a, b) => Number(a.params.row) - Number(b.params.row)),
    );
  }
}

const fileError = (field: string, code: ErrorCode, params: MessageParams = {}) => badRequest(code, field, { field, ...params });

function csvRows(csv: string): Record<string, string>[] {
  const firstLine = csv.slice(0, csv.indexOf('\n') >>> 0);
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  try {
    return csvParser().parse(csv, {
      columns: true,
      delimiter,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: false,
    });
  } catch (e) {
    const line = (e as { lines?: number }).lines ?? 1;
    throw fileError('csv', 'iwrs_csv_invalid', { row: line, detail: (e as Error).message.slice(0, 200) });
  }
}

/** A cell as text: dates as YYYY-MM-DD, numbers as written, rich text and formulas by their value. */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
    return '';
  }
  return String(v);
}

async function xlsxRows(base64: string, maxRows: number): Promise<Record<string, string>[]> {
  const workbook = new (excel().Workbook)();
  try {
    await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  } catch (e) {
    throw fileError('xlsx', 'iwrs_xlsx_invalid', { detail: (e as Error).message.slice(0, 200) });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileError('xlsx', 'iwrs_file_empty');
  const header = ((sheet.getRow(1).values as ExcelJS.CellValue[]) ?? []).map((v) => cellText(v).trim());
  const rows: Record<string, string>[] = [];
  for (let r = 2; r <= sheet.actualRowCount + 1 && r <= maxRows + 2; r++) {
    const values = (sheet.getRow(r).values as ExcelJS.CellValue[]) ?? [];
    const texts = values.map((v) => cellText(v).trim());
    if (texts.every((x) => x === '')) continue;
    const record: Record<string, string> = {};
    header.forEach((name, i) => {
      if (name) record[name] = texts[i] ?? '';
    });
    rows.push(record);
  }
  // The header alone still tells which columns there are.
  Object.defineProperty(rows, 'header', { value: header.filter(Boolean), enumerable: false });
  return rows;
}

/**
 * The file's rows as records of the named columns. Neither or both of `csv` and `xlsx`: 400 naming `csv`.
 * A file that cannot be read, a missing column, no rows or too many: 400 naming the file's field. An empty
 * cell of a named column is a row error in the answered `check`, to which the caller adds its own checks
 * (skipping rows that already have one) before `check.done()`.
 */
export async function tableRecords<K extends string>(
  file: TableFile,
  columns: readonly K[],
  maxRows: number,
): Promise<{ rows: Record<K, string>[]; check: RowCheck; header: string[] }> {
  if (file.csv === undefined && file.xlsx === undefined) throw badRequest('required', 'csv', { field: 'csv' });
  if (file.csv !== undefined && file.xlsx !== undefined) throw badRequest('iwrs_file_one', 'xlsx');
  const field = file.csv !== undefined ? 'csv' : 'xlsx';
  const rows = file.csv !== undefined ? csvRows(file.csv) : await xlsxRows(file.xlsx!, maxRows);
  const header =
    (rows as unknown as { header?: string[] }).header ?? (rows[0] ? Object.keys(rows[0]) : csvHeader(file.csv ?? ''));
  for (const c of columns) if (!header.includes(c)) throw fileError(field, 'iwrs_file_no_column', { column: c });
  if (rows.length === 0) throw fileError(field, 'iwrs_file_empty');
  if (rows.length > maxRows) throw fileError(field, 'iwrs_file_too_many', { max: maxRows });
  const check = new RowCheck(field);
  rows.forEach((r, i) => {
    for (const c of columns) if (!r[c]) check.add(i, 'iwrs_row_empty', { column: c });
  });
  return { rows: rows as Record<K, string>[], check, header };
}

function csvHeader(csv: string): string[] {
  const firstLine = (csv.split(/\r?\n/)[0] ?? '').trim();
  return firstLine.split(/[;,]/).map((x) => x.trim().replace(/^\uFEFF/, ''));
}
