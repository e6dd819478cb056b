import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DocumentStatusReply, MonitoringReportFormat, MonitoringVisit, SubjectWithVisits } from '@edc/domain';
import { api, apiPage } from '../../shared/api/client';
import type { SubjectListParams } from '../subjects/api';
// Registers the monitoringVisits namespace (texts shared with the subject visit's tab).
import '../subjects/monitoringVisitsApi';

/** The monitor's visits: the server answers only the caller's teams (docs/monitoring-visits.md). */
export function useMyMonitoringVisits(enabled: boolean) {
  return useQuery({
    queryKey: ['monitoringVisits', 'mine'],
    // The largest page (50): a monitor's team rarely has more visits at once; the tabs sort them locally.
    queryFn: ({ signal }) =>
      apiPage<MonitoringVisit>('/MonitoringVisits', { signal, quietErrors: true, query: { Page: 1, PageSize: 50 } }),
    enabled,
  });
}

export function useMonitoringVisit(id: string | undefined) {
  return useQuery({
    queryKey: ['monitoringVisits', id],
    queryFn: ({ signal }) => api.get<MonitoringVisit>(`/MonitoringVisits/${id}`, { signal, quietErrors: true }),
    enabled: Boolean(id),
  });
}

/** GET /Subjects/MonitoringVisit/{id}: one server page of the subjects the visit covers. */
export function useMonitoringVisitSubjects(id: string | undefined, p: SubjectListParams) {
  return useQuery({
    queryKey: ['monitoringVisits', id, 'subjects', p],
    queryFn: ({ signal }) =>
      apiPage<SubjectWithVisits>(`/Subjects/MonitoringVisit/${id}`, {
        signal,
        quietErrors: true,
        query: {
          Page: p.page,
          PageSize: p.pageSize,
          screeningNumber: p.screeningNumber.trim(),
          randomisationNumber: p.randomisationNumber.trim(),
          identificationNumber: p.identificationNumber.trim(),
          sortByScrNumber: p.sortByScrNumber,
          sortByRandNumber: p.sortByRandNumber,
          sortByIdentNumber: p.sortByIdentNumber,
          statusList: p.statusList,
          researchOrganisationId: p.researchOrganisationId,
        },
      }),
    placeholderData: keepPreviousData,
    enabled: Boolean(id),
  });
}

/** POST /MonitoringVisits/{id}/GenerateReport: the report made in the background (docs/monitoring-visits.md "Report"). */
export function generateMonitoringReport(id: string, format: MonitoringReportFormat) {
  return api.post<DocumentStatusReply>(`/MonitoringVisits/${id}/GenerateReport`, { format }, { quietErrors: true });
}
