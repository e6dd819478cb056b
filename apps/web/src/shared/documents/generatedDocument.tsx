import { useCallback, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { closeSnackbar, enqueueSnackbar } from 'notistack';
import { DOCUMENT_POLL_MS, DOCUMENT_SNACKBAR_MS, type DocumentStatusReply } from '@edc/domain';
import { api, ApiError, toastError, type ApiReply } from '../api/client';
import { downloadFile } from '../api/transfer';

/**
 * Generated documents on the screens (docs/documents.md "Web"): a generation request answers with the document
 * Started; GET /Documents/{id} is polled every 2 s (spec section 9) until it is Done or Error; then a snackbar
 * offers the download for 8 seconds, or the reason of the Error is toasted. Shared by the visit PDF and the
 * monitoring visit report.
 */

/** GET /Documents/{id} every 2 s while the document is Started; a refusal (4xx) ends the polling. */
export function useDocumentProgress(documentId: string | null) {
  return useQuery({
    queryKey: ['documents', 'progress', documentId],
    queryFn: ({ signal }) => api.get<DocumentStatusReply>(`/Documents/${documentId}`, { signal, quietErrors: true }),
    enabled: Boolean(documentId),
    refetchInterval: (query) => {
      const e = query.state.error;
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) return false;
      const doc = query.state.data;
      return !doc || doc.status === 'Started' ? DOCUMENT_POLL_MS : false;
    },
    retry: false,
    gcTime: 0,
  });
}

/** Saves a finished document's file (named by the server's Content-Disposition). */
export function downloadGenerated(doc: DocumentStatusReply): Promise<string> {
  return downloadFile(`/Documents/${doc.id}/File`, `${doc.name}.${doc.extension}`, doc.contentType);
}

const toastApiError = (e: unknown) => {
  if (e instanceof ApiError) e.errors.forEach((x) => toastError(x.message));
};

export interface GeneratedDocumentTexts {
  /** "Документ «{name}» сформирован". */
  ready: (name: string) => string;
  download: string;
  /** When the document ended in Error without a reason. */
  failed: string;
}

/**
 * Asks for a document and follows it: `start(request)` sends the generation request, then the document is
 * polled; `busy` is true from the request until the document is Done or Error.
 */
export function useGeneratedDocument(texts: GeneratedDocumentTexts) {
  const [documentId, setDocumentId] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const progress = useDocumentProgress(documentId);
  const doc = progress.data;
  const { ready, download, failed } = texts;

  useEffect(() => {
    if (!doc || doc.status === 'Started') return;
    setDocumentId(null);
    if (doc.status === 'Done') {
      enqueueSnackbar(ready(doc.name), {
        variant: 'success',
        autoHideDuration: DOCUMENT_SNACKBAR_MS,
        action: (key) => (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              closeSnackbar(key);
              void downloadGenerated(doc).catch(toastApiError);
            }}
          >
            {download}
          </Button>
        ),
      });
    } else {
      toastError(doc.error?.message ?? failed);
    }
  }, [doc, ready, download, failed]);

  useEffect(() => {
    if (progress.error) {
      setDocumentId(null);
      toastApiError(progress.error);
    }
  }, [progress.error]);

  /** Resolves true once the document is asked for (false: the refusal was toasted). */
  const start = useCallback(async (request: () => Promise<ApiReply<DocumentStatusReply>>) => {
    setAsking(true);
    try {
      const reply = await request();
      setDocumentId(reply.data.id);
      return true;
    } catch (e) {
      toastApiError(e);
      return false;
    } finally {
      setAsking(false);
    }
  }, []);

  return { busy: asking || documentId !== null, start };
}
