import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/components/PageTitle';

/** Public documents of the provider; none are published yet (spec empty state 'Документы отсутствуют'). */
export default function DocumentsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('help:documents.title')}</PageTitle>
      <Box sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}>
        <FolderOpenOutlined sx={{ fontSize: 48 }} aria-hidden />
        <Typography>{t('common:empty.documents')}</Typography>
      </Box>
    </>
  );
}
