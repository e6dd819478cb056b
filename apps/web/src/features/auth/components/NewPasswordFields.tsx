import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../shared/components/PasswordField';

export interface NewPasswordFieldsProps<T extends FieldValues & { repeat: string }> {
  control: Control<T, unknown, FieldValues>;
  /** The field of the new password; its confirmation is always `repeat` (see passwordSchemas). */
  name: FieldPath<T>;
  autoFocus?: boolean;
}

/** A new password with its rule under it, then the same password again, each with a show/hide toggle. */
export function NewPasswordFields<T extends FieldValues & { repeat: string }>({
  control,
  name,
  autoFocus,
}: NewPasswordFieldsProps<T>) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        control={control}
        name={name}
        label={t('auth:newPassword')}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        helperText={t('auth:passwordHint')}
      />
      <PasswordField
        control={control}
        name={'repeat' as FieldPath<T>}
        label={t('auth:repeatPassword')}
        autoComplete="new-password"
        required
      />
    </>
  );
}
