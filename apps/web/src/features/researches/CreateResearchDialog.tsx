import Button from '@mui/material/Button';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { formResolver } from '../../shared/forms/zodI18n';
import { DesignDialog } from '../design/components/common';
import { useCreateResearch, type ResearchRead } from './api';
import { ResearchFields } from './ResearchFields';
import {
  CREATE_REQUIRED,
  EMPTY_RESEARCH,
  researchCreateForm,
  toCreateBody,
  type ResearchFormInput,
  type ResearchFormOutput,
} from './researchForm';

const resolver = formResolver(researchCreateForm);

/** The server's field errors (400 with a path) under their inputs; the toast has shown them already. */
export function showFieldErrors(error: unknown, setError: UseFormSetError<ResearchFormInput>) {
  if (!(error instanceof ApiError)) return;
  for (const e of error.errors) {
    if (e.path && e.path in EMPTY_RESEARCH) setError(e.path as keyof ResearchFormInput, { message: e.message });
  }
}

/** Create-research dialog (spec section 2): most fields required; the first protocol version comes along. */
export function CreateResearchDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (r: ResearchRead) => void }) {
  const { t } = useTranslation();
  const create = useCreateResearch();
  const form = useForm<ResearchFormInput, unknown, ResearchFormOutput>({ resolver, defaultValues: EMPTY_RESEARCH });
  return (
    <DesignDialog
      open
      onClose={onClose}
      maxWidth="md"
      title={t('researches:create')}
      onSubmit={form.handleSubmit((values) =>
        create.mutate(toCreateBody(values), {
          onSuccess: onCreated,
          onError: (error) => showFieldErrors(error, form.setError),
        }),
      )}
      actions={
        <>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('design:common.create')}
          </Button>
        </>
      }
    >
      <ResearchFields control={form.control} required={CREATE_REQUIRED} withIwrs />
    </DesignDialog>
  );
}
