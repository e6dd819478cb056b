import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Employee, MonitoringVisit, ResearchOrganisation, SubjectWithVisits } from '@edc/domain';
import { api, apiPage } from '../../../shared/api/client';

/** What the plan dialog sends (docs/monitoring-visits.md, POST and PUT /MonitoringVisits). */
export interface PlanBody {
  startDate: string;
  endDate: string;
  researchOrganisationId: string;
  monitorList: string[];
  workDayStart: string;
  workDayEnd: string;
  subjectVisitIdList: string[];
  siteId: string | null;
}

/** One server page of a research's monitoring visits, confirmed or not. */
export function usePlannedVisits(researchId: string | null, confirmed: boolean, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['monitoringVisits', 'settings', researchId, confirmed, page, pageSize],
    queryFn: ({ signal }) =>
      apiPage<MonitoringVisit>('/MonitoringVisits', {
        signal,
        quietErrors: true,
        query: { researchId: researchId ?? undefined, confirmed, Page: page, PageSize: pageSize },
      }),
    placeholderData: keepPreviousData,
    enabled: Boolean(researchId),
  });
}

/** The research's centres of one type (KIO centres plan visits; Site and TestSite centres are covered). */
export function useCentresOfType(researchId: string | null, type: 'Kio' | 'Site' | 'TestSite') {
  return useQuery({
    queryKey: ['researchOrganisations', researchId, type],
    queryFn: ({ signal }) =>
      api.get<ResearchOrganisation[]>('/ResearchOrganisations', {
        signal,
        quietErrors: true,
        query: { researchId: researchId ?? undefined, organisationTypeString: type, pageSize: 50 },
      }),
    enabled: Boolean(researchId),
    staleTime: 60_000,
  });
}

/** The employees of the chosen monitoring centre (the team is picked among them). */
export function useCentreEmployees(researchOrganisationId: string) {
  return useQuery({
    queryKey: ['employees', researchOrganisationId],
    queryFn: ({ signal }) =>
      apiPage<Employee>('/Employees', { signal, quietErrors: true, query: { researchOrganisationId, page: 1, pageSize: 100 } }),
    enabled: Boolean(researchOrganisationId),
  });
}

/** Subjects of the research with their visits: the choice of visits one by one (the first 50 subjects). */
export function useResearchSubjects(researchId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['subjects', 'forMonitoring', researchId],
    queryFn: ({ signal }) =>
      apiPage<SubjectWithVisits>('/Subjects', {
        signal,
        quietErrors: true,
        query: { researchId: researchId ?? undefined, PageSize: 50 },
      }),
    enabled: enabled && Boolean(researchId),
  });
}

export function usePlanMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['monitoringVisits'] });
  return {
    save: useMutation({
      mutationFn: (v: { id?: string; version?: number; body: PlanBody }) =>
        v.id
          ? api.put<MonitoringVisit>(`/MonitoringVisits/${v.id}/`, { ...v.body, version: v.version })
          : api.post<MonitoringVisit>('/MonitoringVisits', v.body),
      onSuccess: done,
    }),
    confirm: useMutation({
      mutationFn: (id: string) => api.post<MonitoringVisit>(`/MonitoringVisits/${id}/Confirm`),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(`/MonitoringVisits/${id}`), onSuccess: done }),
  };
}
