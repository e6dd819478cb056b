import { useTranslation } from 'react-i18next';
import { useFormMutations, type Form } from '../api';
import { InfoRow } from '../components/common';
import { InfoEditDialog, useInlineEdit } from '../components/InfoEditDialog';
import { FormInputs, formInputResolver, fromForm, toFormBody } from './FormInputs';

/**
 * Form info (spec sections 2 and 4): the form's settings read-only, edited inline (view → edit →
 * confirm or cancel). A complete form's info cannot be edited. A refused save restores the stored
 * values (the server's message is shown as a toast).
 */
export function FormInfoDialog({ form, onClose, canEdit = true }: { form: Form | null; onClose: () => void; canEdit?: boolean }) {
  const { t } = useTranslation();
  const { update } = useFormMutations();
  const inline = useInlineEdit({ item: form, toInput: fromForm, resolver: formInputResolver, onClose });
  if (!form) return null;
  const yesNo = (v: boolean) => t(v ? 'design:common.yes' : 'design:common.no');
  return (
    <InfoEditDialog
      title={t('design:form.info', { title: form.title })}
      state={inline}
      canEdit={canEdit && !form.complete}
      readOnlyNote={form.complete ? t('design:form.completeNoEdit') : undefined}
      pending={update.isPending}
      onSubmit={inline.submit(update, (v) => ({ id: form.id, body: { ...toFormBody(v), updatedAt: form.updatedAt } }))}
      edit={<FormInputs control={inline.form.control} researchId={form.researchId} formTypeReadOnly />}
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
