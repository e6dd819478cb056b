import { MIN_PASSWORD_LENGTH } from '../constants.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

/** Whose password it is: what it must not be made of. */
export interface PasswordOwner {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  patronymic?: string | null;
}

export type PasswordProblemCode = 'short_password' | 'password_has_email' | 'password_has_name' | 'password_common';

/** Parts of a name or e-mail shorter than this are not looked for (an «Ян» may be part of any password). */
const MIN_PART = 3;

const fold = (s: string) => s.normalize('NFKC').toLowerCase().replaceAll('ё', 'е');

/**
 * The password policy beyond length (docs/security.md): at least MIN_PASSWORD_LENGTH characters; not the
 * e-mail and not containing its local part (before «@»); not containing the owner's first name, last name or
 * patronymic; not one of COMMON_PASSWORDS, and not one character or two repeated. Comparisons ignore case
 * and ё/е. Returns the first problem's code, or null when the password may be used.
 */
export function passwordProblem(password: string, owner: PasswordOwner = {}): PasswordProblemCode | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'short_password';
  const p = fold(password);
  const email = owner.email ? fold(owner.email.trim()) : '';
  const local = email.split('@')[0] ?? '';
  if (email && (p.includes(email) || (local.length >= MIN_PART && p.includes(local)))) return 'password_has_email';
  const names = [owner.firstName, owner.lastName, owner.patronymic]
    .map((n) => fold(n?.trim() ?? ''))
    .filter((n) => n.length >= MIN_PART);
  if (names.some((n) => p.includes(n))) return 'password_has_name';
  if (COMMON_PASSWORDS.has(p) || new Set(p).size <= 2) return 'password_common';
  return null;
}
