import { useState, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { SaveFailed } from '../components';

/**
 * The state of a card edited in place: the draft while editing (null otherwise), whether Save was pressed
 * (the fields show their problems from then on) and the failure of the last save.
 */
export function useInPlaceEdit<D>() {
  const [draft, setDraft] = useState<D | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const close = () => setDraft(null);
  return {
    draft,
    setDraft,
    submitted,
    failure,
    /** Edit from the stored values, with no marks and no failure of before. */
    start: (values: D) => {
      setFailure(null);
      setSubmitted(false);
      setDraft(values);
    },
    markSubmitted: () => setSubmitted(true),
    close,
    dismissFailure: () => setFailure(null),
    /**
     * Saves the changes: none closes the form; otherwise `mutate` runs with callbacks that close it once saved
     * or, when the server refuses, bring back the stored values (the card shows them) with its reasons.
     */
    saveChanges: (changes: object, mutate: (callbacks: { onSuccess: () => void; onError: (e: unknown) => void }) => void) => {
      if (Object.keys(changes).length === 0) {
        close();
        return;
      }
      mutate({
        onSuccess: close,
        onError: (e) => {
          close();
          setFailure(e);
        },
      });
    },
  };
}

export type InPlaceEdit<D> = ReturnType<typeof useInPlaceEdit<D>>;

/**
 * A card of details edited in place: what `children` show, or while editing the `fields` of the draft with
 * Cancel and Save; the failure of a save above either.
 */
export function EditInPlaceCard<D>({
  label,
  edit,
  saving,
  onSave,
  fields,
  children,
}: {
  /** The card's accessible name (a region). */
  label: string;
  edit: InPlaceEdit<D>;
  saving: boolean;
  onSave: () => void;
  fields: (draft: D) => ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ p: { xs: 2, sm: 3 }, mb: 3, maxWidth: 760 }}>
      {edit.failure !== null && <SaveFailed error={edit.failure} onClose={edit.dismissFailure} />}
      {edit.draft !== null ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSave();
          }}
        >
          {fields(edit.draft)}
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button onClick={edit.close} disabled={saving}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={saving}>
              {t('common:actions.save')}
            </Button>
          </Stack>
        </form>
      ) : (
        children
      )}
    </Paper>
  );
}

/** The card's Edit button (outlined, with a pencil). */
export function EditCardButton({ onClick, sx, children }: { onClick: () => void; sx?: ButtonProps['sx']; children: ReactNode }) {
  return (
    <Button variant="outlined" startIcon={<EditOutlined />} sx={sx} onClick={onClick}>
      {children}
    </Button>
  );
}
