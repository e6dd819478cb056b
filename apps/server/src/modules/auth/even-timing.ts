import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Replies of the calls that must not tell whether an e-mail has an account (restore, registration) take at
 * least this long. Both paths already do the same work; the floor hides what is left of the difference (one
 * insert, a mail handed to the mailer) and the noise of a loaded server. Well above the work's usual time.
 */
export const EVEN_REPLY_MS = { restore: 60, signUp: 120 } as const;

/** Runs `work` and answers (or fails) no sooner than `ms` after the start. */
export async function noSoonerThan<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = started + ms - performance.now();
    if (left > 0) await sleep(left);
  }
}
