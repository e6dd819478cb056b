import { checkMask, isValidRegExMask, unprintableCharacters } from '@edc/domain';
import { badRequest, conflict } from '../../../platform/http/errors.js';

/** The print-font check of spec section 5 on the named text inputs; the first offender answers 400. */
export function assertPrintable(input: object, keys: readonly string[]): void {
  const values = input as Record<string, unknown>;
  for (const key of keys) {
    const value = values[key];
    if (typeof value !== 'string') continue;
    const bad = unprintableCharacters(value);
    if (bad.length > 0) throw badRequest('unprintable_characters', key, { chars: bad.join(' ') });
  }
}

/** Optimistic concurrency on PUT: the client's `updatedAt` must be the stored one. */
export function assertFresh(stored: Date, sent: string | undefined): void {
  if (sent !== undefined && new Date(sent).getTime() !== stored.getTime()) throw conflict('conflict', 'updatedAt');
}

export function assertMask(mask: string | null | undefined, path = 'mask'): void {
  if (!mask) return;
  const check = checkMask(mask);
  if (!check.ok) throw badRequest('invalid_mask', path, { position: check.position ?? 0 });
}

export function assertRegExMask(pattern: string | null | undefined, path = 'regExMask'): void {
  if (pattern && !isValidRegExMask(pattern)) throw badRequest('invalid_regex', path);
}

export const iso = (d: Date) => d.toISOString();
