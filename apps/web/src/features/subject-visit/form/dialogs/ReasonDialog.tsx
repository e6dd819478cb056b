import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/components/FormDialog';

export interface ReasonRequest {
  kind: 'change' | 'clear' | 'status';
  /** The field's (or section's) name. */
  subject: string;
  oldText?: string;
  newText?: string;
  /** A title of its own (section status change). */
  title?: string;
}

/**
 * The reason for change (spec section 5): required, with the suggestion 'Ошибка ввода', in a box of up to
 * three rows (section 9). For a change it shows the previous and the new value; for a clearing what goes.
 */
export function ReasonDialog({ request, onAnswer }: { request: ReasonRequest; onAnswer: (reason: string | null) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const suggestion = t('dataEntry:reason.suggestion');
  const submit = () => {
    if (reason.trim() === '') {
      setError(true);
      return;
    }
    onAnswer(reason.trim());
  };
  const title =
    request.title ?? (request.kind === 'clear' ? t('dataEntry:reason.clearTitle') : t('dataEntry:reason.changeTitle'));
  return (
    <FormDialog
      title={title}
      onClose={() => onAnswer(null)}
      onSubmit={submit}
      submitLabel={request.kind === 'clear' ? t('dataEntry:reason.clearSubmit') : t('dataEntry:reason.submit')}
      submitColor={request.kind === 'clear' ? 'error' : 'primary'}
      fullScreenOnPhone
    >
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, mt: 0 }}>
        <Typography component="dt" color="text.secondary">
          {t('dataEntry:reason.field')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
          {request.subject}
        </Typography>
        {request.oldText !== undefined && (
          <>
            <Typography component="dt" color="text.secondary">
              {t('dataEntry:reason.old')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }} data-testid="reason-old">
              {request.oldText || '—'}
            </Typography>
          </>
        )}
        {request.newText !== undefined && (
          <>
            <Typography component="dt" color="text.secondary">
              {t('dataEntry:reason.new')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }} data-testid="reason-new">
              {request.newText || '—'}
            </Typography>
          </>
        )}
      </Box>
      {request.kind === 'clear' && <DialogContentText sx={{ mt: 1 }}>{t('dataEntry:reason.clearText')}</DialogContentText>}
      <TextField
        label={t('dataEntry:reason.reason')}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setError(false);
        }}
        required
        autoFocus
        fullWidth
        multiline
        maxRows={3}
        margin="normal"
        error={error}
        helperText={error ? t('common:validation.required') : undefined}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      <Chip
        label={suggestion}
        size="small"
        variant="outlined"
        onClick={() => {
          setReason(suggestion);
          setError(false);
        }}
      />
    </FormDialog>
  );
}
