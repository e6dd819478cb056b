import { Suspense, useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { enqueueSnackbar } from 'notistack';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { IDLE_TIMEOUT_MS } from '@edc/domain';
import { DRAWER_WIDTH } from '../theme';
import { applyLanguage } from '../i18n';
import { useMe } from '../../features/identity/api';
import { useSignOut } from '../../features/auth/api';
import { HelpWidget } from '../../features/support/HelpWidget';
import { Loading } from '../../shared/components/Loading';
import { useIdleTimeout } from '../../shared/hooks/useIdleTimeout';
import { AppBreadcrumbs } from './Breadcrumbs';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

/** The signed-in frame: top bar, side menu (md and up), breadcrumbs, the page, the help widget. */
export default function ProtectedLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const me = useMe();
  const signOut = useSignOut();
  const syncedUser = useRef<string | null>(null);

  // The language saved on the user wins once per sign-in; later switches are saved by the switch itself.
  useEffect(() => {
    if (me.data && syncedUser.current !== me.data.user.id) {
      syncedUser.current = me.data.user.id;
      void applyLanguage(me.data.user.language);
    }
  }, [me.data]);

  useIdleTimeout(IDLE_TIMEOUT_MS, () => {
    enqueueSnackbar(t('shell:idleSignedOut'), { variant: 'info' });
    void signOut();
  });

  if (!me.data) {
    return (
      <Box sx={{ p: 4 }}>
        {me.isError ? (
          <Alert severity="error" action={<Button onClick={() => void me.refetch()}>{t('common:actions.retry')}</Button>}>
            {t('shell:meFailed')}
          </Alert>
        ) : (
          <Loading minHeight="60vh" />
        )}
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          left: -10000,
          top: 8,
          zIndex: 2000,
          bgcolor: 'background.paper',
          p: 1,
          '&:focus': { left: 8 },
        }}
      >
        {t('shell:skipToContent')}
      </Link>
      <TopBar me={me.data} mobile={mobile} onSignOut={() => void signOut()} />
      {!mobile && (
        <Drawer
          variant="permanent"
          sx={{
            width: DRAWER_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          <Toolbar />
          <Box component="nav" aria-label={t('shell:menu.label')} sx={{ overflowY: 'auto' }}>
            <SideMenu me={me.data} />
          </Box>
        </Drawer>
      )}
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        // pb per breakpoint too: a plain value would lose to p's media queries, and the help button would cover the page's end.
        sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 }, pb: { xs: 12 }, outline: 'none' }}
      >
        <Toolbar />
        <AppBreadcrumbs me={me.data} />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Box>
      <HelpWidget />
    </Box>
  );
}
