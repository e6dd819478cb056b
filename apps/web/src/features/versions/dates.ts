import { isoToText, todayIn } from '@edc/domain';

/** Today on this device as YYYY-MM-DD (the API's date format). */
export const localToday = (): string => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * A new version's default start as its date input shows it (DD.MM.YYYY): today, or the last version's start
 * when that is later (it may not precede it).
 */
export const defaultStartDate = (lastStartedDate: string | undefined): string => {
  const today = localToday();
  return isoToText(lastStartedDate && lastStartedDate > today ? lastStartedDate : today);
};
