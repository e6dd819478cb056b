import { pdfLabel, pdfText, type PdfTextKey } from '@edc/domain';
import { pdfDate, pdfDateTime } from './pdf-format.js';
import type { MonitoringReportContent, ReportNote } from './monitoring-report-content.js';
import { reportHeading, visitStatusText } from './monitoring-report-pdf.js';
import type { RenderOptions } from './visit-pdf.js';
import { excel } from '../../../platform/lazy-library.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sheet names: at most 31 characters and none of : \ / ? * [ ] (Excel's rule). */
const sheetName = (text: string) => text.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

/**
 * The monitoring visit report as a workbook (docs/monitoring-visits.md "Report"): the same content as the
 * PDF, one sheet per part — the visit, the subject visits covered, the validated forms, the notes raised and
 * the notes closed — headings in bold, times as text with the requester's time zone named (as in the PDF).
 */
export async function renderMonitoringReportXlsx(c: MonitoringReportContent, o: RenderOptions): Promise<Buffer> {
  const { lang, timeZone } = o;
  const t = (key: PdfTextKey, params?: Record<string, string | number>) => pdfText(lang, key, params);
  const at = (d: Date) => pdfDateTime(lang, d, timeZone);
  const workbook = new (excel().Workbook)();

  const table = (name: string, header: { text: string; width: number }[], rows: (string | number)[][]) => {
    const sheet = workbook.addWorksheet(sheetName(name));
    sheet.columns = header.map((h) => ({ header: h.text, width: h.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    for (const r of rows) sheet.addRow(r);
  };

  const info = workbook.addWorksheet(sheetName(t('monitoringVisit')));
  info.columns = [{ width: 32 }, { width: 70 }];
  for (const [label, value] of reportHeading(c, o)) info.addRow([label, value]).getCell(1).font = { bold: true };
  info.addRow([t('generatedAt', { date: at(o.now) })]);

  const col = (key: PdfTextKey, width: number) => ({ text: t(key), width });
  table(
    t('sheetVisits'),
    [col('subject', 16), col('visit', 28), col('visitDate', 14), col('visitStatus', 22), col('requestedByMonitor', 22)],
    c.covered.map((v) => [
      v.subject,
      v.visit,
      pdfDate(lang, v.date),
      visitStatusText(lang, v.status),
      v.requestedByMonitor ? t('yes') : t('no'),
    ]),
  );
  table(
    t('sheetValidated'),
    [col('validatedAt', 34), col('subject', 16), col('visit', 28), col('form', 32), col('validatedBy', 32)],
    c.validated.map((f) => [at(f.at), f.subject, f.visit, f.form, f.by]),
  );
  const noteColumns = [
    col('raisedAt', 34),
    col('closedAt', 34),
    col('subject', 16),
    col('visit', 24),
    col('form', 28),
    col('field', 28),
    col('noteType', 18),
    col('noteStatus', 18),
    col('noteText', 60),
    col('raisedBy', 30),
  ];
  const noteRow = (n: ReportNote) => [
    at(n.raisedAt),
    n.closedAt ? at(n.closedAt) : '',
    n.subject,
    n.visit,
    n.form,
    n.field,
    pdfLabel(lang, n.type),
    pdfLabel(lang, n.status),
    n.text,
    n.author,
  ];
  table(t('sheetRaised'), noteColumns, c.raised.map(noteRow));
  table(t('sheetClosed'), noteColumns, c.closed.map(noteRow));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
