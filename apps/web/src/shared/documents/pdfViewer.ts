import i18n from 'i18next';
import { PDF_VIEWER_FILE, PDF_VIEWER_READY } from '@edc/domain';
import { toastError } from '../api/client';
import { fetchConfidential, SessionKeyMissingError } from './confidential';

/**
 * Opens a document in the PDF viewer tab (/pdfViewer; spec operations section 2): the tab opens at once (inside
 * the click, so no pop-up blocker stops it), tells this window it is ready, and receives the decrypted file as a
 * Blob by postMessage addressed to this origin only; it accepts nothing from another origin. The file never
 * travels through a URL, storage or the server in the clear. `download` lets the viewer offer saving the file
 * (documents administrators; others preview only, design-and-admin section 6).
 */

export const PDF_VIEWER_PATH = '/pdfViewer';
/** How long the opener waits for the viewer to say it is ready. */
const READY_TIMEOUT_MS = 120_000;

export interface PdfViewerFileMessage {
  type: typeof PDF_VIEWER_FILE;
  blob: Blob;
  name: string;
  download: boolean;
}

export function openInPdfViewer(documentId: string, options: { download: boolean }): void {
  const viewer = window.open(PDF_VIEWER_PATH, '_blank');
  if (!viewer) {
    toastError(i18n.t('documents:viewer.blocked'));
    return;
  }
  const origin = window.location.origin;
  let ready = false;
  let file: { blob: Blob; name: string } | null = null;

  const finish = () => {
    window.removeEventListener('message', onMessage);
    window.clearTimeout(timer);
  };
  const deliver = () => {
    if (!ready || !file) return;
    const message: PdfViewerFileMessage = { type: PDF_VIEWER_FILE, blob: file.blob, name: file.name, download: options.download };
    viewer.postMessage(message, origin);
    finish();
  };
  function onMessage(e: MessageEvent) {
    if (e.origin !== origin || e.source !== viewer || (e.data as { type?: unknown } | null)?.type !== PDF_VIEWER_READY) return;
    ready = true;
    deliver();
  }
  window.addEventListener('message', onMessage);
  const timer = window.setTimeout(finish, READY_TIMEOUT_MS);

  fetchConfidential(documentId)
    .then((f) => {
      file = f;
      deliver();
    })
    .catch((e: unknown) => {
      finish();
      viewer.close();
      // A refusal of the server is toasted by the API client.
      if (e instanceof SessionKeyMissingError) toastError(i18n.t('documents:viewer.keyMissing'));
      else if (e instanceof DOMException) toastError(i18n.t('documents:viewer.decryptFailed'));
    });
}
