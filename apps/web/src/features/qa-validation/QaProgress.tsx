import './i18n';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useQaVisits } from './api';

/**
 * The QA validation progress of a version under validation (validated of total, visits and forms together),
 * shown before "Start testing", which the server refuses until every one is validated.
 */
export function QaProgress({ versionId }: { versionId: string }) {
  const { t } = useTranslation();
  const visits = useQaVisits(versionId);
  if (!visits.data) return null;
  const total = visits.data.reduce((n, v) => n + 1 + v.formsTotal, 0);
  const validated = visits.data.reduce((n, v) => n + (v.validated ? 1 : 0) + v.formsValidated, 0);
  return (
    <Typography
      variant="caption"
      color={validated === total ? 'success.main' : 'text.secondary'}
      data-testid="qa-version-progress"
    >
      {t('qaValidation:progress', { validated, total })}
    </Typography>
  );
}
