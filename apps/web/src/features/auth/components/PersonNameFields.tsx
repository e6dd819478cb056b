import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/components/FormTextField';

type PersonName = { lastName: string; firstName: string; patronymic?: string | null };

export interface PersonNameFieldsProps<T extends FieldValues & PersonName> {
  control: Control<T, unknown, FieldValues>;
  /** Focus the last name (the first field of the form). */
  autoFocus?: boolean;
}

/** Last name, first name (both required) and patronymic of a person, as the user writes them. */
export function PersonNameFields<T extends FieldValues & PersonName>({ control, autoFocus }: PersonNameFieldsProps<T>) {
  const { t } = useTranslation();
  const field = (name: keyof PersonName) => name as FieldPath<T>;
  return (
    <>
      <FormTextField
        control={control}
        name={field('lastName')}
        label={t('identity:lastName')}
        required
        autoFocus={autoFocus}
        autoComplete="family-name"
      />
      <FormTextField
        control={control}
        name={field('firstName')}
        label={t('identity:firstName')}
        required
        autoComplete="given-name"
      />
      <FormTextField
        control={control}
        name={field('patronymic')}
        label={t('identity:patronymic')}
        autoComplete="additional-name"
      />
    </>
  );
}
