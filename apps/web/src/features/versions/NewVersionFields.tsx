import type { Control, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate, type VersionIndex } from '@edc/domain';
import { DateField } from '../../shared/components/DateField';
import { RhfText } from '../design/components/common';
import type { ResearchVersion } from './api';
import { IndexFields } from './IndexFields';
import type { NewVersionInput, NewVersionOutput } from './newVersionForm';

/**
 * The inputs of a new research version, created empty or from an ODM file: the index (one of the offered
 * ones), the start date (not before the last version's) and the description.
 */
export function NewVersionFields({
  form,
  offered,
  last,
  autoFocus,
}: {
  form: UseFormReturn<NewVersionInput, unknown, NewVersionOutput>;
  offered: readonly VersionIndex[];
  /** The research's last version, if it has one. */
  last: ResearchVersion | undefined;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <IndexFields form={form} offered={offered} autoFocus={autoFocus} />
      <StartDateAndDescription
        control={form.control}
        dateHelperText={last ? t('versions:research.notBefore', { date: formatDisplayDate(last.startedDate) }) : undefined}
      />
    </>
  );
}

/** A research version's start date (typed as DD.MM.YYYY) and description. */
export function StartDateAndDescription<T extends { startedDate: string; description: string }>({
  control,
  dateHelperText,
  dateDisabled,
  focus,
}: {
  control: Control<T, unknown, FieldValues>;
  dateHelperText?: string;
  dateDisabled?: boolean;
  /** The input that takes the focus when the dialog opens, if one does. */
  focus?: 'date' | 'description';
}) {
  const { t } = useTranslation();
  return (
    <>
      <DateField
        control={control}
        name={'startedDate' as FieldPath<T>}
        required
        disabled={dateDisabled}
        label={t('versions:research.startedDate')}
        helperText={dateHelperText}
        autoFocus={focus === 'date'}
        fullWidth
        margin="dense"
      />
      <RhfText
        control={control}
        name={'description' as FieldPath<T>}
        label={t('versions:research.description')}
        multiline
        minRows={2}
        printCheck
        autoFocus={focus === 'description'}
      />
    </>
  );
}
