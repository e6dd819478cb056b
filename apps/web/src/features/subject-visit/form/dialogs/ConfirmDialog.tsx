import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** The question before editing a field of a confirmed section (spec section 4). */
export function ConfirmDialog({ onAnswer }: { onAnswer: (ok: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog open onClose={() => onAnswer(false)} aria-labelledby={id} aria-describedby={`${id}-text`} maxWidth="xs">
      <DialogTitle id={id}>{t('dataEntry:confirmCompleted.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{t('dataEntry:confirmCompleted.text')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => onAnswer(false)}>{t('dataEntry:confirmCompleted.no')}</Button>
        <Button variant="contained" onClick={() => onAnswer(true)} autoFocus>
          {t('dataEntry:confirmCompleted.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
