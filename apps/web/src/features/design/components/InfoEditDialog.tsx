import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { DesignDialog } from './common';

/**
 * An info dialog with inline edit (spec section 4): the values are shown read-only; Edit turns them
 * into inputs; Confirm saves, Cancel restores the shown values. The caller owns the form state.
 */
export function InfoEditDialog({
  title,
  editing,
  canEdit,
  readOnlyNote,
  pending,
  onEdit,
  onCancel,
  onClose,
  onSubmit,
  view,
  edit,
  extraActions,
}: {
  title: ReactNode;
  editing: boolean;
  canEdit: boolean;
  /** Why the values cannot be edited now (shown above them), if they cannot. */
  readOnlyNote?: string;
  pending: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onClose: () => void;
  onSubmit: (e: React.FormEvent) => void;
  view: ReactNode;
  edit: ReactNode;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <DesignDialog
      open
      onClose={onClose}
      title={title}
      onSubmit={onSubmit}
      actions={
        editing ? (
          <>
            <Button onClick={onCancel}>{t('common:actions.cancel')}</Button>
            <Button type="submit" variant="contained" loading={pending}>
              {t('design:common.confirm')}
            </Button>
          </>
        ) : (
          <>
            {extraActions}
            {canEdit && (
              <Button
                onClick={(e) => {
                  e.preventDefault();
                  onEdit();
                }}
              >
                {t('design:common.edit')}
              </Button>
            )}
            <Button variant="contained" onClick={onClose}>
              {t('common:actions.close')}
            </Button>
          </>
        )
      }
    >
      {!editing && readOnlyNote && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {readOnlyNote}
        </Alert>
      )}
      {editing ? (
        edit
      ) : (
        <Box component="dl" sx={{ m: 0 }}>
          {view}
        </Box>
      )}
    </DesignDialog>
  );
}
