import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.js';
import { passwordProblem } from './password-policy.js';

const owner = { email: 'Ivan.Petrov@example.test', firstName: 'Иван', lastName: 'Petrov', patronymic: 'Сергеевич' };

describe('password policy', () => {
  it('ships a few hundred common passwords, all long enough to need the list', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(250);
    for (const p of COMMON_PASSWORDS) expect(p.length).toBeGreaterThanOrEqual(8);
  });

  it('refuses short, e-mail, name and common passwords; ignores case and ё', () => {
    expect(passwordProblem('short', owner)).toBe('short_password');
    expect(passwordProblem('ivan.petrov@example.test', owner)).toBe('password_has_email');
    expect(passwordProblem('IVAN.PETROV-2026', owner)).toBe('password_has_email');
    expect(passwordProblem('my-petrov-key', owner)).toBe('password_has_name');
    expect(passwordProblem('ИВАН-и-марья', owner)).toBe('password_has_name');
    expect(passwordProblem('сергеевич-77', owner)).toBe('password_has_name');
    expect(passwordProblem('Password123', owner)).toBe('password_common');
    expect(passwordProblem('ЙЦУКЕНГШ', owner)).toBe('password_common');
    expect(passwordProblem('abababab', owner)).toBe('password_common');
    expect(passwordProblem('пароль-ёлки-2026', { firstName: 'Ёлки' })).toBe('password_has_name');
  });

  it('accepts a password of its own, and ignores name parts too short to mean anything', () => {
    expect(passwordProblem('correct-horse-battery', owner)).toBeNull();
    expect(passwordProblem('ян-и-его-пароль', { firstName: 'Ян', email: 'y@e.test' })).toBeNull();
    expect(passwordProblem('correct-horse-battery')).toBeNull();
  });
});
