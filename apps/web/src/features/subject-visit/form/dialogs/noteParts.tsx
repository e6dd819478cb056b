import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError, toastSuccess } from '../../../../shared/api/client';
import { afterNoteWrite, type NoteWhere } from '../../notesApi';

/** A note's text at most (spec: ItemNote entries; packages/domain noteText). */
export const NOTE_MAX = 4000;

/** The message of a failed call, in the user's language (the server's, or the network's). */
export const failureText = (e: unknown, t: TFunction) => (e instanceof ApiError ? e.message : t('common:errors.network'));

/**
 * A note write of a dialog: while it runs `saving`; on success the done message, the refresh of every place
 * that shows the note (afterNoteWrite) and `then`; on failure the server's message in `failure`, what was
 * typed staying — unless `recover` handles the error (and answers true).
 */
export function useNoteWrite(where: NoteWhere) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (
    write: () => Promise<unknown>,
    done: string,
    then: () => void,
    recover?: (e: unknown) => Promise<boolean>,
  ) => {
    setSaving(true);
    setFailure(null);
    try {
      await write();
      toastSuccess(done);
      void afterNoteWrite(qc, where);
      then();
    } catch (e) {
      if (!(recover && (await recover(e)))) setFailure(failureText(e, t));
    } finally {
      setSaving(false);
    }
  };
  return { saving, failure, run };
}

/**
 * Enter in a one-line input (a value, a radio, a checkbox) must not submit the dialog by accident: only the
 * dialog's buttons, and Ctrl+Enter in a text box, do.
 */
export function guardEnter(e: KeyboardEvent) {
  const target = e.target as HTMLElement;
  if (e.key === 'Enter' && target.tagName === 'INPUT' && !(e.ctrlKey || e.metaKey)) e.preventDefault();
}

/** The dialog's content with the Enter guard. */
export function NoteDialogBody({ children }: { children: ReactNode }) {
  return (
    <Box onKeyDown={guardEnter} sx={{ display: 'grid', gap: 1 }}>
      {children}
    </Box>
  );
}

/**
 * A note's text box (spec sections 5 and 9): required where `required`, up to three rows visible and growing
 * to them, 4000 characters; Ctrl+Enter submits the dialog's form; focused when the dialog opens.
 */
export function NoteTextField({
  label,
  value,
  onChange,
  error,
  required = true,
  autoFocus = true,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error: boolean;
  required?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          (e.target as HTMLElement).closest('form')?.requestSubmit();
        }
      }}
      required={required}
      autoFocus={autoFocus}
      disabled={disabled}
      fullWidth
      multiline
      minRows={1}
      maxRows={3}
      margin="dense"
      error={error}
      helperText={error ? t('notes:text.required') : value.length > NOTE_MAX - 200 ? `${value.length} / ${NOTE_MAX}` : undefined}
      slotProps={{ htmlInput: { maxLength: NOTE_MAX, 'data-testid': 'note-text' } }}
    />
  );
}

/** A failure kept beside what was typed. */
export function NoteFailure({ message }: { message: string | null }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" data-testid="note-error">
      {t('notes:error.failed', { message })}
    </Alert>
  );
}
