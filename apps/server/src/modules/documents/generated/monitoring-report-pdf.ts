import { pdfLabel, pdfText, type Language, type PdfTextKey } from '@edc/domain';
import { PdfWriter } from '../../../platform/pdf/pdf-writer.js';
import { pdfDate, pdfDateTime } from './pdf-format.js';
import type { MonitoringReportContent, ReportNote } from './monitoring-report-content.js';
import type { RenderOptions } from './visit-pdf.js';

/** The report's name: "Отчет о мониторинговом визите 27.11.2026 — 28.11.2026" (dates in the requester's zone). */
export function monitoringReportName(lang: Language, v: { startDate: string; endDate: string }, timeZone: string): string {
  const day = (iso: string) => pdfDateTime(lang, new Date(iso), timeZone).slice(0, 10);
  return pdfText(lang, 'monitoringReportName', { start: day(v.startDate), end: day(v.endDate) });
}

/** A subject visit's status as the report prints it ("Проверен КИО"). */
export const visitStatusText = (lang: Language, status: string) => pdfText(lang, `vs${status}` as PdfTextKey);

/** The heading lines of the report, shared by the PDF and the workbook: label and value. */
export function reportHeading(c: MonitoringReportContent, o: RenderOptions): [string, string][] {
  const { lang, timeZone } = o;
  const v = c.visit;
  const at = (iso: string) => pdfDateTime(lang, new Date(iso), timeZone);
  return [
    [pdfText(lang, 'research'), c.researchTitle],
    [pdfText(lang, 'monitoringOrganisation'), v.researchOrganisation.name],
    [pdfText(lang, 'monitoringPeriod'), `${at(v.startDate)} — ${at(v.endDate)}`],
    v.site
      ? [pdfText(lang, 'monitoringSite'), `${v.site.number} ${v.site.name}`]
      : [pdfText(lang, 'monitoringChosenVisits'), String(v.subjectVisitIdList.length)],
    [pdfText(lang, 'monitoringTeam'), v.monitorList.map((m) => m.fullName).join(', ')],
    [pdfText(lang, 'monitoringConfirmed'), pdfText(lang, v.confirmed ? 'yes' : 'no')],
  ];
}

function noteLine(lang: Language, n: ReportNote, timeZone: string, when: Date): string {
  const where = [n.subject, n.visit, n.form, n.field].join(' · ');
  const author = n.author ? ` (${n.author})` : '';
  return `${pdfDateTime(lang, when, timeZone)} · ${where} — ${pdfLabel(lang, n.type)}, ${pdfLabel(lang, n.status)}: ${n.text}${author}`;
}

/**
 * The monitoring visit report as a PDF (docs/monitoring-visits.md "Report"): the visit, then the subject
 * visits it covers, the forms the team validated and the notes raised and closed during it.
 */
export async function renderMonitoringReportPdf(c: MonitoringReportContent, o: RenderOptions): Promise<Buffer> {
  const { lang, timeZone } = o;
  const t = (key: PdfTextKey, params?: Record<string, string | number>) => pdfText(lang, key, params);
  const title = monitoringReportName(lang, c.visit, timeZone);
  const pdf = new PdfWriter({ title, language: lang });
  pdf.title(title);
  for (const [label, value] of reportHeading(c, o)) pdf.field(label, value);
  pdf.small(t('generatedAt', { date: pdfDateTime(lang, o.now, timeZone) })).rule();

  const none = () => pdf.paragraph(t('reportNone'), { italic: true });
  pdf.heading(t('reportSubjects', { count: c.covered.length }));
  if (c.covered.length === 0) none();
  for (const v of c.covered) {
    const mark = v.requestedByMonitor ? ` · ${t('requestedByMonitor')}` : '';
    pdf.paragraph(`${v.subject} · ${v.visit} · ${pdfDate(lang, v.date)} · ${visitStatusText(lang, v.status)}${mark}`);
  }

  pdf.heading(t('reportValidated', { count: c.validated.length }));
  if (c.validated.length === 0) none();
  for (const f of c.validated) {
    pdf.paragraph(`${pdfDateTime(lang, f.at, timeZone)} · ${f.subject} · ${f.visit} · ${f.form} — ${f.by}`);
  }

  pdf.heading(t('reportNotesRaised', { count: c.raised.length }));
  if (c.raised.length === 0) none();
  for (const n of c.raised) pdf.paragraph(noteLine(lang, n, timeZone, n.raisedAt));

  pdf.heading(t('reportNotesClosed', { count: c.closed.length }));
  if (c.closed.length === 0) none();
  for (const n of c.closed) pdf.paragraph(noteLine(lang, n, timeZone, n.closedAt!));

  return pdf.finish((page, pages) => `${title} · ${t('page', { page, pages })}`);
}
