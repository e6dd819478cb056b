import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ApiError, toastError } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/components/FormDialog';
import { endVisit, useVisitAction } from '../api';

/**
 * Ending the visit (spec section 4, 'End the visit'): completes its forms; a reason is required when a
 * section has no status (`reasonRequired`), optional otherwise.
 */
export function EndVisitDialog({
  subjectVisitId,
  reasonRequired,
  onClose,
}: {
  subjectVisitId: string;
  reasonRequired: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const end = useVisitAction(subjectVisitId, (message: string | null) => endVisit(subjectVisitId, message));
  return (
    <FormDialog
      title={t('dataEntry:end.title')}
      onClose={onClose}
      saving={end.isPending}
      submitLabel={t('dataEntry:end.submit')}
      fullScreenOnPhone
      onSubmit={() => {
        if (reasonRequired && reason.trim() === '') {
          setError(t('dataEntry:end.reasonRequired'));
          return;
        }
        end.mutate(reason.trim() || null, {
          onSuccess: onClose,
          onError: (e) => {
            if (!(e instanceof ApiError)) return;
            for (const x of e.errors) {
              if (x.path === 'completeMessage') setError(x.message);
              else toastError(x.message);
            }
          },
        });
      }}
    >
      <DialogContentText>{t('dataEntry:end.text')}</DialogContentText>
      <TextField
        label={t('dataEntry:end.reason')}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
        required={reasonRequired}
        autoFocus
        fullWidth
        multiline
        maxRows={3}
        margin="normal"
        error={Boolean(error)}
        helperText={error ?? (reasonRequired ? t('dataEntry:end.reasonRequired') : undefined)}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}
