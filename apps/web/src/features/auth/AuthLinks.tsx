import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DOCUMENTS_PATH, MANUAL_PATH } from '../../config';

/** Links under the public forms: the user manual and the public documents (opened in a new tab). */
export function ManualLinks() {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={3}
      sx={{ mt: 3, flexWrap: 'wrap', justifyContent: 'center' }}
      component="nav"
      aria-label={t('shell:helpLinks')}
    >
      <Link component={RouterLink} to={MANUAL_PATH} target="_blank" rel="noopener">
        {t('shell:manual')}
      </Link>
      <Link component={RouterLink} to={DOCUMENTS_PATH} target="_blank" rel="noopener">
        {t('shell:documents')}
      </Link>
    </Stack>
  );
}
