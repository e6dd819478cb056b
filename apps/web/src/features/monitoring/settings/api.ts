import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonitoringVisit, SubjectWithVisits } from '@edc/domain';
import { api, apiAllPages, apiPage } from '../../../shared/api/client';
import { employeesKey, everyEmployeeOf } from '../../centres/api';

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

/** The employees of the chosen monitoring centre (the team is picked among them). */
export function useCentreEmployees(researchOrganisationId: string) {
  return useQuery({
    queryKey: [...employeesKey, researchOrganisationId, 'every'],
    queryFn: ({ signal }) => everyEmployeeOf(researchOrganisationId, { signal, quietErrors: true }),
    enabled: Boolean(researchOrganisationId),
  });
}

/**
 * The visits to choose one by one: the subjects of the research whose screening number contains `search` (the first
 * 10, searched on the server, so that any of 70,000 subjects can be found), with their visits.
 */
export function useSubjectVisitChoices(researchId: string | null, search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['subjects', 'forMonitoring', researchId, search],
    queryFn: ({ signal }) =>
      apiPage<SubjectWithVisits>('/Subjects', {
        signal,
        quietErrors: true,
        query: { researchId: researchId ?? undefined, PageSize: 10, ...(search ? { screeningNumber: search } : {}) },
      }),
    enabled: enabled && Boolean(researchId),
    placeholderData: keepPreviousData,
  });
}

/** A planned visit's chosen visits, as the subjects owning them with only those cells (every page): their labels. */
export function useChosenSubjectVisits(monitoringVisitId: string | null) {
  return useQuery({
    queryKey: ['subjects', 'monitoringVisitChosen', monitoringVisitId],
    queryFn: ({ signal }) =>
      apiAllPages<SubjectWithVisits>(`/Subjects/MonitoringVisit/${monitoringVisitId}`, { signal, quietErrors: true }, 50),
    enabled: Boolean(monitoringVisitId),
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
