import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DesignDialog, SubmitActions } from './common';

/**
 * An info dialog with inline edit (spec section 4): the values are shown read-only; Edit turns them
 * into inputs; Confirm saves, Cancel restores the shown values. The caller owns the form state.
 */
export function InfoEditDialog({
  title,
  state,
  canEdit,
  readOnlyNote,
  pending,
  onSubmit,
  view,
  edit,
  extraActions,
}: {
  title: ReactNode;
  /** From `useInlineEdit`: whether the values are being edited, and the moves between view and edit. */
  state: Pick<InlineEdit, 'editing' | 'edit' | 'cancel' | 'close'>;
  canEdit: boolean;
  /** Why the values cannot be edited now (shown above them), if they cannot. */
  readOnlyNote?: string;
  pending: boolean;
  onSubmit: (e: React.FormEvent) => void;
  view: ReactNode;
  edit: ReactNode;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { editing, edit: onEdit, cancel: onCancel, close: onClose } = state;
  return (
    <DesignDialog
      open
      onClose={onClose}
      title={title}
      onSubmit={onSubmit}
      actions={
        editing ? (
          <SubmitActions onCancel={onCancel} pending={pending} label={t('design:common.confirm')} />
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

/** The part of an update mutation (TanStack Query) that an inline edit uses. */
interface UpdateMutation<Vars> {
  mutate: (vars: Vars, options: { onSuccess: () => void; onError: () => void }) => void;
}

/** The state of an info dialog with inline edit (see `useInlineEdit`). */
export interface InlineEdit<Input extends FieldValues = FieldValues, Output = Input> {
  form: UseFormReturn<Input, unknown, Output>;
  editing: boolean;
  edit: () => void;
  /** Restores the stored values and leaves editing. */
  cancel: () => void;
  /** Cancels, then closes the dialog. */
  close: () => void;
  /** The form's submit handler: saves with `update` (editing ends), a refused save restores the stored values. */
  submit: <Vars>(
    update: UpdateMutation<Vars>,
    toVars: (values: Output) => Vars,
  ) => (e?: React.BaseSyntheticEvent) => Promise<void>;
}

/**
 * The state of an info dialog with inline edit: the form holds `item`'s stored values (`toInput`), edited
 * and checked with `resolver`.
 */
export function useInlineEdit<Item, Input extends FieldValues, Output>({
  item,
  toInput,
  resolver,
  onClose,
}: {
  item: Item | null;
  toInput: (item: Item) => Input;
  resolver: Resolver<Input, unknown, Output>;
  onClose: () => void;
}): InlineEdit<Input, Output> {
  const [editing, setEditing] = useState(false);
  const form = useForm<Input, unknown, Output>({ resolver, values: item ? toInput(item) : undefined });
  const cancel = () => {
    if (item) form.reset(toInput(item));
    setEditing(false);
  };
  return {
    form,
    editing,
    edit: () => setEditing(true),
    cancel,
    close: () => {
      cancel();
      onClose();
    },
    submit: (update, toVars) =>
      form.handleSubmit((values) => update.mutate(toVars(values), { onSuccess: () => setEditing(false), onError: cancel })),
  };
}
