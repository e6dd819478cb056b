import type { DocumentStatusReply } from '@edc/domain';
import { api } from '../../shared/api/client';

/**
 * The visit PDF (docs/documents.md "Visit PDF"): POST /SubjectVisitDocuments/Generate answers with the
 * document Started; shared/documents/generatedDocument.tsx follows it (GET /Documents/{id} every 2 s).
 */
export function generateVisitPdf(subjectVisitId: string) {
  return api.post<DocumentStatusReply>('/SubjectVisitDocuments/Generate', { subjectVisitId }, { quietErrors: true });
}
