import { pdfText, type Language } from '@edc/domain';

export function subjectCardArchiveName(lang: Language, centre: string): string {
  return pdfText(lang, 'subjectCardArchiveName', { centre });
}
