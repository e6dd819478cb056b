import { monitoringTimeState } from './monitoring-visit.js';

/** The tabs of the monitor's view, in the spec's order (operations section 2). */
export const MONITOR_TABS = ['available', 'unconfirmed', 'unavailable', 'completed'] as const;
export type MonitorTab = (typeof MONITOR_TABS)[number];

/** Why a visit cannot be worked on now: the card's explanation ('Вы не входите в команду визита'...). */
export type UnavailableReason = 'notOnTeam' | 'notStarted';

/**
 * Where a monitoring visit goes for this employee at `now`: Unavailable when they are not on the team or it
 * has not started; Completed once ended; Not confirmed while unconfirmed; otherwise Available.
 */
export function monitorTabOf(
  visit: { startDate: string; endDate: string; confirmed: boolean; monitorList: readonly { id: string }[] },
  employeeId: string | null,
  now: Date = new Date(),
): { tab: MonitorTab; reason?: UnavailableReason } {
  const state = monitoringTimeState(visit, now);
  if (!employeeId || !visit.monitorList.some((m) => m.id === employeeId)) return { tab: 'unavailable', reason: 'notOnTeam' };
  if (state === 'notStarted') return { tab: 'unavailable', reason: 'notStarted' };
  if (state === 'finished') return { tab: 'completed' };
  if (!visit.confirmed) return { tab: 'unconfirmed' };
  return { tab: 'available' };
}
