import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { SubjectWithVisits } from '@edc/domain';
import { api } from '../../../shared/api/client';
import { DateField } from '../../../shared/components/DateField';
import { formResolver } from '../../../shared/forms/zodI18n';
import { useSubjectMutation } from '../api';
import {
  FormField,
  pastDate,
  quiet,
  RANDOMISATION_FIELDS,
  requiredText,
  showServerErrors,
  subjectNumber,
  todayText,
} from './common';
import { FormDialog } from '../../../shared/components/FormDialog';

/** With IWRS the server draws the group and the number from the randomisation list: only the date is asked. */
const randomiseSchema = (withIwrs: boolean) =>
  withIwrs
    ? z.object({
        randomizationDate: pastDate('randomizationDate'),
        randomizationGroup: z.string().optional(),
        randomizationNumber: z.string().optional(),
      })
    : z.object({
        randomizationDate: pastDate('randomizationDate'),
        randomizationGroup: requiredText(100),
        randomizationNumber: requiredText(50),
      });

/**
 * Randomises a screened subject (POST /Subjects/{id}/Randomise): into one of the research's groups typed
 * in by the user, or, in a research with IWRS, with the next entry of the randomisation list.
 */
export function RandomiseDialog({
  subject,
  groups,
  withIwrs = false,
  onClose,
}: {
  subject: SubjectWithVisits;
  groups: string[];
  withIwrs?: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => randomiseSchema(withIwrs), [i18n.language, withIwrs]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<z.input<typeof schema>>({
    resolver: formResolver(schema) as never,
    defaultValues: { randomizationDate: todayText(), randomizationGroup: '', randomizationNumber: '' },
  });
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) =>
      api.post(
        `/Subjects/${subject.id}/Randomise`,
        withIwrs ? { randomizationDate: v.randomizationDate, version: subject.version } : { ...v, version: subject.version },
        quiet,
      ),
    onClose,
  );
  return (
    <FormDialog
      fullScreenOnPhone
      open
      onClose={onClose}
      title={t('subjects:dialogs.randomise', { number: subjectNumber(subject) })}
      saving={save.isPending}
      onSubmit={form.handleSubmit((v) => save.mutate(v, { onError: (e) => showServerErrors(form, e, RANDOMISATION_FIELDS) }))}
    >
      <DateField
        control={form.control}
        name="randomizationDate"
        label={t('subjects:fields.randomizationDate')}
        required
        autoFocus
      />
      {withIwrs ? (
        <Alert severity="info">{t('subjects:dialogs.randomiseFromList')}</Alert>
      ) : (
        <>
          <FormField
            control={form.control}
            name="randomizationGroup"
            label={t('subjects:fields.randomizationGroup')}
            required
            options={groups.map((g) => ({ value: g, label: g }))}
          />
          <FormField
            control={form.control}
            name="randomizationNumber"
            label={t('subjects:fields.randomizationNumber')}
            required
          />
        </>
      )}
    </FormDialog>
  );
}
