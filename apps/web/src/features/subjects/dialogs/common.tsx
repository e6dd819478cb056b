import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import i18n from 'i18next';
import { Controller, type Control, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  FUTURE_DATE_MESSAGES,
  isFutureDate,
  isoToText,
  MIN_DATE_TEXT_YEAR,
  parseDateText,
  localToday,
  subjectGender,
  type SubjectWithVisits,
} from '@edc/domain';
import { ApiError, toastError } from '../../../shared/api/client';
import { DateField } from '../../../shared/components/DateField';

export type FutureDateKey = keyof typeof FUTURE_DATE_MESSAGES;

const language = () => (i18n.language?.startsWith('en') ? 'en' : 'ru');

/**
 * A required date typed as DD.MM.YYYY, checked when the form is submitted and sent as YYYY-MM-DD: a clear
 * message for text that is not a date or a date no calendar has, and the spec's message (section 5) for a
 * date in the future.
 */
export const pastDate = (key: FutureDateKey) =>
  z.string().transform((text, ctx) => {
    const parsed = parseDateText(text);
    if (parsed.kind === 'date') {
      if (!isFutureDate(parsed.iso)) return parsed.iso;
      ctx.addIssue({ code: 'custom', message: FUTURE_DATE_MESSAGES[key][language()] });
      return z.NEVER;
    }
    const message =
      parsed.kind === 'empty'
        ? i18n.t('common:validation.required')
        : parsed.kind === 'format'
          ? i18n.t('common:date.format')
          : parsed.kind === 'year'
            ? i18n.t('common:date.year', { year: MIN_DATE_TEXT_YEAR })
            : i18n.t('common:date.impossible', { value: text.trim() });
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** The user's today as a date field starts: DD.MM.YYYY. */
export const todayText = () => isoToText(localToday());

/**
 * The server's refusals on the fields they name (`path`), the others as toasts. For calls made with
 * quietErrors, so that no message is shown twice.
 */
export function showServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  error: unknown,
  fields: readonly FieldPath<T>[],
): void {
  if (!(error instanceof ApiError)) return;
  for (const e of error.errors) {
    const field = fields.find((f) => f === e.path);
    if (field) form.setError(field, { type: 'server', message: e.message }, { shouldFocus: true });
    else toastError(e.message);
  }
}

export const optionalText = z
  .string()
  .trim()
  .max(1000)
  .transform((v) => (v === '' ? null : v));

/** Required text of at most `max` characters. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** How the dialogs name a subject: by its screening number. */
export const subjectNumber = (s: SubjectWithVisits) => s.screeningNumber;

/** Writes answer with field errors on the fields (showServerErrors); the rest become toasts there. */
export const quiet = { quietErrors: true } as const;

/** The fields of a randomisation, as the server names them in its errors. */
export const RANDOMISATION_FIELDS = ['randomizationDate', 'randomizationGroup', 'randomizationNumber'] as const;

/** The subject's details, as the server names them in its errors. */
export const DETAIL_FIELDS = ['genderString', 'birthDate', 'screenDate', 'screeningNumber', 'fullName'] as const;

/** The subject's details as entered on creation and when edited (POST /Subjects, PUT /Subjects/{id}/). */
export const subjectDetailsSchema = () =>
  z.object({
    genderString: subjectGender,
    birthDate: pastDate('date'),
    screenDate: pastDate('screenDate'),
    screeningNumber: requiredText(50),
    fullName: optionalText,
  });
export type SubjectDetailsInput = z.input<ReturnType<typeof subjectDetailsSchema>>;

interface FieldProps<T extends FieldValues> {
  control: Control<T, unknown, FieldValues>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
}

/** A form field bound to react-hook-form (text, multiline or a select of options); dates use DateField. */
export function FormField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  autoFocus,
  disabled,
  options,
  multiline,
  helperText,
}: FieldProps<T> & {
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
          required={required}
          autoFocus={autoFocus}
          disabled={disabled}
          select={Boolean(options)}
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          maxRows={multiline ? 3 : undefined}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
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

/** Label and value pairs as a description list (two columns from sm up); an empty value shows a dash. */
export function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, columnGap: 2, rowGap: 0.5, my: 1 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The subject's detail fields, in the order the create and edit forms show them. */
export function SubjectDetailsFields({ control }: { control: Control<SubjectDetailsInput, unknown, FieldValues> }) {
  const { t } = useTranslation();
  return (
    <>
      <FormField control={control} name="screeningNumber" label={t('subjects:fields.screeningNumber')} required autoFocus />
      <DateField control={control} name="screenDate" label={t('subjects:fields.screenDate')} required />
      <FormField
        control={control}
        name="genderString"
        label={t('subjects:fields.gender')}
        required
        options={(['Male', 'Female'] as const).map((g) => ({ value: g, label: t(`subjects:gender.${g}`) }))}
      />
      <DateField control={control} name="birthDate" label={t('subjects:fields.birthDate')} required />
      <FormField control={control} name="fullName" label={t('subjects:fields.fullName')} />
    </>
  );
}
