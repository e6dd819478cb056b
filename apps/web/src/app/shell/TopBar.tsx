import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Me } from '@edc/domain';
import { DOCUMENTS_PATH, MANUAL_PATH, PRODUCT_NAME } from '../../config';
import { LanguageSwitch } from '../LanguageSwitch';
import { RoleSelector } from './RoleSelector';
import { UserMenu } from './UserMenu';

export function TopBar({ me, mobile, onSignOut }: { me: Me; mobile: boolean; onSignOut: () => void }) {
  const { t } = useTranslation();
  return (
    <AppBar position="fixed" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        <Link
          component={RouterLink}
          to="/"
          color="inherit"
          underline="none"
          sx={{ fontWeight: 700, fontSize: '1.375rem', mr: 1, '&:focus-visible': { outline: '2px solid #fff' } }}
          aria-label={t('shell:homeLink', { product: PRODUCT_NAME })}
        >
          {PRODUCT_NAME}
        </Link>
        {!mobile && (
          <Box component="nav" aria-label={t('shell:helpLinks')} sx={{ display: 'flex', gap: 0.5 }}>
            <Button
              color="inherit"
              component={RouterLink}
              to={MANUAL_PATH}
              target="_blank"
              rel="noopener"
              startIcon={<MenuBookOutlined />}
            >
              {t('shell:manual')}
            </Button>
            <Button
              color="inherit"
              component={RouterLink}
              to={DOCUMENTS_PATH}
              target="_blank"
              rel="noopener"
              startIcon={<DescriptionOutlined />}
            >
              {t('shell:documents')}
            </Button>
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        <RoleSelector me={me} compact={mobile} />
        <LanguageSwitch onDark />
        <UserMenu me={me} mobile={mobile} onSignOut={onSignOut} />
      </Toolbar>
    </AppBar>
  );
}
