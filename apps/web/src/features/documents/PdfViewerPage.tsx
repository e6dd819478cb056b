import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { PDF_VIEWER_FILE, PDF_VIEWER_READY } from '@edc/domain';
import { saveBlob } from '../../shared/api/transfer';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import type { PdfViewerFileMessage } from '../../shared/documents/pdfViewer';
import './api';

interface Shown {
  url: string;
  blob: Blob;
  name: string;
  download: boolean;
}

/** Whether a message is the viewer's file: the right type with a Blob in it. */
function isFileMessage(data: unknown): data is PdfViewerFileMessage {
  const d = data as Partial<PdfViewerFileMessage> | null;
  return d?.type === PDF_VIEWER_FILE && d.blob instanceof Blob && typeof d.name === 'string';
}

/**
 * /pdfViewer (spec operations sections 2 and 8): opened in a new tab by a documents list; tells its opener it is
 * ready, accepts the file only as a Blob posted from this same origin, and shows it in an embedded viewer.
 * Messages from another origin or without a blob are only logged and the loading text stays. Without the right
 * to download (non-administrators, design-and-admin section 6) there is no download button and the browser's PDF
 * toolbar is hidden — a deterrent, not a control: what a browser shows, its user can keep.
 */
export default function PdfViewerPage() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown | null>(null);
  useDocumentTitle(shown?.name ?? t('documents:viewer.title'));

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin) {
        console.warn('pdfViewer: a message from another origin is ignored', e.origin);
        return;
      }
      if (!isFileMessage(e.data)) {
        console.warn('pdfViewer: a message without a file is ignored');
        return;
      }
      const blob = e.data.blob.type === 'application/pdf' ? e.data.blob : new Blob([e.data.blob], { type: 'application/pdf' });
      const { name, download } = e.data;
      setShown((old) => {
        if (old) URL.revokeObjectURL(old.url);
        return { url: URL.createObjectURL(blob), blob, name, download: download === true };
      });
    };
    window.addEventListener('message', onMessage);
    (window.opener as Window | null)?.postMessage({ type: PDF_VIEWER_READY }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => () => void (shown && URL.revokeObjectURL(shown.url)), [shown]);

  if (!shown)
    return (
      <Stack direction="row" spacing={2} sx={{ p: 3, alignItems: 'center' }} role="status">
        <CircularProgress size={24} />
        <Typography>{t('documents:viewer.loading')}</Typography>
      </Stack>
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ px: 2, py: 1, alignItems: 'center', borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
      >
        <Typography variant="h6" component="h1" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {shown.name}
        </Typography>
        {shown.download && (
          <Button size="small" startIcon={<FileDownloadOutlined />} onClick={() => saveBlob(shown.blob, shown.name)}>
            {t('documents:page.download')}
          </Button>
        )}
      </Stack>
      <Box
        component="iframe"
        title={shown.name}
        // Without the right to download, the browser's PDF toolbar (download, print) is hidden.
        src={shown.download ? shown.url : `${shown.url}#toolbar=0`}
        sx={{ flex: 1, width: '100%', border: 0, display: 'block' }}
        data-testid="pdf-viewer-frame"
      />
    </Box>
  );
}
