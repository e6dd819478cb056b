import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@edc/domain';
import { useDocumentsList, type DocumentsSource } from './api';

/**
 * 'Внимание! Есть документы с истекшим сроком хранения.' (spec operations section 2) while any document of the
 * list is due for deletion; asks for the first page of the Expiring list only for its count.
 */
export function ExpiredWarning({ source, researchId }: { source: DocumentsSource; researchId: string | null }) {
  const { t } = useTranslation();
  const expiring = useDocumentsList(
    source,
    { researchId, status: '', type: '', expiring: true, page: 1, pageSize: DEFAULT_PAGE_SIZE },
    source === 'personal' || Boolean(researchId),
  );
  if (!expiring.data?.totalCount) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="documents-expired-warning">
      {t('documents:page.expiredWarning')}
    </Alert>
  );
}
