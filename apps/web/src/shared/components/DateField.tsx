import { useLayoutEffect, useRef, type ChangeEvent, type Ref } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { caretAfterMask, isoToText, maskDateText, normaliseDateText, parseDateText } from '@edc/domain';

export interface DateInputProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  helperText?: string;
  required?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  /** Layout as the other inputs of the form have it (design dialogs: full width, dense margin). */
  fullWidth?: boolean;
  margin?: TextFieldProps['margin'];
}

/**
 * A date typed as DD.MM.YYYY whatever the browser's language (a native date input follows the browser
 * locale): digits get their dots as they are typed, a pasted YYYY-MM-DD is turned round, and the calendar
 * button opens the browser's own date picker. The value is the text; the form's schema checks and converts it
 * (with parseDateText from @edc/domain; its texts are the common:date keys).
 */
export function DateInput({
  label,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  error,
  helperText,
  required,
  autoFocus,
  disabled,
  fullWidth,
  margin,
}: DateInputProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement | null>(null);
  const picker = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (caret.current !== null && input.current && document.activeElement === input.current) {
      input.current.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  }, [value]);

  const change = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const raw = e.target.value;
    const masked = maskDateText(raw);
    caret.current = caretAfterMask(raw, e.target.selectionStart ?? raw.length, masked);
    onChange(masked);
  };

  const openPicker = () => {
    const el = picker.current;
    if (!el) return;
    const parsed = parseDateText(value);
    el.value = parsed.kind === 'date' ? parsed.iso : '';
    try {
      el.showPicker();
    } catch {
      input.current?.focus();
    }
  };

  return (
    <TextField
      name={name}
      value={value}
      onChange={change}
      onBlur={() => {
        const normal = normaliseDateText(value);
        if (normal !== value) onChange(normal);
        onBlur?.();
      }}
      inputRef={(el: HTMLInputElement | null) => {
        input.current = el;
        if (typeof inputRef === 'function') inputRef(el);
        else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = el;
      }}
      label={label}
      required={required}
      autoFocus={autoFocus}
      disabled={disabled}
      fullWidth={fullWidth}
      margin={margin}
      error={Boolean(error)}
      helperText={error ?? helperText}
      placeholder={t('common:date.placeholder')}
      autoComplete="off"
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', maxLength: 10, 'data-date-input': true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                size="small"
                disabled={disabled}
                aria-label={t('common:date.pick', { field: label })}
                onClick={openPicker}
              >
                <CalendarMonthOutlined fontSize="small" />
              </IconButton>
              {/* The browser's picker only: out of sight and out of the tab order. */}
              <Box
                component="input"
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden="true"
                max="9999-12-31"
                onChange={(e: ChangeEvent<HTMLInputElement>) => {
                  if (e.target.value) onChange(isoToText(e.target.value));
                  input.current?.focus();
                }}
                sx={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, p: 0 }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** DateInput bound to react-hook-form; the field's value is the DD.MM.YYYY text. */
export function DateField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  autoFocus,
  disabled,
  helperText,
  fullWidth,
  margin,
}: {
  control: Control<T, unknown, FieldValues>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  helperText?: string;
  fullWidth?: boolean;
  margin?: TextFieldProps['margin'];
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <DateInput
          name={field.name}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={label}
          required={required}
          autoFocus={autoFocus}
          disabled={disabled}
          error={fieldState.error?.message}
          helperText={helperText}
          fullWidth={fullWidth}
          margin={margin}
        />
      )}
    />
  );
}
