import TextField from '@mui/material/TextField';

/** A full-width date input of the browser (its value YYYY-MM-DD), the label kept above; `error` is shown under it. */
export function IsoDateField({
  label,
  value,
  onChange,
  required,
  error,
}: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  required?: boolean;
  error?: string;
}) {
  return (
    <TextField
      type="date"
      fullWidth
      required={required}
      margin="normal"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      error={Boolean(error)}
      helperText={error}
    />
  );
}
