import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SCREENFAILER_REASON_SUGGESTIONS, type SubjectWithVisits } from '@edc/domain';
import { api } from '../../../shared/api/client';
import { DateField } from '../../../shared/components/DateField';
import { formResolver } from '../../../shared/forms/zodI18n';
import { useSubjectMutation } from '../api';
import { pastDate, quiet, requiredText, showServerErrors, subjectNumber, todayText } from './common';
import { FormDialog } from '../../../shared/components/FormDialog';

const endWithReasonSchema = () => z.object({ endDate: pastDate('date'), endReason: requiredText(1000) });

/**
 * Marks a screened subject as a screen failure (POST /Subjects/{id}/Failure): the date and a reason, typed
 * or picked from the usual ones.
 */
export function ScreenfailerDialog({ subject, onClose }: { subject: SubjectWithVisits; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => endWithReasonSchema(), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<z.input<typeof schema>>({
    resolver: formResolver(schema) as never,
    defaultValues: { endDate: todayText(), endReason: '' },
  });
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) => api.post(`/Subjects/${subject.id}/Failure`, { ...v, version: subject.version }, quiet),
    onClose,
  );
  return (
    <FormDialog
      fullScreenOnPhone
      open
      onClose={onClose}
      title={t('subjects:dialogs.screenfailer', { number: subjectNumber(subject) })}
      saving={save.isPending}
      onSubmit={form.handleSubmit((v) => save.mutate(v, { onError: (e) => showServerErrors(form, e, ['endDate', 'endReason']) }))}
    >
      <DateField control={form.control} name="endDate" label={t('subjects:fields.endDate')} required autoFocus />
      <Controller
        name="endReason"
        control={form.control}
        render={({ field, fieldState }) => (
          <Autocomplete
            freeSolo
            options={[...SCREENFAILER_REASON_SUGGESTIONS]}
            inputValue={field.value ?? ''}
            onInputChange={(_, value) => field.onChange(value)}
            renderInput={(params) => (
              <TextField
                {...params}
                name={field.name}
                inputRef={field.ref}
                onBlur={field.onBlur}
                label={t('subjects:fields.endReason')}
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
        )}
      />
    </FormDialog>
  );
}
