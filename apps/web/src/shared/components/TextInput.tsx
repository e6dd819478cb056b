import { useId, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface TextInputProps {
  label: ReactNode;
  name?: string;
  value: string;
  onChange?: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  /** A validation message; marks the field invalid. */
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  multiline?: boolean;
  minRows?: number;
  maxRows?: number;
  readOnly?: boolean;
  disabled?: boolean;
  endAdornment?: ReactNode;
  id?: string;
}

/**
 * A labelled outlined text input (label, helper and error wired with for/aria-describedby). It is
 * MUI's TextField without the select machinery, which keeps Menu, Popover and Modal out of the sign-in
 * bundle.
 */
export function TextInput({ label, error, helperText, required, id, endAdornment, readOnly, ...input }: TextInputProps) {
  const autoId = useId();
  const inputId = id ?? `input-${autoId}`;
  const helper = error ?? helperText;
  const helperId = helper ? `${inputId}-helper` : undefined;
  return (
    <FormControl fullWidth margin="normal" required={required} error={Boolean(error)} variant="outlined">
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        label={label}
        endAdornment={endAdornment}
        readOnly={readOnly}
        inputProps={{ 'aria-describedby': helperId, 'aria-invalid': Boolean(error) || undefined }}
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}
