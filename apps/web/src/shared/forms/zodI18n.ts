import i18n from 'i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';
import { MIN_PASSWORD_LENGTH } from '@edc/domain';

interface RawIssue {
  code?: string;
  input?: unknown;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  message?: string;
}

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

/**
 * Zod issues in the interface language. The shared schemas carry no texts of their own, so the same
 * schema validates on the server (server texts) and in the browser (these texts).
 */
export function zodErrorMap(issue: RawIssue): string {
  const t = i18n.t.bind(i18n);
  switch (issue.code) {
    case 'invalid_type':
      return isEmpty(issue.input) ? t('common:validation.required') : t('common:validation.invalid');
    case 'too_small':
      if (issue.origin === 'string') {
        if (isEmpty(issue.input)) return t('common:validation.required');
        if (Number(issue.minimum) === MIN_PASSWORD_LENGTH) return t('common:validation.shortPassword');
        return t('common:validation.tooShort', { min: Number(issue.minimum) });
      }
      if (issue.origin === 'array') return t('common:validation.required');
      return t('common:validation.invalid');
    case 'too_big':
      if (issue.origin === 'string') return t('common:validation.tooLong', { max: Number(issue.maximum) });
      return t('common:validation.invalid');
    case 'invalid_format':
      if (isEmpty(issue.input)) return t('common:validation.required');
      if (issue.format === 'email') return t('common:validation.email');
      return t('common:validation.invalid');
    default:
      return issue.message && issue.code === 'custom' ? issue.message : t('common:validation.invalid');
  }
}

/** react-hook-form resolver for a shared zod schema, with messages in the interface language. */
export function formResolver<T extends z.$ZodType<FieldValues, FieldValues>>(
  schema: T,
): Resolver<z.input<T>, unknown, z.output<T>> {
  return zodResolver(schema, { error: zodErrorMap as never }) as unknown as Resolver<z.input<T>, unknown, z.output<T>>;
}
