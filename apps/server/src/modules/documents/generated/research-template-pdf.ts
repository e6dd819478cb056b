import { pdfText, type Language } from '@edc/domain';
import { PdfWriter } from '../../../platform/pdf/pdf-writer.js';
import { pdfDateTime } from './pdf-format.js';
import type { ResearchTemplate, TemplateField } from './research-template-content.js';
import type { RenderOptions } from './visit-pdf.js';

/** The empty box a value is written in on paper. */
const BOX = '[                                        ]';
const OPTION = '☐';

export function templateName(lang: Language, version: string): string {
  return pdfText(lang, 'templateName', { version });
}

function writeField(pdf: PdfWriter, f: TemplateField, lang: Language) {
  const required = f.required ? ` (${pdfText(lang, 'fieldRequired')})` : '';
  const units = f.units ? ` · ${pdfText(lang, 'fieldUnits')}: ${f.units}` : '';
  pdf.field(`${f.label}${required}`, f.options.length ? '' : BOX, { indent: 12 });
  pdf.small(`${pdfText(lang, 'fieldType')}: ${f.type}${units}`, { indent: 24 });
  for (const o of f.options) pdf.paragraph(`${OPTION} ${o}`, { indent: 24 });
}

/** The research template (docs/documents.md): a blank CRF, each visit on a new page with its forms, sections and fields. */
export async function renderResearchTemplate(c: ResearchTemplate, name: string, o: RenderOptions): Promise<Buffer> {
  const { lang } = o;
  const t = (key: Parameters<typeof pdfText>[1]) => pdfText(lang, key);
  const pdf = new PdfWriter({ title: name, language: lang });
  pdf.title(name).field(t('research'), c.researchTitle).field(t('researchVersion'), c.version);
  if (c.protocolVersion) pdf.field(t('protocolVersion'), c.protocolVersion);
  pdf.small(pdfText(lang, 'generatedAt', { date: pdfDateTime(lang, o.now, o.timeZone) })).rule();
  for (const v of c.visits) {
    pdf.newPage().heading(`${t('visit')}: ${v.title}`);
    if (v.forms.length === 0) pdf.paragraph(t('noForms'), { italic: true });
    for (const f of v.forms) {
      pdf.subheading(`${t('form')}: ${f.title}`);
      for (const s of f.sections) {
        pdf.paragraph(`${t('section')}: ${s.name}`);
        if (s.fields.length === 0) pdf.paragraph(t('noFields'), { italic: true, indent: 12 });
        for (const field of s.fields) writeField(pdf, field, lang);
      }
    }
  }
  return pdf.finish((page, pages) => `${name} · ${pdfText(lang, 'page', { page, pages })}`);
}
