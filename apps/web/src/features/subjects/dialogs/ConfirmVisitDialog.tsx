import { useMemo } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { SubjectWithVisits } from '@edc/domain';
import { api } from '../../../shared/api/client';
import { DateField } from '../../../shared/components/DateField';
import { formResolver } from '../../../shared/forms/zodI18n';
import { useSubjectMutation } from '../api';
import { pastDate, quiet, showServerErrors, subjectNumber, todayText } from './common';
import { FormDialog } from '../../../shared/components/FormDialog';

/** Creates a subject visit from an empty matrix cell (POST /SubjectsVisit) on the date given. */
export function ConfirmVisitDialog({
  subject,
  visit,
  onClose,
}: {
  subject: SubjectWithVisits;
  visit: { id: string; title: string };
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => z.object({ date: pastDate('visitDate') }), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<z.input<typeof schema>>({ resolver: formResolver(schema) as never, defaultValues: { date: todayText() } });
  const save = useSubjectMutation(
    (v: z.output<typeof schema>) => api.post('/SubjectsVisit', { date: v.date, subjectId: subject.id, visitId: visit.id }, quiet),
    onClose,
  );
  return (
    <FormDialog
      fullScreenOnPhone
      open
      onClose={onClose}
      title={t('subjects:dialogs.confirmVisit', { visit: visit.title })}
      submitLabel={t('subjects:dialogs.confirm')}
      saving={save.isPending}
      onSubmit={form.handleSubmit((v) => save.mutate(v, { onError: (e) => showServerErrors(form, e, ['date']) }))}
    >
      <DialogContentText>{t('subjects:dialogs.confirmVisitText', { number: subjectNumber(subject) })}</DialogContentText>
      <DateField control={form.control} name="date" label={t('subjects:fields.visitDate')} required autoFocus />
    </FormDialog>
  );
}
