import { useEffect, useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { unprintableCharacters, unprintableMessage } from '@edc/domain';
import { ApiError } from '../../../shared/api/client';
import { Loading } from '../../../shared/components/Loading';
import { currentLanguage } from '../../../app/i18n';
import type { ResearchVersion } from '../api';
import '../i18n';

/** The server's message of a failed call (shown in the dialog that made it), or null. */
export const errorText = (e: unknown): string | null => (e ? (e instanceof ApiError ? e.message : String(e)) : null);

/** Point chips: the first 6, then "+N" (spec section 9). */
export const MAX_POINT_CHIPS = 6;

export function PointChips({ points }: { points: readonly string[] }) {
  const { t } = useTranslation();
  if (points.length === 0) return null;
  const shown = points.slice(0, MAX_POINT_CHIPS);
  const more = points.length - shown.length;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label={t('design:visit.pointList')} role="list">
      {shown.map((p) => (
        <Chip key={p} label={p} size="small" role="listitem" />
      ))}
      {more > 0 && (
        <Chip
          label={`+${more}`}
          size="small"
          variant="outlined"
          role="listitem"
          title={points.slice(MAX_POINT_CHIPS).join(', ')}
          aria-label={t('design:common.morePoints', { count: more })}
        />
      )}
    </Box>
  );
}

/** Loading, error (with retry) and empty states of a query-backed block. */
export function QueryState({
  loading,
  error,
  errorText,
  onRetry,
  empty,
  emptyText,
  children,
}: {
  loading: boolean;
  error: boolean;
  errorText: string;
  onRetry?: () => void;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (loading) return <Loading />;
  if (error)
    return (
      <Alert
        severity="error"
        action={
          onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('common:actions.retry')}
            </Button>
          )
        }
      >
        {errorText}
      </Alert>
    );
  if (empty)
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} role="status">
        {emptyText}
      </Typography>
    );
  return <>{children}</>;
}

/** The part of a query (TanStack Query) that `QueryBlock` shows the state of. */
interface ShownQuery {
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** `QueryState` of one query: its loading and error states, the latter with a retry. */
export function QueryBlock({
  query,
  ...rest
}: { query: ShownQuery } & Omit<Parameters<typeof QueryState>[0], 'loading' | 'error' | 'onRetry'>) {
  return <QueryState loading={query.isLoading} error={query.isError} onRetry={() => void query.refetch()} {...rest} />;
}

export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
  pending,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={pending} autoFocus>
          {confirmLabel ?? t('design:common.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The part of a delete mutation (TanStack Query) that a delete confirmation uses. */
interface DeleteMutation {
  mutate: (id: string, options: { onSuccess: () => void }) => void;
  isPending: boolean;
}

/**
 * "Delete …?" for the row in `item` (open while there is one): confirming deletes it by its id with `remove`,
 * then `onDeleted` runs and the dialog closes; a failed delete leaves it open.
 */
export function DeleteDialog<T extends { id: string }>({
  item,
  title,
  text,
  remove,
  onClose,
  onDeleted,
}: {
  item: T | null;
  title: string;
  text: string;
  remove: DeleteMutation;
  onClose: () => void;
  onDeleted?: (item: T) => void;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      text={text}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        item &&
        remove.mutate(item.id, {
          onSuccess: () => {
            onDeleted?.(item);
            onClose();
          },
        })
      }
    />
  );
}

/**
 * Deleting a row after "Delete …?": `ask(row)` opens the confirmation (`text` names the row), confirming
 * deletes it with `remove`, then `onDeleted` runs and the confirmation closes. Render `dialog` once.
 */
export function useDeleteDialog<T extends { id: string }>(
  remove: DeleteMutation,
  { title, text, onDeleted }: { title: string; text: (item: T | null) => string; onDeleted?: (item: T) => void },
) {
  const [item, setItem] = useState<T | null>(null);
  const dialog = (
    <DeleteDialog
      item={item}
      title={title}
      text={text(item)}
      remove={remove}
      onClose={() => setItem(null)}
      onDeleted={onDeleted}
    />
  );
  return { ask: setItem as (item: T) => void, dialog };
}

/** The actions of a dialog holding a form: Cancel, then the submit button (Create unless named otherwise). */
export function SubmitActions({
  onCancel,
  pending,
  label,
  disabled,
  cancelDisabled,
}: {
  onCancel: () => void;
  pending: boolean;
  label?: string;
  disabled?: boolean;
  cancelDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button onClick={onCancel} disabled={cancelDisabled}>
        {t('common:actions.cancel')}
      </Button>
      <Button type="submit" variant="contained" loading={pending} disabled={disabled}>
        {label ?? t('design:common.create')}
      </Button>
    </>
  );
}

/** A dialog that is full-screen on phones. */
export function DesignDialog({
  open,
  onClose,
  title,
  children,
  actions,
  onSubmit,
  maxWidth = 'sm',
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  actions: ReactNode;
  onSubmit?: (e: React.FormEvent) => void;
  maxWidth?: 'sm' | 'md' | 'lg';
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  // One id per dialog: a closing dialog and the next one can be in the page together, and a shared id would
  // give the new one the old one's name.
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      slotProps={{ paper: onSubmit ? ({ component: 'form', onSubmit, noValidate: true } as object) : undefined }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
}

/**
 * The print-font check (spec section 5): after 500 ms without typing, characters the print font
 * cannot render are listed under the input. It warns; it does not block saving.
 */
export function usePrintWarning(value: unknown): string | undefined {
  const [warning, setWarning] = useState<string | undefined>();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const bad = unprintableCharacters(typeof value === 'string' ? value : '');
      setWarning(bad.length ? unprintableMessage(bad, currentLanguage()) : undefined);
    }, 500);
    return () => window.clearTimeout(timer);
  }, [value]);
  return warning;
}

type RhfTextProps<T extends FieldValues> = Omit<TextFieldProps, 'name'> & {
  name: FieldPath<T>;
  control: Control<T, unknown, FieldValues>;
  /** Run the print-font check on this text. */
  printCheck?: boolean;
};

function PrintHelper({ value, helper }: { value: unknown; helper?: ReactNode }) {
  const warning = usePrintWarning(value);
  if (!warning) return <>{helper}</>;
  return (
    <Box component="span" sx={{ color: 'warning.dark' }} data-testid="print-warning">
      {warning}
    </Box>
  );
}

/** A MUI TextField bound to react-hook-form (also a select when `select` and children are given). */
export function RhfText<T extends FieldValues>({ name, control, printCheck, helperText, ...rest }: RhfTextProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          fullWidth
          margin="dense"
          {...rest}
          name={field.name}
          value={(field.value as unknown) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={
            fieldState.error?.message ?? (printCheck ? <PrintHelper value={field.value} helper={helperText} /> : helperText)
          }
        />
      )}
    />
  );
}

/** Checkboxes bound to react-hook-form, side by side and wrapping. */
export function RhfCheckboxes<T extends FieldValues>({
  control,
  names,
  label,
}: {
  control: Control<T, unknown, FieldValues>;
  names: readonly FieldPath<T>[];
  label: (name: FieldPath<T>) => string;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      {names.map((name) => (
        <Controller
          key={name}
          name={name}
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
              label={label(name)}
            />
          )}
        />
      ))}
    </Box>
  );
}

/** A plain (uncontrolled by react-hook-form) TextField with the print-font check under it. */
export function PrintTextField({ value, helperText, ...rest }: TextFieldProps & { value: string }) {
  return <TextField {...rest} value={value} helperText={<PrintHelper value={value} helper={helperText} />} />;
}

/** Research-version filter used on the visits and visit forms pages. */
export function VersionFilter({
  versions,
  value,
  onChange,
}: {
  versions: ResearchVersion[] | undefined;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('design:common.versionFilter')}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || null)}
      fullWidth={false}
      margin="none"
      sx={{ width: { xs: '100%', sm: 220 } }}
    >
      <MenuItem value="">{t('design:common.allVersions')}</MenuItem>
      {(versions ?? []).map((v) => (
        <MenuItem key={v.id} value={v.id}>
          {t('design:common.versionN', { index: v.index })}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A read-only definition list row of the info dialogs. */
export function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ py: 0.75 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children ?? '—'}
      </Box>
    </Box>
  );
}

/** A comma- or line-separated list typed as text (point labels). */
export const splitList = (text: string): string[] =>
  text
    .split(/[\n,;]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
