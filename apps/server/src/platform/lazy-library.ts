import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';
import type PDFDocument from 'pdfkit';

/**
 * Libraries that only documents, exports and imports use, loaded on their first use rather than when the
 * server starts: a server process that never makes a PDF or a workbook does not hold them (about 35 MB of the
 * process's memory; docs/performance.md "Where the memory goes"). Each is loaded once, synchronously, so that
 * the code using it stays as it was.
 */
const require = createRequire(import.meta.url);
const onFirstUse = <T>(id: string) => {
  let library: T | undefined;
  return (): T => (library ??= require(id) as T);
};

export const excel = onFirstUse<typeof ExcelJS>('exceljs');
export const pdfkit = onFirstUse<typeof PDFDocument>('pdfkit');
export const zipLibrary = onFirstUse<typeof import('fflate')>('fflate');
export const xmlBuilder = onFirstUse<typeof import('xmlbuilder2')>('xmlbuilder2');
export const xmlParser = onFirstUse<typeof import('fast-xml-parser')>('fast-xml-parser');
export const csvParser = onFirstUse<typeof import('csv-parse/sync')>('csv-parse/sync');
