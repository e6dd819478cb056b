import { useMemo } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { SubjectWithVisits } from '@edc/domain';
import { api } from '../../../shared/api/client';
import { DateField } from '../../../shared/components/DateField';
import { PasswordField } from '../../../shared/components/PasswordField';
import { formResolver } from '../../../shared/forms/zodI18n';
import { useSubjectMutation } from '../api';
import { pastDate, quiet, showServerErrors, subjectNumber, todayText } from './common';
import { FormDialog } from '../../../shared/components/FormDialog';

/**
 * Signs an ended subject's participation (POST /Subjects/{id}/Sign) on the date given, with the signer's
 * password (an electronic signature, 21 CFR 11.200: the server verifies it; a wrong one lands on the field).
 */
export function SignDialog({ subject, onClose }: { subject: SubjectWithVisits; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => z.object({ signDate: pastDate('date'), password: z.string().min(1) }), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<z.input<typeof schema>>({
    resolver: formResolver(schema) as never,
    defaultValues: { signDate: todayText(), password: '' },
  });
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) => api.post(`/Subjects/${subject.id}/Sign`, { ...v, version: subject.version }, quiet),
    onClose,
  );
  return (
    <FormDialog
      fullScreenOnPhone
      open
      onClose={onClose}
      title={t('subjects:dialogs.sign', { number: subjectNumber(subject) })}
      submitLabel={t('subjects:menu.sign')}
      saving={save.isPending}
      onSubmit={form.handleSubmit((v) => save.mutate(v, { onError: (e) => showServerErrors(form, e, ['signDate', 'password']) }))}
    >
      <DialogContentText>{t('subjects:dialogs.signText')}</DialogContentText>
      <DateField control={form.control} name="signDate" label={t('subjects:fields.signDate')} required autoFocus />
      <PasswordField
        control={form.control}
        name="password"
        label={t('subjects:fields.signPassword')}
        autoComplete="current-password"
        required
      />
    </FormDialog>
  );
}
