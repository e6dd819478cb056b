import type { TFunction } from 'i18next';
import type { FormEntry, SummaryLayout } from '@edc/domain';
import { cellText, columnHeader, sectionAnswer, toCsv } from './cells';
import '../subjects/i18n';

/** The shown table as a header and text rows: the numbers, the form index, each field and each section's answer. */
export function tableText(layout: SummaryLayout, entries: readonly FormEntry[], t: TFunction, language: string) {
  const header = [
    t('summary:column.status'),
    t('summary:column.screening'),
    t('summary:column.randomisation'),
    t('summary:column.identification'),
    t('summary:column.formIndex'),
  ];
  const cells: ((e: FormEntry) => string)[] = [
    (e) => t(`subjects:completedStatus.${e.status}`),
    (e) => e.screeningNumber,
    (e) => e.randomizationNumber ?? '',
    (e) => e.identificationNumber,
    (e) => String(e.formIndex),
  ];
  for (const section of layout.sections) {
    for (const c of layout.columns.filter((col) => col.formSectionId === section.id)) {
      header.push(columnHeader(c));
      cells.push((e) => cellText(c.fieldType, e.values[c.formFieldId], t, language));
    }
    header.push(t('summary:column.completed', { section: section.sectionName }));
    cells.push((e) => {
      const a = sectionAnswer(
        e.sections.find((s) => s.formSectionId === section.id),
        t,
      );
      return a.reason ? `${a.text}: ${a.reason}` : a.text;
    });
  }
  return { header, rows: entries.map((e) => cells.map((c) => c(e))) };
}

/** Saves a file the browser made. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The shown table as CSV (semicolon-separated, UTF-8 with a BOM). */
export function exportCsv(layout: SummaryLayout, entries: readonly FormEntry[], t: TFunction, language: string): void {
  const { header, rows } = tableText(layout, entries, t, language);
  saveBlob(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), `${layout.title}.csv`);
}
