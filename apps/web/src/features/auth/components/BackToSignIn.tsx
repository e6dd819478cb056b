import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** The way back to /login, under the forms of the password pages. */
export function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 2 }}>
      <Link component={RouterLink} to="/login">
        {t('auth:backToSignIn')}
      </Link>
    </Box>
  );
}
