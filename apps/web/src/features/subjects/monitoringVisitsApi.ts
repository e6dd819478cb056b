import i18n from 'i18next';
import { useQuery } from '@tanstack/react-query';
import type { MonitoringVisitBrief } from '@edc/domain';
import { api } from '../../shared/api/client';
import ru from '../../locales/ru/monitoringVisits.json';
import en from '../../locales/en/monitoringVisits.json';

/** The monitoringVisits namespace loads with the subject screens, like the subjects one (i18n.ts). */
if (!i18n.hasResourceBundle('ru', 'monitoringVisits')) i18n.addResourceBundle('ru', 'monitoringVisits', ru, true, true);
if (!i18n.hasResourceBundle('en', 'monitoringVisits')) i18n.addResourceBundle('en', 'monitoringVisits', en, true, true);

export const subjectVisitMonitoringVisitsKey = (subjectVisitId: string) =>
  ['subjectVisitMonitoringVisits', subjectVisitId] as const;

/**
 * GET /SubjectsVisit/{id}/MonitoringVisits (docs/monitoring-visits.md): the monitoring visits where the
 * subject visit is available; a monitor gets only those whose team they are on. Errors are shown in place
 * (the spec's 'Произошла ошибка при загрузке визитов.'), not toasted.
 */
export function useSubjectVisitMonitoringVisits(subjectVisitId: string | undefined) {
  return useQuery({
    queryKey: subjectVisitMonitoringVisitsKey(subjectVisitId ?? ''),
    queryFn: ({ signal }) =>
      api.get<MonitoringVisitBrief[]>(`/SubjectsVisit/${subjectVisitId}/MonitoringVisits`, { signal, quietErrors: true }),
    enabled: Boolean(subjectVisitId),
  });
}

/** The tab's label for the visit info dialog: "Monitoring visits (N)" once loaded. */
export function monitoringVisitsTabLabel(count: number | undefined): string {
  return count === undefined ? i18n.t('monitoringVisits:tabLoading') : i18n.t('monitoringVisits:tab', { count });
}
