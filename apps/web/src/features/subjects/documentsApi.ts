import i18n from 'i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentReply, DocumentStatusReply, SubjectVisitDocument } from '@edc/domain';
import { api } from '../../shared/api/client';
import { downloadFile, postWithProgress } from '../../shared/api/transfer';
import ru from '../../locales/ru/documents.json';
import en from '../../locales/en/documents.json';

/** The documents namespace loads with the subject screens, like the subjects one (i18n.ts). */
if (!i18n.hasResourceBundle('ru', 'documents')) i18n.addResourceBundle('ru', 'documents', ru, true, true);
if (!i18n.hasResourceBundle('en', 'documents')) i18n.addResourceBundle('en', 'documents', en, true, true);

/**
 * Subject visit documents (docs/documents.md): GET /SubjectVisitDocuments?subjectVisitId=, multipart
 * uploads with progress (UploadFile, UploadNewVersion/{id}), DELETE, and the file from
 * /Documents/{id}/File, fetched with the session and saved as a blob (a plain link would carry no token).
 */

export const visitDocumentsKey = (subjectVisitId: string) => ['subjectVisitDocuments', subjectVisitId] as const;

export function useVisitDocuments(subjectVisitId: string | undefined) {
  return useQuery({
    queryKey: visitDocumentsKey(subjectVisitId ?? ''),
    queryFn: ({ signal }) =>
      api.get<SubjectVisitDocument[]>('/SubjectVisitDocuments', { signal, quietErrors: true, query: { subjectVisitId } }),
    enabled: Boolean(subjectVisitId),
  });
}

export interface UploadInput {
  file: File;
  /** The document's name; for a new version, empty keeps the current one. */
  name: string;
  onProgress: (fraction: number) => void;
}

/** Uploads a new document to the visit, or (with `documentId`) a new version of one. */
export function useUploadDocument(subjectVisitId: string, documentId?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, name, onProgress }: UploadInput) => {
      const form = new FormData();
      if (documentId) {
        if (name.trim()) form.append('name', name.trim());
      } else {
        form.append('name', name.trim());
        form.append('subjectVisitId', subjectVisitId);
      }
      form.append('uploadedFile', file, file.name);
      const path = documentId ? `/SubjectVisitDocuments/UploadNewVersion/${documentId}` : '/SubjectVisitDocuments/UploadFile';
      return postWithProgress<SubjectVisitDocument>(path, form, { onUploadProgress: onProgress, quietErrors: true });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: visitDocumentsKey(subjectVisitId) }),
  });
}

/** Deletes a document with all its versions. */
export function useDeleteDocument(subjectVisitId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/SubjectVisitDocuments/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: visitDocumentsKey(subjectVisitId) }),
  });
}

/** Saves the document's file (named by the server's Content-Disposition); failures are toasted. */
export function downloadDocument(doc: DocumentReply): Promise<string> {
  return downloadFile(`/Documents/${doc.id}/File`, `${doc.name}.${doc.extension}`, doc.contentType);
}

/** POST /Subjects/{id}/GenerateSubjectCard: the subject's casebook with its audit trail, made in the background. */
export function generateSubjectCard(subjectId: string) {
  return api.post<DocumentStatusReply>(`/Subjects/${subjectId}/GenerateSubjectCard`, {}, { quietErrors: true });
}
