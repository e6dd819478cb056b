import type ExcelJS from 'exceljs';
import { pdfText, type PdfTextKey } from '@edc/domain';
import { pdfDate, pdfDateTime } from './pdf-format.js';
import type { PointWindowRow, TrackerContent, TrackerSubject, VisitWindowRow } from './tracker-content.js';
import { visitStatusText } from './monitoring-report-pdf.js';
import type { RenderOptions } from './visit-pdf.js';
import { excel } from '../../../platform/lazy-library.js';

/** Sheet names: at most 31 characters and none of : \ / ? * [ ] (Excel's rule). */
const sheetName = (text: string) => text.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

interface Column {
  text: string;
  width: number;
}

/** A sheet with a bold, frozen header row and one row per entry. */
function addTable(workbook: ExcelJS.Workbook, name: string, header: Column[], rows: (string | number | null)[][]) {
  const sheet = workbook.addWorksheet(sheetName(name));
  sheet.columns = header.map((h) => ({ header: h.text, width: h.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1, xSplit: 1 }];
  for (const r of rows) sheet.addRow(r);
}

/** The columns that name a subject, the randomisation group only for a requester who sees groups. */
function subjectColumns(c: TrackerContent, t: (k: PdfTextKey) => string): Column[] {
  return [
    { text: t('subject'), width: 16 },
    { text: t('centre'), width: 10 },
    { text: t('screeningNumber'), width: 16 },
    ...(c.withGroups ? [{ text: t('randomisationGroup'), width: 20 }] : []),
  ];
}

const subjectCells = (c: TrackerContent, s: TrackerSubject) => [
  s.identificationNumber,
  s.centre,
  s.screeningNumber,
  ...(c.withGroups ? [s.randomizationGroup ?? ''] : []),
];

/**
 * The tracker (docs/documents.md "Trackers"): one row per subject, one column per visit of the design; a cell
 * is the visit's status and date ("Заполнен 01.12.2026"), every occurrence of a repeating visit on its own line,
 * "Нет" for a visit not created.
 */
export async function renderTrackerXlsx(c: TrackerContent, o: RenderOptions): Promise<Buffer> {
  const { lang } = o;
  const t = (key: PdfTextKey, params?: Record<string, string | number>) => pdfText(lang, key, params);
  const workbook = new (excel().Workbook)();
  addTable(
    workbook,
    t('sheetTracker'),
    [...subjectColumns(c, t), { text: t('subjectStatus'), width: 16 }, ...c.visits.map((v) => ({ text: v.title, width: 24 }))],
    c.subjects.map((s) => [
      ...subjectCells(c, s),
      s.status,
      ...c.visits.map((v) => {
        const held = s.visits.filter((h) => h.visitId === v.id);
        if (!held.length) return t('visitNotCreated');
        return held.map((h) => `${visitStatusText(lang, h.status)} ${pdfDate(lang, h.date)}`).join('\n');
      }),
    ]),
  );
  workbook
    .addWorksheet(sheetName(t('generatedAt', { date: '' }).trim()))
    .addRow([t('generatedAt', { date: pdfDateTime(lang, o.now, o.timeZone) })]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The time tracker (docs/documents.md "Trackers"): a sheet of the visits' planned windows against the dates
 * held, with the days outside the window, and a sheet of the held visits' time points, planned windows
 * against the values entered.
 */
export async function renderTimeTrackerXlsx(
  c: TrackerContent,
  visitRows: VisitWindowRow[],
  pointRows: PointWindowRow[],
  o: RenderOptions,
): Promise<Buffer> {
  const { lang } = o;
  const t = (key: PdfTextKey, params?: Record<string, string | number>) => pdfText(lang, key, params);
  const col = (key: PdfTextKey, width = 16): Column => ({ text: t(key), width });
  const workbook = new (excel().Workbook)();
  addTable(
    workbook,
    t('sheetVisitWindows'),
    [
      ...subjectColumns(c, t),
      col('visit', 24),
      col('plannedFrom'),
      col('plannedTarget'),
      col('plannedTo'),
      col('actualDate'),
      col('visitStatus', 20),
      col('deviationDays'),
      col('timing'),
    ],
    visitRows.map((r) => [
      ...subjectCells(c, r.subject),
      r.visit.title,
      pdfDate(lang, r.from),
      pdfDate(lang, r.target),
      pdfDate(lang, r.to),
      r.held ? pdfDate(lang, r.held.date) : '',
      r.held ? visitStatusText(lang, r.held.status) : t('visitNotCreated'),
      r.deviationDays,
      t(r.timing),
    ]),
  );
  addTable(
    workbook,
    t('sheetTimePoints'),
    [
      ...subjectColumns(c, t),
      col('visit', 24),
      col('visitDate'),
      col('timePoint', 24),
      col('plannedTarget', 18),
      col('plannedStart', 18),
      col('plannedEnd', 18),
      col('actualValue', 18),
      col('inWindow', 12),
    ],
    pointRows.map((r) => [
      ...subjectCells(c, r.subject),
      r.visit.title,
      pdfDate(lang, r.held.date),
      r.point,
      r.recommended,
      r.start,
      r.end,
      r.fact,
      r.inWindow === null ? '' : t(r.inWindow ? 'yes' : 'no'),
    ]),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
