import { useMemo } from 'react';
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

const randomiseSchema = () =>
  z.object({
    randomizationDate: pastDate('randomizationDate'),
    randomizationGroup: requiredText(100),
    randomizationNumber: requiredText(50),
  });

/** Randomises a screened subject (POST /Subjects/{id}/Randomise) into one of the research's groups. */
export function RandomiseDialog({
  subject,
  groups,
  onClose,
}: {
  subject: SubjectWithVisits;
  groups: string[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => randomiseSchema(), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<z.input<typeof schema>>({
    resolver: formResolver(schema) as never,
    defaultValues: { randomizationDate: todayText(), randomizationGroup: '', randomizationNumber: '' },
  });
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) => api.post(`/Subjects/${subject.id}/Randomise`, { ...v, version: subject.version }, quiet),
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
      <FormField
        control={form.control}
        name="randomizationGroup"
        label={t('subjects:fields.randomizationGroup')}
        required
        options={groups.map((g) => ({ value: g, label: g }))}
      />
      <FormField control={form.control} name="randomizationNumber" label={t('subjects:fields.randomizationNumber')} required />
    </FormDialog>
  );
}
