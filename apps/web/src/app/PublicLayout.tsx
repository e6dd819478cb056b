import { Suspense } from 'react';
import { Link as RouterLink, Outlet, useMatch } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../config';
import { LanguageSwitch } from './LanguageSwitch';
import { HelpWidget } from '../features/support/HelpWidget';
import { Loading } from '../shared/components/Loading';

/** The frame of the public pages: product name, language switch, the page card and the help widget. */
export function PublicLayout() {
  const { t } = useTranslation();
  const wide = useMatch('/help/*') !== null;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, sm: 3 }, py: 1.5 }}
      >
        <Link
          component={RouterLink}
          to="/"
          underline="none"
          sx={{ fontWeight: 700, fontSize: '1.5rem', color: 'primary.main' }}
          aria-label={t('shell:homeLink', { product: PRODUCT_NAME })}
        >
          {PRODUCT_NAME}
        </Link>
        <LanguageSwitch />
      </Box>
      <Container
        component="main"
        maxWidth={wide ? 'md' : 'sm'}
        sx={{ flex: 1, display: 'flex', alignItems: 'flex-start', py: { xs: 1, sm: 4 } }}
      >
        <Paper variant="outlined" sx={{ width: '100%', p: { xs: 2, sm: 4 }, mb: 10 }}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </Paper>
      </Container>
      <HelpWidget />
    </Box>
  );
}
