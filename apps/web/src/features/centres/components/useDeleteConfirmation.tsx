import { useState } from 'react';
import { ConfirmDialog } from '../components';

/** The part of a delete mutation (TanStack Query) that the confirmation uses. */
interface DeleteMutation {
  mutate: (id: string, options: { onSuccess: () => void }) => void;
  isPending: boolean;
}

/**
 * Deleting a row after "Вы уверены…?": `ask(row)` opens the confirmation, confirming deletes the row by its
 * id with `remove` and closes it once deleted; a failed delete leaves it open. Render `dialog` once.
 */
export function useDeleteConfirmation<T extends { id: string }>(remove: DeleteMutation) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const dialog = (
    <ConfirmDialog
      open={deleting !== null}
      loading={remove.isPending}
      onClose={() => setDeleting(null)}
      onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
    />
  );
  return { ask: setDeleting as (row: T) => void, dialog };
}
