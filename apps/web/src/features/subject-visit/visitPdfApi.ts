import type { DocumentStatusReply } from '@edc/domain';
import { api } from '../../shared/api/client';

/**
 * The visit PDF (docs/documents.md "Visit PDF"): POST /SubjectVisitDocuments/Generate answers with the
 * document Started; shared/documents/generatedDocument.tsx follows it (GET /Documents/{id} every 2 s).
 */
export function generateVisitPdf(subjectVisitId: string) {
  return api.post<DocumentStatusReply>('/SubjectVisitDocuments/Generate', { subjectVisitId }, { quietErrors: true });
}

/** The subject form report (docs/documents.md "Subject form report"): a PDF of one form, made in the background. */
export function generateFormReport(subjectFormId: string) {
  return api.post<DocumentStatusReply>(`/SubjectsForm/${subjectFormId}/GenerateReport`, {}, { quietErrors: true });
}
