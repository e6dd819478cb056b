import { pdfLabel, pdfText, type Language, type SubjectFormFieldReply } from '@edc/domain';
import { PdfWriter } from '../../../platform/pdf/pdf-writer.js';
import { pdfDate, pdfDateTime } from './pdf-format.js';
import type { VisitContent, VisitNote } from './visit-content.js';

export interface RenderOptions {
  lang: Language;
  timeZone: string;
  now: Date;
}

/** The visit PDF's name: "Визит V1 — субъект 01-001". */
export function visitPdfName(lang: Language, c: { visitTitle: string; subjectNumber: string }): string {
  return pdfText(lang, 'visitPdfName', { visit: c.visitTitle, subject: c.subjectNumber });
}

function valueText(lang: Language, f: SubjectFormFieldReply): string {
  const data = f.itemData?.data ?? null;
  if (data === null || data === '') return pdfText(lang, 'noValue');
  if (f.formField.field.fieldType === 'Checkbox') {
    if (data === 'true') return pdfText(lang, 'yes');
    if (data === 'false') return pdfText(lang, 'no');
  }
  const units = f.formField.units;
  return units ? `${data} ${units}` : data;
}

function writeNotes(pdf: PdfWriter, lang: Language, notes: VisitNote[], timeZone: string) {
  for (const n of notes) {
    pdf.small(`${pdfText(lang, 'notes')}: ${pdfLabel(lang, n.type)}, ${pdfLabel(lang, n.status)}`, { indent: 24 });
    for (const e of n.entries)
      pdf.small(pdfText(lang, 'noteEntry', { date: pdfDateTime(lang, e.createdAt, timeZone), author: e.author, text: e.text }), {
        indent: 36,
      });
  }
}

/**
 * A visit's forms and signatures written into `pdf` (the visit PDF, and each visit of the subject card): each
 * form with its sections (status, who completed them), every field's current value with its comment, clinical
 * significance and who entered it, and the field's notes; then the signature manifestation of every
 * signature (printed name, date and time, meaning) as 21 CFR 11.50 asks.
 */
export function writeVisitBody(pdf: PdfWriter, c: VisitContent, o: RenderOptions): void {
  const { lang, timeZone } = o;
  const t = (key: Parameters<typeof pdfText>[1], params?: Record<string, string | number>) => pdfText(lang, key, params);
  const v = c.visit.researchOrganisationVersion;
  pdf.field(t('visit'), c.visit.visit.title).field(t('visitDate'), pdfDate(lang, c.visit.date));
  if (v) {
    pdf.field(t('researchVersion'), `${v.researchVersion.index} (${pdfDate(lang, v.researchVersion.startedDate)})`);
    pdf.field(
      t('protocolVersion'),
      `${v.protocolVersion.protocolVersionNumber} (${pdfDate(lang, v.protocolVersion.protocolVersionDate)})`,
    );
  }
  if (c.forms.length === 0) pdf.paragraph(t('noForms'), { italic: true });
  const notesOf = (fieldId: string) => c.notes.filter((n) => n.subjectFormFieldId === fieldId);
  for (const form of c.forms) {
    const repeat = form.repeatedIndex > 0 ? ` #${form.repeatedIndex + 1}` : '';
    pdf.heading(`${t('form')}: ${form.title}${repeat}`);
    pdf.small(form.isComplete ? t('formComplete') : t('formIncomplete'));
    if (form.validation) {
      const at = (iso: string) => (iso ? pdfDateTime(lang, new Date(iso), timeZone) : '');
      const { qa, dm, kio } = form.validation;
      const done = [
        qa !== null ? t('qaValidatedAt', { date: at(qa) }) : '',
        dm !== null ? t('dmValidatedAt', { date: at(dm) }) : '',
        kio !== null ? t('kioValidatedAt', { date: at(kio) }) : '',
      ].filter(Boolean);
      pdf.field(t('formValidation'), done.length ? done.map((d) => d.trim()).join('; ') : t('notValidated'));
    }
    for (const s of form.sections) {
      pdf.subheading(`${t('section')}: ${s.formSection.sectionName}`);
      if (s.status) pdf.field(t('sectionStatus'), [pdfLabel(lang, s.status), s.statusMessage].filter(Boolean).join(' — '));
      if (s.isComplete && s.completeDate)
        pdf.small(
          `${t('sectionComplete')}: ${pdfDateTime(lang, new Date(s.completeDate), timeZone)}${
            s.completeBy ? `, ${t('sectionCompletedBy')}: ${s.completeBy.fullName}` : ''
          }`,
        );
      if (s.comment) pdf.field(t('comment'), s.comment);
      for (const f of s.subjectFormFieldList) {
        if (f.isHidden) continue;
        const indent = f.parentSubjectFormFieldId ? 12 : 0;
        pdf.field(f.formField.text, valueText(lang, f), { indent });
        const d = f.itemData;
        if (d?.comment) pdf.small(`${t('comment')}: ${d.comment}`, { indent: indent + 12 });
        if (d?.clinicalSignificanceString)
          pdf.small(`${t('clinicalSignificance')}: ${d.clinicalSignificanceString}`, { indent: indent + 12 });
        if (d?.reasonForChange) pdf.small(`${t('reasonForChange')}: ${d.reasonForChange}`, { indent: indent + 12 });
        if (d)
          pdf.small(`${t('enteredBy')}: ${d.createdBy.fullName}, ${pdfDateTime(lang, new Date(d.createdAt), timeZone)}`, {
            indent: indent + 12,
          });
        writeNotes(pdf, lang, notesOf(f.id), timeZone);
      }
    }
  }
  pdf.heading(t('signatures'));
  if (c.signatures.length === 0) pdf.paragraph(t('notSigned'), { italic: true });
  for (const s of c.signatures) {
    pdf.field(t('signedBy'), s.printedName);
    pdf.field(t('signedAt'), pdfDateTime(lang, s.signedAt, timeZone));
    pdf.field(t('signDate'), pdfDate(lang, s.signDate));
    pdf.field(t('meaning'), s.meaning);
    pdf.small(`${t('contentHash')}: ${s.contentHash}`).gap(0.5);
  }
}

/** The subject's numbers and centre, at the top of the visit PDF and of the subject card. */
export function writeSubjectHeader(
  pdf: PdfWriter,
  c: Pick<VisitContent, 'researchTitle' | 'centre' | 'subject'>,
  lang: Language,
) {
  const t = (key: Parameters<typeof pdfText>[1]) => pdfText(lang, key);
  pdf.field(t('research'), c.researchTitle).field(t('centre'), c.centre);
  pdf.field(t('identificationNumber'), c.subject.identificationNumber).field(t('screeningNumber'), c.subject.screeningNumber);
  if (c.subject.randomizationNumber) pdf.field(t('randomisationNumber'), c.subject.randomizationNumber);
}

/** The subject form report's name: "Форма Витальные показатели — визит V1 — субъект 01-001". */
export function subjectFormReportName(
  lang: Language,
  c: { formTitle: string; visitTitle: string; subjectNumber: string },
): string {
  return pdfText(lang, 'subjectFormReportName', { form: c.formTitle, visit: c.visitTitle, subject: c.subjectNumber });
}

/**
 * The visit PDF (docs/documents.md "Visit PDF"): the subject, the visit's body, every page numbered. Given
 * `title`, the same for the content of one subject form (the subject form report).
 */
export async function renderVisitPdf(c: VisitContent, o: RenderOptions, title?: string): Promise<Buffer> {
  const { lang, timeZone } = o;
  title ??= visitPdfName(lang, { visitTitle: c.visit.visit.title, subjectNumber: c.subject.identificationNumber });
  const pdf = new PdfWriter({ title, language: lang });
  pdf.title(title);
  writeSubjectHeader(pdf, c, lang);
  pdf.small(pdfText(lang, 'generatedAt', { date: pdfDateTime(lang, o.now, timeZone) })).rule();
  writeVisitBody(pdf, c, o);
  return pdf.finish((page, pages) => `${title} · ${pdfText(lang, 'page', { page, pages })}`);
}
