import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useGeneratedDocument } from '../../shared/documents/generatedDocument';
import { GenerateDatasetDialog } from './GenerateDatasetDialog';

/**
 * "Сформировать набор данных" on the research documents page: opens the dataset dialog; the dataset is made in
 * the background, polled every 2 s and offered in a snackbar (shared/documents/generatedDocument.tsx), and the
 * list is reloaded so that it shows the new document Started (the list refreshes it until Done).
 */
export function GenerateDatasetButton({ researchId }: { researchId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const texts = useMemo(
    () => ({
      ready: (name: string) => t('documents:dataset.ready', { name }),
      download: t('documents:page.download'),
      failed: t('documents:dataset.failed'),
    }),
    [t],
  );
  const { busy, start } = useGeneratedDocument(texts);
  return (
    <>
      <Button
        variant="contained"
        startIcon={<TableChartOutlined />}
        loading={busy}
        loadingPosition="start"
        onClick={() => setOpen(true)}
      >
        {busy ? t('documents:dataset.making') : t('documents:dataset.generate')}
      </Button>
      {open && (
        <GenerateDatasetDialog
          researchId={researchId}
          onClose={() => setOpen(false)}
          onAsk={async (request) => {
            const asked = await start(request);
            if (asked) void client.invalidateQueries({ queryKey: ['documents', 'list'] });
            return asked;
          }}
        />
      )}
    </>
  );
}
