import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormMutations, type Form } from '../api';
import { DesignDialog, SubmitActions } from '../components/common';
import { FormInputs, formInputResolver, NEW_FORM, toFormBody, type FormInput, type FormOutput } from './FormInputs';

/** Create a form in a visit (spec section 5, "Form creation"); existing forms are edited in their info dialog. */
export function FormDialog({
  open,
  onClose,
  visitId,
  researchId,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  visitId: string;
  researchId: string;
  onCreated?: (form: Form) => void;
}) {
  const { t } = useTranslation();
  const { create } = useFormMutations();
  const rhf = useForm<FormInput, unknown, FormOutput>({ resolver: formInputResolver, defaultValues: NEW_FORM });
  const close = () => {
    rhf.reset(NEW_FORM);
    onClose();
  };
  return (
    <DesignDialog
      open={open}
      onClose={close}
      title={t('design:form.create')}
      onSubmit={rhf.handleSubmit((v) =>
        create.mutate(
          { visitId, ...toFormBody(v) },
          {
            onSuccess: (f) => {
              close();
              onCreated?.(f);
            },
          },
        ),
      )}
      actions={<SubmitActions onCancel={close} pending={create.isPending} />}
    >
      <FormInputs control={rhf.control} researchId={researchId} />
    </DesignDialog>
  );
}
