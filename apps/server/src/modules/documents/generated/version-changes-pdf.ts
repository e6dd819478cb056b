import { pdfText, type Language } from '@edc/domain';
import { PdfWriter } from '../../../platform/pdf/pdf-writer.js';
import { pdfDateTime } from './pdf-format.js';
import type { ChangeEntity, ChangeKind, VersionChanges } from './version-changes-content.js';
import type { RenderOptions } from './visit-pdf.js';

export function versionChangesName(lang: Language, from: string, to: string): string {
  return pdfText(lang, 'versionChangesName', { from, to });
}

const KIND_TEXT = { added: 'changesAdded', removed: 'changesRemoved', modified: 'changesModified' } as const;
const ENTITY_TEXT = {
  visit: 'visitEntity',
  form: 'formEntity',
  section: 'sectionEntity',
  field: 'fieldEntity',
  rule: 'ruleEntity',
} as const satisfies Record<ChangeEntity, Parameters<typeof pdfText>[1]>;

/** The research version changes (docs/documents.md): added, removed and modified, each with where it lies. */
export async function renderVersionChanges(c: VersionChanges, o: RenderOptions): Promise<Buffer> {
  const { lang } = o;
  const title = versionChangesName(lang, c.from, c.to);
  const pdf = new PdfWriter({ title, language: lang });
  pdf.title(title).field(pdfText(lang, 'research'), c.researchTitle);
  pdf.small(pdfText(lang, 'generatedAt', { date: pdfDateTime(lang, o.now, o.timeZone) })).rule();
  if (c.changes.length === 0) pdf.paragraph(pdfText(lang, 'noChanges'), { italic: true });
  for (const kind of ['added', 'removed', 'modified'] as ChangeKind[]) {
    const list = c.changes.filter((x) => x.change === kind);
    if (list.length === 0) continue;
    pdf.heading(`${pdfText(lang, KIND_TEXT[kind])} (${list.length})`);
    for (const x of list) {
      pdf.field(pdfText(lang, ENTITY_TEXT[x.entity]), x.place ? `${x.name} — ${x.place}` : x.name);
      for (const d of x.details) pdf.small(d, { indent: 12 });
    }
  }
  return pdf.finish((page, pages) => `${title} · ${pdfText(lang, 'page', { page, pages })}`);
}
