import type { TFunction } from 'i18next';
import { strToU8, zipSync } from 'fflate';
import type { FormEntry, SummaryLayout } from '@edc/domain';
import { saveBlob, tableText } from './exportTable';

/**
 * The shown table as an XLSX workbook of one sheet, written here as SpreadsheetML parts zipped with fflate
 * (a few kilobytes, no spreadsheet library in the page): a bold-free header row, then the rows as inline
 * strings, each cell exactly as the table shows it.
 */
const xml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // eslint-disable-next-line no-control-regex -- XML 1.0 cannot carry these characters
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/** A1-style column letters of a 0-based index. */
export function columnName(i: number): string {
  let n = i + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** The sheet XML of a header and rows of text. */
export function sheetXml(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const row = (cells: readonly string[], r: number) =>
    `<row r="${r}">${cells
      .map((v, c) =>
        v === '' ? '' : `<c r="${columnName(c)}${r}" t="inlineStr"><is><t xml:space="preserve">${xml(v)}</t></is></c>`,
      )
      .join('')}</row>`;
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    [header, ...rows].map((cells, i) => row(cells, i + 1)).join('') +
    '</sheetData></worksheet>'
  );
}

/** The zipped workbook of one sheet. */
export function workbookBytes(sheetName: string, header: readonly string[], rows: readonly (readonly string[])[]): Uint8Array {
  const name = xml(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1');
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        `<sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(sheetXml(header, rows)),
  });
}

/** Saves the shown table as XLSX. */
export function exportXlsx(layout: SummaryLayout, entries: readonly FormEntry[], t: TFunction, language: string): void {
  const { header, rows } = tableText(layout, entries, t, language);
  const bytes = workbookBytes(layout.title, header, rows);
  saveBlob(
    new Blob([bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    `${layout.title}.xlsx`,
  );
}
