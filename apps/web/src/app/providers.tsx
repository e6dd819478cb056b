import { useMemo, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { SnackbarProvider, closeSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '@edc/domain';
import { queryClient } from './queryClient';
import { buildTheme } from './theme';
import { isLanguage } from './i18n';

export function Providers({ children }: { children: ReactNode }) {
  const { i18n, t } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'ru';
  const theme = useMemo(() => buildTheme(lang), [lang]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider
          maxSnack={4}
          autoHideDuration={TOAST_MS}
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
          action={(key) => (
            <IconButton size="small" color="inherit" aria-label={t('common:actions.close')} onClick={() => closeSnackbar(key)}>
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        >
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
