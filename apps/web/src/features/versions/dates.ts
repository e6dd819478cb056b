import { isoToText, localToday } from '@edc/domain';

/**
 * A new version's default start as its date input shows it (DD.MM.YYYY): today, or the last version's start
 * when that is later (it may not precede it).
 */
export const defaultStartDate = (lastStartedDate: string | undefined): string => {
  const today = localToday();
  return isoToText(lastStartedDate && lastStartedDate > today ? lastStartedDate : today);
};
