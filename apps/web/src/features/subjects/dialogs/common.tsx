import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import i18n from 'i18next';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { common, FUTURE_DATE_MESSAGES, isFutureDate, todayIn } from '@edc/domain';

export type FutureDateKey = keyof typeof FUTURE_DATE_MESSAGES;

/** A required YYYY-MM-DD that is not in the future, with the spec's message in the interface language. */
export const pastDate = (key: FutureDateKey) =>
  common.isoDate.refine((d) => !isFutureDate(d), { message: FUTURE_DATE_MESSAGES[key][i18n.language === 'en' ? 'en' : 'ru'] });

/** Today on this device, YYYY-MM-DD. */
export const today = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

export const optionalText = z
  .string()
  .trim()
  .max(1000)
  .transform((v) => (v === '' ? null : v));

interface FieldProps<T extends FieldValues> {
  control: Control<T, unknown, FieldValues>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
}

/** A form field bound to react-hook-form (text, date, multiline or a select of options). */
export function FormField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  autoFocus,
  disabled,
  type = 'text',
  options,
  multiline,
  helperText,
}: FieldProps<T> & {
  type?: 'text' | 'date';
  options?: Array<{ value: string; label: string }>;
  multiline?: boolean;
  helperText?: string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={label}
          type={type}
          required={required}
          autoFocus={autoFocus}
          disabled={disabled}
          select={Boolean(options)}
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          maxRows={multiline ? 3 : undefined}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{
            inputLabel: type === 'date' ? { shrink: true } : undefined,
            htmlInput: type === 'date' ? { max: '9999-12-31' } : undefined,
          }}
        >
          {options?.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** A dialog holding a form: title, fields, Cancel and a submit button with a loading state. */
export function FormDialog({
  open,
  onClose,
  title,
  onSubmit,
  submitLabel,
  pending,
  children,
  submitColor = 'primary',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  onSubmit: () => void;
  submitLabel?: string;
  pending?: boolean;
  children: ReactNode;
  submitColor?: 'primary' | 'error';
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = `subject-dialog-${title.replace(/\W+/g, '-')}`;
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={submitColor} loading={pending}>
            {submitLabel ?? t('subjects:dialogs.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
