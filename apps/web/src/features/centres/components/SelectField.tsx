import type { ReactNode } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { menuOptions } from './menuOptions';

/**
 * A full-width select of a form: its options from `options`, a validation message (`error`) in place of
 * the hint under it.
 */
export function SelectField<T>({
  label,
  value,
  onChange,
  options,
  optionLabel,
  optionValue,
  required,
  disabled,
  error,
  hint,
  margin = 'normal',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly T[];
  optionLabel: (option: T) => ReactNode;
  /** The option's value; the option itself (a string) by default. */
  optionValue?: (option: T) => string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  hint?: string;
  margin?: TextFieldProps['margin'];
}) {
  return (
    <TextField
      select
      fullWidth
      required={required}
      margin={margin}
      label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? hint}
    >
      {menuOptions(options, optionLabel, optionValue)}
    </TextField>
  );
}
