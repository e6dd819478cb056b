import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { normaliseDuration } from './durations';

/**
 * A hh:mm:ss duration bound to react-hook-form (hours may exceed 24): a plain text input, since a time input
 * stops at 23:59; leaving it writes what was typed in full ('1:30' becomes 01:30:00).
 */
export function DurationField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  required = true,
  autoFocus,
  normalise = normaliseDuration,
  placeholder,
}: {
  control: Control<T, unknown, FieldValues>;
  name: FieldPath<T>;
  label: string;
  helperText?: string;
  required?: boolean;
  autoFocus?: boolean;
  /** What leaving the input makes of the text (the schedule's start time has its own). */
  normalise?: (text: string) => string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          fullWidth
          margin="dense"
          name={field.name}
          label={label}
          required={required}
          autoFocus={autoFocus}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={() => {
            const text = (field.value as string | undefined) ?? '';
            const normal = normalise(text);
            if (normal !== text) field.onChange(normal);
            field.onBlur();
          }}
          inputRef={field.ref}
          placeholder={placeholder ?? t('timepoints:duration.placeholder')}
          autoComplete="off"
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { spellCheck: false, maxLength: 10 } }}
        />
      )}
    />
  );
}
