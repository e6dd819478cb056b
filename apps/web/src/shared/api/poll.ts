import type { Query } from '@tanstack/react-query';
import { ApiError } from './client';

/** Work in the background (jobs, audit verifications) is read every second while it is open. */
export const JOB_POLL_MS = 1000;

/** Queued or Running: still open. */
export const isOpen = (status: string) => status === 'Queued' || status === 'Running';

/** A refusal (gone, not ours) ends the polling; a lost connection or a server error does not. */
const refused = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** A query's refetchInterval: every JOB_POLL_MS while `open` says its data is still open. */
export function pollWhile<T>(open: (data: T) => boolean) {
  return (query: Query<T, Error, T, readonly unknown[]>) => {
    if (refused(query.state.error)) return false;
    const data = query.state.data;
    return data !== undefined && open(data) ? JOB_POLL_MS : false;
  };
}
