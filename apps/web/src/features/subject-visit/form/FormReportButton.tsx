import { useMemo } from 'react';
import Button from '@mui/material/Button';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import { useGeneratedDocument } from '../../../shared/documents/generatedDocument';
import { generateFormReport } from '../visitPdfApi';

/**
 * "Отчет по форме" in the subject form dialog (docs/documents.md "Subject form report"): whoever reads the form
 * may ask for its PDF; the button stays busy while the document is made (polled every 2 s), then a snackbar
 * offers the download for 8 seconds, or the Error's reason is shown.
 */
export function FormReportButton({ subjectFormId }: { subjectFormId: string }) {
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
      startIcon={<PictureAsPdfOutlined />}
      loading={busy}
      loadingPosition="start"
      disabled={busy}
      onClick={() => void start(() => generateFormReport(subjectFormId))}
    >
      {busy ? t('dataEntry:form.reportMaking') : t('dataEntry:form.report')}
    </Button>
  );
}
