import i18n from 'i18next';
import { displayDateTime } from '../subjects/dialogs/MonitoringVisitsTab';
import { useMonitoringVisit } from './api';

/**
 * The monitoring visit page's crumb (spec section 2: start date-time to end date-time); undefined until the
 * visit is loaded. It shares the page's query.
 */
export function useMonitoringVisitCrumbLabel(id: string | undefined): string | undefined {
  const visit = useMonitoringVisit(id).data;
  if (!visit) return undefined;
  return i18n.t('monitoringVisits:period', { start: displayDateTime(visit.startDate), end: displayDateTime(visit.endDate) });
}
