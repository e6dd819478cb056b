import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../shared/api/client';

export interface ServerProblem {
  path?: string;
  message: string;
}

/**
 * Shows a failed call's errors in a dialog: each error whose `path` names one of `fields` goes under that
 * input (the first one focused); the others are returned, to be shown elsewhere in the dialog.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): ServerProblem[] {
  if (!(error instanceof ApiError)) return [{ message: error instanceof Error ? error.message : String(error) }];
  const rest: ServerProblem[] = [];
  let focused = false;
  for (const e of error.errors) {
    const field = fields.find((f) => f === e.path);
    if (field) {
      setError(field, { type: 'server', message: e.message }, { shouldFocus: !focused });
      focused = true;
    } else rest.push({ path: e.path, message: e.message });
  }
  return rest;
}

export const messagesOf = (problems: readonly ServerProblem[]): string[] => problems.map((p) => p.message);
