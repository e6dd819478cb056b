import './i18n';
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { EmergencyUnblinding, SubjectWithVisits } from '@edc/domain';
import { api } from '../../shared/api/client';
import { FormDialog } from '../../shared/components/FormDialog';
import { PasswordField } from '../../shared/components/PasswordField';
import { FormTextField } from '../../shared/components/FormTextField';
import { formResolver } from '../../shared/forms/zodI18n';
import { quiet, showServerErrors } from '../subjects/dialogs/common';
import { useIwrsMutation } from './api';

/**
 * Emergency unblinding (docs/iwrs.md): the principal investigator gives a reason and re-enters the
 * password, as for a signature; the answer shows the subject's group once, to them.
 */
export function EmergencyUnblindDialog({ subject, onClose }: { subject: SubjectWithVisits; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [result, setResult] = useState<EmergencyUnblinding | null>(null);
  const schema = useMemo(
    () => z.object({ reason: z.string().trim().min(1).max(1000), password: z.string().min(1) }),
    // The messages follow the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.language],
  );
  const form = useForm<z.input<typeof schema>>({
    resolver: formResolver(schema) as never,
    defaultValues: { reason: '', password: '' },
  });
  const save = useIwrsMutation((v: z.output<typeof schema>) =>
    api.post<EmergencyUnblinding>(`/Subjects/${subject.id}/EmergencyUnblind`, v, quiet).then((r) => r.data),
  );
  if (result) {
    return (
      <Dialog open onClose={onClose} aria-labelledby="unblinded-title">
        <DialogTitle id="unblinded-title">{t('iwrs:unblinding.doneTitle', { number: subject.screeningNumber })}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" data-testid="unblinded-group">
            {t('iwrs:unblinding.disclosed', { group: result.randomizationGroup, number: result.randomizationNumber ?? '—' })}
          </Alert>
          <DialogContentText sx={{ mt: 2 }}>{t('iwrs:unblinding.recorded')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('iwrs:common.close')}</Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <FormDialog
      fullScreenOnPhone
      open
      onClose={onClose}
      title={t('iwrs:unblinding.title', { number: subject.screeningNumber })}
      submitLabel={t('iwrs:unblinding.submit')}
      saving={save.isPending}
      onSubmit={form.handleSubmit((v) =>
        save.mutate(v, {
          onSuccess: (r) => setResult(r as EmergencyUnblinding),
          onError: (e) => showServerErrors(form, e, ['reason', 'password']),
        }),
      )}
    >
      <DialogContentText>{t('iwrs:unblinding.text')}</DialogContentText>
      <FormTextField
        control={form.control}
        name="reason"
        label={t('iwrs:unblinding.reason')}
        required
        multiline
        minRows={2}
        autoFocus
      />
      <PasswordField
        control={form.control}
        name="password"
        label={t('iwrs:unblinding.password')}
        autoComplete="current-password"
        required
      />
    </FormDialog>
  );
}
