import i18n from 'i18next';
import { z } from 'zod';
import { MIN_DATE_TEXT_YEAR, parseDateText } from '@edc/domain';

/**
 * A required date as DateField keeps it (DD.MM.YYYY text), checked when the form is submitted and turned
 * into the API's YYYY-MM-DD. The messages are the common:date ones (and "required" for an empty input).
 */
export const dateText = () =>
  z.string().transform((text, ctx) => {
    const parsed = parseDateText(text);
    if (parsed.kind === 'date') return parsed.iso;
    const message =
      parsed.kind === 'empty'
        ? i18n.t('common:validation.required')
        : parsed.kind === 'format'
          ? i18n.t('common:date.format')
          : parsed.kind === 'year'
            ? i18n.t('common:date.year', { year: MIN_DATE_TEXT_YEAR })
            : i18n.t('common:date.impossible', { value: text.trim() });
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
