import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/components/PageTitle';

/** The page of sections that are not built yet (spec: "a page stating the section is under development"). */
export default function PageAtWork() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }}>
      <ConstructionOutlined color="action" sx={{ fontSize: 64 }} aria-hidden />
      <PageTitle>{t('shell:pageAtWork.title')}</PageTitle>
      <Typography color="text.secondary">{t('shell:pageAtWork.text')}</Typography>
      <Alert severity="info" sx={{ mt: 3, textAlign: 'left', display: 'inline-flex' }}>
        {t('shell:pageAtWork.hint')}
      </Alert>
    </Paper>
  );
}
