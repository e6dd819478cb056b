import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { formResolver } from '../../../shared/forms/zodI18n';
import { useSubjectMutation } from '../api';
import {
  DETAIL_FIELDS,
  quiet,
  showServerErrors,
  SubjectDetailsFields,
  subjectDetailsSchema,
  todayText,
  type SubjectDetailsInput,
} from './common';
import { FormDialog } from '../../../shared/components/FormDialog';

/** Enrols a subject in the caller's centre (POST /Subjects); it starts as Started. */
export function CreateSubjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => subjectDetailsSchema(), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<SubjectDetailsInput>({
    resolver: formResolver(schema) as never,
    defaultValues: { genderString: '' as never, birthDate: '', screenDate: todayText(), screeningNumber: '', fullName: '' },
  });
  const save = useSubjectMutation(
    (v: z.output<ReturnType<typeof subjectDetailsSchema>>) => api.post('/Subjects', v, quiet),
    () => {
      form.reset();
      onClose();
    },
  );
  return (
    <FormDialog
      fullScreenOnPhone
      open={open}
      onClose={onClose}
      title={t('subjects:dialogs.create')}
      submitLabel={t('subjects:dialogs.create_submit')}
      saving={save.isPending}
      onSubmit={form.handleSubmit((v) =>
        save.mutate(v as never, {
          onError: (e) => showServerErrors(form, e, DETAIL_FIELDS),
        }),
      )}
    >
      <SubjectDetailsFields control={form.control} />
    </FormDialog>
  );
}
