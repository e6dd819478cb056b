import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { medications, randomisationLists, users } from '../../src/platform/db/schema/index.js';
import { expectError } from '../support/test-app.js';
import { setupIwrsApp } from './iwrs-support.js';

/**
 * The IWRS files (docs/iwrs.md, "Files"): randomisation lists and kit lists as CSV or XLSX; every bad row
 * is reported at once, in the caller's language, and nothing is written when any row is bad.
 */
const { w, db, api, send } = setupIwrsApp();

/** Replies come in the user's own language. */
const speaks = (language: 'ru' | 'en') => db().update(users).set({ language }).where(eq(users.id, w.managerUserId));

async function workbook(rows: unknown[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('List');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

const listCount = async () => (await db().select().from(randomisationLists)).length;

describe('randomisation list files', () => {
  it('take a list from an XLSX workbook, drawn in the sheet’s order', async () => {
    const xlsx = await workbook([
      ['randomizationNumber', 'group'],
      ['X-1', 'B'],
      ['X-2', 'A'],
      [3, 'A'],
    ]);
    const list = await api('manager').ok('POST', '/RandomisationLists/Upload', { stratum: '', xlsx });
    expect(list).toMatchObject({ source: 'uploaded', size: 3 });
    const entries = await api('manager').ok('GET', `/RandomisationLists/${list.id}/Entries`);
    expect(entries.map((e: { randomizationNumber: string; group: string }) => [e.randomizationNumber, e.group])).toEqual([
      ['X-1', 'B'],
      ['X-2', 'A'],
      ['3', 'A'],
    ]);
  });

  it('report every bad row in the caller’s language and write nothing', async () => {
    const before = await listCount();
    const xlsx = await workbook([
      ['randomizationNumber', 'group'],
      ['Y-1', 'A'],
      ['Y-2', 'Z'],
      ['Y-1', 'B'],
      ['', 'A'],
    ]);
    for (const lang of ['en', 'ru'] as const) {
      await speaks(lang);
      const res = await send('manager', 'POST', '/RandomisationLists/Upload', { xlsx });
      expect(res.status).toBe(400);
      const errors = res.body.errors as { code: string; message: string; path: string }[];
      expect(errors.map((e) => e.code)).toEqual(['iwrs_row_unknown_group', 'iwrs_row_repeats', 'iwrs_row_empty']);
      expect(errors.every((e) => e.path === 'xlsx')).toBe(true);
      if (lang === 'en') {
        expect(errors.map((e) => e.message)).toEqual([
          'Row 3: “Z” is not a group of the research',
          'Row 4: “Y-1” in column “randomizationNumber” repeats row 2',
          'Row 5: column “randomizationNumber” is empty',
        ]);
      } else {
        expect(errors[0]!.message).toBe('Строка 3: «Z» не является группой исследования');
        expect(errors[2]!.message).toBe('Строка 5: не заполнен столбец «randomizationNumber»');
      }
    }
    expect(await listCount()).toBe(before);
  });

  it('refuse a file that is not a workbook, a missing column, no rows, no file and two files, naming the field', async () => {
    const upload = (body: object) => send('manager', 'POST', '/RandomisationLists/Upload', body);
    expectError(await upload({ xlsx: Buffer.from('not a zip').toString('base64') }), 400, 'iwrs_xlsx_invalid', 'xlsx');
    expectError(
      await upload({
        xlsx: await workbook([
          ['number', 'group'],
          ['1', 'A'],
        ]),
      }),
      400,
      'iwrs_file_no_column',
      'xlsx',
    );
    expectError(await upload({ xlsx: await workbook([['randomizationNumber', 'group']]) }), 400, 'iwrs_file_empty', 'xlsx');
    expectError(await upload({ stratum: '' }), 400, 'required', 'csv');
    expectError(await upload({ csv: 'randomizationNumber,group\nQ-1,A', xlsx: 'AAAA' }), 400, 'iwrs_file_one', 'xlsx');
  });
});

describe('kit list files', () => {
  it('import kits from XLSX, dates as date cells or text', async () => {
    const xlsx = await workbook([
      ['identNumber', 'medicationGroup', 'lot', 'expiryDate'],
      ['KX-1', 'A', 'LX', new Date(Date.UTC(2030, 0, 31))],
      ['KX-2', 'B', 'LX', '2030-02-28'],
    ]);
    expect(await api('manager').ok('POST', '/Medication/Import', { xlsx })).toEqual({ created: 2 });
    const kits = await db().select().from(medications).where(eq(medications.lot, 'LX'));
    expect(kits.map((k) => [k.identNumber, k.expiryDate]).sort()).toEqual([
      ['KX-1', '2030-01-31'],
      ['KX-2', '2030-02-28'],
    ]);
  });

  it('report every bad row of a CSV kit list and import none of it', async () => {
    const csv = [
      'identNumber,medicationGroup,lot,expiryDate',
      'KB-1,A,LB,2030-01-01',
      'KB-2,Q,LB,2030-01-01',
      'KB-3,A,LB,31.01.2030',
      'KB-1,B,LB,2030-01-01',
    ].join('\n');
    await speaks('en');
    const res = await send('manager', 'POST', '/Medication/Import', { csv });
    await speaks('ru');
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { code: string }) => e.code)).toEqual([
      'iwrs_row_unknown_group',
      'iwrs_row_bad_date',
      'iwrs_row_repeats',
    ]);
    expect(res.body.errors[1].message).toBe('Row 4: expiry date “31.01.2030” is not a date (YYYY-MM-DD)');
    expect(await db().select().from(medications).where(eq(medications.lot, 'LB'))).toEqual([]);
  });
});
