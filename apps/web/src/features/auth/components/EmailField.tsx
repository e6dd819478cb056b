import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/components/FormTextField';

export interface EmailFieldProps<T extends FieldValues & { email: string }> {
  control: Control<T, unknown, FieldValues>;
  /** `username` where the e-mail signs in (password managers pair it with the password), else `email`. */
  autoComplete: 'username' | 'email';
  autoFocus?: boolean;
}

/** The required e-mail field (`email`) of the public forms. */
export function EmailField<T extends FieldValues & { email: string }>({ control, autoComplete, autoFocus }: EmailFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      name={'email' as FieldPath<T>}
      label={t('auth:email')}
      type="email"
      autoComplete={autoComplete}
      required
      autoFocus={autoFocus}
    />
  );
}
