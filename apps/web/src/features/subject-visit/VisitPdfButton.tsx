import { useMemo } from 'react';
import Button from '@mui/material/Button';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import { useGeneratedDocument } from '../../shared/documents/generatedDocument';
import { generateVisitPdf } from './visitPdfApi';

/**
 * "PDF визита" on a signed visit (spec operations section 4): asks for the PDF, stays disabled while the
 * document is being made (polled every 2 s), then shows a snackbar with a download button for 8 seconds. An
 * Error shows its reason.
 */
export function VisitPdfButton({ subjectVisitId }: { subjectVisitId: string }) {
  const { t } = useTranslation();
  const texts = useMemo(
    () => ({
      ready: (name: string) => t('dataEntry:page.visitPdfReady', { name }),
      download: t('dataEntry:page.visitPdfDownload'),
      failed: t('dataEntry:page.visitPdfFailed'),
    }),
    [t],
  );
  const { busy, start } = useGeneratedDocument(texts);
  return (
    <Button
      variant="outlined"
      startIcon={<PictureAsPdfOutlined />}
      loading={busy}
      loadingPosition="start"
      disabled={busy}
      onClick={() => void start(() => generateVisitPdf(subjectVisitId))}
    >
      {busy ? t('dataEntry:page.visitPdfMaking') : t('dataEntry:page.visitPdf')}
    </Button>
  );
}
