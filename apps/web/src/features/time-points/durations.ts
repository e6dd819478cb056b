import i18n from 'i18next';
import { z } from 'zod';
import { FORECAST_MAX_SUBJECTS, timePoints } from '@edc/domain';

const two = (n: string) => n.padStart(2, '0');

/**
 * What was typed as a duration, in the API's hh:mm:ss: '1:5' is 01:05:00 and '36:00' is 36:00:00 (hours may
 * exceed 24). Text that is not of that shape comes back trimmed, for the check to refuse it.
 */
export function normaliseDuration(text: string): string {
  const m = /^\s*(\d{1,4}):(\d{1,2})(?::(\d{1,2}))?\s*$/.exec(text);
  return m ? `${two(m[1]!)}:${two(m[2]!)}:${two(m[3] ?? '0')}` : text.trim();
}

/** A required hh:mm:ss duration (the domain's parseDuration decides), as the API takes it. */
export const durationText = () =>
  z.string().transform((text, ctx) => {
    const normal = normaliseDuration(text);
    if (timePoints.parseDuration(normal) !== null) return normal;
    ctx.addIssue({
      code: 'custom',
      message: normal ? i18n.t('timepoints:duration.invalid') : i18n.t('common:validation.required'),
    });
    return z.NEVER;
  });

/** A time of day typed as H:mm, HH:mm or HH:mm:ss (the schedule's start) as HH:mm:ss; other text trimmed. */
export function normaliseTimeOfDay(text: string): string {
  const m = /^\s*([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?\s*$/.exec(text);
  return m ? `${two(m[1]!)}:${m[2]}:${m[3] ?? '00'}` : text.trim();
}

/** A required time of day, as HH:mm:ss. */
export const timeOfDayText = () =>
  z.string().transform((text, ctx) => {
    const normal = normaliseTimeOfDay(text);
    if (/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(normal)) return normal;
    ctx.addIssue({
      code: 'custom',
      message: text.trim() ? i18n.t('timepoints:schedule.timeInvalid') : i18n.t('common:validation.required'),
    });
    return z.NEVER;
  });

/** The number of subjects of a forecast or a schedule: a whole number from 1 to FORECAST_MAX_SUBJECTS. */
export const subjectsCountText = () =>
  z.string().transform((text, ctx) => {
    const n = Number(text.trim());
    if (text.trim() && Number.isInteger(n) && n >= 1 && n <= FORECAST_MAX_SUBJECTS) return n;
    ctx.addIssue({
      code: 'custom',
      message: text.trim()
        ? i18n.t('timepoints:forecast.subjectsCountInvalid', { max: FORECAST_MAX_SUBJECTS })
        : i18n.t('common:validation.required'),
    });
    return z.NEVER;
  });
