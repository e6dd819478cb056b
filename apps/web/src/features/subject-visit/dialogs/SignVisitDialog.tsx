import { useState } from 'react';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_SIGNATURE_MEANING,
  FUTURE_DATE_MESSAGES,
  entryDateText,
  isFutureDate,
  localToday,
  maskEntryDate,
  parseEntryDate,
} from '@edc/domain';
import { ApiError, toastError } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/components/FormDialog';
import { PasswordToggle } from '../../../shared/components/PasswordField';
import { signVisit, useVisitAction } from '../api';

/**
 * Signing the visit (spec sections 4 and 5; 21 CFR 11.50, 11.200): the signer's password, the sign date
 * typed DD/MM/YYYY (today by default; an invalid date does nothing), the confirmation text, and first the
 * warning when a required form has no subject form yet (`missingRequired`: the titles of the page's
 * `missingRequiredFormList`, see docs/data-entry.md).
 */
export function SignVisitDialog({
  subjectVisitId,
  missingRequired,
  onClose,
}: {
  subjectVisitId: string;
  missingRequired: string[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [date, setDate] = useState(() => entryDateText(localToday()));
  const [errors, setErrors] = useState<{ password?: string; date?: string }>({});
  const meaning = DEFAULT_SIGNATURE_MEANING;
  const sign = useVisitAction(subjectVisitId, (v: { password: string; signDate: string }) =>
    signVisit(subjectVisitId, { ...v, meaning }),
  );
  const submit = () => {
    const parsed = parseEntryDate(date);
    const next: typeof errors = {};
    if (parsed === null || parsed === 'invalid') next.date = t('dataEntry:field.invalid');
    else if (isFutureDate(parsed)) next.date = FUTURE_DATE_MESSAGES.date[i18n.language.startsWith('en') ? 'en' : 'ru'];
    if (password === '') next.password = t('common:validation.required');
    setErrors(next);
    if (next.date || next.password) return;
    sign.mutate(
      { password, signDate: parsed as string },
      {
        onSuccess: () => onClose(),
        onError: (e) => {
          if (!(e instanceof ApiError)) return;
          for (const x of e.errors) {
            if (x.path === 'password' || x.code === 'password_incorrect') setErrors((s) => ({ ...s, password: x.message }));
            else if (x.path === 'signDate') setErrors((s) => ({ ...s, date: x.message }));
            else toastError(x.message);
          }
        },
      },
    );
  };
  return (
    <FormDialog
      title={t('dataEntry:sign.title')}
      onClose={onClose}
      onSubmit={submit}
      saving={sign.isPending}
      submitLabel={t('dataEntry:sign.submit')}
      fullScreenOnPhone
    >
      {missingRequired.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="missing-required">
          {t('dataEntry:sign.missingRequired', { forms: missingRequired.join(', ') })}
        </Alert>
      )}
      <DialogContentText>{t('dataEntry:sign.confirm')}</DialogContentText>
      <TextField
        label={t('dataEntry:sign.date')}
        value={date}
        onChange={(e) => {
          setDate(maskEntryDate(e.target.value));
          setErrors((s) => ({ ...s, date: undefined }));
        }}
        placeholder={t('dataEntry:field.datePlaceholder')}
        required
        fullWidth
        margin="normal"
        error={Boolean(errors.date)}
        helperText={errors.date ?? t('dataEntry:field.datePlaceholder')}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
      />
      <TextField
        label={t('dataEntry:sign.password')}
        type={visible ? 'text' : 'password'}
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setErrors((s) => ({ ...s, password: undefined }));
        }}
        autoFocus
        required
        fullWidth
        margin="normal"
        autoComplete="current-password"
        error={Boolean(errors.password)}
        helperText={errors.password ?? t('dataEntry:sign.passwordHint')}
        slotProps={{
          input: {
            endAdornment: <PasswordToggle visible={visible} onToggle={() => setVisible((v) => !v)} />,
          },
        }}
      />
      <DialogContentText variant="body2" sx={{ mt: 1 }}>
        {t('dataEntry:sign.meaning')}: {meaning}
      </DialogContentText>
    </FormDialog>
  );
}
