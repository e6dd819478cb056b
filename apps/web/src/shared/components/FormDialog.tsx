import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

/**
 * A dialog holding a form: its title names the dialog, the fields, then Cancel and the submit button
 * (Save unless named otherwise, with a loading state). While saving, the dialog neither closes nor cancels:
 * the request is under way. The form is not validated by the browser; `onSubmit` gets no event.
 */
export function FormDialog({
  open = true,
  title,
  onClose,
  onSubmit,
  saving,
  saveDisabled,
  submitLabel,
  submitColor = 'primary',
  fullScreenOnPhone,
  children,
}: {
  open?: boolean;
  /** The dialog's accessible name too. */
  title: ReactNode;
  onClose: () => void;
  onSubmit: () => void;
  saving?: boolean;
  saveDisabled?: boolean;
  submitLabel?: string;
  submitColor?: 'primary' | 'error';
  /** Fill a phone's screen (long forms). */
  fullScreenOnPhone?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      aria-labelledby={id}
      fullWidth
      maxWidth="sm"
      fullScreen={Boolean(fullScreenOnPhone) && phone}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={submitColor} loading={saving} disabled={saveDisabled}>
            {submitLabel ?? t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
