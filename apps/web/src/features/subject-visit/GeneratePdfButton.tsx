import { useMemo } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import { useGeneratedDocument } from '../../shared/documents/generatedDocument';
import type { ApiReply } from '../../shared/api/client';
import type { DocumentStatusReply } from '@edc/domain';

/**
 * A button that asks for a PDF made in the background (the visit PDF, the form report): it stays busy while the
 * document is made (polled every 2 s), then a snackbar offers the download for 8 seconds, or the Error's reason
 * is shown (spec operations sections 4 and 9).
 */
export function GeneratePdfButton({
  generate,
  label,
  makingLabel,
  variant,
}: {
  generate: () => Promise<ApiReply<DocumentStatusReply>>;
  label: string;
  makingLabel: string;
  variant?: ButtonProps['variant'];
}) {
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
      variant={variant}
      startIcon={<PictureAsPdfOutlined />}
      loading={busy}
      loadingPosition="start"
      disabled={busy}
      onClick={() => void start(generate)}
    >
      {busy ? makingLabel : label}
    </Button>
  );
}
