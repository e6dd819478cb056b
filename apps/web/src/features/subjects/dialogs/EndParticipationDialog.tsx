import { useMemo } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { SubjectWithVisits } from '@edc/domain';
import { api } from '../../../shared/api/client';
import { DateField } from '../../../shared/components/DateField';
import { formResolver } from '../../../shared/forms/zodI18n';
import { useSubjectMutation } from '../api';
import { FormField, pastDate, quiet, showServerErrors, subjectNumber, todayText } from './common';
import { FormDialog } from '../../../shared/components/FormDialog';

/** By protocol the reason is an optional comment; ahead of schedule it is required. */
const endSchema = () =>
  z
    .object({ kind: z.enum(['End', 'EndAheadSchedule']), endDate: pastDate('date'), endReason: z.string().trim().max(1000) })
    .superRefine((v, ctx) => {
      if (v.kind === 'EndAheadSchedule' && v.endReason === '')
        ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, input: '', path: ['endReason'], inclusive: true });
    });

/**
 * Ends a randomised subject's participation, by protocol (POST /Subjects/{id}/End) or ahead of schedule
 * (POST /Subjects/{id}/EndAheadSchedule).
 */
export function EndParticipationDialog({ subject, onClose }: { subject: SubjectWithVisits; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => endSchema(), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<z.input<typeof schema>>({
    resolver: formResolver(schema) as never,
    defaultValues: { kind: 'End', endDate: todayText(), endReason: '' },
  });
  const kind = form.watch('kind');
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) =>
      api.post(
        `/Subjects/${subject.id}/${v.kind}`,
        {
          endDate: v.endDate,
          endReason: v.endReason || null,
          version: subject.version,
        },
        quiet,
      ),
    onClose,
  );
  return (
    <FormDialog
      fullScreenOnPhone
      open
      onClose={onClose}
      title={t('subjects:dialogs.end', { number: subjectNumber(subject) })}
      saving={save.isPending}
      onSubmit={form.handleSubmit((v) => save.mutate(v, { onError: (e) => showServerErrors(form, e, ['endDate', 'endReason']) }))}
    >
      <Controller
        name="kind"
        control={form.control}
        render={({ field }) => (
          <FormControl sx={{ mt: 1 }}>
            <FormLabel id="end-kind-label">{t('subjects:dialogs.endKind')}</FormLabel>
            <RadioGroup row aria-labelledby="end-kind-label" name={field.name} value={field.value} onChange={field.onChange}>
              <FormControlLabel value="End" control={<Radio />} label={t('subjects:dialogs.endByProtocol')} />
              <FormControlLabel value="EndAheadSchedule" control={<Radio />} label={t('subjects:dialogs.endAhead')} />
            </RadioGroup>
          </FormControl>
        )}
      />
      <DateField control={form.control} name="endDate" label={t('subjects:fields.endDate')} required />
      <FormField
        control={form.control}
        name="endReason"
        label={kind === 'End' ? t('subjects:fields.comment') : t('subjects:fields.endReason')}
        required={kind !== 'End'}
        multiline
      />
    </FormDialog>
  );
}
