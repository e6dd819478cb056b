import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormMutations, type Form } from '../api';
import { InfoRow } from '../components/common';
import { InfoEditDialog } from '../components/InfoEditDialog';
import { FormInputs, formInputResolver, fromForm, toFormBody, type FormInput, type FormOutput } from './FormInputs';

/**
 * Form info (spec sections 2 and 4): the form's settings read-only, edited inline (view → edit →
 * confirm or cancel). A complete form's info cannot be edited. A refused save restores the stored
 * values (the server's message is shown as a toast).
 */
export function FormInfoDialog({ form, onClose, canEdit = true }: { form: Form | null; onClose: () => void; canEdit?: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const { update } = useFormMutations();
  const rhf = useForm<FormInput, unknown, FormOutput>({
    resolver: formInputResolver,
    values: form ? fromForm(form) : undefined,
  });
  if (!form) return null;
  const cancel = () => {
    rhf.reset(fromForm(form));
    setEditing(false);
  };
  const close = () => {
    cancel();
    onClose();
  };
  const yesNo = (v: boolean) => t(v ? 'design:common.yes' : 'design:common.no');
  return (
    <InfoEditDialog
      title={t('design:form.info', { title: form.title })}
      editing={editing}
      canEdit={canEdit && !form.complete}
      readOnlyNote={form.complete ? t('design:form.completeNoEdit') : undefined}
      pending={update.isPending}
      onEdit={() => setEditing(true)}
      onCancel={cancel}
      onClose={close}
      onSubmit={rhf.handleSubmit((v) =>
        update.mutate(
          { id: form.id, body: { ...toFormBody(v), updatedAt: form.updatedAt } },
          { onSuccess: () => setEditing(false), onError: cancel },
        ),
      )}
      edit={<FormInputs control={rhf.control} researchId={form.researchId} formTypeReadOnly />}
      view={
        <>
          <InfoRow label={t('design:form.title')}>{form.title}</InfoRow>
          <InfoRow label={t('design:form.formType')}>{form.formType.title}</InfoRow>
          <InfoRow label={t('design:form.formKey')}>{form.formKey}</InfoRow>
          <InfoRow label={t('design:form.roles')}>
            {form.employeeTypesList.map((r) => t(`enums:employeeType.${r}`)).join(', ')}
          </InfoRow>
          <InfoRow label={t('design:form.gender')}>{t(`design:gender.${form.genderString}`)}</InfoRow>
          <InfoRow label={t('design:form.isRequired')}>{yesNo(form.isRequired)}</InfoRow>
          <InfoRow label={t('design:form.repeating')}>{yesNo(form.repeating)}</InfoRow>
          <InfoRow label={t('design:common.versions')}>{form.researchVersionList.map((v) => v.index).join(', ') || null}</InfoRow>
          <InfoRow label={t('design:common.status')}>
            {t(form.complete ? 'design:common.complete' : 'design:common.inProgress')}
          </InfoRow>
        </>
      }
    />
  );
}
