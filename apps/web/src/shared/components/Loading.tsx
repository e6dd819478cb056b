import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** A centred spinner with an accessible name. */
export function Loading({ minHeight = 160 }: { minHeight?: number | string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight }} role="status">
      <CircularProgress aria-label={t('common:loading')} />
    </Box>
  );
}
