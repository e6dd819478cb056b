import { pdfLabel, pdfText, type Language, type PdfTextKey } from '@edc/domain';
import { PdfWriter } from '../../../platform/pdf/pdf-writer.js';
import { pdfDate, pdfDateTime } from './pdf-format.js';
import type { ReferenceReportContent, ReferenceReportGroup, ReferenceReportRange } from './reference-report-content.js';
import type { RenderOptions } from './visit-pdf.js';
import { excel } from '../../../platform/lazy-library.js';

/** The report's name: "Референсные значения — 01 Городская больница". */
export const referenceReportName = (lang: Language, centre: string) => pdfText(lang, 'referenceReportName', { centre });

const period = (lang: Language, g: ReferenceReportGroup) =>
  `${pdfDate(lang, g.dateFrom)} — ${g.dateTo ? pdfDate(lang, g.dateTo) : '…'}`;

/** A number as printed: the decimal comma in Russian. */
const num = (lang: Language, n: number) => (lang === 'ru' ? String(n).replace('.', ',') : String(n));

function rangeLine(lang: Language, r: ReferenceReportRange): string {
  const t = (key: PdfTextKey) => pdfText(lang, key);
  const units = r.units ? ` ${r.units}` : '';
  return `${r.field}: ${num(lang, r.minReference)} – ${num(lang, r.maxReference)}${units} · ${t('gender')}: ${pdfLabel(lang, r.gender)} · ${t('ageRange')}: ${r.minAge}–${r.maxAge} · ${r.errorMessage}`;
}

/** The reference report as a PDF (docs/documents.md "Reference report"): each group, its period, its ranges. */
export async function renderReferenceReportPdf(c: ReferenceReportContent, o: RenderOptions): Promise<Buffer> {
  const { lang } = o;
  const t = (key: PdfTextKey, params?: Record<string, string | number>) => pdfText(lang, key, params);
  const title = referenceReportName(lang, c.centre);
  const pdf = new PdfWriter({ title, language: lang });
  pdf.title(title);
  pdf.field(t('research'), c.researchTitle);
  pdf.field(t('centre'), c.centre);
  pdf.small(t('generatedAt', { date: pdfDateTime(lang, o.now, o.timeZone) })).rule();
  if (c.groups.length === 0) pdf.paragraph(t('noReferenceGroups'), { italic: true });
  for (const g of c.groups) {
    pdf.heading(g.formType);
    pdf.field(t('referencePeriod'), period(lang, g));
    pdf.field(t('referenceLocked'), t(g.isLocked ? 'yes' : 'no'));
    if (g.ranges.length === 0) pdf.paragraph(t('noRanges'), { italic: true });
    for (const r of g.ranges) pdf.paragraph(rangeLine(lang, r));
  }
  return pdf.finish((page, pages) => `${title} · ${t('page', { page, pages })}`);
}

/** The reference report as a workbook: one row per range, its group's form type and period repeated. */
export async function renderReferenceReportXlsx(c: ReferenceReportContent, o: RenderOptions): Promise<Buffer> {
  const { lang } = o;
  const t = (key: PdfTextKey) => pdfText(lang, key);
  const workbook = new (excel().Workbook)();
  const sheet = workbook.addWorksheet(t('sheetReferences').slice(0, 31));
  const header: [PdfTextKey, number][] = [
    ['formType', 24],
    ['referencePeriod', 24],
    ['referenceLocked', 12],
    ['field', 28],
    ['units', 12],
    ['gender', 12],
    ['minAge', 10],
    ['maxAge', 10],
    ['minReference', 12],
    ['maxReference', 12],
    ['referenceError', 40],
  ];
  sheet.columns = header.map(([key, width]) => ({ header: t(key), width }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const g of c.groups) {
    for (const r of g.ranges) {
      sheet.addRow([
        g.formType,
        period(lang, g),
        t(g.isLocked ? 'yes' : 'no'),
        r.field,
        r.units,
        pdfLabel(lang, r.gender),
        r.minAge,
        r.maxAge,
        r.minReference,
        r.maxReference,
        r.errorMessage,
      ]);
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
