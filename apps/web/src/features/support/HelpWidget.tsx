import { lazy, Suspense, useState } from 'react';
import Fab from '@mui/material/Fab';
import HelpOutline from '@mui/icons-material/HelpOutline';
import { useTranslation } from 'react-i18next';

const HelpDialog = lazy(() => import('./HelpDialog'));

/** The floating help button of every page; opens the help request dialog (loaded on first use). */
export function HelpWidget() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Fab
        color="primary"
        size="medium"
        aria-label={t('support:open')}
        title={t('support:open')}
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        sx={{
          position: 'fixed',
          right: { xs: 16, sm: 24 },
          bottom: { xs: 16, sm: 24 },
          zIndex: (theme) => theme.zIndex.speedDial,
        }}
      >
        <HelpOutline />
      </Fab>
      {loaded && (
        <Suspense fallback={null}>
          <HelpDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
