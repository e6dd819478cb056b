import { pdfLabel, pdfText, type Language } from '@edc/domain';
import { PdfWriter } from '../../../platform/pdf/pdf-writer.js';
import { pdfDate, pdfDateTime } from './pdf-format.js';
import type { SubjectCardContent } from './subject-card-content.js';
import { writeSubjectHeader, writeVisitBody, type RenderOptions } from './visit-pdf.js';

/** How much of a record's values the card prints (the full record stays in the audit trail). */
const VALUES_MAX = 600;

export function subjectCardName(lang: Language, subjectNumber: string): string {
  return pdfText(lang, 'subjectCardName', { subject: subjectNumber });
}

function valuesText(values: unknown): string {
  if (values === null || values === undefined) return '';
  const text = JSON.stringify(values);
  return text.length > VALUES_MAX ? `${text.slice(0, VALUES_MAX)}…` : text;
}

/**
 * The subject card (docs/documents.md "Subject card"): the subject, then each visit on a new page as in the
 * visit PDF (forms, values, statuses, notes, signatures), then the audit trail oldest first: when, who, what,
 * the reason, and the values recorded.
 */
export async function renderSubjectCard(c: SubjectCardContent, o: RenderOptions): Promise<Buffer> {
  const { lang, timeZone } = o;
  const t = (key: Parameters<typeof pdfText>[1], params?: Record<string, string | number>) => pdfText(lang, key, params);
  const title = subjectCardName(lang, c.subject.identificationNumber);
  const pdf = new PdfWriter({ title, language: lang });
  pdf.title(title);
  writeSubjectHeader(pdf, c, lang);
  pdf.field(t('gender'), c.subject.gender).field(t('birthDate'), pdfDate(lang, c.subject.birthDate));
  pdf.field(t('screenDate'), pdfDate(lang, c.subject.screenDate)).field(t('subjectStatus'), pdfLabel(lang, c.subject.status));
  pdf.small(t('generatedAt', { date: pdfDateTime(lang, o.now, timeZone) })).rule();
  if (c.visits.length === 0) pdf.paragraph(t('noVisits'), { italic: true });
  for (const v of c.visits) {
    pdf.newPage().heading(`${t('visit')}: ${v.visit.visit.title} (${pdfDate(lang, v.visit.date)})`);
    writeVisitBody(pdf, v, o);
  }
  pdf.newPage().heading(t('auditTrail'));
  if (c.audit.length === 0) pdf.paragraph(t('noAudit'), { italic: true });
  for (const a of c.audit) {
    pdf.paragraph(`${pdfDateTime(lang, a.at, timeZone)} · ${a.userEmail ?? ''} · ${a.action}`);
    if (a.reason) pdf.small(`${t('auditReason')}: ${a.reason}`, { indent: 12 });
    const values = valuesText(a.values);
    if (values) pdf.small(values, { indent: 12 });
  }
  return pdf.finish((page, pages) => `${title} · ${t('page', { page, pages })}`);
}
